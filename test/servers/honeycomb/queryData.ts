/**
 * Synthetic, deterministic query results for the Honeycomb stand-in. Honeycomb's event data
 * cannot be reproduced here, so a result is made up from the query itself and the dataset's
 * columns: breakdown groups from plausible values per column (filters on a breakdown column
 * narrow them), Zipf-like group sizes, calculation values that fit their operator (P99 above
 * P50, SUM = AVG × COUNT…), havings, orders and the limit applied as the API documents, and a
 * time series per group over the query's window. The same result ID always gives the same data.
 */
import type { SeedColumn } from './content';

export interface StoredQuery {
  calculations?: Array<{ op: string; column?: string | null; name?: string }>;
  filters?: Array<{ column?: string | null; op: string; value?: unknown }>;
  breakdowns?: string[];
  orders?: Array<{ op?: string; column?: string; order?: string }>;
  havings?: Array<{ calculate_op: string; column?: string | null; op?: string; value?: number }>;
  limit?: number;
  time_range?: number;
  start_time?: number;
  end_time?: number;
  granularity?: number;
}

export interface ResultOptions {
  disableSeries: boolean;
  /** Groups to return: the query's limit, or the result's own (≤ 10,000) without series. */
  limit: number;
}

export interface GeneratedData {
  series: Array<{ time: string; data: Record<string, string | number | boolean> }>;
  results: Array<{ data: Record<string, string | number | boolean> }>;
}

type Scalar = string | number | boolean;

/** Small deterministic PRNG (mulberry32) seeded from a string. */
function random(seedText: string): () => number {
  let seed = 0x9e3779b9;
  for (let i = 0; i < seedText.length; i++) seed = Math.imul(seed ^ seedText.charCodeAt(i), 0x85ebca6b) >>> 0;
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS: Record<string, Scalar[]> = {
  'http.route': [
    '/v1/orders',
    '/v1/orders/{id}',
    '/v1/cart',
    '/v1/cart/items',
    '/v1/checkout',
    '/v1/payments',
    '/v1/products',
    '/v1/products/{id}',
    '/v1/search',
    '/v1/users/{id}',
    '/v1/inventory',
    '/healthz',
  ],
  'page.route': ['/', '/products', '/products/[id]', '/cart', '/checkout', '/account', '/search'],
  'service.name': ['api-gateway', 'checkout-service', 'payments', 'frontend-web', 'inventory', 'search', 'users'],
  'upstream.service': ['checkout-service', 'payments', 'inventory', 'search', 'users'],
  'http.request.method': ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
  'http.response.status_code': [200, 201, 204, 301, 400, 401, 403, 404, 409, 429, 500, 502, 503],
  name: ['GET /v1/orders', 'POST /v1/checkout', 'Authorize', 'PlaceOrder', 'Capture', 'db.query', 'cache.get', 'cache.set', 'http.client', 'render', 'SearchProducts'],
  'span.kind': ['server', 'client', 'internal', 'producer', 'consumer'],
  'payment.provider': ['stripe', 'adyen', 'paypal', 'klarna'],
  'payment.currency': ['EUR', 'USD', 'GBP', 'SEK'],
  'customer.tier': ['free', 'plus', 'business', 'enterprise'],
  'browser.name': ['Chrome', 'Firefox', 'Safari', 'Edge', 'Samsung Internet'],
  'k8s.namespace.name': ['shop', 'payments', 'platform', 'monitoring', 'kube-system'],
  'k8s.node.name': ['node-eu1-a', 'node-eu1-b', 'node-eu1-c', 'node-eu1-d'],
  'event.reason': ['Scheduled', 'Pulled', 'Started', 'BackOff', 'Killing', 'Unhealthy', 'FailedScheduling', 'OOMKilled'],
  'event.type': ['Normal', 'Warning'],
  user_agent: ['Mozilla/5.0 (X11; Linux x86_64)', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)', 'curl/8.5.0', 'okhttp/4.12.0'],
};

/** Columns whose values are (nearly) unique per event. */
const HIGH_CARDINALITY = /(^|\.)(trace_id|span_id|parent_id|id|email|address|path|original|last4)$|^session\.|^order\.|pod\.name$|^body$/;

function valuesFor(column: string, type: string | undefined, rand: () => number): { size: number; at: (i: number) => Scalar } {
  const words = WORDS[column];
  if (words) return { size: words.length, at: (i) => words[i] };
  if (type === 'boolean') return { size: 2, at: (i) => i === 0 };
  if (HIGH_CARDINALITY.test(column)) {
    const salt = Math.floor(rand() * 0xffffff);
    return { size: 50_000, at: (i) => `${column.split('.').pop()}-${((i * 2654435761 + salt) >>> 0).toString(16).padStart(8, '0')}` };
  }
  if (type === 'integer') return { size: 40, at: (i) => i * 25 };
  if (type === 'float') return { size: 40, at: (i) => Math.round(i * 12.5 * 100) / 100 };
  return { size: 24, at: (i) => `${column}-${String.fromCharCode(97 + (i % 26))}${i >= 26 ? i : ''}` };
}

function matches(value: Scalar, op: string, wanted: unknown): boolean {
  const text = String(value);
  const list = Array.isArray(wanted) ? wanted.map(String) : [String(wanted)];
  switch (op) {
    case '=':
      return text === String(wanted);
    case '!=':
      return text !== String(wanted);
    case 'in':
      return list.includes(text);
    case 'not-in':
      return !list.includes(text);
    case 'starts-with':
      return text.startsWith(String(wanted));
    case 'does-not-start-with':
      return !text.startsWith(String(wanted));
    case 'ends-with':
      return text.endsWith(String(wanted));
    case 'does-not-end-with':
      return !text.endsWith(String(wanted));
    case 'contains':
      return text.includes(String(wanted));
    case 'does-not-contain':
      return !text.includes(String(wanted));
    case 'does-not-exist':
      return false;
    case '>':
      return Number(value) > Number(wanted);
    case '>=':
      return Number(value) >= Number(wanted);
    case '<':
      return Number(value) < Number(wanted);
    case '<=':
      return Number(value) <= Number(wanted);
    default:
      return true;
  }
}

export function calculationLabel(c: { op: string; column?: string | null; name?: string }): string {
  if (c.name) return c.name;
  return c.column ? `${c.op}(${c.column})` : c.op;
}

/** The window a query covers: the API truncates bounds to 1 min (≤ 6 h), 5 min (≤ 2 days) or 30 min. */
export function queryWindow(q: StoredQuery, now: number): { start: number; end: number } {
  const nowSeconds = Math.floor(now / 1000);
  let start: number;
  let end: number;
  if (q.start_time !== undefined && q.end_time !== undefined) [start, end] = [q.start_time, q.end_time];
  else if (q.start_time !== undefined) [start, end] = [q.start_time, q.start_time + (q.time_range ?? 7200)];
  else {
    end = q.end_time ?? nowSeconds;
    start = end - (q.time_range ?? 7200);
  }
  const span = end - start;
  const step = span <= 6 * 3600 ? 60 : span <= 2 * 86400 ? 300 : 1800;
  return { start: Math.floor(start / step) * step, end: Math.floor(end / step) * step };
}

function autoGranularity(span: number, groups: number): number {
  const steps = [1, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 21600, 43200, 86400];
  const maxBuckets = Math.max(12, Math.min(240, Math.floor(50_000 / Math.max(1, groups))));
  return steps.find((s) => span / s <= maxBuckets && s >= span / 1000) ?? 86400;
}

interface Calc {
  label: string;
  op: string;
  column?: string;
}

/** A value for one calculation of a group whose share of events is `weight`. */
function calcValue(c: Calc, count: number, seconds: number, rand: () => number, type: string | undefined): number | undefined {
  const base = c.column && /duration|latency|_ms$|lcp|inp/.test(c.column) ? 35 + rand() * 120 : c.column && /size|bytes/.test(c.column) ? 2000 + rand() * 40_000 : 5 + rand() * 50;
  const round = (v: number) => (type === 'integer' && !c.op.startsWith('P') && c.op !== 'AVG' && !c.op.startsWith('RATE') ? Math.round(v) : Math.round(v * 1000) / 1000);
  const percentile = (p: number) => round(base * (0.25 + 5.5 * p ** 3));
  switch (c.op) {
    case 'COUNT':
    case 'COUNT_DATAPOINTS':
    case 'HISTOGRAM_COUNT':
      return count;
    case 'CONCURRENCY':
      return Math.round(((count * base) / 1000 / Math.max(1, seconds)) * 1000) / 1000;
    case 'COUNT_DISTINCT':
      return Math.max(1, Math.round(count * (0.05 + rand() * 0.5)));
    case 'SUM':
      return round(base * 1.3 * count);
    case 'AVG':
      return round(base * 1.3);
    case 'MAX':
      return round(base * 9);
    case 'MIN':
      return round(base * 0.05);
    case 'RATE_AVG':
    case 'RATE_SUM':
    case 'RATE_MAX':
      return Math.round(((base * (c.op === 'RATE_SUM' ? count : 1)) / Math.max(1, seconds)) * 10000) / 10000;
    case 'HEATMAP':
      return undefined; // drawn by Honeycomb's UI; not a number in results
    default: {
      const p = Number(c.op.slice(1)) / 10 ** (c.op.length - 1);
      return percentile(p);
    }
  }
}

export function generateResult(q: StoredQuery, columns: SeedColumn[], seedText: string, options: ResultOptions, now: number): GeneratedData {
  const rand = random(seedText);
  const typeOf = (name: string) => columns.find((c) => c.key_name === name)?.type;
  const calcs: Calc[] = (q.calculations?.length ? q.calculations : [{ op: 'COUNT' }]).map((c) => ({ label: calculationLabel(c), op: c.op, column: c.column ?? undefined }));
  const breakdowns = q.breakdowns ?? [];
  const { start, end } = queryWindow(q, now);
  const seconds = Math.max(1, end - start);

  // Breakdown values, narrowed by the filters on those columns.
  const axes = breakdowns.map((b) => {
    const all = valuesFor(b, typeOf(b), rand);
    const filters = (q.filters ?? []).filter((f) => f.column === b);
    if (filters.length === 0) return all;
    const kept: Scalar[] = [];
    for (let i = 0; i < Math.min(all.size, 2000) && kept.length < 1000; i++) {
      const v = all.at(i);
      if (filters.every((f) => matches(v, f.op, f.value))) kept.push(v);
    }
    return { size: kept.length, at: (i: number) => kept[i] };
  });
  const possible = axes.reduce((n, a) => n * a.size, 1);
  const wanted = Math.min(possible, Math.max(options.limit, 50) * 2, 20_000);

  // Groups by mixed-radix decomposition (each index a distinct combination), Zipf-like sizes.
  const total = Math.round(seconds * (20 + rand() * 80));
  const groups: Array<{ keys: Record<string, Scalar>; values: Record<string, number> }> = [];
  for (let i = 0; i < wanted; i++) {
    const keys: Record<string, Scalar> = {};
    let rest = i;
    axes.forEach((axis, j) => {
      keys[breakdowns[j]] = axis.at(rest % axis.size);
      rest = Math.floor(rest / axis.size);
    });
    const weight = 1 / (i + 1) ** 1.07;
    const count = Math.max(1, Math.round((total * weight) / (breakdowns.length ? 4 : 1)));
    const values: Record<string, number> = {};
    for (const c of calcs) {
      const v = calcValue(c, count, seconds, rand, c.column ? typeOf(c.column) : undefined);
      if (v !== undefined) values[c.label] = v;
    }
    groups.push({ keys, values });
  }

  // Havings, then orders (default: the first calculation, largest first), then the limit.
  let kept = groups.filter((g) =>
    (q.havings ?? []).every((h) => {
      const v = g.values[calculationLabel({ op: h.calculate_op, column: h.column })];
      return v === undefined || matches(v, h.op ?? '=', h.value);
    }),
  );
  const orders = q.orders?.length ? q.orders : [{ op: calcs[0].op, column: calcs[0].column, order: 'descending' }];
  const sortKey = (g: (typeof groups)[number], o: { op?: string; column?: string }): Scalar | undefined => {
    if (o.op) return g.values[calculationLabel({ op: o.op, column: o.column })] ?? g.values[o.op];
    if (o.column !== undefined) return g.keys[o.column] ?? g.values[o.column];
    return undefined;
  };
  kept = kept.sort((a, b) => {
    for (const o of orders) {
      const x = sortKey(a, o);
      const y = sortKey(b, o);
      if (x === y || x === undefined || y === undefined) continue;
      const cmp = typeof x === 'number' && typeof y === 'number' ? x - y : String(x) < String(y) ? -1 : 1;
      return o.order === 'descending' ? -cmp : cmp;
    }
    return 0;
  });
  kept = kept.slice(0, options.limit);

  const results = kept.map((g) => ({ data: { ...g.keys, ...g.values } }));
  if (options.disableSeries) return { series: [], results };

  const step = q.granularity ?? autoGranularity(seconds, kept.length);
  const buckets = Math.max(1, Math.ceil(seconds / step));
  const series: GeneratedData['series'] = [];
  const phase = rand() * Math.PI * 2;
  const opOf = new Map(calcs.map((c) => [c.label, c.op]));
  // Counts and sums split over the buckets; averages and percentiles vary around the total.
  const additive = new Set(['COUNT', 'COUNT_DATAPOINTS', 'HISTOGRAM_COUNT', 'SUM', 'RATE_SUM']);
  for (let b = 0; b < buckets; b++) {
    const time = new Date((start + b * step) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const wave = 1 + 0.35 * Math.sin(phase + (b / buckets) * Math.PI * 4) + (rand() - 0.5) * 0.2;
    for (const g of kept) {
      const data: Record<string, Scalar> = { ...g.keys };
      for (const [label, value] of Object.entries(g.values)) {
        const v = additive.has(opOf.get(label) ?? '') ? (value / buckets) * wave : value * wave;
        data[label] = Number.isInteger(value) ? Math.max(0, Math.round(v)) : Math.round(v * 1000) / 1000;
      }
      series.push({ time, data });
    }
  }
  return { series, results };
}
