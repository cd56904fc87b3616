import type * as vscode from 'vscode';
import type { TreeNode } from '../views/tree/node';
import type { ViewName } from '../views/viewIds';
import type { SecretReads } from './connectionFingerprint';
import type { RememberedRows } from './rememberedTree';

/** Where a view's remembered tree (rememberedTree.ts) is kept in globalState. */
export function rememberedTreeKey(view: string): string {
  return `opsConfig.rememberedTree.${view}`;
}

/** What a remembered row says instead of its description, and how it is read out (its accessible name ends so). */
export const REFRESHING_DESCRIPTION = 'refreshing…';
export const REFRESHING_WORDS = 'as last shown, refreshing';

/** The remembered rows of the views whose stored tree belongs to the connection in effect (rememberedCheck.ts). */
export type RowsCheck = (state: Pick<vscode.Memento, 'get'>, views: readonly ViewName[], secrets: SecretReads, live: Promise<void>) => Promise<Map<ViewName, RememberedRows>>;

/** What a view's start-up stand-in asks (src/startup/deferredProviders.ts). */
export interface RememberedView {
  /** The remembered rows, when they belong to the connection in effect. */
  roots(): Promise<TreeNode[] | undefined>;
  /** Whether remembered rows were drawn: the live tree must then replace them. */
  served(): boolean;
}

/**
 * Before the features load: whether a view's remembered tree belongs to the connection in
 * effect, its rows, and when the features may start compiling.
 *
 * Compiling and building the features holds the extension host for about 60 ms, during which
 * no answer leaves it. A shown view that can answer from memory answers first: the features wait
 * until it has (or until it clearly is not going to be asked, its section being collapsed).
 *
 * Only whether a tree is stored is looked at here (globalState is in memory: no round trip);
 * comparing it with the connection loads a small chunk of its own, while the secrets it needs
 * are on their way.
 */
export class RememberedTrees {
  private valid?: Promise<Map<ViewName, RememberedRows>>;
  private readonly served = new Set<ViewName>();
  private readonly answered = new Map<ViewName, { promise: Promise<void>; resolve: () => void }>();
  private readonly visible = new Map<ViewName, () => boolean>();
  private goneLive!: () => void;
  private readonly live = new Promise<void>((resolve) => (this.goneLive = resolve));

  constructor(
    private readonly state: Pick<vscode.Memento, 'get'>,
    /** The views that remember their tree. */
    private readonly views: readonly ViewName[],
    /** The secret reads a comparison needs; asked for only when some tree is stored. */
    private readonly secrets: () => SecretReads,
    private readonly loadCheck: () => Promise<RowsCheck>,
    /** How long the features wait for a shown view that has not asked for its rows. */
    private readonly unaskedMs = 150,
    /** How long the features wait after the last remembered rows were asked, for the answer to leave (see quiet). */
    private readonly leaveMs = 30,
  ) {}

  /** What the view's stand-in asks; `visible` says whether the editor shows the view now. */
  view(name: ViewName, visible: () => boolean): RememberedView {
    this.visible.set(name, visible);
    return { roots: () => this.roots(name), served: () => this.served.has(name) };
  }

  /** The remembered rows of a view, when they belong to the connection in effect. */
  async roots(name: ViewName): Promise<TreeNode[] | undefined> {
    const rows = (await this.check()).get(name);
    if (!rows) return undefined;
    this.served.add(name);
    void rows.drawn.then(() => this.answer(name).resolve());
    return rows.roots;
  }

  /**
   * Settles once every shown view that can answer from memory has answered — its roots and the
   * rows below those drawn expanded, each a round trip to the window — and the last answer has
   * left the extension host (it leaves in a later turn of the event loop), or has not been asked
   * in time. Settles after one turn of the event loop when no shown view has a tree stored: a
   * command run before any view is opened waits for nothing else. (That turn lets the views of
   * the container report that they are shown, and the reads started just before leave.)
   */
  async quiet(): Promise<void> {
    // The comparison starts now if there is anything to compare; whether to wait for it is
    // decided once the container's views have said they are shown.
    if (this.stored().length > 0) void this.check();
    await delay(0);
    const shown = (name: ViewName): boolean => this.answered.has(name) || (this.visible.get(name)?.() ?? false);
    if (!this.stored().some(shown)) return;
    const valid = await this.check();
    const answering = [...valid.keys()].filter(shown);
    if (answering.length === 0) return;
    await Promise.race([Promise.all(answering.map((name) => this.answer(name).promise)), delay(this.unaskedMs)]);
    // The answer leaves through the host's batched writer, a few turns of the event loop later.
    // Compiling right behind it held it back by 20-90 ms in 3 windows of 8; after a pause of
    // 30 ms, the rows were drawn as soon after the last ask as the baseline's (decision 0002).
    await delay(this.leaveMs);
  }

  /**
   * Starts comparing the stored trees with the connection in effect before any view asks, so
   * that the rows are ready when the window asks: the secret reads take 10-20 ms while the
   * window is busy opening the view. Reads nothing when no tree is stored, so only someone who
   * has opened a view before (and so has its keys at hand) pays for the reads. If the stored
   * secrets or the extension's settings change before a view has drawn its rows, the comparison
   * may no longer hold, and the next ask compares again; once rows were drawn it no longer
   * matters, the live tree read with the new connection replaces them.
   */
  prepare(changes: { secrets: vscode.Event<unknown>; settings: vscode.Event<vscode.ConfigurationChangeEvent> }): vscode.Disposable {
    const forget = (): void => {
      if (this.served.size === 0) this.valid = undefined;
    };
    const listening = [
      changes.secrets(forget),
      changes.settings((event) => {
        if (event.affectsConfiguration('opsConfig')) forget();
      }),
    ];
    if (this.stored().length > 0) void this.check();
    return {
      dispose: () => {
        for (const l of listening) l.dispose();
      },
    };
  }

  /** The features have loaded: a remembered row expanded with nothing below it stops waiting. */
  wentLive(): void {
    this.goneLive();
  }

  /** The views with a tree stored: nothing stored, nothing read, no chunk loaded. */
  private check(): Promise<Map<ViewName, RememberedRows>> {
    this.valid ??= this.stored().length === 0 ? Promise.resolve(new Map()) : this.compare();
    return this.valid;
  }

  private async compare(): Promise<Map<ViewName, RememberedRows>> {
    // The reads leave first; the chunk loads while they are on their way.
    const secrets = this.secrets();
    try {
      return await (
        await this.loadCheck()
      )(this.state, this.stored(), secrets, this.live);
    } catch {
      return new Map();
    }
  }

  private stored(): ViewName[] {
    return this.views.filter((name) => this.state.get(rememberedTreeKey(name)) !== undefined);
  }

  private answer(name: ViewName): { promise: Promise<void>; resolve: () => void } {
    let entry = this.answered.get(name);
    if (!entry) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      entry = { promise, resolve };
      this.answered.set(name, entry);
    }
    return entry;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
