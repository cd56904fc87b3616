import { parsePolicies } from './parse';
import { ParsedPolicies } from './types';

/** How many policy texts are remembered: a workspace has a handful of policy files at most. */
const REMEMBERED = 4;
const remembered = new Map<string, ParsedPolicies>();

/**
 * `parsePolicies`, remembering the last few texts. Verifying one image after another against
 * the same policy file (a "Verify" lens at a time) parses it once: parsing the YAML is a good part
 * of what a verification costs on top of its requests. Keyed by the exact text and the name its
 * errors use, so an edited file is parsed again; a text that does not parse is not remembered.
 * The parsed policies are shared: the engine reads them and never changes them.
 */
export function parsePoliciesOnce(text: string, source = 'the policy'): ParsedPolicies {
  const key = JSON.stringify([source, text]);
  let parsed = remembered.get(key);
  if (parsed) {
    // Most recently used last, so the oldest is the first to go.
    remembered.delete(key);
  } else {
    parsed = parsePolicies(text, source);
    if (remembered.size >= REMEMBERED) remembered.delete(remembered.keys().next().value as string);
  }
  remembered.set(key, parsed);
  return parsed;
}
