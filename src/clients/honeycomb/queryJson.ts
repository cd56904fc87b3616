import { effectiveTimeRange } from './queryRules';
import { ApiCalculation, ApiFilter, ApiHaving, ApiOrder, ApiQuerySpec, DEFAULT_LIMIT, DEFAULT_TIME_RANGE, QueryCalculation, QueryFilter, QuerySpecification } from './querySpec';

/**
 * The canonical JSON of a query specification: what the provider's `json` output holds and what
 * the API accepts. Keys in the order of the provider's Go `QuerySpec`, empty fields left out,
 * `ascending` (the default order) dropped, COUNT written when no calculation is given,
 * `limit` 1000 written when unset (the seed's default, so the JSON says what will run),
 * `time_range` 7200 written when unset — except with both `start_time` and `end_time`, where it
 * would make three time fields, which the API refuses. Granularity 0 ("automatic") is left out:
 * the API's minimum is 1 and leaving it out means automatic there.
 *
 * Escaping follows Go's encoding/json: `<`, `>`, `&`, U+2028 and U+2029 as \u escapes; the rest
 * of JSON.stringify's output (short escapes, shortest floats) is already the same.
 */

function filter(f: ApiFilter): ApiFilter {
  const out: ApiFilter = { column: f.column, op: f.op };
  if (f.value !== undefined) out.value = f.value;
  if (f.join_column !== undefined) out.join_column = f.join_column;
  return out;
}

function calculation(c: ApiCalculation): ApiCalculation {
  const out: ApiCalculation = { op: c.op };
  if (c.column !== undefined) out.column = c.column;
  if (c.name !== undefined) out.name = c.name;
  if (c.filters && c.filters.length > 0) out.filters = c.filters.map(filter);
  if (c.filter_combination !== undefined) out.filter_combination = c.filter_combination;
  return out;
}

function order(o: ApiOrder, dropAscending = true): ApiOrder {
  const out: ApiOrder = {};
  if (o.op !== undefined) out.op = o.op;
  if (o.column !== undefined) out.column = o.column;
  if (o.order !== undefined && !(dropAscending && o.order === 'ascending')) out.order = o.order;
  return out;
}

function having(h: ApiHaving): ApiHaving {
  const out: ApiHaving = { calculate_op: h.calculate_op };
  if (h.column !== undefined) out.column = h.column;
  if (h.op !== undefined) out.op = h.op;
  if (h.value !== undefined) out.value = h.value;
  return out;
}

/** The spec as the provider writes it, keys in order; input must have passed validation. */
export function canonicalQuery(q: ApiQuerySpec): ApiQuerySpec {
  return orderQuery(q, true);
}

/**
 * Keys in Go struct order and empty fields left out. With `fill`, also the provider's
 * defaults (see above); without, the spec is kept as it is — how the provider re-encodes the
 * query the API hands back (`query_json` of a result).
 */
export function orderQuery(q: ApiQuerySpec, fill: boolean, assumeCount = fill): ApiQuerySpec {
  const out: ApiQuerySpec = {};
  if (q.calculations?.length) out.calculations = q.calculations.map(calculation);
  else if (assumeCount) out.calculations = [{ op: 'COUNT' }];
  if (q.calculated_fields?.length) out.calculated_fields = q.calculated_fields.map((f) => ({ name: f.name, expression: f.expression }));
  if (q.formulas?.length) out.formulas = q.formulas.map((f) => ({ name: f.name, expression: f.expression }));
  if (q.filters?.length) out.filters = q.filters.map(filter);
  if (q.filter_combination !== undefined) out.filter_combination = q.filter_combination;
  if (q.breakdowns?.length) out.breakdowns = [...q.breakdowns];
  if (q.orders?.length) out.orders = q.orders.map((o) => order(o, fill));
  if (q.havings?.length) out.havings = q.havings.map(having);
  if (q.limit !== undefined) out.limit = q.limit;
  else if (fill) out.limit = DEFAULT_LIMIT;
  const absolute = q.start_time !== undefined && q.end_time !== undefined;
  if (q.time_range !== undefined) out.time_range = q.time_range;
  else if (fill && !absolute) out.time_range = DEFAULT_TIME_RANGE;
  if (q.start_time !== undefined) out.start_time = q.start_time;
  if (q.end_time !== undefined) out.end_time = q.end_time;
  if (q.granularity !== undefined && (q.granularity !== 0 || !fill)) out.granularity = q.granularity;
  if (q.compare_time_offset_seconds !== undefined) out.compare_time_offset_seconds = q.compare_time_offset_seconds;
  if (q.usage_mode !== undefined) out.usage_mode = q.usage_mode;
  return out;
}

/** JSON text with Go's HTML-safe escaping; `indent` only for files meant to be read. */
export function goJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The `json` output: compact canonical JSON. */
export function queryJson(q: ApiQuerySpec): string {
  return goJson(canonicalQuery(q));
}

/**
 * What is sent to run a query, or written into a new query file: the canonical form with the
 * seed's defaults, but without the COUNT the provider writes for a spec without calculations.
 * Honeycomb counts events in an event dataset and wants an explicit calculation in a metrics
 * dataset; the API does not say which kind a dataset is, so the choice stays with the user.
 */
export function querySent(q: ApiQuerySpec): ApiQuerySpec {
  return orderQuery(q, true, false);
}

/** The spec in the package's lowerCamelCase names (getQuerySpecification's echo). */
export function toSeedSpec(q: ApiQuerySpec): QuerySpecification {
  const filters = (list: ApiFilter[] | undefined): QueryFilter[] | undefined => list?.map((f) => ({ ...f }));
  const out: QuerySpecification = {};
  if (q.breakdowns) out.breakdowns = [...q.breakdowns];
  if (q.calculated_fields) out.calculatedFields = q.calculated_fields.map((f) => ({ ...f }));
  if (q.calculations) {
    out.calculations = q.calculations.map((c) => {
      const calc: QueryCalculation = { op: c.op };
      if (c.column !== undefined) calc.column = c.column;
      if (c.name !== undefined) calc.name = c.name;
      if (c.filters) calc.filters = filters(c.filters);
      if (c.filter_combination !== undefined) calc.filterCombination = c.filter_combination;
      return calc;
    });
  }
  if (q.compare_time_offset_seconds !== undefined) out.compareTimeOffset = q.compare_time_offset_seconds;
  if (q.end_time !== undefined) out.endTime = q.end_time;
  if (q.filter_combination !== undefined) out.filterCombination = q.filter_combination;
  if (q.filters) out.filters = filters(q.filters);
  if (q.formulas) out.formulas = q.formulas.map((f) => ({ ...f }));
  if (q.granularity !== undefined) out.granularity = q.granularity;
  if (q.havings) {
    out.havings = q.havings.map((h) => ({
      calculateOp: h.calculate_op,
      ...(h.column !== undefined ? { column: h.column } : {}),
      ...(h.op !== undefined ? { op: h.op } : {}),
      ...(h.value !== undefined ? { value: h.value } : {}),
    }));
  }
  if (q.limit !== undefined) out.limit = q.limit;
  if (q.orders) out.orders = q.orders.map((o) => ({ ...o }));
  if (q.start_time !== undefined) out.startTime = q.start_time;
  if (q.time_range !== undefined) out.timeRange = q.time_range;
  return out;
}

const key = (value: unknown): string => JSON.stringify(value);

function sameSet<T>(a: T[] | undefined, b: T[] | undefined, norm: (item: T) => unknown): boolean {
  const left = (a ?? []).map((item) => key(norm(item))).sort();
  const right = (b ?? []).map((item) => key(norm(item))).sort();
  return key(left) === key(right);
}

/**
 * Whether two specs ask for the same thing, with the provider's equivalence
 * (`QuerySpec.EquivalentTo`): order matters for calculations, formulas, breakdowns and orders,
 * not for calculated fields, filters and havings; defaults count as given (one bare COUNT, AND,
 * ascending, limit 1000, time_range 7200, granularity 0).
 */
export function equivalentQueries(a: ApiQuerySpec, b: ApiQuerySpec): boolean {
  const calcs = (q: ApiQuerySpec) => {
    const list = (q.calculations ?? []).map(calculation);
    return list.length === 0 ? [{ op: 'COUNT' }] : list;
  };
  if (key(calcs(a)) !== key(calcs(b))) return false;
  if (!sameSet(a.calculated_fields, b.calculated_fields, (f) => [f.name, f.expression])) return false;
  if (key(a.formulas ?? []) !== key(b.formulas ?? [])) return false;
  if (!sameSet(a.filters, b.filters, filter)) return false;
  if ((a.filter_combination ?? 'AND') !== (b.filter_combination ?? 'AND')) return false;
  if (key(a.breakdowns ?? []) !== key(b.breakdowns ?? [])) return false;
  if (key((a.orders ?? []).map((o) => order(o))) !== key((b.orders ?? []).map((o) => order(o)))) return false;
  if (!sameSet(a.havings, b.havings, having)) return false;
  if ((a.limit ?? DEFAULT_LIMIT) !== (b.limit ?? DEFAULT_LIMIT)) return false;
  if (effectiveTimeRange(a) !== effectiveTimeRange(b)) return false;
  if (a.start_time !== b.start_time || a.end_time !== b.end_time) return false;
  return (a.granularity ?? 0) === (b.granularity ?? 0);
}

/** The label Honeycomb gives a calculation in results: `COUNT`, `P99(duration_ms)`, or its name. */
export function calculationLabel(c: ApiCalculation): string {
  if (c.name) return c.name;
  return c.column !== undefined ? `${c.op}(${c.column})` : c.op;
}

/** A short human title: "P99(duration_ms), COUNT by http.route". */
export function describeQuery(q: ApiQuerySpec): string {
  const calcs = (q.calculations?.length ? q.calculations : [{ op: 'COUNT' }]).map(calculationLabel);
  const formulas = (q.formulas ?? []).map((f) => f.name);
  const what = [...calcs, ...formulas].join(', ');
  const by = q.breakdowns?.length ? ` by ${q.breakdowns.join(', ')}` : '';
  const where = q.filters?.length ? ` where ${q.filters.length} filter${q.filters.length === 1 ? '' : 's'}` : '';
  return `${what}${by}${where}`;
}

/** "last 2 hours", "last 15 minutes", or the absolute window in UTC. */
export function describeTimeRange(q: ApiQuerySpec): string {
  const range = effectiveTimeRange(q);
  const span = humanSeconds(range);
  if (q.start_time !== undefined || q.end_time !== undefined) {
    const start = q.start_time ?? (q.end_time !== undefined ? q.end_time - range : undefined);
    const end = q.end_time ?? (q.start_time !== undefined ? q.start_time + range : undefined);
    const iso = (s: number | undefined) => (s === undefined ? '?' : new Date(s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    return `${iso(start)} – ${iso(end)} (${span})`;
  }
  return `last ${span}`;
}

export function humanSeconds(seconds: number): string {
  const units: Array<[number, string]> = [
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  for (const [size, name] of units) {
    if (seconds >= size && seconds % size === 0) {
      const n = seconds / size;
      return `${n} ${name}${n === 1 ? '' : 's'}`;
    }
  }
  return `${seconds} seconds`;
}
