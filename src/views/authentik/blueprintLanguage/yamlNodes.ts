import { isScalar } from 'yaml';
import type { Pair } from 'yaml';
import { STANDARD_TAG_PREFIX } from './tags';

/** How the checks read keys and tags off the YAML parser's nodes. */

/** YAML 1.1's merge key, as `keyOf` gives it. */
export const MERGE = '<<';

/** A pair's key as text; YAML 1.1's merge key (`<<: *anchor`, which PyYAML reads too) as `<<`. */
export function keyOf(pair: Pair): string | undefined {
  if (!isScalar(pair.key) || pair.key.value === null) return undefined;
  return typeof pair.key.value === 'symbol' ? MERGE : String(pair.key.value);
}

/** `!KeyOf` as written (the parser keeps local tags as written). */
export function shortTag(tag: string): string {
  return tag.startsWith(STANDARD_TAG_PREFIX) ? `!!${tag.slice(STANDARD_TAG_PREFIX.length)}` : tag;
}
