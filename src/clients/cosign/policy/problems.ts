import { FieldError } from '../../../core/errors';
import { POLICY_FILE_LIMITS } from './limits';

/** What the policy readers share: the problems found so far, and the value tests they all use. */
export type Json = Record<string, unknown>;

export class Problems {
  readonly errors: FieldError[] = [];
  /** What is left of the file's allowance for identity regular expressions. */
  regexpChars = POLICY_FILE_LIMITS.regexpChars;
  add(field: string, message: string): void {
    this.errors.push({ field, messages: [message] });
  }
  /** Fields of which at most one may be set, as the policy controller's validation says. */
  atMostOne(value: Json, fields: string[], at: string): void {
    const set = fields.filter((f) => isSet(value[f]));
    if (set.length > 1) this.add(at, `has ${set.join(' and ')}; use exactly one of ${fields.join(', ')}`);
  }
}

/** Set as Go's omitempty sees it: an empty string or list is the same as absent. */
export function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
}

export function isObject(value: unknown): value is Json {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
