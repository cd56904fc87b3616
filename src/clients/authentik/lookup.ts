import { ServiceError, isServiceError } from '../../core/errors';
import { ListPage, SERVICE } from './api';

/**
 * The rules every data-source lookup shares. A lookup must find exactly one object: none is a
 * "not found" error and several is an error too (the Terraform provider silently takes the
 * first match in most lookups; an editor should say the lookup is ambiguous). Both errors name
 * the lookup and the inputs it was given.
 */

export type LookupInputs = Record<string, unknown>;

/** `name="Engineering", includeUsers=false` — the inputs that were given, in the provider's names. */
export function describeInputs(inputs: LookupInputs): string {
  const parts = Object.entries(inputs)
    .filter(([, value]) => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0))
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return parts.length > 0 ? parts.join(', ') : 'no inputs';
}

export function notFoundError(operation: string, noun: string, inputs: LookupInputs, hint?: string): ServiceError {
  return new ServiceError({
    kind: 'notFound',
    service: SERVICE,
    operation,
    summary: `no ${noun} matches ${describeInputs(inputs)}`,
    hint: hint ?? 'Filters are exact and case-sensitive; check the spelling, or browse the authentik view to find the object.',
  });
}

export function severalError(operation: string, noun: string, inputs: LookupInputs, count: number, names: string[]): ServiceError {
  const shown = names
    .slice(0, 5)
    .map((n) => `"${n}"`)
    .join(', ');
  return new ServiceError({
    kind: 'badInput',
    service: SERVICE,
    operation,
    summary: `more than one ${noun} found for ${describeInputs(inputs)} (${count.toLocaleString('en-US')} matches${shown ? `: ${shown}${count > 5 ? ', …' : ''}` : ''})`,
    hint: 'A lookup needs exactly one match; add an input that tells them apart (an ID, slug or exact name).',
  });
}

export function badLookupInput(operation: string, summary: string, hint?: string): ServiceError {
  return new ServiceError({ kind: 'badInput', service: SERVICE, operation, summary, hint });
}

/** The single match of a lookup's first page (fetched with a page size above 1). */
export function exactlyOne<T>(operation: string, noun: string, inputs: LookupInputs, page: ListPage<T> | T[], nameOf: (item: T) => string): T {
  const items = Array.isArray(page) ? page : page.items;
  const count = Array.isArray(page) ? page.length : Math.max(page.count, items.length);
  if (items.length === 0) {
    throw notFoundError(operation, noun, inputs);
  }
  if (count > 1 || items.length > 1) {
    throw severalError(operation, noun, inputs, count, items.map(nameOf));
  }
  return items[0];
}

/** Exactly one of these inputs must be given (e.g. getGroup's `pk` or `name`). */
export function oneOf(operation: string, inputs: LookupInputs, keys: string[]): string {
  const given = keys.filter((key) => inputs[key] !== undefined && inputs[key] !== null && inputs[key] !== '');
  if (given.length !== 1) {
    throw badLookupInput(operation, given.length === 0 ? `give one of ${keys.join(' or ')}` : `give only one of ${keys.join(' or ')} (got ${given.join(' and ')})`);
  }
  return given[0];
}

/** Turns a 404 of a retrieve-by-ID into the lookup's own "not found" error. */
export async function orNotFound<T>(operation: string, noun: string, inputs: LookupInputs, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isServiceError(error) && error.kind === 'notFound') {
      throw notFoundError(operation, noun, inputs, error.serverMessage ? `The server said: "${error.serverMessage}".` : undefined);
    }
    throw error;
  }
}

/** JSON-valued attributes are JSON strings in the provider's outputs (`attributes`, `settings`, `kubeconfig`). */
export function jsonString(value: unknown): string {
  // Most attributes are empty; skipping the serialiser for them matters on 100,000 members.
  if (value === undefined || value === null || (typeof value === 'object' && isEmpty(value))) return '{}';
  return JSON.stringify(value);
}

function isEmpty(value: object): boolean {
  for (const _key in value) return false;
  return !Array.isArray(value);
}

/** A JSON-object input (`attributes` filter): checked before any request, so a typo is named at once. */
export function jsonObjectInput(operation: string, field: string, text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badLookupInput(operation, `${field} is not valid JSON (${(error as Error).message})`, `Write a JSON object such as {"team": "platform"}.`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badLookupInput(operation, `${field} must be a JSON object, got ${Array.isArray(parsed) ? 'an array' : typeof parsed}`, `Write a JSON object such as {"team": "platform"}.`);
  }
  return JSON.stringify(parsed);
}

/** Nullable references come back as null; the provider's outputs are strings, empty when unset. */
export function str(value: string | null | undefined): string {
  return value ?? '';
}

/** Drops inputs the caller did not give, so the query only carries real filters. */
export function defined<T extends Record<string, unknown>>(query: T): T {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '')) as T;
}

/** Checks an input the server cannot filter on against the match (e.g. getFlow's `authentication`). */
export function matchesLocally<T>(items: T[], checks: Array<[unknown, (item: T) => unknown]>): T[] {
  return items.filter((item) => checks.every(([wanted, actual]) => wanted === undefined || wanted === null || actual(item) === wanted));
}
