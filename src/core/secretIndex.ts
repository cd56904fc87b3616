import { WindowTable, sameChars } from './windowTable';

/**
 * Where known secrets appear in a text, found in one pass over the text whatever their number
 * (a paged list registers every item's secret: tens of thousands in a long session).
 *
 * Two kinds of entry:
 * - runs: the secret whole, and any stretch of at least MIN_RUN characters of it, is found, so
 *   a server that echoes part of a key (its first 60 characters, one line of it) is caught.
 *   Windows of WINDOW characters are indexed at every STRIDE-th position of the secret, and a
 *   run of MIN_RUN characters always holds one of them whole (WINDOW + STRIDE - 1 = MIN_RUN).
 *   The text is scanned with a rolling hash of its windows; a window found is compared with the
 *   secret around it, at most REACH characters each way, and marked when that stretch is
 *   MIN_RUN long. Reaching further is not needed: in a longer run the next indexed window is
 *   STRIDE characters on and marks its own stretch, so together they cover the run.
 * - wholes: the value is found only whole, by its first HEAD characters (secrets too short for
 *   runs, documents whose parts are ordinary text).
 *
 * Indexing every STRIDE-th window rather than each keeps the index to about seven bytes per
 * character of the secrets. Windows with the same characters are kept once (the origin and path
 * shared by thousands of webhook URLs are a few entries), compared with the first secret that
 * has them.
 */

export const MIN_RUN = 12;
const WINDOW = 8;
const STRIDE = MIN_RUN - WINDOW + 1;
const REACH = MIN_RUN - WINDOW;
/** The shortest secret the extension registers; wholes are found by this many first characters. */
export const HEAD = 6;

export class SecretIndex {
  private readonly values: string[] = [];
  private readonly runs = new WindowTable(WINDOW, this.values);
  private readonly wholes = new WindowTable(HEAD, this.values);

  /**
   * Finds `value` whole and by any run of MIN_RUN characters outside its `publicParts` ([start,
   * end) pairs: a URL's origin, a PEM key's BEGIN and END lines, which other texts share; no
   * window touching them is indexed, so `==` and an END line common to every key are no run). A
   * value too short for runs, or with nothing outside them, is found whole only.
   */
  addRuns(value: string, publicParts: Array<[number, number]> = []): void {
    const source = this.values.push(value) - 1;
    let windows = 0;
    for (let offset = 0; value.length >= MIN_RUN && offset + WINDOW <= value.length; offset += STRIDE) {
      if (publicParts.some(([start, end]) => start < offset + WINDOW && offset < end)) continue;
      this.runs.add(source, offset, true);
      windows++;
    }
    if (windows === 0) this.wholes.add(source, 0, false);
  }

  /** Finds `value` only whole (at least HEAD characters). */
  addWhole(value: string): void {
    this.wholes.add(this.values.push(value) - 1, 0, false);
  }

  /** Adds to `found` the stretches of `text` that hold known secrets, as [start, end) pairs (they may overlap). */
  find(text: string, found: Array<[number, number]>): void {
    if (!this.runs.empty) this.findRuns(text, found);
    if (!this.wholes.empty) this.findWholes(text, found);
  }

  private findRuns(text: string, found: Array<[number, number]>): void {
    const table = this.runs;
    // Where a secret was looked for whole: each window of it that the text holds points there.
    let lookedFor: Set<string> | undefined;
    table.scan(text, (at, entry) => {
      const secret = this.values[table.sourceOf(entry)];
      const offset = table.offsetOf(entry);
      if (!sameChars(secret, offset, text, at, WINDOW)) return;
      // The whole secret, public parts included, is one stretch (once per place it may start).
      const start = at - offset;
      const key = `${table.sourceOf(entry)}@${start}`;
      if (start >= 0 && !lookedFor?.has(key)) {
        (lookedFor ??= new Set()).add(key);
        if (text.startsWith(secret, start)) found.push([start, start + secret.length]);
      }
      let before = 0;
      while (before < REACH && before < at && before < offset && text.charCodeAt(at - before - 1) === secret.charCodeAt(offset - before - 1)) before++;
      let after = 0;
      const end = at + WINDOW;
      while (after < REACH && end + after < text.length && offset + WINDOW + after < secret.length && text.charCodeAt(end + after) === secret.charCodeAt(offset + WINDOW + after)) after++;
      if (before + WINDOW + after >= MIN_RUN) found.push([at - before, end + after]);
    });
  }

  private findWholes(text: string, found: Array<[number, number]>): void {
    const table = this.wholes;
    table.scan(text, (at, entry) => {
      const value = this.values[table.sourceOf(entry)];
      if (text.startsWith(value, at)) found.push([at, at + value.length]);
    });
  }
}
