import { LineCounter, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { BlueprintProblem } from './blueprintLog';

/**
 * Where in a blueprint's YAML a problem of authentik's validation log is (blueprintLog.ts says
 * which event goes where): the entries with their model and their attrs/identifiers keys, the
 * `version:` key, and a tag with its argument.
 */

interface Range {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

interface LocatedEntry {
  index: number;
  model?: string;
  modelRange?: Range;
  start: Range;
  /** attrs and identifiers keys of the entry, with their key range and value */
  fields: Map<string, { range: Range; value: unknown }>;
}

export interface Located {
  text: string;
  entries: LocatedEntry[];
  version?: Range;
  lineCounter: LineCounter;
}

export function locateIn(text: string): Located | undefined {
  const lineCounter = new LineCounter();
  let doc;
  try {
    doc = parseDocument(text, { lineCounter, strict: false, uniqueKeys: false, prettyErrors: false });
  } catch {
    return undefined;
  }
  const rangeOf = (node: { range?: [number, number, number?] | null } | null | undefined): Range | undefined => {
    if (!node?.range) return undefined;
    const start = lineCounter.linePos(node.range[0]);
    const end = lineCounter.linePos(node.range[1]);
    return { line: start.line, column: start.col, endLine: end.line, endColumn: end.col };
  };
  const located: Located = { text, entries: [], lineCounter };
  const root = doc.contents;
  if (!isMap(root)) return located;
  const versionPair = root.items.find((p) => isScalar(p.key) && p.key.value === 'version');
  located.version = rangeOf(versionPair?.key);
  const entriesNode = root.get('entries', true);
  const lists = isSeq(entriesNode) ? [entriesNode] : isMap(entriesNode) ? entriesNode.items.map((p) => p.value).filter(isSeq) : [];
  for (const list of lists) {
    for (const entry of list.items) {
      if (!isMap(entry)) continue;
      const modelPair = entry.items.find((p) => isScalar(p.key) && p.key.value === 'model');
      const fields = new Map<string, { range: Range; value: unknown }>();
      for (const section of ['identifiers', 'attrs']) {
        const map = entry.get(section, true);
        if (!isMap(map)) continue;
        for (const pair of map.items) {
          if (!isScalar(pair.key)) continue;
          const name = String(pair.key.value);
          const range = rangeOf(pair.key);
          if (range && !fields.has(name)) fields.set(name, { range, value: isScalar(pair.value) ? pair.value.value : (pair.value as { toJSON?: () => unknown } | null)?.toJSON?.() });
        }
      }
      located.entries.push({
        index: located.entries.length,
        model: isScalar(modelPair?.value) ? String(modelPair.value.value) : undefined,
        modelRange: rangeOf((modelPair?.value ?? modelPair?.key) as never),
        start: rangeOf(entry) ?? { line: 1, column: 1, endLine: 1, endColumn: 1 },
        fields,
      });
    }
  }
  return located;
}

/** The entry and key a serializer error is about; see the module comment of blueprintLog.ts for the rule. */
export function placeField(located: Located, field: string, messages: string[], codes: string[]): Partial<BlueprintProblem> {
  const missing = codes.includes('required');
  let candidates = located.entries.filter((e) => (missing ? !e.fields.has(field) : e.fields.has(field)));
  if (!missing && candidates.length > 1) {
    const quoted = messages.flatMap((m) => [...m.matchAll(/["“]([^"”]+)["”]/g)].map((q) => q[1]));
    const byValue = candidates.filter((e) => quoted.includes(String(e.fields.get(field)?.value)));
    if (byValue.length > 0) candidates = byValue;
  }
  const entry = candidates[0];
  if (!entry) return {};
  const range = missing ? (entry.modelRange ?? entry.start) : entry.fields.get(field)!.range;
  return { ...range, entry: entry.index, ...(candidates.length > 1 ? { approximate: true } : {}) };
}

export function placeTag(located: Located, tag: string, argument: string): Partial<BlueprintProblem> {
  const escaped = argument.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${tag}\\s+["']?${escaped}["']?(?=\\s|$|[,\\]}])`, 'm').exec(located.text);
  if (!match) return {};
  const start = located.lineCounter.linePos(match.index);
  const end = located.lineCounter.linePos(match.index + match[0].length);
  const entry = located.entries.filter((e) => e.start.line <= start.line).pop();
  return { line: start.line, column: start.col, endLine: end.line, endColumn: end.col, ...(entry ? { entry: entry.index } : {}) };
}
