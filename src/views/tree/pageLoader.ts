/**
 * Page-by-page loading of a large list, independent of the tree: keeps what was loaded, the
 * cursor of the next page and the total the server reported. Only one page loads at a time, so
 * double-clicking "Load more" cannot fetch a page twice. Never loads a page nobody asked for.
 */

export interface Page<T, C> {
  items: T[];
  /** The server's total, when it says (authentik's `pagination.count`). */
  total?: number;
  /** Cursor of the next page; undefined on the last page. */
  next?: C;
}

export type PageFetcher<T, C> = (cursor: C | undefined, signal?: AbortSignal) => Promise<Page<T, C>>;

export class PageLoader<T, C = unknown> {
  private loaded: T[] = [];
  private nextCursor: C | undefined;
  private started = false;
  private reportedTotal: number | undefined;
  private inFlight: Promise<void> | undefined;
  private lastError: unknown;

  constructor(private readonly fetchPage: PageFetcher<T, C>) {}

  get items(): readonly T[] {
    return this.loaded;
  }

  /** True before the first page and while more pages remain. */
  get hasMore(): boolean {
    return !this.started || this.nextCursor !== undefined;
  }

  get hasLoadedFirstPage(): boolean {
    return this.started;
  }

  get total(): number | undefined {
    return this.reportedTotal;
  }

  /** The error of the last failed load, cleared by the next successful one. */
  get error(): unknown {
    return this.lastError;
  }

  /** Loads the next page (the first one on the first call). Concurrent calls share one request. */
  loadNext(signal?: AbortSignal): Promise<void> {
    if (this.inFlight) {
      return this.inFlight;
    }
    if (this.started && this.nextCursor === undefined) {
      return Promise.resolve();
    }
    this.inFlight = this.fetchPage(this.started ? this.nextCursor : undefined, signal)
      .then((page) => {
        this.started = true;
        this.loaded = this.loaded.concat(page.items);
        this.nextCursor = page.next;
        this.reportedTotal = page.total ?? (page.next === undefined ? this.loaded.length : this.reportedTotal);
        this.lastError = undefined;
      })
      .catch((error: unknown) => {
        this.lastError = error;
        throw error;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  /** Drops everything: the next load starts at the first page again. */
  reset(): void {
    this.loaded = [];
    this.nextCursor = undefined;
    this.started = false;
    this.reportedTotal = undefined;
    this.lastError = undefined;
  }
}

/** "Load more (100 of 2,431)" — the label of the pager's last node. */
export function loadMoreLabel(loaded: number, total: number | undefined): string {
  const format = (n: number): string => n.toLocaleString('en-US');
  return total !== undefined ? `Load more (${format(loaded)} of ${format(total)})` : `Load more (${format(loaded)} loaded)`;
}
