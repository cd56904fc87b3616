import type { LineCounter, Node } from 'yaml';
import type { BlueprintSchema } from './schemaModel';
import { shortTag } from './yamlNodes';

/**
 * One walk over a parsed part of a blueprint: the facts it gathers (the problems, the entries' ids,
 * the `!KeyOf`s to resolve once all parts are known) and where it is (which entry, and whether that
 * entry has conditions). The checks of each section of a blueprint (check.ts, entryChecks.ts,
 * fieldChecks.ts, tagChecks.ts) all report through it, so a part's findings stay in one list in the
 * order they are met.
 */

export interface Problem {
  message: string;
  severity: 'error' | 'warning';
  /** 0-based, in the text given to the check. */
  line: number;
  character: number;
  endLine: number;
  endCharacter: number;
}

/** An `!KeyOf` reference, resolved against every entry's `id` once all entries are known. */
export interface KeyOfUse {
  name: string;
  /** Index of the entry (within the checked part) using it. */
  entry: number;
  /** The using entry has conditions: authentik may skip it, so a missing id is not certain to fail. */
  conditional: boolean;
  at: Omit<Problem, 'message' | 'severity'>;
}

/** What one checked part of a blueprint (the whole, the part before the entries, or some entries) yields. */
export interface PartFacts {
  problems: Problem[];
  /** `id`s of the entries, in order (undefined: an entry without an id). */
  ids: (string | undefined)[];
  /** Some entry's id is made by a tag (or an entry by a loop): which ids exist is not known here. */
  someIdsUnknown: boolean;
  keyOfs: KeyOfUse[];
}

export class Walk {
  readonly facts: PartFacts = { problems: [], ids: [], someIdsUnknown: false, keyOfs: [] };
  /** The entry being walked, counted within this part (-1 before the first). */
  entryIndex = -1;
  /**
   * Whether the entry being walked has `conditions`. Unknown for an entry a tag makes, which does
   * not matter: its part's ids are unknown then, so a `!KeyOf` that finds no id is a warning anyway.
   */
  conditional = false;

  constructor(
    private readonly text: string,
    private readonly lines: LineCounter,
    readonly schema: BlueprintSchema,
  ) {}

  /** Counts one more entry, its id and conditions not known (yet). */
  beginEntry(): void {
    this.entryIndex++;
    this.conditional = false;
    this.facts.ids[this.entryIndex] = undefined;
  }

  report(severity: Problem['severity'], message: string, node: { range?: [number, number, number] | null } | null | undefined, start?: number): void {
    const range = node?.range ?? [0, 0, 0];
    this.facts.problems.push({ message, severity, ...this.span(start ?? range[0], Math.max(range[1], (start ?? range[0]) + 1)) });
  }

  span(start: number, end: number): Omit<Problem, 'message' | 'severity'> {
    const a = this.lines.linePos(start);
    const b = this.lines.linePos(Math.min(end, this.text.length));
    return { line: a.line - 1, character: a.col - 1, endLine: b.line - 1, endCharacter: b.col - 1 };
  }

  /** Where a node's tag is written (the node's range starts after it). */
  tagStart(node: Node): number {
    const at = this.text.lastIndexOf(shortTag(node.tag ?? ''), node.range?.[0] ?? 0);
    return at >= 0 ? at : (node.range?.[0] ?? 0);
  }
}
