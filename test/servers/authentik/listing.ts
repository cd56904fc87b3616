/**
 * How authentik lists answer (authentik/api/pagination.py + DRF + django-filter):
 * - `page` is 1-based; a page past the end (or not a number) is 404 `{"detail": "Invalid page."}`;
 * - `page_size` defaults to 20, is capped at 100, and a bad value falls back to the default;
 * - the body is `{pagination: {next, previous, count, current, total_pages, start_index,
 *   end_index}, results, autocomplete}` with `next`/`previous` page numbers, 0 when none;
 * - `search` is a DjangoQL expression where the endpoint supports it (`username = "x"`,
 *   `name ~ "eng"`), else a case-insensitive substring match over the search fields;
 * - `ordering` is a comma-separated list of fields, `-` for descending; unknown fields are ignored;
 * - boolean filters take true/false, and a model-choice filter given an unknown value fails the
 *   whole request with 400 under the filter's name.
 */
import type { StandInRequest, StandInResponse } from '../core/types';
import { detail } from './errors';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export function json(body: unknown, status = 200): StandInResponse {
  return { status, headers: { 'Content-Type': 'application/json' }, body };
}

/** A 400 in DRF's field-error shape. */
export function fieldError(field: string, ...messages: string[]): StandInResponse {
  return json({ [field]: messages }, 400);
}

export class BadFilter extends Error {
  constructor(readonly response: StandInResponse) {
    super('bad filter');
  }
}

/** Typed reading of query parameters; invalid values throw a BadFilter with authentik's 400. */
export class Query {
  constructor(private readonly params: URLSearchParams) {}

  str(name: string): string | undefined {
    const v = this.params.get(name);
    return v === null || v === '' ? undefined : v;
  }

  all(name: string): string[] {
    return this.params.getAll(name).filter((v) => v !== '');
  }

  bool(name: string): boolean | undefined {
    const v = this.str(name);
    if (v === undefined) return undefined;
    if (['true', 'True', '1'].includes(v)) return true;
    if (['false', 'False', '0'].includes(v)) return false;
    throw new BadFilter(fieldError(name, 'Select a valid choice. That choice is not one of the available choices.'));
  }

  /** Flags such as include_users default to true unless set to false. */
  flag(name: string, fallback: boolean): boolean {
    return this.bool(name) ?? fallback;
  }

  int(name: string): number | undefined {
    const v = this.str(name);
    if (v === undefined) return undefined;
    if (!/^-?\d+$/.test(v)) throw new BadFilter(fieldError(name, 'Enter a number.'));
    return Number(v);
  }

  ints(name: string): number[] {
    return this.all(name).map((v) => {
      if (!/^-?\d+$/.test(v)) throw new BadFilter(fieldError(name, `Select a valid choice. ${v} is not one of the available choices.`));
      return Number(v);
    });
  }

  /** The `attributes` filter: a JSON object whose keys are Django lookups on the JSON field. */
  attributes(name = 'attributes'): Record<string, unknown> | undefined {
    const v = this.str(name);
    if (v === undefined) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      throw new BadFilter(fieldError(name, 'filter: failed to parse JSON'));
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BadFilter(fieldError(name, 'filter: value must be key:value mapping'));
    return parsed as Record<string, unknown>;
  }
}

/** Matches the JSON attributes of an object against an `attributes` filter (`key`, `key__icontains`, nested `a__b`). */
export function matchesAttributes(attributes: Record<string, unknown>, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, wanted]) => {
    const parts = key.split('__');
    const lookups = ['icontains', 'contains', 'iexact', 'exact', 'startswith', 'isnull'];
    const lookup = lookups.includes(parts[parts.length - 1]) ? parts.pop()! : 'exact';
    let value: unknown = attributes;
    for (const part of parts) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    switch (lookup) {
      case 'icontains':
        return typeof value === 'string' && value.toLowerCase().includes(String(wanted).toLowerCase());
      case 'contains':
        return typeof value === 'string' ? value.includes(String(wanted)) : Array.isArray(value) && value.includes(wanted);
      case 'iexact':
        return typeof value === 'string' && value.toLowerCase() === String(wanted).toLowerCase();
      case 'startswith':
        return typeof value === 'string' && value.startsWith(String(wanted));
      case 'isnull':
        return (value === undefined || value === null) === Boolean(wanted);
      default:
        return JSON.stringify(value) === JSON.stringify(wanted);
    }
  });
}

export type FieldMap<T> = Record<string, (item: T) => string | number | boolean | null | undefined>;

/**
 * Server-side search. A DjangoQL comparison (`field = "x"`, `field != "x"`, `field ~ "x"`,
 * joined by `and`) over the QL fields when it parses, else a substring over the search fields.
 */
export function search<T>(items: T[], text: string | undefined, searchFields: FieldMap<T>, qlFields?: FieldMap<T>): T[] {
  if (!text) return items;
  const ql = qlFields ? parseQl(text, qlFields) : undefined;
  if (ql)
    return items.filter((item) =>
      ql.every(({ field, op, value }) => {
        const actual = String(qlFields![field](item) ?? '');
        return op === '=' ? actual === value : op === '!=' ? actual !== value : actual.toLowerCase().includes(value.toLowerCase());
      }),
    );
  const needle = text.toLowerCase();
  const getters = Object.values(searchFields);
  return items.filter((item) =>
    getters.some((get) =>
      String(get(item) ?? '')
        .toLowerCase()
        .includes(needle),
    ),
  );
}

function parseQl<T>(text: string, fields: FieldMap<T>): Array<{ field: string; op: string; value: string }> | undefined {
  const clauses = text.split(/\s+and\s+/i);
  const parsed = clauses.map((clause) => /^\s*([a-z_]+)\s*(=|!=|~)\s*"((?:[^"\\]|\\.)*)"\s*$/i.exec(clause));
  if (parsed.some((m) => !m || !(m[1] in fields))) return undefined;
  return parsed.map((m) => ({ field: m![1], op: m![2], value: m![3].replace(/\\(.)/g, '$1') }));
}

export function order<T>(items: T[], ordering: string | undefined, fields: FieldMap<T>, fallback: string): T[] {
  const keys = (ordering ?? fallback)
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k.replace(/^-/, '') in fields);
  if (keys.length === 0) keys.push(fallback);
  const getters = keys.map((k) => ({ get: fields[k.replace(/^-/, '')], sign: k.startsWith('-') ? -1 : 1 }));
  return [...items].sort((a, b) => {
    for (const { get, sign } of getters) {
      const x = get(a);
      const y = get(b);
      if (x === y) continue;
      if (x === null || x === undefined) return sign;
      if (y === null || y === undefined) return -sign;
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * sign;
    }
    return 0;
  });
}

/** One page of `items` in authentik's envelope; only the page's items are serialised. */
export function paginate<T>(req: StandInRequest, items: T[], serialize: (item: T) => unknown): StandInResponse {
  const sizeText = req.query.get('page_size');
  const size = sizeText && /^\d+$/.test(sizeText) && Number(sizeText) > 0 ? Math.min(Number(sizeText), MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  const pageText = req.query.get('page') ?? '1';
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  const page = pageText === 'last' ? totalPages : /^\d+$/.test(pageText) ? Number(pageText) : NaN;
  if (!Number.isInteger(page) || page < 1 || page > totalPages) return detail(404, 'Invalid page.');
  const start = (page - 1) * size;
  const slice = items.slice(start, start + size);
  return json({
    pagination: {
      next: page < totalPages ? page + 1 : 0,
      previous: page > 1 ? page - 1 : 0,
      count: items.length,
      current: page,
      total_pages: totalPages,
      start_index: items.length === 0 ? 0 : start + 1,
      end_index: start + slice.length,
    },
    results: slice.map(serialize),
    autocomplete: {},
  });
}

/** Exact-match filters: each given parameter must equal the field (several values are OR-ed). */
export function filterExact<T>(items: T[], query: Query, fields: FieldMap<T>): T[] {
  let out = items;
  for (const [name, get] of Object.entries(fields)) {
    const values = query.all(name);
    if (values.length === 0) continue;
    // Boolean filters reject anything but true/false (BadFilter with authentik's 400).
    if (out.length > 0 && typeof get(out[0]) === 'boolean') query.bool(name);
    out = out.filter((item) => {
      const actual = get(item);
      return values.some((v) => (typeof actual === 'boolean' ? ['true', 'True', '1'].includes(v) === actual : String(actual ?? '') === v));
    });
  }
  return out;
}
