import { Address, EditableKind } from './kind';

/**
 * The path of an edit document: `/<kind>/<address segments…>/<name>.<suffix>.json`, e.g.
 * `/honeycomb.trigger/production/api/tR1x/High latency.honeycomb-trigger.json`. The address is
 * in the path (not a query string) for two reasons: an editor restored after a window reload
 * finds its object from the path alone, and `jsonValidation` patterns match the whole URI, so a
 * path that ends in `.<suffix>.json` gets the kind's schema. A new object's path holds its
 * parent's segments and `~new-<n>` where the id will be.
 */

export const NEW_MARKER = '~new-';

export interface EditPath {
  kindId: string;
  /** The object's address, or for a new object its parent's. */
  address: Address;
  isNew: boolean;
}

export function editPath(kind: EditableKind, address: Address, name: string, newNumber?: number): string {
  const keys = newNumber === undefined ? kind.addressKeys : kind.parentKeys;
  const segments = keys.map((key) => encodeSegment(address[key] ?? ''));
  if (newNumber !== undefined) segments.push(`${NEW_MARKER}${newNumber}`);
  return `/${kind.id}/${segments.join('/')}/${fileName(name)}.${kind.fileSuffix}.json`;
}

export function parseEditPath(path: string, kindOf: (id: string) => EditableKind | undefined): EditPath | undefined {
  const parts = path.split('/').slice(1);
  const kind = kindOf(parts[0] ?? '');
  if (!kind) return undefined;
  const segments = parts.slice(1, -1).map(decodeSegment);
  const isNew = segments.length === kind.parentKeys.length + 1 && segments[segments.length - 1].startsWith(NEW_MARKER);
  const keys = isNew ? kind.parentKeys : kind.addressKeys;
  if (segments.length !== keys.length + (isNew ? 1 : 0)) return undefined;
  const address: Address = {};
  keys.forEach((key, i) => (address[key] = segments[i]));
  return { kindId: kind.id, address, isNew };
}

/** Segments are percent-encoded so a slash or `%` in an id cannot shift the address. */
function encodeSegment(value: string): string {
  return encodeURIComponent(value);
}

function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A readable file name for the tab: no path separators, control or bidi characters, at most 60 characters. */
export function fileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g, '_').trim();
  return (clean.length > 60 ? `${clean.slice(0, 59)}…` : clean) || 'object';
}
