import { EditPath, parseEditPath } from './editPaths';
import { Address, EditableKind } from './kind';

/** The kinds services registered, by id. Services add theirs at activation (no request is made). */
export class EditableKinds {
  private readonly kinds = new Map<string, EditableKind>();

  register(kind: EditableKind): void {
    if (this.kinds.has(kind.id)) throw new Error(`editable kind ${kind.id} is registered twice`);
    this.kinds.set(kind.id, kind);
  }

  get(id: string): EditableKind | undefined {
    return this.kinds.get(id);
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
