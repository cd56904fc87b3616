/**
 * Lists loaded for the explorer, shared by every node and record of one connection, so that
 * showing a list twice (a folder expanded again, a record opened from it) costs no second
 * request. Keys are `<environment>|<list>[|<scope>]`. A failed load is not kept: the next ask
 * tries again. Refresh drops one key, an environment's keys, or everything.
 */
export class ListCache {
  private readonly entries = new Map<string, Promise<unknown>>();

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    let entry = this.entries.get(key) as Promise<T> | undefined;
    if (!entry) {
      entry = load();
      this.entries.set(key, entry);
      const pending = entry;
      pending.catch(() => {
        if (this.entries.get(key) === pending) this.entries.delete(key);
      });
    }
    return entry;
  }

  /** The loaded value when there is one (settled or not), without loading. */
  peek<T>(key: string): Promise<T> | undefined {
    return this.entries.get(key) as Promise<T> | undefined;
  }

  /** The loads under a prefix, settled or not, for a look through what is already known. */
  entriesWith<T>(prefix: string): Array<Promise<T>> {
    return [...this.entries.entries()].filter(([key]) => key.startsWith(prefix)).map(([, value]) => value as Promise<T>);
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
}
