import type { TreeNode } from './node';

interface Run {
  controller: AbortController;
  generation: number;
  promise: Promise<TreeNode[]>;
  settled: boolean;
}

/**
 * The children of a node that come from one load (a list request, an object's details): loaded
 * on the first expand and kept; a failure becomes the node's error node and is not kept, so the
 * next expand (or Retry) loads again.
 *
 * Each load gets its own AbortSignal. `cancel()` (collapse, the view rebuilt) aborts it and
 * answers its waiters with nothing; `reset()` (Refresh, Retry) aborts it and starts a new
 * generation. Whoever still waits on a load of an older generation gets the new generation's
 * children, so an answer that arrives after a Refresh is never shown.
 */
export class ChildrenLoader {
  private current?: Run;
  private generation = 0;
  private kept?: TreeNode[];

  constructor(
    private readonly load: (signal: AbortSignal) => Promise<TreeNode[]>,
    private readonly onError: (error: unknown) => TreeNode,
  ) {}

  children(): Promise<TreeNode[]> {
    if (!this.current) {
      const run: Run = { controller: new AbortController(), generation: this.generation, promise: Promise.resolve([]), settled: false };
      this.current = run;
      run.promise = this.run(run);
    }
    return this.current.promise;
  }

  /** The children of the current generation once loaded (not an error node). */
  get loaded(): readonly TreeNode[] | undefined {
    return this.kept;
  }

  /** Aborts the load under way, if any; loaded children stay. Says whether there was one. */
  cancel(): boolean {
    const run = this.current;
    if (!run || run.settled) return false;
    this.current = undefined;
    run.controller.abort();
    return true;
  }

  /** Aborts any load and forgets the children: the next look loads a new generation. */
  reset(): void {
    this.generation++;
    this.cancel();
    this.current = undefined;
    this.kept = undefined;
  }

  private async run(run: Run): Promise<TreeNode[]> {
    let children: TreeNode[];
    let failed = false;
    try {
      children = await this.load(run.controller.signal);
    } catch (error) {
      failed = true;
      children = [this.onError(error)];
    }
    if (run.generation !== this.generation) {
      return this.children();
    }
    if (this.current !== run) {
      // Cancelled: the editor gets nothing for the collapsed node and asks again on the next expand.
      return [];
    }
    run.settled = true;
    if (failed) {
      this.current = undefined;
    } else {
      this.kept = children;
    }
    return children;
  }
}
