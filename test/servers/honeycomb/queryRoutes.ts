/**
 * Queries and query results on the Honeycomb stand-in (Honeycomb's Queries and Query Results API):
 *
 * - `POST /1/queries/{dataset}` checks the body against the document's `Query` schema and a few
 *   rules the API documents (limit ≤ 1,000, at most two time fields, start ≤ end, granularity
 *   T/1000…T, orders and havings naming a calculation or breakdown), stores it and answers it
 *   back with an `id` — `filter_combination: "AND"` left out, as Honeycomb does. Fields newer than
 *   the vendored document (formulas, calculation names and filters, the metrics ops) are taken
 *   from the overlay of what Honeycomb accepts beyond it (openapi/overlay.ts); anything else the
 *   document does not know is refused with a 422 that says so.
 * - `POST /1/query_results/{dataset}` creates a result: 10 a minute (1 with relational fields),
 *   over that a 429 problem without Retry-After, as Honeycomb answers; more than 7 days → 400.
 * - `GET /1/query_results/{dataset}/{id}` answers `complete: false` for the first
 *   `pollsBeforeComplete` polls, then the data (queryData.ts) with the caching headers.
 * - `GET /1/queries/{dataset}/{id}` returns a stored query.
 * The docs' example key gets the published example bodies, verbatim.
 */
import { exampleText } from '../examples';
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import { openApiValidator } from '../openapi/validator';
import { findEnvironmentKey } from './auth';
import type { EnvironmentContent, SeedColumn } from './content';
import { hcId } from './content';
import { JSON_TYPE, problem, unknownKeyV1 } from './errors';
import { GeneratedData, StoredQuery, calculationLabel, generateResult } from './queryData';
import { HONEYCOMB_KEYS, type EnvironmentKey, type HoneycombSeed } from './seed';

const ALL = '__all__';
const RELATIONAL = /^(root|child|parent|any|any2|any3|none)\./;

export interface QueryRouteOptions {
  /** Polls answered `complete: false` before the data (default 1). */
  pollsBeforeComplete?: number;
  /** Query results a team may create per minute (default 10, as Honeycomb). */
  resultsPerMinute?: number;
  /** The stand-in's clock (tests move it instead of waiting a minute). */
  now?: () => number;
}

interface StoredResult {
  id: string;
  queryId: string;
  dataset: string;
  environment: string;
  options: { disableSeries: boolean; limit?: number };
  polls: number;
  created: number;
  data?: GeneratedData;
}

/** Mutable state of the query endpoints; `reset()` empties it. */
export class QueryState {
  readonly queries = new Map<string, { environment: string; dataset: string; body: Record<string, unknown> }>();
  readonly results = new Map<string, StoredResult>();
  /** Creation times of results, for the per-minute budget (all, and relational ones). */
  readonly created: number[] = [];
  readonly createdRelational: number[] = [];
  private counter = 0;

  nextId(kind: string): string {
    return hcId(`${kind}/${++this.counter}/${Date.now()}`);
  }

  reset(): void {
    this.queries.clear();
    this.results.clear();
    this.created.length = 0;
    this.createdRelational.length = 0;
  }
}

function ok(status: number, body: unknown, headers: Record<string, string> = {}): StandInResponse {
  return { status, headers: { 'Content-Type': JSON_TYPE, ...headers }, body };
}

function published(status: number, file: string): StandInResponse {
  return { status, headers: { 'Content-Type': JSON_TYPE }, text: exampleText('honeycomb', file) };
}

function invalid(req: StandInRequest, details: Array<{ field: string; description: string }>): StandInResponse {
  const res = problem(req, 422, 'validation-failed', 'The provided input is invalid.', 'The provided input is invalid.');
  (res.body as Record<string, unknown>).type_detail = details.map((d) => ({ field: d.field, code: 'invalid', description: d.description }));
  return res;
}

function notFound(req: StandInRequest, what: string): StandInResponse {
  return problem(req, 404, 'not-found', 'The requested resource cannot be found.', `${what} not found`, `${what} not found`);
}

type KeyContext = { key: EnvironmentKey; content: EnvironmentContent } | { published: true } | StandInResponse;

function keyContext(seed: HoneycombSeed, req: StandInRequest): KeyContext {
  if (req.header('x-honeycomb-team') === HONEYCOMB_KEYS.published.environment) return { published: true };
  const key = findEnvironmentKey(seed, req);
  if (!key || key.type !== 'configuration') return unknownKeyV1();
  return { key, content: seed.content[key.environment] };
}

function isResponse(value: KeyContext): value is StandInResponse {
  return typeof (value as StandInResponse).status === 'number';
}

function columnsOf(content: EnvironmentContent, dataset: string): SeedColumn[] | undefined {
  if (dataset === ALL) return Object.values(content.columns).flat();
  return content.datasets.some((d) => d.slug === dataset) ? (content.columns[dataset] ?? []) : undefined;
}

/** `/calculations/0 must NOT have unevaluated properties: 'name'` → field `calculations[0].name`. */
function schemaDetail(error: string): { field: string; description: string } {
  const [pointer] = error.split(' ');
  const parts = pointer === '(root)' ? [] : pointer.slice(1).split('/');
  const unknown = /unevaluated properties: '([^']+)'/.exec(error);
  if (unknown) parts.push(unknown[1]);
  const field = parts.reduce((out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part), '') || '(body)';
  return unknown
    ? { field, description: `${unknown[1]} is not in the vendored OpenAPI document (2025-12-23) or its overlay; the stand-in cannot answer it without leaving the model` }
    : { field, description: error.slice(pointer.length + 1) };
}

/** The API's documented rules beyond the schema, in the stand-in's own words. */
function apiRules(q: StoredQuery): Array<{ field: string; description: string }> {
  const out: Array<{ field: string; description: string }> = [];
  const calcs = q.calculations?.length ? q.calculations : [{ op: 'COUNT' }];
  calcs.forEach((c, i) => {
    if (!['COUNT', 'CONCURRENCY'].includes(c.op) && !c.column) out.push({ field: `calculations[${i}].column`, description: `${c.op} needs a column` });
  });
  if (q.limit !== undefined && q.limit > 1000) out.push({ field: 'limit', description: 'limit must be at most 1000 when creating a query' });
  const times = [q.time_range, q.start_time, q.end_time].filter((t) => t !== undefined).length;
  if (times === 3) out.push({ field: 'time_range', description: 'time_range cannot be combined with both start_time and end_time' });
  if (q.start_time !== undefined && q.end_time !== undefined && q.start_time > q.end_time) out.push({ field: 'start_time', description: 'start_time must be <= end_time' });
  const range = q.time_range ?? (q.start_time !== undefined && q.end_time !== undefined ? q.end_time - q.start_time : 7200);
  if (q.granularity !== undefined && (q.granularity > range || q.granularity < Math.floor(range / 1000))) {
    out.push({ field: 'granularity', description: `granularity must be between ${Math.floor(range / 1000)} and ${range} seconds for this time range` });
  }
  const offset = (q as { compare_time_offset_seconds?: number }).compare_time_offset_seconds;
  if (offset !== undefined && offset < range) out.push({ field: 'compare_time_offset_seconds', description: 'the offset must be at least the query time range' });
  const labels = new Set(calcs.map((c) => calculationLabel(c)));
  (q.orders ?? []).forEach((o, i) => {
    const inCalcs = o.op ? labels.has(calculationLabel({ op: o.op, column: o.column })) : false;
    const inBreakdowns = !o.op && o.column !== undefined && (q.breakdowns ?? []).includes(o.column);
    if (!inCalcs && !inBreakdowns) out.push({ field: `orders[${i}]`, description: 'each order must appear in breakdowns or calculations' });
  });
  (q.havings ?? []).forEach((h, i) => {
    if (!labels.has(calculationLabel({ op: h.calculate_op, column: h.column }))) out.push({ field: `havings[${i}]`, description: 'each having must match a calculation' });
  });
  return out;
}

/** The query as Honeycomb answers it: `id` first, `filter_combination: "AND"` left out. */
function storedBody(id: string, body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { id };
  for (const [key, value] of Object.entries(body)) {
    if (key === 'id' || (key === 'filter_combination' && value === 'AND')) continue;
    out[key] = key === 'filters' && Array.isArray(value) ? value.map((f: Record<string, unknown>) => ({ op: f.op, column: f.column, ...('value' in f ? { value: f.value } : {}) })) : value;
  }
  return out;
}

/** Published request ↔ answer pairs (the answer minus `id` is the request). */
const PUBLISHED_QUERIES = ['POST_1_queries_DATASET.json', 'POST_1_queries_DATASET.calculated_fields.json', 'POST_1_queries_DATASET.relational.json'];

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .filter((k) => k !== 'id')
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function publishedQueryFor(body: unknown): string | undefined {
  const wanted = canonical(withoutDefaultLimit(body));
  return PUBLISHED_QUERIES.find((file) => canonical(withoutDefaultLimit(JSON.parse(exampleText('honeycomb', file)))) === wanted);
}

/** `limit: 1000` is the API's default: a query that says it is the same query as one that does not. */
function withoutDefaultLimit(body: unknown): unknown {
  if (!body || typeof body !== 'object' || (body as Record<string, unknown>).limit !== 1000) return body;
  const { limit: _default, ...rest } = body as Record<string, unknown>;
  return rest;
}

/**
 * Published results: the ID of a published query → the result example and its ID. Only the
 * "Filter and Group By" query has both; its published GET answer says `complete: false` (with
 * data), so a client polling it never sees it finish. The "Simple Query" result (dfg456,
 * complete) can be read by its ID.
 */
const PUBLISHED_RESULTS: Record<string, { post: string; id: string }> = {
  xyz321a: { post: 'POST_1_query_results_DATASET.json', id: 'hij678a' },
};
const PUBLISHED_RESULT_BODIES: Record<string, string> = {
  hij678a: 'GET_1_query_results_DATASET_QUERY_RESULT_ID.group_by.json',
  dfg456: 'GET_1_query_results_DATASET_QUERY_RESULT_ID.json',
};

function uiLinks(seed: HoneycombSeed, environment: string, dataset: string, resultId: string): { query_url: string; graph_image_url: string } {
  const base = `https://ui.honeycomb.io/${seed.team.slug}/environments/${environment}/datasets/${dataset}/result/${resultId}`;
  return { query_url: base, graph_image_url: `${base}/snapshot` };
}

function prune(stamps: number[], now: number): void {
  while (stamps.length > 0 && stamps[0] <= now - 60_000) stamps.shift();
}

export function queryRoutes(seed: () => HoneycombSeed, state: QueryState, options: QueryRouteOptions = {}): Route[] {
  // Read on every request: tests change the live options between cases.
  const now = () => (options.now ?? Date.now)();
  const schema = () => openApiValidator('honeycomb');

  return [
    {
      method: 'POST',
      path: '/1/queries/{datasetSlug}',
      handler: (req) => {
        const ctx = keyContext(seed(), req);
        if (isResponse(ctx)) return ctx;
        if (req.bodyError !== undefined || !req.body || typeof req.body !== 'object' || Array.isArray(req.body)) {
          return problem(req, 400, 'unparseable', 'The request body could not be parsed.', req.bodyError ?? 'the body must be a JSON object');
        }
        if ('published' in ctx) {
          const file = publishedQueryFor(req.body);
          return file ? published(200, file) : notFound(req, 'Dataset');
        }
        const dataset = req.params.datasetSlug;
        if (!columnsOf(ctx.content, dataset)) return notFound(req, 'Dataset');
        const schemaErrors = schema().validateAt('/components/schemas/Query', req.body);
        if (schemaErrors.length > 0) {
          return invalid(req, schemaErrors.map(schemaDetail));
        }
        const rules = apiRules(req.body);
        if (rules.length > 0) return invalid(req, rules);
        const id = state.nextId('query');
        const body = storedBody(id, req.body as Record<string, unknown>);
        state.queries.set(id, { environment: ctx.key.environment, dataset, body });
        return ok(200, body);
      },
    },
    {
      method: 'GET',
      path: '/1/queries/{datasetSlug}/{queryId}',
      handler: (req) => {
        const ctx = keyContext(seed(), req);
        if (isResponse(ctx)) return ctx;
        if ('published' in ctx) return published(200, 'GET_1_queries_DATASET_QUERY_ID.json');
        const stored = state.queries.get(req.params.queryId);
        if (!stored || stored.environment !== ctx.key.environment || stored.dataset !== req.params.datasetSlug) return notFound(req, 'Query');
        return ok(200, stored.body);
      },
    },
    {
      method: 'POST',
      path: '/1/query_results/{datasetSlug}',
      handler: (req) => {
        const ctx = keyContext(seed(), req);
        if (isResponse(ctx)) return ctx;
        const body = req.body as Record<string, unknown> | undefined;
        if (req.bodyError !== undefined || !body || typeof body !== 'object' || typeof body.query_id !== 'string') {
          return problem(req, 400, 'unparseable', 'The request body could not be parsed.', req.bodyError ?? 'query_id is required');
        }
        if ('published' in ctx) {
          const found = PUBLISHED_RESULTS[body.query_id];
          return found
            ? { ...published(201, found.post), headers: { 'Content-Type': JSON_TYPE, Location: `${req.baseUrl}/1/query_results/${req.params.datasetSlug}/${found.id}` } }
            : notFound(req, 'Query');
        }
        if (!ctx.key.access.queries) {
          return { status: 403, headers: { 'Content-Type': JSON_TYPE }, body: { error: 'This API key does not have the "Run Queries" permission.' } };
        }
        const stored = state.queries.get(body.query_id);
        const dataset = req.params.datasetSlug;
        if (!stored || stored.environment !== ctx.key.environment || stored.dataset !== dataset) return notFound(req, 'Query');
        const q = stored.body as StoredQuery;
        const span = q.time_range ?? (q.start_time !== undefined && q.end_time !== undefined ? q.end_time - q.start_time : 7200);
        if (span > 7 * 86400) {
          return problem(req, 400, 'validation-failed', 'The provided input is invalid.', 'Query time range is too long: query results are available for the past 7 days only.');
        }
        const limit = body.limit;
        if (limit !== undefined && (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 10_000)) {
          return invalid(req, [{ field: 'limit', description: 'limit must be between 1 and 10000' }]);
        }
        // The per-minute budget, checked like the API: a sliding minute of created results.
        const t = now();
        prune(state.created, t);
        prune(state.createdRelational, t);
        const relational = [...(q.breakdowns ?? []), ...(q.filters ?? []).map((f) => f.column ?? ''), ...(q.calculations ?? []).map((c) => c.column ?? '')].some((c) => RELATIONAL.test(c));
        const budget = relational ? { stamps: state.createdRelational, max: 1 } : { stamps: state.created, max: options.resultsPerMinute ?? 10 };
        if (budget.stamps.length >= budget.max) {
          const reset = Math.max(1, Math.ceil((budget.stamps[budget.stamps.length - budget.max] + 60_000 - t) / 1000));
          const limited = problem(
            req,
            429,
            'rate-limited',
            'You have exceeded your rate limit.',
            'You have exceeded your rate limit.',
            `This endpoint allows ${budget.max} ${budget.max === 1 ? 'request' : 'requests'} per minute.`,
          );
          limited.headers = { ...limited.headers, RateLimit: `limit=${budget.max}, remaining=0, reset=${reset}`, RateLimitPolicy: `${budget.max};w=60` };
          return limited;
        }
        state.created.push(t);
        if (relational) state.createdRelational.push(t);
        const id = state.nextId('result');
        state.results.set(id, {
          id,
          queryId: body.query_id,
          dataset,
          environment: ctx.key.environment,
          options: { disableSeries: body.disable_series === true, limit: typeof limit === 'number' ? limit : undefined },
          polls: 0,
          created: t,
        });
        const { id: _queryId, ...query } = stored.body;
        return ok(201, { query, complete: false, id, links: uiLinks(seed(), ctx.key.environment, dataset, id) }, { Location: `${req.baseUrl}/1/query_results/${dataset}/${id}` });
      },
    },
    {
      method: 'GET',
      path: '/1/query_results/{datasetSlug}/{queryResultId}',
      handler: (req) => {
        const ctx = keyContext(seed(), req);
        if (isResponse(ctx)) return ctx;
        if ('published' in ctx) {
          const file = PUBLISHED_RESULT_BODIES[req.params.queryResultId];
          return file ? published(200, file) : notFound(req, 'Query result');
        }
        const result = state.results.get(req.params.queryResultId);
        if (!result || result.environment !== ctx.key.environment || result.dataset !== req.params.datasetSlug) return notFound(req, 'Query result');
        const stored = state.queries.get(result.queryId)!;
        const { id: _queryId, ...query } = stored.body;
        const links = uiLinks(seed(), result.environment, result.dataset, result.id);
        result.polls++;
        if (result.polls <= (options.pollsBeforeComplete ?? 1)) return ok(200, { query, complete: false, id: result.id, links });
        if (!result.data) {
          const q = query as StoredQuery;
          const limit = result.options.disableSeries && result.options.limit !== undefined ? result.options.limit : (q.limit ?? 1000);
          const columns = columnsOf(ctx.content, result.dataset) ?? [];
          result.data = generateResult(q, columns, result.id, { disableSeries: result.options.disableSeries, limit }, result.created);
        }
        const headers = { 'Cache-Control': 'private, max-age=86400', 'Last-Modified': new Date(result.created).toUTCString() };
        return ok(200, { query, complete: true, id: result.id, data: result.data, links }, headers);
      },
    },
  ];
}
