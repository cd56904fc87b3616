/**
 * Page-by-page loading of a large list, independent of the tree: keeps what was loaded, the
 * cursor of the next page and the total the server reported. Only one page loads at a time, so
 * double-clicking "Load more" cannot fetch a page twice. Never loads a page nobody asked for.
 *
 * Each load gets its own AbortSignal. `cancel()` (the folder was collapsed) aborts the request
 * and keeps the pages already loaded; `reset()` (Refresh) aborts it and starts a new generation.
 * An answer that arrives after either — a server that ignored the abort, a page already on its
 * way — is dropped, so pages of two generations are never mixed.
 */

export interface Page<T, C> {
  items: T[];
  /** The server's total, when it says (authentik's `pagination.count`). */
  total?: number;
  /** Cursor of the next page; undefined on the last page. */
  next?: C;
}

export type PageFetcher<T, C> = (cursor: C | undefined, signal: AbortSignal) => Promise<Page<T, C>>;

interface Load {
  controller: AbortController;
  promise: Promise<boolean>;
}

export class PageLoader<T, C = unknown> {
  private loaded: T[] = [];
  private nextCursor: C | undefined;
  private started = false;
  private reportedTotal: number | undefined;
  private current: Load | undefined;
  private lastError: unknown;
  private generationCount = 0;

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

  /** Counts resets: a caller that sees it change knows its load was superseded by a Refresh. */
  get generation(): number {
    return this.generationCount;
  }

  /**
   * Loads the next page (the first one on the first call). Concurrent calls share one request.
   * Resolves true once the page is added (or there is nothing left to load), false when the load
   * was cancelled or reset before its answer counted; rejects with the error of a failed load.
   */
  loadNext(): Promise<boolean> {
    if (this.current) {
      return this.current.promise;
    }
    if (this.started && this.nextCursor === undefined) {
      return Promise.resolve(true);
    }
    const controller = new AbortController();
    const load: Load = { controller, promise: Promise.resolve(false) };
    const counts = (): boolean => this.current === load && !controller.signal.aborted;
    load.promise = this.fetchPage(this.started ? this.nextCursor : undefined, controller.signal)
      .then(
        (page) => {
          if (!counts()) return false;
          this.started = true;
          this.loaded = this.loaded.concat(page.items);
          this.nextCursor = page.next;
          this.reportedTotal = page.total ?? (page.next === undefined ? this.loaded.length : this.reportedTotal);
          this.lastError = undefined;
          return true;
        },
        (error: unknown) => {
          if (!counts()) return false;
          this.lastError = error;
          throw error;
        },
      )
      .finally(() => {
        if (this.current === load) this.current = undefined;
      });
    this.current = load;
    return load.promise;
  }

  /** True while a page is on its way. */
  get loading(): boolean {
    return this.current !== undefined;
  }

  /** Aborts the page on its way, if any; the pages loaded so far stay. Says whether there was one. */
  cancel(): boolean {
    const load = this.current;
    if (!load) return false;
    this.current = undefined;
    load.controller.abort();
    return true;
  }

  /** Aborts any load and drops everything: the next load starts a new generation at the first page. */
  reset(): void {
    this.generationCount++;
    this.cancel();
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
