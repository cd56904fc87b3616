import { ParseError, ParseErrorCode, parse, printParseErrorCode } from 'jsonc-parser';
import { EditableKind, JsonObject, Problem } from './kind';

/**
 * The text of an edit document and back: a server object becomes its writable fields as JSON
 * (two-space indent, the kind's field order, a final newline), and a user's text becomes an
 * object or the syntax problems that stop it. Pure functions.
 */

/** The writable part of a server object, in the kind's field order. */
export function documentOf(kind: EditableKind, object: JsonObject): JsonObject {
  if (kind.toDocument) return kind.toDocument(object);
  return pickFields(object, kind.writableFields);
}

/** `fields` of `object` in that order, leaving out the ones it does not have. */
export function pickFields(object: JsonObject, fields: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const field of fields) {
    if (Object.prototype.hasOwnProperty.call(object, field) && object[field] !== undefined) out[field] = object[field];
  }
  return out;
}

export function formatDocument(document: JsonObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The user's text as an object, or why it is not one (each syntax error with its offset). */
export function parseDocument(text: string): { value: JsonObject } | { problems: Problem[] } {
  const errors: ParseError[] = [];
  // Comments and trailing commas are not JSON: the API would never see them, so they are errors.
  const value = parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0) {
    return {
      problems: errors.map((error) => ({
        path: [],
        message: `JSON syntax: ${describeParseError(error.error)}`,
        severity: 'error',
        offset: error.offset,
        length: Math.max(1, error.length),
      })),
    };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { problems: [{ path: [], message: 'The document must be one JSON object ({ … }).', severity: 'error' }] };
  }
  return { value: value as JsonObject };
}

function describeParseError(code: ParseErrorCode): string {
  switch (code) {
    case ParseErrorCode.InvalidCommentToken:
      return 'comments are not allowed (the API takes plain JSON)';
    case ParseErrorCode.PropertyNameExpected:
      return 'a property name in double quotes was expected (no trailing comma)';
    case ParseErrorCode.CommaExpected:
      return 'a comma was expected';
    case ParseErrorCode.ColonExpected:
      return 'a colon was expected';
    case ParseErrorCode.ValueExpected:
      return 'a value was expected (no trailing comma)';
    case ParseErrorCode.CloseBraceExpected:
      return 'a closing } was expected';
    case ParseErrorCode.CloseBracketExpected:
      return 'a closing ] was expected';
    case ParseErrorCode.EndOfFileExpected:
      return 'nothing may follow the object';
    default:
      return printParseErrorCode(code);
  }
}

/** Deep equality of JSON values; key order does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEqual(item, other[i]));
  }
  const left = a as JsonObject;
  const right = b as JsonObject;
  const keys = Object.keys(left).filter((k) => left[k] !== undefined);
  const otherKeys = Object.keys(right).filter((k) => right[k] !== undefined);
  return keys.length === otherKeys.length && keys.every((k) => Object.prototype.hasOwnProperty.call(right, k) && jsonEqual(left[k], right[k]));
}
