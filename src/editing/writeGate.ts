import * as vscode from 'vscode';

/**
 * Whether this window may change anything on a server. Two switches turn writes off: the
 * `opsConfig.readOnly` setting (for people who browse production) and an untrusted workspace.
 * A workspace may turn read-only ON but never off: the setting is read at every level and any
 * `true` wins, so a repository's settings file cannot unlock writes the user locked.
 * The context key `opsConfig.writesEnabled` hides the write commands when writes are off.
 */
export const READ_ONLY_SETTING = 'opsConfig.readOnly';

export class WriteGate implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<boolean>();
  readonly onDidChange = this.emitter.event;
  private readonly disposables: vscode.Disposable[] = [];

  constructor() {
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(READ_ONLY_SETTING)) this.changed();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed()),
    );
    void this.publish();
  }

  /** Why writes are off, or undefined when they are allowed. */
  refusal(): string | undefined {
    if (!vscode.workspace.isTrusted) return 'Changes to live configuration are turned off in an untrusted workspace. Trust the workspace to edit.';
    if (readOnlyAnywhere()) return `Changes to live configuration are turned off by the setting ${READ_ONLY_SETTING}.`;
    return undefined;
  }

  get writesAllowed(): boolean {
    return this.refusal() === undefined;
  }

  /** Throws the refusal, for commands that would write. */
  check(): void {
    const reason = this.refusal();
    if (reason) throw new WritesOffError(reason);
  }

  private changed(): void {
    void this.publish();
    this.emitter.fire(this.writesAllowed);
  }

  private publish(): Thenable<unknown> {
    return vscode.commands.executeCommand('setContext', 'opsConfig.writesEnabled', this.writesAllowed);
  }

  dispose(): void {
    this.emitter.dispose();
    this.disposables.forEach((d) => {
      d.dispose();
    });
  }
}

export class WritesOffError extends Error {}

function readOnlyAnywhere(): boolean {
  const inspected = vscode.workspace.getConfiguration().inspect<boolean>(READ_ONLY_SETTING);
  if (!inspected) return false;
  return [inspected.globalValue, inspected.workspaceValue, inspected.workspaceFolderValue, inspected.defaultValue].some((value) => value === true);
}
