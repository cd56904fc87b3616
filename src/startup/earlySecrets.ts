import type * as vscode from 'vscode';

/**
 * The editor's SecretStorage, with reads that can start before anyone asks. Each read is a round
 * trip to the editor's window (which in the browser is busy drawing the view that was just
 * opened), so the start-up chunk starts the reads the views will need while the features load,
 * and the first `get` of each key — or the first `keys()` — takes the answer already under way.
 * A change to a key (here, or in another window) drops its early read, so nothing stale is
 * handed out; every later read goes to the editor as usual.
 */
export class EarlySecrets implements vscode.SecretStorage {
  private readonly early = new Map<string, Thenable<string | undefined>>();
  private earlyKeys?: Thenable<string[]>;
  private readonly listening: vscode.Disposable;

  constructor(private readonly storage: vscode.SecretStorage) {
    this.listening = storage.onDidChange((event) => this.forget(event.key));
  }

  get onDidChange(): vscode.Event<vscode.SecretStorageChangeEvent> {
    return this.storage.onDidChange;
  }

  /** Starts reading `keys` and the list of stored names, unless a read of them is under way. */
  readAhead(keys: readonly string[]): void {
    for (const key of keys) {
      if (!this.early.has(key)) this.early.set(key, quiet(this.storage.get(key)));
    }
    this.earlyKeys ??= quiet(this.storage.keys());
  }

  /**
   * Reads that leave the early answers in place for the features' first reads: the start-up
   * chunk compares a remembered tree's connection with these before the features load. A key not
   * read yet is read now, and that read becomes its early read.
   */
  peek(): Pick<vscode.SecretStorage, 'get' | 'keys'> {
    return {
      get: (key) => {
        this.readAhead([key]);
        return this.early.get(key)!;
      },
      keys: () => {
        this.readAhead([]);
        return this.earlyKeys!;
      },
    };
  }

  get(key: string): Thenable<string | undefined> {
    const early = this.early.get(key);
    if (!early) return this.storage.get(key);
    this.early.delete(key);
    return early;
  }

  keys(): Thenable<string[]> {
    const early = this.earlyKeys;
    this.earlyKeys = undefined;
    return early ?? this.storage.keys();
  }

  store(key: string, value: string): Thenable<void> {
    this.forget(key);
    return this.storage.store(key, value);
  }

  delete(key: string): Thenable<void> {
    this.forget(key);
    return this.storage.delete(key);
  }

  dispose(): void {
    this.listening.dispose();
  }

  private forget(key: string): void {
    this.early.delete(key);
    this.earlyKeys = undefined;
  }
}

/**
 * A read started early that nobody takes must not surface as an unhandled rejection; the one
 * who takes it still sees the failure.
 */
function quiet<T>(read: Thenable<T>): Thenable<T> {
  const promise = Promise.resolve(read);
  promise.catch(() => undefined);
  return promise;
}
