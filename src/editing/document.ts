import { hasOwn, setOwn } from '../core/ownProperties';
import { EditableKind, JsonObject } from './kind';

/**
 * The text of an edit document. A server object becomes every field it has, less those the
 * server computes (read-only) and those that never sit in a document (secrets): known fields in
 * the kind's order, then any field the editor does not know, as the server sent it, so nothing
 * the server returned is lost on the way back. Two-space indent and a final newline. Reading the
 * user's text back is in parseDocument.ts, which needs a JSON parser loaded only when a document
 * is checked.
 */

export function documentOf(kind: EditableKind, object: JsonObject): JsonObject {
  if (kind.toDocument) return kind.toDocument(object);
  return serverFieldsOf(kind, object);
}

/** The default document: the object less read-only and hidden fields, known fields first. */
export function serverFieldsOf(kind: EditableKind, object: JsonObject): JsonObject {
  const leftOut = new Set([...kind.readOnlyFields, ...(kind.hiddenFields ?? [])]);
  const out: JsonObject = {};
  const take = (field: string) => {
    if (leftOut.has(field) || hasOwn(out, field) || !hasOwn(object, field) || object[field] === undefined) return;
    setOwn(out, field, object[field]);
  };
  kind.fieldOrder.forEach(take);
  Object.keys(object).forEach(take);
  return out;
}

/** `fields` of `object` in that order, leaving out the ones it does not have. */
export function pickFields(object: JsonObject, fields: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const field of fields) {
    if (hasOwn(object, field) && object[field] !== undefined) setOwn(out, field, object[field]);
  }
  return out;
}

export function formatDocument(document: JsonObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Deep equality of JSON values; key order does not matter, and only own keys count. */
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
  return keys.length === otherKeys.length && keys.every((k) => hasOwn(right, k) && jsonEqual(left[k], right[k]));
}
