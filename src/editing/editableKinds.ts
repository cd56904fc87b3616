import { RefusedError } from '../core/errors';
import { EditPath, parseEditPath } from './editPaths';
import { Address, EditableKind } from './kind';

/**
 * The kinds services registered, by id. Services add theirs at activation (no request is made),
 * either as objects or, when a service has many kinds with tables and schemas, as a loader for
 * the ids under a prefix: the kinds then load (and register) with the first use of one of them.
 */
export class EditableKinds {
  private readonly kinds = new Map<string, EditableKind>();
  private readonly loaders: Array<{ prefix: string; load: (id: string) => Promise<EditableKind | undefined>; whyNot?: (id: string) => Promise<string | undefined> }> = [];

  register(kind: EditableKind): void {
    if (this.kinds.has(kind.id)) throw new Error(`editable kind ${kind.id} is registered twice`);
    this.kinds.set(kind.id, kind);
  }

  /**
   * Kinds whose id starts with `prefix` come from `load` on first use (see `ensure`); `whyNot`
   * says why an id of the prefix names no kind (authentik's built-in source has no typed endpoint).
   */
  registerLoader(prefix: string, load: (id: string) => Promise<EditableKind | undefined>, whyNot?: (id: string) => Promise<string | undefined>): void {
    this.loaders.push({ prefix, load, whyNot });
  }

  /** The kind of `id`, or an error that says why there is none (never just the id). */
  async require(id: string): Promise<EditableKind> {
    const kind = await this.ensure(id);
    if (kind) return kind;
    const reason = await this.loaders.find((l) => id.startsWith(l.prefix))?.whyNot?.(id);
    throw new RefusedError(reason ?? `Ops Config has no editor for objects of the kind "${id}".`);
  }

  get(id: string): EditableKind | undefined {
    return this.kinds.get(id);
  }

  /** The kind of `id`, loading it first when a loader provides it. */
  async ensure(id: string): Promise<EditableKind | undefined> {
    const known = this.kinds.get(id);
    if (known) return known;
    const loader = this.loaders.find((l) => id.startsWith(l.prefix));
    const kind = loader ? await loader.load(id) : undefined;
    if (!kind || kind.id !== id) return undefined;
    // Two first uses may race: the first registered wins.
    if (!this.kinds.has(id)) this.kinds.set(id, kind);
    return this.kinds.get(id);
  }

  /** Like `parse`, loading the path's kind first when it is not loaded yet. */
  async resolve(path: string): Promise<(EditPath & { kind: EditableKind }) | undefined> {
    await this.ensure(path.split('/')[1] ?? '');
    return this.parse(path);
  }

  all(): EditableKind[] {
    return [...this.kinds.values()];
  }

  parse(path: string): (EditPath & { kind: EditableKind }) | undefined {
    const parsed = parseEditPath(path, (id) => this.kinds.get(id));
    return parsed ? { ...parsed, kind: this.kinds.get(parsed.kindId) as EditableKind } : undefined;
  }
}

/** What a tree node (or a record) offers to edit: its kind, address and display name. */
export interface EditTarget {
  kindId: string;
  address: Address;
  name: string;
}

/** What a folder offers to create in: the kind of its children and the parent's address. */
export interface CreateTarget {
  kindId: string;
  parent: Address;
  /** For a folder of several kinds: asks which one to make and answers its id (undefined: cancelled). */
  chooseKind?(): Promise<string | undefined>;
}

export interface EditableNode {
  editTarget(): EditTarget;
}

export interface CreatableNode {
  createTarget(): CreateTarget;
}

export function isEditable(value: unknown): value is EditableNode {
  return typeof (value as EditableNode | undefined)?.editTarget === 'function';
}

export function isCreatable(value: unknown): value is CreatableNode {
  return typeof (value as CreatableNode | undefined)?.createTarget === 'function';
}
