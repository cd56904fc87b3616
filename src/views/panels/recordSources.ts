import { RecordViewModel } from './protocol';

/**
 * Where records come from. Each service registers a source for its key prefix
 * ("honeycomb:", "authentik:"); the record panel and the JSON documents load through it, which is
 * also how a panel restored after a reload finds its data again.
 */
export interface LoadedRecord {
  model: RecordViewModel;
  /** The object as the API returned it (secrets masked), for "View as JSON". */
  json: unknown;
  /** Masked values by secret id; sent to the webview only when the user reveals one. */
  secrets?: Record<string, string>;
}

export interface RecordSource {
  load(key: string, signal?: AbortSignal): Promise<LoadedRecord>;
}

export class RecordSources {
  private readonly sources = new Map<string, RecordSource>();
  /** The last load of each key, so Reveal and View as JSON need no second request. */
  private readonly recent = new Map<string, LoadedRecord>();

  register(prefix: string, source: RecordSource): void {
    this.sources.set(prefix, source);
  }

  async load(key: string, signal?: AbortSignal): Promise<LoadedRecord> {
    const prefix = key.split(':', 1)[0];
    const source = this.sources.get(prefix);
    if (!source) {
      throw new Error(`No record source for "${prefix}" records.`);
    }
    const loaded = await source.load(key, signal);
    this.remember(key, loaded);
    return loaded;
  }

  /** The cached record when there is one, else a fresh load. */
  async get(key: string, signal?: AbortSignal): Promise<LoadedRecord> {
    return this.recent.get(key) ?? this.load(key, signal);
  }

  remember(key: string, loaded: LoadedRecord): void {
    this.recent.delete(key);
    this.recent.set(key, loaded);
    // Keep the cache small; records are cheap to load again.
    while (this.recent.size > 50) {
      this.recent.delete(this.recent.keys().next().value as string);
    }
  }

  forget(prefix?: string): void {
    for (const key of [...this.recent.keys()]) {
      if (!prefix || key.startsWith(`${prefix}:`)) {
        this.recent.delete(key);
      }
    }
  }
}
