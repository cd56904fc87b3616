/**
 * Where the cursor is in a blueprint, read from the lines around it rather than from a parse: while
 * someone types, the YAML is often incomplete, and completion is wanted exactly then. Block YAML
 * says a key's parent by indentation, so the nearest line above with a key further left is it.
 */

export type CursorPlace =
  | { kind: 'model' }
  | { kind: 'state' }
  | { kind: 'entryKey' }
  | { kind: 'field'; where: 'attrs' | 'identifiers'; model?: string }
  | { kind: 'fieldValue'; where: 'attrs' | 'identifiers'; model?: string; field: string }
  | { kind: 'keyOf' }
  | { kind: 'findModel' }
  | { kind: 'tag' };

interface KeyLine {
  /** Column of the key (after any `- `). */
  col: number;
  key: string;
  /** The line starts a list item (`- key: …`). */
  item: boolean;
  /** Column where the value starts (after `key: `). */
  valueCol: number;
}

const KEY_LINE = /^(\s*)(-\s+)?([A-Za-z_][\w.-]*)\s*:(\s+|$)/;

export function keyLine(text: string): KeyLine | undefined {
  const m = KEY_LINE.exec(text);
  if (!m) return undefined;
  const col = m[1].length + (m[2]?.length ?? 0);
  return { col, key: m[3], item: Boolean(m[2]), valueCol: m[0].length };
}

function isSkippable(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || trimmed.startsWith('#');
}

/** The nearest line above `line` whose key sits left of `col`: the parent of a key at `col`. */
function parentOf(lines: readonly string[], line: number, col: number): { line: number; key: KeyLine } | undefined {
  for (let i = line - 1; i >= 0; i--) {
    if (isSkippable(lines[i])) continue;
    const indent = lines[i].length - lines[i].trimStart().length;
    const key = keyLine(lines[i]);
    if (key && key.col < col) return { line: i, key };
    if (!key && indent < col && !lines[i].trimStart().startsWith('-')) return undefined;
  }
  return undefined;
}

/** The `model:` of the entry a key at (line, col) belongs to. */
export function entryModel(lines: readonly string[], line: number, col: number): string | undefined {
  const check = (i: number): string | undefined | null => {
    if (isSkippable(lines[i])) return undefined;
    const key = keyLine(lines[i]);
    const indent = lines[i].length - lines[i].trimStart().length;
    if (!key) return indent < col ? null : undefined;
    if (key.col < col) return null;
    if (key.col > col) return undefined;
    if (key.key === 'model')
      return (
        lines[i]
          .slice(key.valueCol)
          .trim()
          .replace(/\s+#.*$/, '') || null
      );
    return undefined;
  };
  for (let i = line; i >= 0; i--) {
    const found = check(i);
    if (found !== undefined) return found ?? undefined;
    if (keyLine(lines[i])?.item && keyLine(lines[i])?.col === col) break;
  }
  for (let i = line + 1; i < lines.length; i++) {
    if (keyLine(lines[i])?.item || (!isSkippable(lines[i]) && lines[i].length - lines[i].trimStart().length < col)) break;
    const found = check(i);
    if (found !== undefined) return found ?? undefined;
  }
  return undefined;
}

/** Whether a key at (line, col) is an entry's own key (`model`, `attrs`…): it is in a list item whose list is `entries` or a section of it. */
function isEntryLevel(lines: readonly string[], line: number, col: number): boolean {
  let item: number | undefined;
  for (let i = line; i >= 0 && item === undefined; i--) {
    if (isSkippable(lines[i])) continue;
    const dash = /^(\s*)-\s+/.exec(lines[i]);
    if (dash && dash[0].length === col) item = i;
    else if (lines[i].length - lines[i].trimStart().length < col) return false;
  }
  if (item === undefined) return false;
  const list = parentOf(lines, item, col);
  if (!list) return false;
  if (list.key.key === 'entries' && list.key.col === 0) return true;
  const section = list.key.item ? undefined : parentOf(lines, list.line, list.key.col);
  return section?.key.key === 'entries' && section.key.col === 0;
}

/** What may be typed at (line, character). */
export function cursorPlace(lines: readonly string[], line: number, character: number): CursorPlace | undefined {
  const text = lines[line] ?? '';
  const before = text.slice(0, character);
  if (/!KeyOf\s+[\w.-]*$/.test(before)) return { kind: 'keyOf' };
  if (/!Find(Object)?\s*\[\s*[\w.]*$/.test(before)) return { kind: 'findModel' };
  if (/(^|[\s[,:])!\w*$/.test(before)) return { kind: 'tag' };
  const keyOnly = /^(\s*)(-\s+)?([\w.-]*)$/.exec(before);
  if (keyOnly) {
    const col = keyOnly[1].length + (keyOnly[2]?.length ?? 0);
    return keyPlace(lines, line, col);
  }
  const key = keyLine(text);
  if (!key || character < key.valueCol) return undefined;
  const place = keyPlace(lines, line, key.col);
  if (place?.kind === 'entryKey') return key.key === 'model' ? { kind: 'model' } : key.key === 'state' ? { kind: 'state' } : undefined;
  if (place?.kind === 'field') return { kind: 'fieldValue', where: place.where, model: place.model, field: key.key };
  return undefined;
}

function keyPlace(lines: readonly string[], line: number, col: number): CursorPlace | undefined {
  if (isEntryLevel(lines, line, col)) return { kind: 'entryKey' };
  const parent = parentOf(lines, line, col);
  if (!parent || (parent.key.key !== 'attrs' && parent.key.key !== 'identifiers')) return undefined;
  if (!isEntryLevel(lines, parent.line, parent.key.col)) return undefined;
  return { kind: 'field', where: parent.key.key, model: entryModel(lines, parent.line, parent.key.col) };
}

/** The word (model name, field, tag) at a character, with its span. */
export function wordAt(text: string, character: number): { word: string; start: number; end: number } | undefined {
  const isWord = (c: string | undefined) => c !== undefined && /[\w.!-]/.test(c);
  let start = character;
  while (start > 0 && isWord(text[start - 1])) start--;
  let end = character;
  while (end < text.length && isWord(text[end])) end++;
  if (start === end) return undefined;
  return { word: text.slice(start, end), start, end };
}
