import { badInput } from '../../core/errors';
import { SERVICE } from './api';

/**
 * `detailFilters` / `detailFilter` of getDatasets, getEnvironment(s) and getSlos, with the
 * semantics of the Terraform provider's detail filters (`internal/helper/filter` in its source):
 *
 * - several filters are AND-ed; no filter matches everything;
 * - `name` is matched against the record's fields case-insensitively, ignoring underscores
 *   (`expand_json_depth` ≡ `expandJsonDepth`); an unknown field makes the filter fail;
 * - the field's value is turned into a string first (see `stringify`) and then compared with
 *   the operator (default: equals); `valueRegex`, when set, replaces the operator with an
 *   unanchored regular-expression match.
 *
 * Where the provider's code contradicts what its data sources document, we do what the
 * documentation means, and say so at the spot (each choice has a unit test):
 * - CHOICE float: a float field (an SLO's targetPercentage) is written in its shortest decimal
 *   form ("99.9", not Go's "%f" "99.900000"), and `equals` / `not-equals` on a number field
 *   (float or integer) compare numerically when both sides are numbers, so
 *   `targetPercentage = 99.9` matches as a user expects (and so does "99.900000", or "30.0"
 *   for a 30-day time period).
 * - CHOICE does-not-exist: matches a field that is absent, null or empty; the provider never
 *   matches an absent field, which makes the operator useless for the fields that can be absent.
 * - CHOICE tags: pairs are joined in the API's order (stable), not Go's random map order.
 */

export interface DetailFilter {
  /** The record field to test, e.g. `name`, `tags`, `target_percentage`. */
  name: string;
  value?: string;
  /** A regular expression, matched anywhere in the value (anchor with ^…$ for whole values). */
  valueRegex?: string;
  /** Default `equals`; see OPERATORS. `contains` is the one used with `tags`. */
  operator?: string;
}

/** A record field as the filters see it: its kind decides how it is written as a string. */
export type FilterValue =
  | { kind: 'string'; value: string | null | undefined }
  | { kind: 'integer'; value: number | null | undefined }
  | { kind: 'float'; value: number | null | undefined }
  | { kind: 'boolean'; value: boolean | null | undefined }
  | { kind: 'set'; value: readonly string[] | null | undefined }
  | { kind: 'tags'; value: Readonly<Record<string, string>> | null | undefined };

/** The fields a filter may name, keyed by any spelling (normalised on lookup). */
export type FilterModel = Record<string, FilterValue>;

type Comparison = (field: string, value: string, numeric: boolean) => boolean;

const equals: Comparison = (f, v, numeric) => (numeric && isNumber(f) && isNumber(v) ? Number(f) === Number(v) : f === v);
const greater =
  (test: (a: number, b: number) => boolean): Comparison =>
  (f, v) =>
    isNumber(f) && isNumber(v) && test(Number(f), Number(v));

/** Every operator spelling the provider accepts, mapped to its meaning. */
const OPERATORS: Record<string, Comparison> = {
  '': equals,
  equals,
  '=': equals,
  eq: equals,
  'not-equals': (f, v, n) => !equals(f, v, n),
  '!=': (f, v, n) => !equals(f, v, n),
  ne: (f, v, n) => !equals(f, v, n),
  // `in` is a substring test, not list membership: the provider's meaning, kept.
  contains: (f, v) => f.includes(v),
  in: (f, v) => f.includes(v),
  'does-not-contain': (f, v) => !f.includes(v),
  'not-in': (f, v) => !f.includes(v),
  'starts-with': (f, v) => f.startsWith(v),
  'does-not-start-with': (f, v) => !f.startsWith(v),
  'ends-with': (f, v) => f.endsWith(v),
  'does-not-end-with': (f, v) => !f.endsWith(v),
  '>': greater((a, b) => a > b),
  gt: greater((a, b) => a > b),
  '>=': greater((a, b) => a >= b),
  ge: greater((a, b) => a >= b),
  '<': greater((a, b) => a < b),
  lt: greater((a, b) => a < b),
  '<=': greater((a, b) => a <= b),
  le: greater((a, b) => a <= b),
};

const DOES_NOT_EXIST = 'does-not-exist';

export const DETAIL_FILTER_OPERATORS: readonly string[] = [...Object.keys(OPERATORS).filter(Boolean), DOES_NOT_EXIST];

/** Go's ParseFloat accepts plain decimals and exponents, nothing around them. */
function isNumber(text: string): boolean {
  return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text);
}

function normalise(name: string): string {
  return name.toLowerCase().replace(/_/g, '');
}

/** How the provider writes each kind of field before comparing (with CHOICE float and tags). */
export function stringify(field: FilterValue): string {
  switch (field.kind) {
    case 'string':
      return field.value ?? '';
    case 'integer':
      return field.value === null || field.value === undefined ? '<null>' : String(Math.trunc(field.value));
    case 'float':
      // CHOICE float: shortest round-trip decimal ("99.9"), where the provider prints "99.900000".
      return field.value === null || field.value === undefined ? '<null>' : String(field.value);
    case 'boolean':
      return field.value === null || field.value === undefined ? '<null>' : String(field.value);
    case 'set':
      // The framework's debug form of a set of strings: ["a","b"].
      return JSON.stringify([...(field.value ?? [])]);
    case 'tags':
      // CHOICE tags: API order, so the same tags always give the same string.
      return Object.entries(field.value ?? {})
        .map(([key, value]) => `${key}:${value}`)
        .join(',');
  }
}

function isAbsent(field: FilterValue | undefined): boolean {
  if (!field || field.value === null || field.value === undefined) {
    return true;
  }
  if (field.kind === 'set') return field.value.length === 0;
  if (field.kind === 'tags') return Object.keys(field.value).length === 0;
  return field.kind === 'string' && field.value === '';
}

/**
 * Refuses malformed filters by name before anything is requested: a filter without a name,
 * `value` together with `valueRegex`, an unknown operator, a regular expression that does not
 * compile.
 */
export function checkDetailFilters(operation: string, filters: readonly DetailFilter[] | undefined, inputName = 'detailFilters'): void {
  (filters ?? []).forEach((filter, index) => {
    const where = filters && filters.length > 1 ? `${inputName}[${index}]` : inputName;
    if (!filter || typeof filter !== 'object') {
      throw badInput(SERVICE, operation, `${where} must be an object with a name`);
    }
    if (typeof filter.name !== 'string' || filter.name.trim() === '') {
      throw badInput(SERVICE, operation, `${where}.name is required`, 'Name the field to filter on, e.g. "name" or "tags".');
    }
    if (filter.value !== undefined && filter.valueRegex !== undefined) {
      throw badInput(SERVICE, operation, `${where} sets both value and valueRegex`, 'Use one of them.');
    }
    const operator = (filter.operator ?? '').trim().toLowerCase();
    if (!(operator in OPERATORS) && operator !== DOES_NOT_EXIST) {
      throw badInput(SERVICE, operation, `${where}.operator "${filter.operator}" is not an operator`, `Use one of ${DETAIL_FILTER_OPERATORS.join(', ')}.`);
    }
    if (filter.valueRegex !== undefined) {
      compileRegex(operation, where, filter.valueRegex);
    }
  });
}

/**
 * An RE2 pattern as a JavaScript RegExp. The two dialects agree on everything users write in
 * filters except RE2's leading flag group `(?i)`, which is translated to the `i` flag.
 */
function compileRegex(operation: string, where: string, pattern: string): RegExp {
  const flags = /^\(\?([ims]+)\)/.exec(pattern);
  try {
    return flags ? new RegExp(pattern.slice(flags[0].length), [...new Set(flags[1])].join('')) : new RegExp(pattern);
  } catch (error) {
    throw badInput(SERVICE, operation, `${where}.valueRegex is not a valid regular expression (${(error as Error).message})`);
  }
}

const regexCache = new Map<string, RegExp>();

function regexFor(pattern: string): RegExp {
  let regex = regexCache.get(pattern);
  if (!regex) {
    regex = compileRegex('detailFilter', 'detailFilter', pattern);
    if (regexCache.size > 100) regexCache.clear();
    regexCache.set(pattern, regex);
  }
  return regex;
}

/** Whether one record passes one filter. Call checkDetailFilters first for clear errors. */
export function matchesDetailFilter(model: FilterModel, filter: DetailFilter): boolean {
  const wanted = normalise(filter.name);
  const key = Object.keys(model).find((k) => normalise(k) === wanted);
  if (key === undefined) {
    // The provider's rule: a filter on a field the record does not have matches nothing.
    return false;
  }
  const field = model[key];
  const operator = (filter.operator ?? '').trim().toLowerCase();
  if (filter.valueRegex !== undefined) {
    return regexFor(filter.valueRegex).test(stringify(field));
  }
  if (operator === DOES_NOT_EXIST) {
    // CHOICE does-not-exist: absent, null or empty all count as "does not exist".
    return isAbsent(field);
  }
  const compare = OPERATORS[operator];
  if (!compare) {
    return false;
  }
  // CHOICE float: numbers compare as numbers under equals / not-equals.
  return compare(stringify(field), filter.value ?? '', field.kind === 'float' || field.kind === 'integer');
}

/** All filters must pass (AND); no filters pass everything. */
export function matchesDetailFilters(model: FilterModel, filters: readonly DetailFilter[] | undefined): boolean {
  return (filters ?? []).every((filter) => matchesDetailFilter(model, filter));
}
