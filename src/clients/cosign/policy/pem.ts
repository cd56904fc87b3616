/**
 * PEM blocks read the way Go's encoding/pem reads them, because the policy controller takes a
 * policy's key from Go's first decoded block. Go skips whatever does not form a block: text
 * before a BEGIN line, and a block that is broken (its base64 does not decode, its END line is
 * missing or names another type) by looking for the next BEGIN. So a broken block followed by a
 * good key yields the good key.
 *
 * Written so that a file of many broken BEGIN lines costs time in proportion to its length: the
 * END line found for one attempt serves the next, and base64 is checked only up to its first
 * wrong character.
 */
export interface PemBlock {
  type: string;
  bytes: Buffer;
}

const BEGIN = '\n-----BEGIN ';
const END = '\n-----END ';
const DASHES = '-----';

/** Every block Go's repeated pem.Decode finds in `text`, in order. */
export function pemBlocks(text: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  const ends = new EndFinder(text);
  let from = 0;
  for (;;) {
    const found = decodeFrom(text, from, ends);
    if (!found) return blocks;
    blocks.push(found.block);
    from = found.next;
  }
}

/** The first occurrence of END at or after a position that only moves forward. */
class EndFinder {
  private last = -2;
  constructor(private readonly text: string) {}
  at(from: number): number {
    if (this.last === -1 || this.last >= from) return this.last;
    this.last = this.text.indexOf(END, from);
    return this.last;
  }
}

function decodeFrom(data: string, from: number, ends: EndFinder): { block: PemBlock; next: number } | undefined {
  let rest = from;
  for (;;) {
    if (data.startsWith(BEGIN.slice(1), rest)) {
      rest += BEGIN.length - 1;
    } else {
      const begin = data.indexOf(BEGIN, rest);
      if (begin < 0) return undefined;
      rest = begin + BEGIN.length;
    }
    const [typeLine, afterType] = line(data, rest);
    rest = afterType;
    if (!typeLine.endsWith(DASHES)) continue;
    const type = typeLine.slice(0, -DASHES.length);

    // Headers (`Proc-Type: …`) run up to the first line without a colon.
    let headers = 0;
    for (;;) {
      // Go gives up on the whole text here, without looking further.
      if (rest >= data.length) return undefined;
      const [text, next] = line(data, rest);
      if (!text.includes(':')) break;
      headers++;
      rest = next;
    }

    let endIndex: number;
    let trailerAt: number;
    if (headers === 0 && data.startsWith(END.slice(1), rest)) {
      endIndex = rest;
      trailerAt = rest + END.length - 1;
    } else {
      endIndex = ends.at(rest);
      if (endIndex < 0) continue;
      trailerAt = endIndex + END.length;
    }
    const trailerLength = type.length + DASHES.length;
    if (data.length - trailerAt < trailerLength) continue;
    const trailer = data.slice(trailerAt, trailerAt + trailerLength);
    if (!trailer.startsWith(type) || !trailer.endsWith(DASHES)) continue;
    if (line(data, trailerAt + trailerLength)[0] !== '') continue;

    const base64 = goBase64(data, rest, endIndex);
    if (base64 === undefined) continue;
    return { block: { type, bytes: Buffer.from(base64, 'base64') }, next: line(data, endIndex + END.length - 1)[1] };
  }
}

/** The line at `at` without its break and trailing blanks, and where the next one starts. */
function line(data: string, at: number): [string, number] {
  const newline = data.indexOf('\n', at);
  const end = newline < 0 ? data.length : newline;
  const next = newline < 0 ? data.length : newline + 1;
  return [data.slice(at, end).replace(/[ \t\r]+$/, ''), next];
}

/**
 * The base64 text of `data[start, end)` if Go's StdEncoding decodes it: spaces, tabs and line
 * breaks ignored, whole groups of four, padding (`=` or `==`) only to end the last group.
 * Stops at the first character that cannot be right.
 */
function goBase64(data: string, start: number, end: number): string | undefined {
  let significant = '';
  for (let i = start; i < end; i++) {
    const ch = data[i];
    if (isBlank(ch)) continue;
    if (ch === '=') {
      // Padding finishes the last group of four: two `=` after two characters, one after three.
      const needed = 4 - (significant.length % 4);
      if (needed > 2) return undefined;
      let padding = 1;
      for (let j = i + 1; j < end; j++) {
        if (isBlank(data[j])) continue;
        if (data[j] !== '=' || padding === needed) return undefined;
        padding++;
      }
      return padding === needed ? significant + '='.repeat(needed) : undefined;
    }
    if (!isBase64Char(ch)) return undefined;
    significant += ch;
  }
  return significant.length % 4 === 0 ? significant : undefined;
}

function isBlank(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
}

function isBase64Char(ch: string): boolean {
  return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch === '+' || ch === '/';
}
