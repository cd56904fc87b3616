import { isEditable } from '../editing/editableKinds';
import type { RecordViewModel } from '../views/panels/protocol';

/**
 * Which live objects the workspace's Terraform manages, as the views and records need it: by the
 * object's edit target (kind and address), where its block is. It is empty-handed ("not read")
 * until the Terraform features have read the workspace — a `.tf` file opened, a Terraform
 * command, a save's plan — so drawing a tree never reads a `.tf` file nor loads the parser.
 * Nothing here imports the parser or `vscode`: the start-up chunk holds this module.
 */

/** Where a managed object's block is: `main.tf:12` for people, the file and line for the editor. */
export interface ManagedPlace {
  place: string;
  uri: string;
  line: number;
  column: number;
}

/** An object as the views and records name it (src/editing's EditTarget, without the name). */
export interface ManagedTarget {
  kindId: string;
  address: Readonly<Record<string, string>>;
}

/** The context-value flag of a managed row: the Go to Terraform Definition menu shows only there. */
export const TERRAFORM_FLAG = '.terraformManaged';

/** Key of a target, the same whatever order its address fields were written in. */
export function targetKey(target: ManagedTarget): string {
  const fields = Object.keys(target.address)
    .sort()
    .map((k) => [k, target.address[k]]);
  return JSON.stringify([target.kindId, fields]);
}

export class ManagedIndex {
  private places?: Map<string, ManagedPlace>;
  private readonly listeners = new Set<() => void>();

  /** Whether the workspace's Terraform has been read; before that no row says anything. */
  get known(): boolean {
    return this.places !== undefined;
  }

  /** Called once the workspace's Terraform is read, and again each time a `.tf` file changes. */
  update(entries: Iterable<readonly [ManagedTarget, ManagedPlace]>): void {
    const places = new Map<string, ManagedPlace>();
    for (const [target, place] of entries) if (!places.has(targetKey(target))) places.set(targetKey(target), place);
    this.places = places;
    for (const listener of [...this.listeners]) listener();
  }

  placeOf(target: ManagedTarget): ManagedPlace | undefined {
    return this.places?.get(targetKey(target));
  }

  readonly onDidChange = (listener: () => void): { dispose(): void } => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };
}

/** What a tree row of a managed object adds: "Terraform" after its description, and the menu flag. */
export function markManagedItem<T extends { description?: string | boolean; contextValue?: string }>(item: T, place: ManagedPlace | undefined): T {
  if (!place) return item;
  item.description = typeof item.description === 'string' && item.description !== '' ? `${item.description} · Terraform` : 'Terraform';
  item.contextValue = `${item.contextValue ?? ''}${TERRAFORM_FLAG}`;
  return item;
}

/** The views' row decoration: an editable row the index knows as managed says "Terraform". */
export function decorateManagedRow(index: ManagedIndex): <T extends { description?: string | boolean; contextValue?: string }>(node: unknown, item: T) => T {
  return (node, item) => (index.known && isEditable(node) ? markManagedItem(item, placeOfNode(index, node)) : item);
}

/** A row that cannot name its object yet (an environment listed without the management key) is not one Terraform is known to manage. */
function placeOfNode(index: ManagedIndex, node: { editTarget(): ManagedTarget }): ManagedPlace | undefined {
  try {
    return index.placeOf(node.editTarget());
  } catch {
    return undefined;
  }
}

/**
 * A record of a managed object: a badge, a "Terraform" section saying where ("Managed by
 * Terraform in main.tf:12") and a Go to Terraform Definition button. The record's Edit… action
 * says which object it is; a record without one (not editable) is left as it is.
 */
export function withTerraformOwner(model: RecordViewModel, index: ManagedIndex): RecordViewModel {
  const edit = model.actions?.find((a) => a.id === 'edit')?.link;
  const target = edit?.kind === 'command' ? (edit.args?.[0] as ManagedTarget | undefined) : undefined;
  const place = target && index.placeOf(target);
  if (!place) return model;
  const go = { kind: 'command' as const, command: 'opsConfig.terraform.goToDefinition', args: [target] };
  const actions = model.actions ?? [];
  const after = actions.findIndex((a) => a.id === 'copyPulumi') + 1;
  const button = { id: 'goToTerraform', label: 'Go to Terraform Definition', link: go };
  return {
    ...model,
    badges: [...(model.badges ?? []), { text: 'managed by Terraform', tone: 'warning' }],
    sections: [{ title: 'Terraform', fields: [{ label: 'Managed by Terraform in', value: place.place, link: go }] }, ...model.sections],
    actions: after > 0 ? [...actions.slice(0, after), button, ...actions.slice(after)] : [...actions, button],
  };
}
