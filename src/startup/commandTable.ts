/** What a command runs; its arguments are those of the menu or caller that ran it. */
export type CommandHandler = (...args: unknown[]) => unknown;

/**
 * The handlers behind the command stand-ins registered at start-up. A stand-in stays registered
 * with the editor for the whole session and runs the handler the features put here, so loading
 * the features does not unregister and register again every command the user can see: each of
 * those is a message to the editor's window while it is drawing the view that was just opened.
 */
export class CommandTable {
  private readonly handlers = new Map<string, CommandHandler>();

  constructor(readonly standIns: ReadonlySet<string>) {}

  /**
   * Puts `handler` behind the stand-in of `id` and returns what removes it; undefined when start-up
   * registered no stand-in for `id` (the caller registers it with the editor then).
   */
  take(id: string, handler: CommandHandler): { dispose(): void } | undefined {
    if (!this.standIns.has(id)) return undefined;
    if (this.handlers.has(id)) throw new Error(`The command ${id} was registered twice.`);
    this.handlers.set(id, handler);
    return {
      dispose: () => {
        if (this.handlers.get(id) === handler) this.handlers.delete(id);
      },
    };
  }

  handler(id: string): CommandHandler | undefined {
    return this.handlers.get(id);
  }

  /** The stand-ins no handler was put behind: a features build that forgot one. */
  unfilled(): string[] {
    return [...this.standIns].filter((id) => !this.handlers.has(id));
  }
}
