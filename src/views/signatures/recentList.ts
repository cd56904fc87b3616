import * as vscode from 'vscode';

/**
 * A short list of recent results, newest first, kept in the workspace's state so the Image
 * Signatures view can list them and their report panels can come back after a reload.
 */
export class RecentList<T extends { key: string }> implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private sequence = 0;

  constructor(
    private readonly state: vscode.Memento,
    private readonly stateKey: string,
    private readonly maxEntries = 25,
  ) {}

  list(): T[] {
    return this.state.get<T[]>(this.stateKey, []);
  }

  get(key: string): T | undefined {
    return this.list().find((e) => e.key === key);
  }

  async clear(): Promise<void> {
    await this.state.update(this.stateKey, []);
    this.emitter.fire();
  }

  dispose(): void {
    this.emitter.dispose();
  }

  /** A key unique in this window: the prefix, the time and a counter. */
  protected newKey(prefix: string): string {
    return `${prefix}:${Date.now().toString(36)}-${(this.sequence++).toString(36)}`;
  }

  /** Puts a changed entry in the place of the one with its key; false when that one is gone. */
  protected async update(entry: T): Promise<boolean> {
    const list = this.list();
    const index = list.findIndex((e) => e.key === entry.key);
    if (index < 0) return false;
    await this.state.update(
      this.stateKey,
      list.map((e, i) => (i === index ? entry : e)),
    );
    this.emitter.fire();
    return true;
  }

  protected async push(entry: T): Promise<T> {
    await this.state.update(this.stateKey, [entry, ...this.list()].slice(0, this.maxEntries));
    this.emitter.fire();
    return entry;
  }
}
