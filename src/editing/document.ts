import { EditableKind, JsonObject } from './kind';

/**
 * The text of an edit document: a server object becomes its writable fields as JSON (two-space
 * indent, the kind's field order, a final newline). Reading the user's text back is in
 * parseDocument.ts, which needs a JSON parser that is loaded only when a document is checked.
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
