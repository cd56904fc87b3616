import { ServiceError } from '../../core/errors';
import { abortableSleep } from '../../core/sleep';
import { HoneycombApi, SERVICE } from './api';
import { datasetOrAll, datasetSegment, idSegment } from './paths';
import { invalid, parseQueryJson } from './queries';
import { decodeApiQuery } from './queryDecode';
import { equivalentQueries, goJson, orderQuery, querySent } from './queryJson';
import { LimiterClock, QueryResultLimiter, Slot, SlotWait } from './queryRateLimit';
import { resultStrings } from './queryResultFormat';
import { checkQueryRules, effectiveTimeRange } from './queryRules';
import { ApiQuerySpec, MAX_RESULT_LIMIT, MAX_RESULT_SECONDS, isRelational } from './querySpec';

/**
 * Running Honeycomb queries: create the query, create its result within the rate-limit budget,
 * poll until complete (getQueryResult, runQuery), or read an earlier result again
 * (fetchQueryResult). Validation is in queries.ts.
 */

export interface GetQueryResultInput {
  queryJson: string;
  /** Omitted: an environment-wide query. */
  dataset?: string;
  /** A result created earlier: read again (results are kept a day) instead of running anew. */
  id?: string;
}

/** The package's Query result record. */
export interface QueryResultRecord {
  dataset?: string;
  graphImageUrl: string;
  id: string;
  queryId: string;
  queryJson: string;
  queryUrl: string;
  results: Array<Record<string, string>>;
}

export type QueryRunEvent =
  { kind: 'creatingQuery' } | ({ kind: 'waiting' } & SlotWait) | { kind: 'creatingResult' } | { kind: 'polling'; polls: number; elapsedMs: number } | { kind: 'complete'; polls: number; rows: number };

export interface QueryRunOptions {
  signal?: AbortSignal;
  onEvent?: (event: QueryRunEvent) => void;
  /** Leave out `data.series`; only then may `resultLimit` go up to 10,000 groups. */
  disableSeries?: boolean;
  resultLimit?: number;
  /** Give up polling after this long (default 60 s; Honeycomb runs a query for at most 10 s). */
  pollTimeoutMs?: number;
  /** Test seam for every wait (rate-limit queue and poll delays). */
  clock?: LimiterClock;
}

export interface SeriesPoint {
  time: string;
  data: Record<string, unknown>;
}

export interface QueryRun {
  record: QueryResultRecord;
  /** The spec as Honeycomb stored it. */
  query: ApiQuerySpec;
  /** The dataset segment used: a slug or `__all__`. */
  datasetPath: string;
  rows: Array<Record<string, unknown>>;
  series: SeriesPoint[];
  /** Requests made: createQuery, createResult (incl. refused with 429), poll. */
  requests: { createQuery: number; createResult: number; poll: number };
  rateLimited: number;
  queuedMs: number;
  durationMs: number;
}

interface ApiQueryResult {
  id?: string;
  complete?: boolean;
  query?: Record<string, unknown>;
  data?: { series?: SeriesPoint[]; results?: Array<{ data?: Record<string, unknown> }> };
  links?: { query_url?: string; graph_image_url?: string };
}

const limiters = new WeakMap<HoneycombApi, { all: QueryResultLimiter; relational: QueryResultLimiter }>();

/** The query-result budgets of one connection: 10 a minute, 1 a minute with relational fields. */
export function queryResultLimiters(api: HoneycombApi, clock?: LimiterClock): { all: QueryResultLimiter; relational: QueryResultLimiter } {
  let found = limiters.get(api);
  if (!found) {
    found = { all: new QueryResultLimiter(10, 60_000, clock), relational: new QueryResultLimiter(1, 60_000, clock) };
    limiters.set(api, found);
  }
  return found;
}

export function usesRelationalFields(q: ApiQuerySpec): boolean {
  const columns = [
    ...(q.breakdowns ?? []),
    ...(q.filters ?? []).map((f) => f.column),
    ...(q.calculations ?? []).flatMap((c) => [c.column, ...(c.filters ?? []).map((f) => f.column)]),
    ...(q.orders ?? []).map((o) => o.column),
    ...(q.havings ?? []).map((h) => h.column),
  ];
  return columns.some(isRelational);
}

const realClock: LimiterClock = { now: () => Date.now(), sleep: abortableSleep };

function cancelled(operation: string): ServiceError {
  return new ServiceError({ kind: 'cancelled', service: SERVICE, operation, summary: 'cancelled' });
}

/** Checks what only running needs: the seven-day window and the result options. */
function checkRunnable(q: ApiQuerySpec, options: QueryRunOptions): void {
  const span = effectiveTimeRange(q);
  if (span > MAX_RESULT_SECONDS) {
    throw new ServiceError({
      kind: 'badInput',
      service: SERVICE,
      operation: 'getQueryResult',
      summary: `the query covers ${Math.round((span / 86400) * 10) / 10} days, and query results cover at most the past 7 days`,
      hint: 'Shorten time_range (at most 604800 seconds) or the start_time/end_time window. Nothing was sent to Honeycomb.',
    });
  }
  if (options.resultLimit !== undefined) {
    if (!options.disableSeries) {
      throw new ServiceError({ kind: 'badInput', service: SERVICE, operation: 'getQueryResult', summary: 'a result limit applies only to results without series (disableSeries)' });
    }
    if (!Number.isInteger(options.resultLimit) || options.resultLimit < 1 || options.resultLimit > MAX_RESULT_LIMIT) {
      throw new ServiceError({ kind: 'badInput', service: SERVICE, operation: 'getQueryResult', summary: `the result limit must be between 1 and ${MAX_RESULT_LIMIT}` });
    }
  }
}

class Run {
  readonly started: number;
  readonly requests = { createQuery: 0, createResult: 0, poll: 0 };
  rateLimited = 0;
  queuedMs = 0;
  readonly clock: LimiterClock;

  constructor(
    readonly api: HoneycombApi,
    readonly datasetPath: string,
    readonly options: QueryRunOptions,
  ) {
    this.clock = options.clock ?? realClock;
    this.started = this.clock.now();
  }

  emit(event: QueryRunEvent): void {
    this.options.onEvent?.(event);
  }

  async wait(ms: number): Promise<void> {
    try {
      await this.clock.sleep(ms, this.options.signal);
    } catch {
      throw cancelled('getQueryResult');
    }
  }

  async createQuery(body: string): Promise<{ id: string; query: ApiQuerySpec }> {
    this.emit({ kind: 'creatingQuery' });
    this.requests.createQuery++;
    // Queries are immutable and creating one twice is harmless, so retries on 429/5xx are fine.
    const answer = await this.api.v1<Record<string, unknown>>({
      operation: 'getQueryResult',
      method: 'POST',
      path: `/1/queries/${datasetSegment(this.datasetPath)}`,
      body,
      idempotent: true,
      signal: this.options.signal,
    });
    const stored = this.api.expectObject<Record<string, unknown>>('getQueryResult', answer);
    if (typeof stored.id !== 'string' || stored.id === '') throw invalidAnswer('the created query has no id');
    return { id: stored.id, query: decodeApiQuery(stored).query };
  }

  /** Creates the result, waiting for a slot in the budget first and again after each 429. */
  async createResult(queryId: string, relational: boolean): Promise<ApiQueryResult> {
    const { all, relational: oneAMinute } = queryResultLimiters(this.api, this.options.clock);
    const body: Record<string, unknown> = { query_id: queryId };
    if (this.options.disableSeries) body.disable_series = true;
    if (this.options.resultLimit !== undefined) body.limit = this.options.resultLimit;
    let fallbackMs = 10_000;
    for (let attempt = 1; ; attempt++) {
      const queueStart = this.clock.now();
      const onWait = (wait: SlotWait) => this.emit({ kind: 'waiting', ...wait });
      const slots: Slot[] = [];
      try {
        if (relational) slots.push(await oneAMinute.acquire(this.options.signal, onWait));
        slots.push(await all.acquire(this.options.signal, onWait));
      } catch {
        throw cancelled('getQueryResult');
      } finally {
        this.queuedMs += this.clock.now() - queueStart;
      }
      this.emit({ kind: 'creatingResult' });
      this.requests.createResult++;
      try {
        const answer = await this.api.v1<ApiQueryResult>({
          operation: 'getQueryResult',
          method: 'POST',
          path: `/1/query_results/${datasetSegment(this.datasetPath)}`,
          body,
          signal: this.options.signal,
        });
        slots.forEach((slot) => slot.answered());
        return this.api.expectObject<ApiQueryResult>('getQueryResult', answer);
      } catch (error) {
        slots.forEach((slot) => slot.answered());
        if (!(error instanceof ServiceError) || error.kind !== 'rateLimited' || attempt >= 6) throw error;
        // Someone else spent the budget. A reset the server gave is advice (over a second);
        // anything shorter is only the HTTP client's backoff guess, so wait in growing steps.
        this.rateLimited++;
        const advised = error.retryAfterMs !== undefined && error.retryAfterMs > 1000 ? error.retryAfterMs : fallbackMs;
        fallbackMs = Math.min(60_000, fallbackMs * 2);
        (relational ? oneAMinute : all).block(this.clock.now() + advised);
      }
    }
  }

  async poll(resultId: string, first?: ApiQueryResult): Promise<ApiQueryResult> {
    const timeout = this.options.pollTimeoutMs ?? 60_000;
    const pollStart = this.clock.now();
    let delay = 200;
    let current = first;
    let polls = 0;
    while (!current?.complete || !current.data) {
      if (current !== undefined) {
        if (this.clock.now() - pollStart >= timeout) {
          throw new ServiceError({
            kind: 'timeout',
            service: SERVICE,
            operation: 'getQueryResult',
            summary: `the query result ${resultId} was not complete after ${Math.round(timeout / 1000)} s`,
            hint: 'Honeycomb runs a query for at most 10 seconds; try again, or narrow the time range or breakdowns.',
          });
        }
        await this.wait(delay);
        delay = Math.min(2000, Math.round(delay * 1.5));
      }
      polls++;
      this.emit({ kind: 'polling', polls, elapsedMs: this.clock.now() - pollStart });
      this.requests.poll++;
      const answer = await this.api.v1<ApiQueryResult>({
        operation: 'getQueryResult',
        path: `/1/query_results/${datasetSegment(this.datasetPath)}/${idSegment(resultId)}`,
        signal: this.options.signal,
      });
      current = this.api.expectObject<ApiQueryResult>('getQueryResult', answer);
    }
    return current;
  }

  finish(result: ApiQueryResult, queryId: string, stored: ApiQuerySpec | undefined, dataset: string | undefined): QueryRun {
    const rows = (result.data?.results ?? []).map((r) => (r && typeof r.data === 'object' && r.data !== null ? r.data : {}));
    const series = Array.isArray(result.data?.series) ? result.data.series : [];
    const query = stored ?? decodeApiQuery(result.query ?? {}).query;
    const record: QueryResultRecord = {
      ...(dataset !== undefined ? { dataset } : {}),
      graphImageUrl: result.links?.graph_image_url ?? '',
      id: result.id ?? '',
      queryId,
      queryJson: goJson(orderQuery(query, false)),
      queryUrl: result.links?.query_url ?? '',
      results: rows.map(resultStrings),
    };
    this.emit({ kind: 'complete', polls: this.requests.poll, rows: rows.length });
    return {
      record,
      query,
      datasetPath: this.datasetPath,
      rows,
      series,
      requests: { ...this.requests },
      rateLimited: this.rateLimited,
      queuedMs: this.queuedMs,
      durationMs: this.clock.now() - this.started,
    };
  }
}

function invalidAnswer(detail: string): ServiceError {
  return new ServiceError({ kind: 'invalidResponse', service: SERVICE, operation: 'getQueryResult', summary: detail });
}

/**
 * Runs a validated spec: create the query, wait for a slot and create the result, poll until
 * complete. Cancelling (the signal) stops waiting and polling at once.
 */
export async function runQuery(api: HoneycombApi, target: { query: ApiQuerySpec; dataset?: string }, options: QueryRunOptions = {}): Promise<QueryRun> {
  const problems = checkQueryRules(target.query);
  if (problems.some((p) => p.severity === 'error')) throw invalid('getQueryResult', problems, false, 'the query');
  checkRunnable(target.query, options);
  if (options.signal?.aborted) throw cancelled('getQueryResult');
  const run = new Run(api, datasetOrAll(target.dataset), options);
  const created = await run.createQuery(goJson(querySent(target.query)));
  const first = await run.createResult(created.id, usesRelationalFields(target.query));
  if (typeof first.id !== 'string' || first.id === '') throw invalidAnswer('the created query result has no id');
  const done = await run.poll(first.id, first);
  return run.finish({ ...done, id: done.id ?? first.id, links: done.links ?? first.links }, created.id, created.query, target.dataset);
}

/** Reads a result created earlier (kept by Honeycomb for a day): no new query, no budget spent. */
export async function fetchQueryResult(api: HoneycombApi, target: { resultId: string; queryId?: string; dataset?: string }, options: QueryRunOptions = {}): Promise<QueryRun> {
  const run = new Run(api, datasetOrAll(target.dataset), options);
  const done = await run.poll(target.resultId);
  const storedId = typeof done.query?.id === 'string' ? done.query.id : '';
  return run.finish({ ...done, id: done.id ?? target.resultId }, target.queryId ?? storedId, undefined, target.dataset);
}

/** getQueryResult: the package's record for `queryJson` on `dataset` (or environment-wide). */
export async function getQueryResult(api: HoneycombApi, input: GetQueryResultInput, signal?: AbortSignal): Promise<QueryResultRecord> {
  const query = parseQueryJson('getQueryResult', input?.queryJson);
  if (input.id) {
    try {
      const earlier = await fetchQueryResult(api, { resultId: input.id, dataset: input.dataset }, { signal });
      // Only when the stored result answers this very query; otherwise run it.
      if (equivalentQueries(earlier.query, query)) return earlier.record;
    } catch (error) {
      if (!(error instanceof ServiceError) || error.kind !== 'notFound') throw error;
    }
  }
  return (await runQuery(api, { query, dataset: input.dataset }, { signal })).record;
}

/**
 * Runs a query saved earlier by its id (a board's query panel): reads its spec (no budget spent),
 * creates its result within the budget, polls until complete.
 */
export async function runSavedQuery(api: HoneycombApi, target: { queryId: string; dataset?: string }, options: QueryRunOptions = {}): Promise<QueryRun> {
  if (options.signal?.aborted) throw cancelled('getQueryResult');
  const run = new Run(api, datasetOrAll(target.dataset), options);
  const path = `/1/queries/${datasetSegment(run.datasetPath)}/${idSegment(target.queryId)}`;
  const stored = api.expectObject<Record<string, unknown>>('getQuery', await api.v1({ operation: 'getQuery', path, signal: options.signal }));
  const query = decodeApiQuery(stored).query;
  checkRunnable(query, options);
  const first = await run.createResult(target.queryId, usesRelationalFields(query));
  if (typeof first.id !== 'string' || first.id === '') throw invalidAnswer('the created query result has no id');
  const done = await run.poll(first.id, first);
  return run.finish({ ...done, id: done.id ?? first.id, links: done.links ?? first.links }, target.queryId, query, target.dataset);
}
