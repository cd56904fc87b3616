import {
  API_TO_CAMEL,
  ApiCalculation,
  ApiFilter,
  ApiHaving,
  ApiNamedExpression,
  ApiOrder,
  ApiQuerySpec,
  CAMEL_TO_API,
  CALCULATION_OPS,
  FILTER_COMBINATIONS,
  FILTER_OPS,
  FilterScalar,
  QueryFilterValue,
  HAVING_CALCULATE_OPS,
  HAVING_OPS,
  QueryProblem,
  SORT_ORDERS,
  filterOpIsTextual,
  filterOpTakesList,
  problem,
} from './querySpec';

/**
 * Strict reading of a query specification, before the rules of queryRules.ts: unknown fields
 * are refused (the provider decodes `query_json` strictly too), every value must have its
 * type, and operators must be known. Two inputs share it:
 * - the API's snake_case JSON (query files, getQueryResult's `queryJson`), read as is;
 * - getQuerySpecification's lowerCamelCase fields, renamed first and, like the provider's
 *   string attributes, with filter and having values coerced from text.
 * Every problem carries the path of the offending value, in API key names.
 */

export interface DecodeOptions {
  /** Name fields in messages as the package does (`timeRange`) rather than the API (`time_range`). */
  camel?: boolean;
  /** Coerce string filter/having values like the provider (camelCase package input only). */
  coerce?: boolean;
}

export interface Decoded {
  query: ApiQuerySpec;
  problems: QueryProblem[];
}

type Path = Array<string | number>;

const TOP_KEYS = new Set(Object.values(CAMEL_TO_API));
const CALCULATION_KEYS = ['op', 'column', 'name', 'filters', 'filter_combination'];
const FILTER_KEYS = ['column', 'op', 'value', 'join_column'];
const ORDER_KEYS = ['op', 'column', 'order'];
const HAVING_KEYS = ['calculate_op', 'column', 'op', 'value'];
const NAMED_KEYS = ['name', 'expression'];

class Reader {
  readonly problems: QueryProblem[] = [];

  constructor(private readonly options: DecodeOptions) {}

  name(key: string): string {
    return this.options.camel ? (API_TO_CAMEL[key] ?? key) : key;
  }

  fail(path: Path, message: string): undefined {
    this.problems.push(problem(path, message));
    return undefined;
  }

  isObject(value: unknown): value is Record<string, unknown> {
    return !!value && typeof value === 'object' && !Array.isArray(value);
  }

  object(value: unknown, path: Path, what: string, allowed: readonly string[]): Record<string, unknown> | undefined {
    if (!this.isObject(value)) return this.fail(path, `${what} must be an object`);
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key))
        this.problems.push({
          ...problem(
            [...path, key],
            unknownField(
              key,
              allowed.map((k) => this.name(k)),
            ),
          ),
          onKey: true,
        });
    }
    return value;
  }

  list<T>(value: unknown, path: Path, key: string, item: (v: unknown, p: Path) => T | undefined): T[] | undefined {
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value)) return this.fail(path, `${this.name(key)} must be a list`);
    const out: T[] = [];
    value.forEach((v, i) => {
      const read = item(v, [...path, i]);
      if (read !== undefined) out.push(read);
    });
    return out;
  }

  text(value: unknown, path: Path, key: string, required = false): string | undefined {
    if (value === undefined || value === null) return required ? this.fail(path, `${this.name(key)} is required`) : undefined;
    if (typeof value !== 'string') return this.fail(path, `${this.name(key)} must be a string`);
    if (required && value.trim() === '') return this.fail(path, `${this.name(key)} is required`);
    return value;
  }

  choice(value: unknown, path: Path, key: string, allowed: readonly string[], what: string, required = false): string | undefined {
    const text = this.text(value, path, key, required);
    if (text === undefined) return undefined;
    if (!allowed.includes(text)) {
      const upper = allowed.find((a) => a.toLowerCase() === text.toLowerCase());
      return this.fail(path, `"${text}" is not ${what}${upper ? `; did you mean "${upper}"?` : `; use one of ${allowed.join(', ')}`}`);
    }
    return text;
  }

  integer(value: unknown, path: Path, key: string): number | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value))
      return this.fail(path, `${this.name(key)} must be a whole number of ${key === 'limit' ? 'results' : 'seconds'}, not ${JSON.stringify(value)}`);
    return value;
  }
}

function unknownField(key: string, allowed: string[]): string {
  const guess = closest(key, allowed);
  return `unknown field "${key}"${guess ? `; did you mean "${guess}"?` : `; allowed here: ${allowed.join(', ')}`}`;
}

/** The allowed name closest to a typo (plural/singular, snake/camel, one or two letters off). */
function closest(key: string, allowed: string[]): string | undefined {
  const squash = (s: string) => s.toLowerCase().replace(/[_-]/g, '');
  const k = squash(key);
  let best: { name: string; distance: number } | undefined;
  for (const name of allowed) {
    const n = squash(name);
    const d = n === k ? 0 : n.startsWith(k) || k.startsWith(n) ? Math.abs(n.length - k.length) : editDistance(n, k);
    if (d <= Math.max(2, Math.floor(n.length / 4)) && (!best || d < best.distance)) best = { name, distance: d };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const saved = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = saved;
    }
  }
  return row[b.length];
}

/**
 * The provider's coercion of a text value (its attributes are strings): a list for in/not-in
 * (split on ","), always a string for the text operators, else an integer, a float, a boolean
 * (Go's ParseBool: 1/t/T/TRUE/true/True and their false forms; "1" and "0" are integers first)
 * or the string itself.
 */
export function coerceFilterValue(op: string, value: QueryFilterValue): QueryFilterValue {
  if (filterOpTakesList(op)) {
    const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
    return items.map((item) => (typeof item === 'string' ? coerceScalar(item) : item));
  }
  if (Array.isArray(value)) return value;
  if (filterOpIsTextual(op)) return String(value);
  return typeof value === 'string' ? coerceScalar(value) : value;
}

function coerceScalar(text: string): FilterScalar {
  if (/^[+-]?\d+$/.test(text) && Number.isSafeInteger(Number(text))) return Number(text);
  if (/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(text) && Number.isFinite(Number(text))) return Number(text);
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(text)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(text)) return false;
  return text;
}

function isScalar(value: unknown): value is FilterScalar {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function readFilter(r: Reader, value: unknown, path: Path, coerce: boolean): ApiFilter | undefined {
  const raw = r.object(value, path, 'a filter', FILTER_KEYS);
  if (!raw) return undefined;
  // The document requires the key but allows null; only a missing or empty column is refused.
  const column = raw.column === null ? null : r.text(raw.column, [...path, 'column'], 'column', true);
  const joinColumn = r.text(raw.join_column, [...path, 'join_column'], 'join_column');
  const op = r.choice(raw.op, [...path, 'op'], 'op', FILTER_OPS, 'a filter operator', true);
  let v = raw.value;
  if (v !== undefined && v !== null) {
    const ok = isScalar(v) || (Array.isArray(v) && v.every(isScalar));
    if (!ok) {
      r.fail([...path, 'value'], 'value must be a string, a number, a boolean or a list of them');
      v = undefined;
    } else if (coerce && op) {
      v = coerceFilterValue(op, v as QueryFilterValue);
    }
  }
  if (column === undefined || op === undefined) return undefined;
  const out: ApiFilter = { column, op };
  if (v !== undefined && v !== null) out.value = v as QueryFilterValue;
  if (joinColumn !== undefined && joinColumn !== '') out.join_column = joinColumn;
  return out;
}

function readCalculation(r: Reader, value: unknown, path: Path, coerce: boolean): ApiCalculation | undefined {
  const raw = r.object(value, path, 'a calculation', CALCULATION_KEYS);
  if (!raw) return undefined;
  const op = r.choice(raw.op, [...path, 'op'], 'op', CALCULATION_OPS, 'a calculation operator', true);
  const column = r.text(raw.column, [...path, 'column'], 'column');
  const name = r.text(raw.name, [...path, 'name'], 'name');
  const filters = r.list(raw.filters, [...path, 'filters'], 'filters', (v, p) => readFilter(r, v, p, coerce));
  const combination = r.choice(raw.filter_combination, [...path, 'filter_combination'], 'filter_combination', FILTER_COMBINATIONS, 'a filter combination');
  if (op === undefined) return undefined;
  const out: ApiCalculation = { op };
  if (column !== undefined && column !== '') out.column = column;
  if (name !== undefined && name !== '') out.name = name;
  if (filters && filters.length > 0) out.filters = filters;
  if (combination !== undefined) out.filter_combination = combination;
  return out;
}

function readOrder(r: Reader, value: unknown, path: Path): ApiOrder | undefined {
  const raw = r.object(value, path, 'an order', ORDER_KEYS);
  if (!raw) return undefined;
  const out: ApiOrder = {};
  const op = r.choice(raw.op, [...path, 'op'], 'op', CALCULATION_OPS, 'a calculation operator');
  const column = r.text(raw.column, [...path, 'column'], 'column');
  const order = r.choice(raw.order, [...path, 'order'], 'order', SORT_ORDERS, 'a sort order');
  if (op !== undefined) out.op = op;
  if (column !== undefined && column !== '') out.column = column;
  if (order !== undefined) out.order = order;
  return out;
}

function readHaving(r: Reader, value: unknown, path: Path, coerce: boolean): ApiHaving | undefined {
  const raw = r.object(value, path, 'a having', HAVING_KEYS);
  if (!raw) return undefined;
  const calculateOp = r.choice(raw.calculate_op, [...path, 'calculate_op'], 'calculate_op', HAVING_CALCULATE_OPS, 'an operator a having can use', true);
  const column = r.text(raw.column, [...path, 'column'], 'column');
  // Only calculate_op is required (the document's schema); op and value fall to the API's defaults.
  const op = r.choice(raw.op, [...path, 'op'], 'op', HAVING_OPS, 'a having operator');
  let v: unknown = raw.value;
  // The provider's having value is always a float; its attribute is text that must parse as one.
  if (coerce && typeof v === 'string' && /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/.test(v)) v = Number(v);
  const badValue = v !== undefined && v !== null && (typeof v !== 'number' || !Number.isFinite(v));
  if (badValue) r.fail([...path, 'value'], `value must be a number, not ${JSON.stringify(v)}`);
  if (calculateOp === undefined || badValue || (raw.op !== undefined && op === undefined)) return undefined;
  const out: ApiHaving = { calculate_op: calculateOp };
  if (column !== undefined && column !== '') out.column = column;
  if (op !== undefined) out.op = op;
  if (typeof v === 'number') out.value = v;
  return out;
}

function readNamed(r: Reader, value: unknown, path: Path, what: string): ApiNamedExpression | undefined {
  const raw = r.object(value, path, what, NAMED_KEYS);
  if (!raw) return undefined;
  const name = r.text(raw.name, [...path, 'name'], 'name', true);
  const expression = r.text(raw.expression, [...path, 'expression'], 'expression', true);
  return name === undefined || expression === undefined ? undefined : { name, expression };
}

/**
 * Reads a spec in the API's shape. `id` (what the API adds to a stored query) is accepted and
 * dropped; anything else unknown is a problem.
 */
export function decodeApiQuery(value: unknown, options: DecodeOptions = {}): Decoded {
  const r = new Reader(options);
  const coerce = options.coerce === true;
  // usage_mode is newer than the vendored document: accepted from the API's JSON and kept.
  const raw = r.object(value, [], 'the query specification', [...TOP_KEYS, 'id', 'usage_mode']);
  if (!raw) return { query: {}, problems: r.problems };
  const q: ApiQuerySpec = {};
  const set = <K extends keyof ApiQuerySpec>(key: K, v: ApiQuerySpec[K] | undefined) => {
    if (v !== undefined) q[key] = v;
  };
  set(
    'calculations',
    r.list(raw.calculations, ['calculations'], 'calculations', (v, p) => readCalculation(r, v, p, coerce)),
  );
  set(
    'calculated_fields',
    r.list(raw.calculated_fields, ['calculated_fields'], 'calculated_fields', (v, p) => readNamed(r, v, p, 'a calculated field')),
  );
  set(
    'formulas',
    r.list(raw.formulas, ['formulas'], 'formulas', (v, p) => readNamed(r, v, p, 'a formula')),
  );
  set(
    'filters',
    r.list(raw.filters, ['filters'], 'filters', (v, p) => readFilter(r, v, p, coerce)),
  );
  set('filter_combination', r.choice(raw.filter_combination, ['filter_combination'], 'filter_combination', FILTER_COMBINATIONS, 'a filter combination'));
  set(
    'breakdowns',
    r.list(raw.breakdowns, ['breakdowns'], 'breakdowns', (v, p) => r.text(v, p, 'a breakdown', true)),
  );
  set(
    'orders',
    r.list(raw.orders, ['orders'], 'orders', (v, p) => readOrder(r, v, p)),
  );
  set(
    'havings',
    r.list(raw.havings, ['havings'], 'havings', (v, p) => readHaving(r, v, p, coerce)),
  );
  for (const key of ['limit', 'time_range', 'start_time', 'end_time', 'granularity', 'compare_time_offset_seconds'] as const) {
    set(key, r.integer(raw[key], [key], key));
  }
  if (raw.usage_mode !== undefined && raw.usage_mode !== null) {
    if (typeof raw.usage_mode === 'boolean') q.usage_mode = raw.usage_mode;
    else r.fail(['usage_mode'], `usage_mode must be true or false, not ${JSON.stringify(raw.usage_mode)}`);
  }
  return { query: q, problems: r.problems };
}

/** Package (camelCase) nested keys → API keys. */
const NESTED_CAMEL: Record<string, string> = { filterCombination: 'filter_combination', calculateOp: 'calculate_op' };

/**
 * Reads getQuerySpecification's lowerCamelCase input: renames every key to the API's (unknown
 * ones are reported by their own name) and decodes with the provider's value coercion.
 */
export function decodeSeedInput(input: unknown): Decoded {
  const renameProblems: QueryProblem[] = [];
  const rename = (value: unknown, path: Path, top: boolean): unknown => {
    if (Array.isArray(value)) return value.map((v, i) => rename(v, [...path, i], false));
    if (!value || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      // The outputs `json` and (deprecated) `id` may come back in as inputs; they are ignored.
      if (top && (key === 'json' || key === 'id')) continue;
      let target: string | undefined;
      if (top) target = CAMEL_TO_API[key];
      else if (/[A-Z]/.test(key)) target = NESTED_CAMEL[key];
      else target = Object.values(NESTED_CAMEL).includes(key) ? undefined : key;
      if (target === undefined) {
        const allowed = top ? Object.keys(CAMEL_TO_API) : [];
        // Reported on the containing object: a camelCase name shown for the key would mislead.
        renameProblems.push(problem(path, top ? unknownField(key, allowed) : `unknown field "${key}"`));
        continue;
      }
      // Only breakdowns, filters, havings… hold nested objects whose keys need renaming.
      out[target] = key === 'breakdowns' ? v : rename(v, [...path, target], false);
    }
    return out;
  };
  const renamed = input && typeof input === 'object' && !Array.isArray(input) ? rename(input, [], true) : input;
  const decoded = decodeApiQuery(renamed, { camel: true, coerce: true });
  return { query: decoded.query, problems: [...renameProblems, ...decoded.problems] };
}
