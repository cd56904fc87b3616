import type * as vscode from 'vscode';

/**
 * The editor's SecretStorage in memory, counting reads (`reads` for `get`, `keyLists` for
 * `keys`), whose values can also change "in another window" (`changeElsewhere`): the change
 * event fires as it would. Reads can be held back (`hold`), as a window busy drawing holds them.
 */
export class CountingSecrets implements vscode.SecretStorage {
  readonly values = new Map<string, string>();
  reads = 0;
  keyLists = 0;
  private gate: Promise<void> = Promise.resolve();
  private readonly listeners: Array<(e: vscode.SecretStorageChangeEvent) => void> = [];
  readonly onDidChange: vscode.Event<vscode.SecretStorageChangeEvent> = (listener) => {
    this.listeners.push(listener);
    return { dispose: () => this.listeners.splice(this.listeners.indexOf(listener), 1) };
  };
  get(key: string): Thenable<string | undefined> {
    this.reads++;
    return this.gate.then(() => this.values.get(key));
  }
  keys(): Thenable<string[]> {
    this.keyLists++;
    return this.gate.then(() => [...this.values.keys()]);
  }
  /** Reads from now on are answered only when the returned function is called. */
  hold(): () => void {
    let release!: () => void;
    this.gate = new Promise((resolve) => (release = resolve));
    return () => {
      this.gate = Promise.resolve();
      release();
    };
  }
  store(key: string, value: string): Thenable<void> {
    this.changeElsewhere(key, value);
    return Promise.resolve();
  }
  delete(key: string): Thenable<void> {
    this.values.delete(key);
    this.listeners.forEach((l) => l({ key }));
    return Promise.resolve();
  }
  changeElsewhere(key: string, value: string): void {
    this.values.set(key, value);
    this.listeners.forEach((l) => l({ key }));
  }
}
