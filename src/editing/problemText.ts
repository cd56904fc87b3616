import { hasOwn } from '../core/ownProperties';
import { JsonObject, JsonPath } from './kind';

/** Small pieces the document checks share to name what is wrong. */

/** The value at `path` in a document (own fields only), or undefined. */
export function valueAt(document: unknown, path: JsonPath): unknown {
  let node: unknown = document;
  for (const step of path) {
    if (Array.isArray(node) && typeof step === 'number') node = node[step];
    else if (node !== null && typeof node === 'object' && !Array.isArray(node) && hasOwn(node, String(step))) node = (node as JsonObject)[String(step)];
    else return undefined;
  }
  return node;
}

/** A value as a message names it: `the string "900"`, `-5`, `a list of 3 items`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}…` : value)}`;
  if (Array.isArray(value)) return value.length === 1 ? 'a list of 1 item' : `a list of ${value.length} items`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** The known name a misspelt one most likely meant (at most two edits away, or the same but for case). */
export function closestName(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = candidate.toLowerCase() === name.toLowerCase() ? 0 : editDistance(name, candidate);
    if (distance <= 2 && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
