import { isDeepStrictEqual } from 'node:util';
import { DETAIL_FILTER_OPERATORS } from '../clients/honeycomb/detailFilter';
import { InputSpec } from './operation';

/**
 * What a user types for an input, turned into the value the operation takes — or the reason it
 * is not one, shown while typing. Pure, so every type's rules are unit tested.
 *
 * - strings / numbers: comma-separated (`a, b`), or a JSON array;
 * - detailFilter: `name operator value` (`name starts-with api`), `name =~ regex` for valueRegex,
 *   or the JSON object `{ "name", "operator", "value" | "valueRegex" }`;
 * - detailFilters: several detail filters separated by `;`, or a JSON array of them;
 * - json: any JSON value.
 */
export type Parsed = { value: unknown } | { problem: string };

export function parseInput(spec: InputSpec, text: string): Parsed {
  const raw = text.trim();
  if (raw === '') return spec.required ? { problem: `${spec.name} is required.` } : { value: undefined };
  switch (spec.type) {
    case 'string':
      if (spec.choices && !spec.choices.includes(raw)) return { problem: `${spec.name} must be one of ${spec.choices.join(', ')}.` };
      return { value: raw };
    case 'number': {
      const value = Number(raw);
      return Number.isFinite(value) ? { value } : { problem: `${spec.name} must be a number; "${raw}" is not.` };
    }
    case 'boolean':
      if (/^(true|yes)$/i.test(raw)) return { value: true };
      if (/^(false|no)$/i.test(raw)) return { value: false };
      return { problem: `${spec.name} is true or false.` };
    case 'strings':
      return list(spec, raw, (item) => ({ value: item }));
    case 'numbers':
      return list(spec, raw, (item) => (Number.isFinite(Number(item)) && item !== '' ? { value: Number(item) } : { problem: `${spec.name}: "${item}" is not a number.` }));
    case 'detailFilter':
      return detailFilter(spec.name, raw);
    case 'detailFilters': {
      const json = tryJson(raw);
      const parts = Array.isArray(json)
        ? json
        : json !== undefined && isObject(json)
          ? [json]
          : raw
              .split(';')
              .map((p) => p.trim())
              .filter(Boolean);
      const filters: unknown[] = [];
      for (const [i, part] of parts.entries()) {
        const parsed = typeof part === 'string' ? detailFilter(`${spec.name}[${i}]`, part) : checkFilterObject(`${spec.name}[${i}]`, part);
        if ('problem' in parsed) return parsed;
        filters.push(parsed.value);
      }
      return { value: filters };
    }
    case 'json': {
      const json = tryJson(raw);
      // A JSON-typed input that the API takes as a JSON *string* may also be pasted as that text.
      return json === undefined ? { problem: `${spec.name} must be JSON (an object {…} or a list […]).` } : { value: json };
    }
  }
}

function list(spec: InputSpec, raw: string, each: (item: string) => Parsed): Parsed {
  const json = tryJson(raw);
  const items = Array.isArray(json)
    ? json.map(String)
    : raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  const values: unknown[] = [];
  for (const item of items) {
    const parsed = each(item);
    if ('problem' in parsed) return parsed;
    values.push(parsed.value);
  }
  return { value: values };
}

function detailFilter(label: string, raw: string): Parsed {
  const json = tryJson(raw);
  if (json !== undefined) return checkFilterObject(label, json);
  const regex = raw.match(/^(\S+)\s+=~\s+(.+)$/);
  if (regex) return checkFilterObject(label, { name: regex[1], valueRegex: regex[2] });
  const match = raw.match(/^(\S+)(?:\s+(\S+))?(?:\s+(.*))?$/);
  if (!match) return { problem: `${label}: write "name operator value", e.g. "name starts-with api".` };
  const [, name, operator, value] = match;
  if (operator === undefined) return { problem: `${label}: give an operator and a value after "${name}", e.g. "${name} equals x".` };
  if (value === undefined) return checkFilterObject(label, { name, value: operator });
  return checkFilterObject(label, { name, operator, value });
}

function checkFilterObject(label: string, value: unknown): Parsed {
  if (!isObject(value)) return { problem: `${label} must be an object with name, operator and value or valueRegex.` };
  const unknown = Object.keys(value).filter((k) => !['name', 'operator', 'value', 'valueRegex'].includes(k));
  if (unknown.length) return { problem: `${label}: "${unknown[0]}" is not a detail filter field (name, operator, value, valueRegex).` };
  if (typeof value.name !== 'string' || value.name === '') return { problem: `${label}: the filter needs a name.` };
  if (value.operator !== undefined && !DETAIL_FILTER_OPERATORS.includes(String(value.operator))) {
    return { problem: `${label}: "${String(value.operator)}" is not an operator; use one of ${DETAIL_FILTER_OPERATORS.join(', ')}.` };
  }
  if (value.value !== undefined && value.valueRegex !== undefined) return { problem: `${label}: give value or valueRegex, not both.` };
  if (value.valueRegex !== undefined) {
    try {
      new RegExp(String(value.valueRegex));
    } catch (error) {
      return { problem: `${label}: valueRegex is not a regular expression (${(error as Error).message}).` };
    }
  }
  return {
    value: Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    ),
  };
}

/**
 * How a value is shown back (the step list, the input box when it is asked again, the record's
 * inputs, the recent inputs): as the user would type it — `a, b` for a list, `channel =~ ^api\.v1`
 * for a detail filter, the JSON itself for JSON — so nothing comes back escaped twice. A form
 * that would not read back as the same value (a list item with a comma) falls back to JSON.
 */
export function describeValue(spec: InputSpec, value: unknown): string {
  if (spec.secret) return '••••••••';
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  const typed = typedForm(spec, value);
  if (typed !== undefined && readsBackAs(spec, typed, value)) return typed;
  return JSON.stringify(value);
}

function typedForm(spec: InputSpec, value: unknown): string | undefined {
  switch (spec.type) {
    case 'number':
    case 'boolean':
      return String(value);
    case 'strings':
    case 'numbers':
      return Array.isArray(value) ? value.map(String).join(', ') : undefined;
    case 'detailFilter':
      return filterWords(value);
    case 'detailFilters': {
      if (!Array.isArray(value)) return undefined;
      const words = value.map(filterWords);
      return words.every((w): w is string => w !== undefined) ? words.join('; ') : undefined;
    }
    default:
      return undefined;
  }
}

/** `name operator value` or `name =~ regex`, the words the filter box reads. */
function filterWords(filter: unknown): string | undefined {
  if (!isObject(filter)) return undefined;
  const { name, operator, value, valueRegex } = filter;
  if (valueRegex !== undefined) return `${String(name)} =~ ${String(valueRegex)}`;
  return [name, operator, value].filter((part) => part !== undefined).join(' ');
}

function readsBackAs(spec: InputSpec, text: string, value: unknown): boolean {
  const parsed = parseInput(spec, text);
  return !('problem' in parsed) && isDeepStrictEqual(parsed.value, value);
}

function tryJson(raw: string): unknown {
  if (!/^[[{"]/.test(raw)) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
