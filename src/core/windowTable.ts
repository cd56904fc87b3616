/**
 * Windows (fixed-length stretches) of known strings, found in a text by a rolling hash: the
 * table behind the secret index. Each entry points at a position of a known string; the hash is
 * only a filter, callers compare the characters.
 *
 * Built for tens of thousands of secrets, when the table no longer fits in the processor's
 * caches: a bit filter small enough to stay cached rules out most windows of a text, and a scan
 * reads the table in passes over the whole text, each a plain loop whose reads do not wait on
 * one another, so many are on their way at once (about twice as fast as window by window).
 */

/** An odd multiplier that spreads the bits (the FNV prime). */
const BASE = 0x01000193;
/** Filter bits per entry: about one window in nine of a text gets past the filter (8 gives 1 - e^(-1/8) set). */
const FILTER_BITS_PER_ENTRY = 8;

export class WindowTable {
  /** One bit per value of the hash's low bits. */
  private filter = new Int32Array(32);
  private filterMask = 32 * 32 - 1;
  /** The chains: the first entry of each bucket, then each entry's next. */
  private heads = new Int32Array(512).fill(-1);
  private nexts = new Int32Array(512);
  private hashes = new Int32Array(512);
  private sources = new Int32Array(512);
  private offsets = new Int32Array(512);
  private size = 0;
  /** BASE to the power width - 1: what the outgoing character weighs in the rolling hash. */
  private readonly outgoingWeight: number;
  /** The scan's passes share these, grown to the longest text (the scan is synchronous). */
  private scanStarts = new Int32Array(256);
  private scanHashes = new Int32Array(256);
  private scanFirsts = new Int32Array(256);

  constructor(
    readonly width: number,
    /** The known strings, by the `source` number entries give. */
    private readonly values: readonly string[],
  ) {
    let weight = 1;
    for (let k = 1; k < width; k++) weight = Math.imul(weight, BASE);
    this.outgoingWeight = weight;
  }

  get empty(): boolean {
    return this.size === 0;
  }

  sourceOf(entry: number): number {
    return this.sources[entry];
  }

  offsetOf(entry: number): number {
    return this.offsets[entry];
  }

  /** Adds the window of value `source` at `offset`; with `distinct`, not when its characters are in already. */
  add(source: number, offset: number, distinct: boolean): void {
    const value = this.values[source];
    const hash = this.hashAt(value, offset);
    if (distinct && this.holds(hash, value, offset)) return;
    if (this.size === this.hashes.length) this.growEntries();
    if (this.size >= this.heads.length) this.growHeads();
    if (this.size * FILTER_BITS_PER_ENTRY >= this.filterMask + 1) this.growFilter();
    this.filter[(hash & this.filterMask) >>> 5] |= 1 << (hash & 31);
    const bucket = hash & (this.heads.length - 1);
    this.hashes[this.size] = hash;
    this.sources[this.size] = source;
    this.offsets[this.size] = offset;
    this.nexts[this.size] = this.heads[bucket];
    this.heads[bucket] = this.size++;
  }

  /**
   * Calls `hit` with each window start of `text` and each entry whose hash is that window's:
   * the caller compares the characters.
   */
  scan(text: string, hit: (start: number, entry: number) => void): void {
    const last = text.length - this.width;
    if (last < 0 || this.size === 0) return;
    if (this.scanStarts.length <= last) {
      this.scanStarts = new Int32Array(2 * (last + 1));
      this.scanHashes = new Int32Array(2 * (last + 1));
      this.scanFirsts = new Int32Array(2 * (last + 1));
    }
    const { filter, filterMask, heads, nexts, hashes, scanStarts: starts, scanHashes: candidates, scanFirsts: firsts } = this;
    // 1. Every window's hash, kept when the filter has its bit: always written, counted on a match.
    let count = 0;
    let hash = this.hashAt(text, 0);
    for (let start = 0; ; start++) {
      starts[count] = start;
      candidates[count] = hash;
      count += (filter[(hash & filterMask) >>> 5] >>> (hash & 31)) & 1;
      if (start === last) break;
      hash = this.roll(hash, text.charCodeAt(start), text.charCodeAt(start + this.width));
    }
    // 2. The first entry of each candidate's bucket.
    const bucketMask = heads.length - 1;
    for (let k = 0; k < count; k++) firsts[k] = heads[candidates[k] & bucketMask];
    // 3. The entries of the same hash along each chain.
    for (let k = 0; k < count; k++) {
      for (let entry = firsts[k]; entry >= 0; entry = nexts[entry]) {
        if (hashes[entry] === candidates[k]) hit(starts[k], entry);
      }
    }
  }

  private hashAt(text: string, start: number): number {
    let hash = 0;
    for (let k = 0; k < this.width; k++) hash = (Math.imul(hash, BASE) + text.charCodeAt(start + k)) | 0;
    return hash;
  }

  /** The hash of the window one character further on. */
  private roll(hash: number, outgoing: number, incoming: number): number {
    return (Math.imul(hash - Math.imul(outgoing, this.outgoingWeight), BASE) + incoming) | 0;
  }

  /** Whether an entry holds the `width` characters of `text` at `start` (whose hash is `hash`). */
  private holds(hash: number, text: string, start: number): boolean {
    if ((this.filter[(hash & this.filterMask) >>> 5] & (1 << (hash & 31))) === 0) return false;
    for (let entry = this.heads[hash & (this.heads.length - 1)]; entry >= 0; entry = this.nexts[entry]) {
      if (this.hashes[entry] === hash && sameChars(this.values[this.sources[entry]], this.offsets[entry], text, start, this.width)) return true;
    }
    return false;
  }

  private growEntries(): void {
    const grown = (from: Int32Array) => {
      const to = new Int32Array(from.length * 2);
      to.set(from);
      return to;
    };
    this.hashes = grown(this.hashes);
    this.sources = grown(this.sources);
    this.offsets = grown(this.offsets);
    this.nexts = grown(this.nexts);
  }

  private growHeads(): void {
    this.heads = new Int32Array(this.heads.length * 2).fill(-1);
    for (let entry = 0; entry < this.size; entry++) {
      const bucket = this.hashes[entry] & (this.heads.length - 1);
      this.nexts[entry] = this.heads[bucket];
      this.heads[bucket] = entry;
    }
  }

  private growFilter(): void {
    this.filter = new Int32Array(this.filter.length * 2);
    this.filterMask = this.filter.length * 32 - 1;
    for (let entry = 0; entry < this.size; entry++) this.filter[(this.hashes[entry] & this.filterMask) >>> 5] |= 1 << (this.hashes[entry] & 31);
  }
}

export function sameChars(a: string, aStart: number, b: string, bStart: number, length: number): boolean {
  for (let k = 0; k < length; k++) {
    if (a.charCodeAt(aStart + k) !== b.charCodeAt(bStart + k)) return false;
  }
  return true;
}
