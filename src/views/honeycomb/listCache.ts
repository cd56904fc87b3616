/**
 * Lists loaded for the explorer, shared by every node and record of one connection, so that
 * showing a list twice (a folder expanded again, a record opened from it) costs no second
 * request. Keys are `<environment>|<list>[|<scope>]`. A failed load is not kept: the next ask
 * tries again. Refresh drops one key, an environment's keys, or everything.
 *
 * A caller may wait with an AbortSignal (a tree folder: collapsed, refreshed). It then stops
 * waiting when its signal aborts, and when every caller has stopped waiting for a load that is
 * still under way, its request is aborted and the entry dropped. A caller without a signal (a
 * record, a completion list) keeps the load going.
 */
interface Entry {
  promise: Promise<unknown>;
  controller: AbortController;
  /** Callers with a signal that still wait. */
  waiting: number;
  /** A caller without a signal asked: the load runs to its end. */
  pinned: boolean;
  settled: boolean;
}

export class ListCache {
  private readonly entries = new Map<string, Entry>();

  get<T>(key: string, load: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    let entry = this.entries.get(key);
    if (!entry) {
      const controller = new AbortController();
      const created: Entry = { promise: load(controller.signal), controller, waiting: 0, pinned: false, settled: false };
      created.promise.then(
        () => {
          created.settled = true;
        },
        () => {
          created.settled = true;
          if (this.entries.get(key) === created) this.entries.delete(key);
        },
      );
      this.entries.set(key, created);
      entry = created;
    }
    if (!signal) {
      entry.pinned = true;
      return entry.promise as Promise<T>;
    }
    return this.follow(key, entry, signal) as Promise<T>;
  }

  /** The loaded value when there is one (settled or not), without loading. */
  peek<T>(key: string): Promise<T> | undefined {
    return this.entries.get(key)?.promise as Promise<T> | undefined;
  }

  /** The loads under a prefix, settled or not, for a look through what is already known. */
  entriesWith<T>(prefix: string): Array<Promise<T>> {
    return [...this.entries.entries()].filter(([key]) => key.startsWith(prefix)).map(([, entry]) => entry.promise as Promise<T>);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every key that starts with the prefix (an environment's lists: `production|`). */
  deletePrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) {
      if (key.startsWith(prefix)) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Waits for a shared load on behalf of one caller, who may stop waiting (its signal). */
  private follow(key: string, entry: Entry, signal: AbortSignal): Promise<unknown> {
    entry.waiting++;
    return new Promise((resolve, reject) => {
      let done = false;
      const finish = (): boolean => {
        if (done) return false;
        done = true;
        signal.removeEventListener('abort', onAbort);
        entry.waiting--;
        return true;
      };
      const onAbort = (): void => {
        if (!finish()) return;
        reject(signal.reason);
        if (entry.waiting === 0 && !entry.pinned && !entry.settled) {
          entry.controller.abort();
          if (this.entries.get(key) === entry) this.entries.delete(key);
        }
      };
      signal.addEventListener('abort', onAbort);
      if (signal.aborted) onAbort();
      entry.promise.then(
        (value) => finish() && resolve(value),
        (error: unknown) => finish() && reject(error),
      );
    });
  }
}
