import { hasOwn, ownValue, setOwn } from '../core/ownProperties';
import { EditableKind, JsonObject } from './kind';
import { changedTopLevelFields } from './plan';

/**
 * What a save sends, built from the server's object as it is now, never from a list of known
 * fields: a field the editor does not know, or that a newer API added, goes back as it came.
 * - `replace` (PUT): the server's object less its read-only fields, with the document's fields on
 *   top; a field the user deleted from the document is left out (the plan says the server resets
 *   it). Writable fields the document does not show (hidden ones) go back as the server has them.
 * - `patch` (PATCH): the top-level fields whose value the document changed, nothing else.
 * Read-only fields are never sent, even when the user typed one into the document (a warning
 * says so there).
 */
export function requestBody(kind: EditableKind, current: JsonObject, currentDocument: JsonObject, proposed: JsonObject): JsonObject {
  const readOnly = new Set(kind.readOnlyFields);
  if (kind.updateStyle === 'patch') return withoutFields(changedTopLevelFields(currentDocument, proposed), readOnly);
  const body: JsonObject = {};
  for (const key of Object.keys(current)) {
    if (!readOnly.has(key) && !hasOwn(currentDocument, key) && current[key] !== undefined) setOwn(body, key, current[key]);
  }
  for (const key of Object.keys(proposed)) {
    if (!readOnly.has(key)) setOwn(body, key, proposed[key]);
  }
  return kind.replaceBody ? kind.replaceBody(body, current, proposed) : body;
}

function withoutFields(object: JsonObject, fields: Set<string>): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(object)) if (!fields.has(key)) setOwn(out, key, ownValue(object, key));
  return out;
}
