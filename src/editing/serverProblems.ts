import { ServiceError } from '../core/errors';
import { hasOwn } from '../core/ownProperties';
import { JsonObject, JsonPath, Problem } from './kind';

/**
 * A refused write's reasons, placed on the lines of the document they are about. Services name a
 * field in their own ways: Honeycomb's problems as `threshold.op` or `recipients[0].id`, its v2
 * (JSON:API) errors as a JSON pointer (`/data/attributes/name`), authentik by field name, with
 * `non_field_errors` for the object as a whole. Each becomes a path into the document; a path the
 * document does not have (a field the user deleted, a server-side name) is shortened to the
 * deepest part it does have, and the server's name for the field stays in the message, so no
 * problem ever points at a place that does not exist.
 */

/** Names services give an error about the whole object rather than one field. */
const WHOLE_OBJECT = new Set(['', 'non_field_errors', '(all fields)', '(body)', '__all__']);

export function serverProblems(error: ServiceError, document: JsonObject | undefined): Problem[] {
  if (error.fieldErrors.length === 0) {
    return [{ path: [], message: error.serverMessage ?? error.summary, severity: 'error' }];
  }
  return error.fieldErrors.map((fieldError) => {
    const message = fieldError.messages.join(' ');
    const wanted = serverFieldPath(fieldError.field);
    const path = document ? existingPrefix(document, wanted) : wanted;
    const named = path.length === wanted.length ? message : `${fieldError.field}: ${message}`;
    return { path, message: named, severity: 'error' as const };
  });
}

/** A service's name for a field as a document path. */
export function serverFieldPath(field: string): JsonPath {
  if (WHOLE_OBJECT.has(field.trim())) return [];
  if (field.startsWith('/')) return pointerPath(field);
  return field
    .split(/[.[\]]/)
    .filter(Boolean)
    .map(segment);
}

/** A JSON pointer; a JSON:API one points into `data.attributes` (or `relationships`) of the request. */
function pointerPath(pointer: string): JsonPath {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (parts[0] === 'data' && (parts[1] === 'attributes' || parts[1] === 'relationships')) parts.splice(0, 2);
  else if (parts[0] === 'data' && parts.length === 1) parts.splice(0, 1);
  return parts.map(segment);
}

function segment(part: string): string | number {
  return /^\d+$/.test(part) ? Number(part) : part;
}

/** The longest start of `path` that leads somewhere in `document`. */
function existingPrefix(document: JsonObject, path: JsonPath): JsonPath {
  let node: unknown = document;
  const found: JsonPath = [];
  for (const step of path) {
    if (Array.isArray(node) && typeof step === 'number' && step < node.length) node = node[step];
    else if (node !== null && typeof node === 'object' && !Array.isArray(node) && hasOwn(node, String(step))) node = (node as JsonObject)[String(step)];
    else break;
    found.push(step);
  }
  return found;
}
