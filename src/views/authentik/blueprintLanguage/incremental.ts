import { checkEntries, checkHeader, checkWhole, type PartFacts, type Problem } from './check';
import type { BlueprintSchema } from './schemaModel';

/**
 * Checks a blueprint again after each change without parsing all of it again: parsing YAML is the
 * slow part (a 2,000-entry blueprint takes the parser about half a second), and one keystroke
 * changes one entry. The entries list is cut into its items — a line at the list's indentation
 * starting with `- ` always begins a new item in block YAML — and each item's findings are kept
 * under its text; only items whose text changed are parsed again. The rest of the document (without
 * its entries' lines) is checked as a part of its own, and the
 * `!KeyOf` references are resolved over all items at the end, which is cheap.
 *
 * Where the cut could be wrong, the whole document is parsed as one: entries written in flow style
 * or as sections, anchors (an alias may refer to another item), or more than one YAML document.
 */
export class BlueprintChecker {
  private cache = new Map<string, PartFacts>();

  constructor(
    private readonly schema: BlueprintSchema,
    /** False: always parse the whole document (what the cut is measured against). */
    private readonly cut = true,
  ) {}

  check(text: string): Problem[] {
    const parts = this.cut ? splitEntries(text) : undefined;
    if (!parts) return resolveKeyOfs([{ facts: checkWhole(text, this.schema), line: 0 }]);
    const used = new Map<string, PartFacts>();
    const factsOf = (partText: string, check: (t: string, s: BlueprintSchema) => PartFacts): PartFacts => {
      const facts = used.get(partText) ?? this.cache.get(partText) ?? check(partText, this.schema);
      used.set(partText, facts);
      return facts;
    };
    // The rest of the document sits before and after the list; what it says after is moved down by the list's lines.
    const checked = [{ facts: shiftAfter(factsOf(parts.header, checkHeader), parts.first, parts.end - parts.first), line: 0 }];
    for (const item of parts.items) checked.push({ facts: factsOf(item.text, checkEntries), line: item.line });
    // Only what this text uses is kept: the cache never outgrows the document.
    this.cache = used;
    return resolveKeyOfs(checked);
  }
}

export interface EntryParts {
  /** The document without the lines of its entries (`first` to `end`, exclusive). */
  header: string;
  first: number;
  end: number;
  items: { text: string; line: number }[];
}

const ITEM_START = /^(\s*)-(\s|$)/;

/** The entries list cut into items, or undefined when the document must be parsed whole. */
export function splitEntries(text: string): EntryParts | undefined {
  if (/^(---|\.\.\.)(\s|$)/m.test(text) || /(^|[\s[{,:-])&[^\s,[\]{}]/m.test(text)) return undefined;
  const lines = text.split('\n');
  const entriesLine = lines.findIndex((line) => /^entries:\s*(#.*)?$/.test(line));
  if (entriesLine < 0) return undefined;
  let first = entriesLine + 1;
  while (first < lines.length && isBlankOrComment(lines[first])) first++;
  const start = ITEM_START.exec(lines[first] ?? '');
  if (!start) return undefined;
  const indent = start[1].length;
  const items: { text: string; line: number }[] = [];
  let line = first;
  for (; line < lines.length; line++) {
    const text = lines[line];
    if (isBlankOrComment(text)) continue;
    const lead = text.length - text.trimStart().length;
    if (lead < indent || (lead === indent && !ITEM_START.test(text))) break;
    if (lead === indent) items.push({ text: '', line });
  }
  // Trailing blank and comment lines stay with the header (they may sit before the next key).
  let end = line;
  while (end > first && isBlankOrComment(lines[end - 1])) end--;
  for (let i = 0; i < items.length; i++) {
    const to = i + 1 < items.length ? items[i + 1].line : end;
    items[i].text = lines.slice(items[i].line, to).join('\n');
  }
  const header = [...lines.slice(0, first), ...lines.slice(end)].join('\n');
  return { header, first, end, items };
}

/** Facts of the header with the lines from `from` on moved down by `by` (where the entries were cut out). */
function shiftAfter(facts: PartFacts, from: number, by: number): PartFacts {
  if (by === 0 || !facts.problems.some((p) => p.line >= from)) return facts;
  const move = (line: number) => (line >= from ? line + by : line);
  return { ...facts, problems: facts.problems.map((p) => ({ ...p, line: move(p.line), endLine: move(p.endLine) })) };
}

function isBlankOrComment(line: string): boolean {
  const trimmed = line.trim();
  return trimmed === '' || trimmed.startsWith('#');
}

/** The problems of all parts, on the document's lines, with each `!KeyOf` checked against the entries' ids. */
function resolveKeyOfs(parts: { facts: PartFacts; line: number }[]): Problem[] {
  const problems: Problem[] = [];
  const firstEntryOf = new Map<string, number>();
  // When a tag makes an id (or a loop makes entries), a missing id may exist once authentik loads it.
  const idsAllKnown = parts.every(({ facts }) => !facts.someIdsUnknown);
  let entryBase = 0;
  for (const { facts } of parts) {
    facts.ids.forEach((id, index) => {
      if (id !== undefined && !firstEntryOf.has(id)) firstEntryOf.set(id, entryBase + index);
    });
    entryBase += facts.ids.length;
  }
  entryBase = 0;
  for (const { facts, line } of parts) {
    const shift = (p: Omit<Problem, 'message' | 'severity'>) => ({ line: p.line + line, character: p.character, endLine: p.endLine + line, endCharacter: p.endCharacter });
    for (const problem of facts.problems) problems.push({ ...problem, ...shift(problem) });
    for (const use of facts.keyOfs) {
      const defined = firstEntryOf.get(use.name);
      const entry = entryBase + use.entry;
      if (defined !== undefined && defined < entry) continue;
      const message =
        defined === undefined
          ? `No entry has the id \`${use.name}\`: !KeyOf refers to the \`id\` of an earlier entry of this blueprint.`
          : `The entry with the id \`${use.name}\` comes ${defined === entry ? 'here' : 'later'}: authentik applies entries in order, so !KeyOf finds no object for it yet.`;
      problems.push({ message, severity: defined === undefined && !use.conditional && idsAllKnown ? 'error' : 'warning', ...shift(use.at) });
    }
    entryBase += facts.ids.length;
  }
  return problems;
}
