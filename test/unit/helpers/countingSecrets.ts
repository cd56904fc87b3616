import type * as vscode from 'vscode';

/**
 * The editor's SecretStorage in memory, counting reads (`reads` for `get`, `keyLists` for
 * `keys`), whose values can also change "in another window" (`changeElsewhere`): the change
 * event fires as it would.
 */
export class CountingSecrets implements vscode.SecretStorage {
  readonly values = new Map<string, string>();
  reads = 0;
  keyLists = 0;
  private readonly listeners: Array<(e: vscode.SecretStorageChangeEvent) => void> = [];
  readonly onDidChange: vscode.Event<vscode.SecretStorageChangeEvent> = (listener) => {
    this.listeners.push(listener);
    return { dispose: () => this.listeners.splice(this.listeners.indexOf(listener), 1) };
  };
  get(key: string): Thenable<string | undefined> {
    this.reads++;
    return Promise.resolve(this.values.get(key));
  }
  keys(): Thenable<string[]> {
    this.keyLists++;
    return Promise.resolve([...this.values.keys()]);
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
