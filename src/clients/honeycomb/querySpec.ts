/**
 * The vocabulary of a Honeycomb query specification (as Honeycomb's Query Specification
 * documentation describes it): the operators, the limits, and the two shapes a spec travels in —
 * the package's lowerCamelCase input of getQuerySpecification and the API's snake_case JSON
 * (`query_json`, query files, the body of `POST /1/queries`). No logic here beyond small
 * predicates.
 */

/** Calculation operators, in the order the API and the provider list them. */
export const CALCULATION_OPS = [
  'COUNT',
  'CONCURRENCY',
  'SUM',
  'AVG',
  'COUNT_DISTINCT',
  'MAX',
  'MIN',
  'P001',
  'P01',
  'P05',
  'P10',
  'P20',
  'P25',
  'P50',
  'P75',
  'P80',
  'P90',
  'P95',
  'P99',
  'P999',
  'HEATMAP',
  'RATE_AVG',
  'RATE_SUM',
  'RATE_MAX',
  // Metrics datasets only; newer than the vendored OpenAPI document.
  'COUNT_DATAPOINTS',
  'HISTOGRAM_COUNT',
] as const;

export type CalculationOp = (typeof CALCULATION_OPS)[number];

/** Ops whose column is optional (COUNT, COUNT_DATAPOINTS) or must be absent (CONCURRENCY). */
const COLUMNLESS_OPS = new Set<string>(['COUNT', 'COUNT_DATAPOINTS', 'CONCURRENCY']);

export function isCalculationOp(op: unknown): op is CalculationOp {
  return typeof op === 'string' && (CALCULATION_OPS as readonly string[]).includes(op);
}

/** Whether an op works on a column: every op but COUNT, COUNT_DATAPOINTS and CONCURRENCY. */
export function opNeedsColumn(op: string): boolean {
  return !COLUMNLESS_OPS.has(op);
}

/** Having `calculate_op`: every calculation op except HEATMAP. */
export const HAVING_CALCULATE_OPS: readonly string[] = CALCULATION_OPS.filter((op) => op !== 'HEATMAP');

/** Filter operators. */
export const FILTER_OPS = [
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'starts-with',
  'does-not-start-with',
  'ends-with',
  'does-not-end-with',
  'contains',
  'does-not-contain',
  'exists',
  'does-not-exist',
  'in',
  'not-in',
] as const;

export type FilterOp = (typeof FILTER_OPS)[number];

export function isFilterOp(op: unknown): op is FilterOp {
  return typeof op === 'string' && (FILTER_OPS as readonly string[]).includes(op);
}

/** `exists` / `does-not-exist` take no value. */
export function filterOpTakesValue(op: string): boolean {
  return op !== 'exists' && op !== 'does-not-exist';
}

/** `in` / `not-in` take a list. */
export function filterOpTakesList(op: string): boolean {
  return op === 'in' || op === 'not-in';
}

const TEXT_FILTER_OPS = new Set(['starts-with', 'does-not-start-with', 'ends-with', 'does-not-end-with', 'contains', 'does-not-contain']);

/** The string operators: the provider always sends their value as a string (since 0.50). */
export function filterOpIsTextual(op: string): boolean {
  return TEXT_FILTER_OPS.has(op);
}

export const HAVING_OPS = ['=', '!=', '>', '>=', '<', '<='] as const;

export const SORT_ORDERS = ['ascending', 'descending'] as const;

export const FILTER_COMBINATIONS = ['AND', 'OR'] as const;

/** `compare_time_offset_seconds`: the only offsets the API accepts. */
export const COMPARE_TIME_OFFSETS = [1800, 3600, 7200, 28800, 86400, 604800, 2419200, 15724800] as const;

/** Columns with these prefixes are relational. */
export const RELATIONAL_PREFIXES = ['root.', 'child.', 'parent.', 'any.', 'any2.', 'any3.', 'none.'] as const;

export function isRelational(column: unknown): boolean {
  return typeof column === 'string' && RELATIONAL_PREFIXES.some((p) => column.startsWith(p));
}

export const DEFAULT_TIME_RANGE = 7200;
export const DEFAULT_LIMIT = 1000;
export const MAX_LIMIT = 1000;
/** The API's cap on array fields (`maxItems`). */
export const MAX_ITEMS = 100;
/** Query Data only reads the past seven days. */
export const MAX_RESULT_SECONDS = 7 * 24 * 3600;
/** With `disable_series`, a result may hold up to this many groups. */
export const MAX_RESULT_LIMIT = 10_000;

// ---- The API shape (snake_case), as sent to POST /1/queries and written in query files ----

export type FilterScalar = string | number | boolean;
export type QueryFilterValue = FilterScalar | FilterScalar[];

export interface ApiFilter {
  /** The document allows null (the key itself is required); kept as given. */
  column: string | null;
  op: string;
  value?: QueryFilterValue;
  /** The column of the other dataset a relational filter joins on (seen in board exports). */
  join_column?: string;
}

export interface ApiCalculation {
  op: string;
  column?: string;
  name?: string;
  filters?: ApiFilter[];
  filter_combination?: string;
}

export interface ApiNamedExpression {
  name: string;
  expression: string;
}

export interface ApiOrder {
  op?: string;
  column?: string;
  order?: string;
}

/** Only `calculate_op` is required by the API; `op` and `value` may be left to its defaults. */
export interface ApiHaving {
  calculate_op: string;
  column?: string;
  op?: string;
  value?: number;
}

export interface ApiQuerySpec {
  calculations?: ApiCalculation[];
  calculated_fields?: ApiNamedExpression[];
  formulas?: ApiNamedExpression[];
  filters?: ApiFilter[];
  filter_combination?: string;
  breakdowns?: string[];
  orders?: ApiOrder[];
  havings?: ApiHaving[];
  limit?: number;
  time_range?: number;
  start_time?: number;
  end_time?: number;
  granularity?: number;
  compare_time_offset_seconds?: number;
  /** Newer than the vendored OpenAPI document: kept and sent as given, never dropped. */
  usage_mode?: boolean;
}

/** The API's top-level keys in the order the provider writes them (its Go `QuerySpec`). */
export const API_KEY_ORDER: ReadonlyArray<keyof ApiQuerySpec> = [
  'calculations',
  'calculated_fields',
  'formulas',
  'filters',
  'filter_combination',
  'breakdowns',
  'orders',
  'havings',
  'limit',
  'time_range',
  'start_time',
  'end_time',
  'granularity',
  'compare_time_offset_seconds',
  'usage_mode',
];

// ---- The package's shape (lowerCamelCase): getQuerySpecification's input and echo ----

export interface QueryFilter {
  column: string | null;
  op: string;
  /** Strings are coerced as the provider does (see coerceFilterValue); lists for in/not-in. */
  value?: QueryFilterValue;
}

export interface QueryCalculation {
  op: string;
  column?: string;
  name?: string;
  filters?: QueryFilter[];
  filterCombination?: string;
}

export interface QueryOrder {
  column?: string;
  op?: string;
  order?: string;
}

export interface QueryHaving {
  calculateOp: string;
  column?: string;
  op?: string;
  value?: number | string;
}

export interface QueryNamedExpression {
  name: string;
  expression: string;
}

/** Every field of the package's Query specification that is an input. */
export interface QuerySpecification {
  breakdowns?: string[];
  calculatedFields?: QueryNamedExpression[];
  calculations?: QueryCalculation[];
  /** Seconds; JSON key `compare_time_offset_seconds`. */
  compareTimeOffset?: number;
  endTime?: number;
  filterCombination?: string;
  filters?: QueryFilter[];
  formulas?: QueryNamedExpression[];
  granularity?: number;
  havings?: QueryHaving[];
  limit?: number;
  orders?: QueryOrder[];
  startTime?: number;
  timeRange?: number;
}

/** getQuerySpecification's record: the echoed fields plus `json` (and the deprecated `id`). */
export interface QuerySpecificationRecord extends QuerySpecification {
  json: string;
  /** @deprecated A hash of `json`; kept because the package lists it as required. */
  id: string;
}

/** Package (camelCase) field name → API key, for the top level. */
export const CAMEL_TO_API: Record<string, keyof ApiQuerySpec> = {
  calculations: 'calculations',
  calculatedFields: 'calculated_fields',
  formulas: 'formulas',
  filters: 'filters',
  filterCombination: 'filter_combination',
  breakdowns: 'breakdowns',
  orders: 'orders',
  havings: 'havings',
  limit: 'limit',
  timeRange: 'time_range',
  startTime: 'start_time',
  endTime: 'end_time',
  granularity: 'granularity',
  compareTimeOffset: 'compare_time_offset_seconds',
};

/** API key → camelCase name, for messages about camelCase input (nested keys included). */
export const API_TO_CAMEL: Record<string, string> = {
  ...Object.fromEntries(Object.entries(CAMEL_TO_API).map(([camel, api]) => [api, camel])),
  filter_combination: 'filterCombination',
  calculate_op: 'calculateOp',
};

/** One thing wrong with a spec: where (API key path, relative to the query) and the message. */
export interface QueryProblem {
  path: Array<string | number>;
  message: string;
  /** Warnings do not stop a run (diagnostics show them); errors do. */
  severity: 'error' | 'warning';
  /** About the key at `path` rather than its value (an unknown field). */
  onKey?: boolean;
}

export function problem(path: Array<string | number>, message: string, severity: 'error' | 'warning' = 'error'): QueryProblem {
  return { path, message, severity };
}

/** `calculations[0].column` from a path, in API or (with camel) camelCase names. */
export function pathText(path: ReadonlyArray<string | number>, camel = false): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += (out ? '.' : '') + (camel ? (API_TO_CAMEL[part] ?? part) : part);
  }
  return out || '(query)';
}
