import type { ManagedBlock } from './managedBlocks';

/**
 * A Honeycomb resource block with no `import` block is its live object only by its natural key
 * (a trigger's dataset and name). Finding which object that is takes one list request per kind
 * and dataset, shared by every block of one run (a drift check, an index of the workspace): the
 * cost grows with the datasets named, not with the blocks. Two live objects with the key, or
 * none, is said as such; no object is guessed.
 */

/** What a live object is called, and the ID its import would name. */
export interface NamedObject {
  id: string;
  name: string;
}

/** The lists the lookup reads, from the environment the provider writes to. */
export interface HoneycombLists {
  triggers(dataset: string, signal?: AbortSignal): Promise<NamedObject[]>;
  slos(dataset: string, signal?: AbortSignal): Promise<NamedObject[]>;
  boards(signal?: AbortSignal): Promise<NamedObject[]>;
  /** `id` is the dataset's slug (its import ID). */
  datasets(signal?: AbortSignal): Promise<NamedObject[]>;
}

interface KeyedKind {
  noun: string;
  /** The list to read and its cache key, from the block's natural key parts. */
  list(lists: HoneycombLists, parts: string[], signal?: AbortSignal): { key: string; load: () => Promise<NamedObject[]> };
  /** The name the object must have, and where it was looked for (for messages). */
  name(parts: string[]): string;
  where(parts: string[]): string;
  importId(parts: string[], id: string): string;
}

const inDataset = (noun: string, read: (lists: HoneycombLists, dataset: string, signal?: AbortSignal) => Promise<NamedObject[]>): KeyedKind => ({
  noun,
  // NATURAL_KEYS lists these as [dataset, name].
  list: (lists, [dataset], signal) => ({ key: `${noun}|${dataset}`, load: () => read(lists, dataset, signal) }),
  name: ([, name]) => name,
  where: ([dataset]) => ` in dataset "${dataset}"`,
  importId: ([dataset], id) => `${dataset}/${id}`,
});

const environmentWide = (noun: string, read: (lists: HoneycombLists, signal?: AbortSignal) => Promise<NamedObject[]>): KeyedKind => ({
  noun,
  list: (lists, _parts, signal) => ({ key: noun, load: () => read(lists, signal) }),
  name: ([name]) => name,
  where: () => '',
  importId: (_parts, id) => id,
});

const KEYED: Readonly<Record<string, KeyedKind>> = {
  honeycombio_trigger: inDataset('trigger', (l, d, s) => l.triggers(d, s)),
  honeycombio_slo: inDataset('SLO', (l, d, s) => l.slos(d, s)),
  honeycombio_flexible_board: environmentWide('board', (l, s) => l.boards(s)),
  honeycombio_dataset: environmentWide('dataset', (l, s) => l.datasets(s)),
};

/** Whether a block's live object can be found by its natural key (a Honeycomb kind above, no import, a literal key). */
export function resolvableByNaturalKey(block: ManagedBlock): boolean {
  return block.mode === 'resource' && !block.repeated && block.importId === undefined && block.naturalKey !== undefined && block.type in KEYED;
}

export class NaturalKeyLookup {
  private readonly lists = new Map<string, Promise<NamedObject[]>>();

  constructor(
    private readonly source: HoneycombLists,
    /** The environment's name, for messages. */
    private readonly env: string,
    private readonly signal?: AbortSignal,
  ) {}

  /** How many lists were read (each once per lookup). */
  get listsRead(): number {
    return this.lists.size;
  }

  /**
   * The block with the import ID its natural key names, or why there is none. A block that does
   * not need the lookup (it has an import, or is of another kind) is answered as it is.
   */
  async resolve(block: ManagedBlock): Promise<ManagedBlock | { none: string }> {
    if (!resolvableByNaturalKey(block)) return block;
    const kind = KEYED[block.type];
    const parts = JSON.parse(block.naturalKey!) as string[];
    const { key, load } = kind.list(this.source, parts, this.signal);
    let pending = this.lists.get(key);
    if (!pending) {
      pending = load();
      this.lists.set(key, pending);
    }
    const name = kind.name(parts);
    const matching = (await pending).filter((o) => o.name === name);
    const what = `${kind.noun} named "${name}"${kind.where(parts)} of environment "${this.env}"`;
    const fix = `add an import block to ${block.type}.${block.name}`;
    if (matching.length === 0) return { none: `No ${what}: ${fix} with the ID of the one it manages, or check its name.` };
    if (matching.length > 1) {
      const ids = matching.map((o) => kind.importId(parts, o.id)).join(', ');
      return { none: `${matching.length} ${kind.noun}s are ${what.replace(`${kind.noun} `, '')} (${ids}): ${fix} with the ID of the one it manages.` };
    }
    return { ...block, importId: kind.importId(parts, matching[0].id) };
  }
}
