import { getLocation } from 'jsonc-parser';

/**
 * Where in a trigger document the cursor is, for the completions only live data can offer: a
 * recipient (the API takes recipients by id, people know them by address or channel) and a saved
 * query's id. Plain JSON reasoning, no editor types, so it is tested on its own.
 */
export type TriggerCompletionPlace =
  /** A new element of `recipients`: the whole `{ "id": … }` object is inserted. */
  | { kind: 'recipientElement'; replace?: { offset: number; length: number } }
  /** The value of a recipient's `id`. */
  | { kind: 'recipientId'; replace?: { offset: number; length: number } }
  /** The value of the top-level `query_id`. */
  | { kind: 'queryId'; replace?: { offset: number; length: number } };

export function triggerCompletionPlace(text: string, offset: number): TriggerCompletionPlace | undefined {
  const location = getLocation(text, offset);
  if (location.isAtPropertyKey) return undefined;
  const path = location.path;
  // The string (or other scalar) the cursor is in is replaced whole, quotes included.
  const node = location.previousNode;
  const replace = node && node.type !== 'property' && offset >= node.offset && offset <= node.offset + node.length ? { offset: node.offset, length: node.length } : undefined;
  if (path.length === 1 && path[0] === 'query_id') return { kind: 'queryId', replace };
  if (path.length === 3 && path[0] === 'recipients' && typeof path[1] === 'number' && path[2] === 'id') return { kind: 'recipientId', replace };
  if (path.length === 2 && path[0] === 'recipients' && typeof path[1] === 'number' && !node) return { kind: 'recipientElement' };
  return undefined;
}
