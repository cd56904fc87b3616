import { isMap, isScalar, isSeq, parseDocument } from 'yaml';

/**
 * A blueprint's entries as the importer reads them for matching objects: the model (lower case,
 * as authentik's registry looks it up), the desired state (`present` when not given) and the
 * identifiers. An identifier written with a custom tag (`!Find`, `!KeyOf`, `!Context`…) has a
 * value only the server can work out: it is kept as the tag's name, never guessed.
 */
export type Identifier = { value: unknown } | { tag: string };

export interface BlueprintEntry {
  index: number;
  model: string;
  state: string;
  identifiers: Record<string, Identifier>;
}

export function blueprintEntries(content: string): BlueprintEntry[] {
  let doc;
  try {
    doc = parseDocument(content, { strict: false, uniqueKeys: false, prettyErrors: false });
  } catch {
    return [];
  }
  const root = doc.contents;
  if (!isMap(root)) return [];
  const node = root.get('entries', true);
  // authentik also takes entries grouped under names (a map of lists).
  const lists = isSeq(node) ? [node] : isMap(node) ? node.items.map((p) => p.value).filter(isSeq) : [];
  const entries: BlueprintEntry[] = [];
  for (const list of lists) {
    for (const item of list.items) {
      if (!isMap(item)) continue;
      const model = item.get('model', true);
      const state = item.get('state', true);
      const identifiers = item.get('identifiers', true);
      if (!isScalar(model) || typeof model.value !== 'string' || isTagged(model)) continue;
      const found: Record<string, Identifier> = {};
      if (isMap(identifiers)) {
        for (const pair of identifiers.items) {
          if (!isScalar(pair.key)) continue;
          const value = pair.value as { tag?: string; toJSON?: () => unknown } | null;
          found[String(pair.key.value)] = value && isTagged(value) ? { tag: value.tag! } : { value: isScalar(value) ? value.value : (value?.toJSON?.() ?? null) };
        }
      }
      entries.push({
        index: entries.length,
        model: model.value.toLowerCase(),
        state: isScalar(state) && typeof state.value === 'string' && !isTagged(state) ? state.value : 'present',
        identifiers: found,
      });
    }
  }
  return entries;
}

/** authentik's own tags start with one `!`; YAML's standard ones (`!!str`) are plain values. */
function isTagged(node: { tag?: string }): boolean {
  return typeof node.tag === 'string' && node.tag.startsWith('!') && !node.tag.startsWith('!!') && !node.tag.startsWith('tag:yaml.org');
}
