import { getLocation } from 'jsonc-parser';

/**
 * Whether the cursor of an SLO document is on the value of `sli.alias`, where completion offers
 * the derived columns the SLO can use. The string under the cursor is replaced whole, quotes
 * included. Plain JSON reasoning, no editor types, so it is tested on its own.
 */
export function sliAliasPlace(text: string, offset: number): { replace?: { offset: number; length: number } } | undefined {
  const location = getLocation(text, offset);
  if (location.isAtPropertyKey) return undefined;
  const [first, second] = location.path;
  if (location.path.length !== 2 || first !== 'sli' || second !== 'alias') return undefined;
  const node = location.previousNode;
  const replace = node && offset >= node.offset && offset <= node.offset + node.length ? { offset: node.offset, length: node.length } : undefined;
  return { replace };
}
