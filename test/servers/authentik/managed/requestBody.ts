/**
 * Request bodies of the managed kinds, checked against the schema's request schemas and
 * answered the way Django REST framework words its field errors:
 * `{"name": ["This field is required."], "designation": ["\"x\" is not a valid choice."]}`.
 *
 * One deliberate difference: the request schemas are closed (like every object schema the
 * stand-in loads), so a field the schema does not have — a read-only field such as `pk`, or a
 * typo — is a 400 naming it. authentik would ignore it silently; a client that relied on that
 * would lose the value without a word, which is exactly what the tests should catch.
 */
import type { ErrorObject } from 'ajv/dist/2020';
import { openApiValidator } from '../../openapi/validator';
import type { StandInRequest, StandInResponse } from '../../core/types';
import { json } from '../listing';
import { SLUG_MESSAGE } from './store';

/** The schema's pattern of slug fields (Django's SlugField). */
const SLUG_PATTERN = '^[-a-zA-Z0-9_]+$';

export type FieldErrors = Record<string, string[]>;

const DATE_TIME_FORMATS = 'YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z]';

/** 400 for an unreadable or off-schema body, else undefined (the body is an object that fits). */
export function checkBody(req: StandInRequest): StandInResponse | undefined {
  if (req.bodyError !== undefined) return json({ detail: `JSON parse error - ${req.bodyError}` }, 400);
  const body = req.body === undefined ? {} : req.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return json({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${pythonType(body)}.`] }, 400);
  }
  const errors = openApiValidator('authentik').requestErrors(req.method, req.path, body);
  if (errors === undefined) throw new Error(`stand-in: ${req.method} ${req.path} declares no JSON request body`);
  const fields = drfErrors(errors, body as Record<string, unknown>);
  return Object.keys(fields).length > 0 ? json(fields, 400) : undefined;
}

export function drfErrors(errors: ErrorObject[], body: Record<string, unknown>): FieldErrors {
  const out: FieldErrors = {};
  const add = (field: string, message: string) => {
    const list = (out[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const e of errors) {
    const segments = e.instancePath.split('/').slice(1);
    const p = e.params as Record<string, unknown>;
    if (e.keyword === 'required' && segments.length === 0) {
      add(String(p.missingProperty), 'This field is required.');
      continue;
    }
    if (e.keyword === 'unevaluatedProperties' || e.keyword === 'additionalProperties') {
      const field = String(p.unevaluatedProperty ?? p.additionalProperty);
      add(segments[0] ?? field, segments.length === 0 ? 'This field is not part of the request schema (authentik would ignore it).' : `Unknown key "${field}".`);
      continue;
    }
    const field = segments[0] ?? 'non_field_errors';
    const value = segments.reduce<unknown>((v, s) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[s] : undefined), body);
    add(field, message(e, value, segments.length > 1));
  }
  return out;
}

function message(e: ErrorObject, value: unknown, inList: boolean): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'type': {
      if (value === null) return 'This field may not be null.';
      const types = ([] as string[]).concat(p.type as string | string[]);
      if (types.includes('boolean')) return 'Must be a valid boolean.';
      if (types.includes('integer')) return 'A valid integer is required.';
      if (types.includes('number')) return 'A valid number is required.';
      if (types.includes('array')) return `Expected a list of items but got type "${pythonType(value)}".`;
      if (types.includes('object')) return `Expected a dictionary of items but got type "${pythonType(value)}".`;
      return 'Not a valid string.';
    }
    case 'minLength':
      return Number(p.limit) === 1 ? 'This field may not be blank.' : `Ensure this field has at least ${String(p.limit)} characters.`;
    case 'maxLength':
      return `Ensure this field has no more than ${String(p.limit)} characters.`;
    case 'minimum':
      return `Ensure this value is greater than or equal to ${String(p.limit)}.`;
    case 'maximum':
      return `Ensure this value is less than or equal to ${String(p.limit)}.`;
    case 'enum':
      return `"${String(value)}" is not a valid choice.`;
    case 'pattern':
      return p.pattern === SLUG_PATTERN ? SLUG_MESSAGE : 'This value does not match the required pattern.';
    case 'format':
      if (p.format === 'uuid') return inList ? `“${String(value)}” is not a valid UUID.` : 'Must be a valid UUID.';
      if (p.format === 'uri') return 'Enter a valid URL.';
      if (p.format === 'date-time') return `Datetime has wrong format. Use one of these formats instead: ${DATE_TIME_FORMATS}.`;
      return `Invalid ${String(p.format)}.`;
    default:
      return `Invalid value (${e.message ?? e.keyword}).`;
  }
}

function pythonType(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string':
      return 'str';
    case 'number':
      return Number.isInteger(value) ? 'int' : 'float';
    case 'boolean':
      return 'bool';
    default:
      return 'dict';
  }
}
