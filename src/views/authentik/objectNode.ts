import * as vscode from 'vscode';
import type { EditTarget } from '../../editing/editableKinds';
import { ChildrenLoader } from '../tree/childrenLoader';
import { ErrorNode, EmptyNode } from '../tree/messageNodes';
import { TreeNode } from '../tree/node';
import { AuthentikTreeContext, SIGN_IN_COMMAND } from './context';
import { kindIdInConnection } from './kinds/ids';
import { ObjectRef, recordKeyOf } from './objectRef';
import { lookupFor } from './snippets';

export interface ObjectLook {
  label: string;
  description?: string;
  tooltip?: string;
  icon: vscode.ThemeIcon;
  /** The object as an editable kind (Edit…, Delete…, Copy as Terraform resource). */
  edit?: EditTarget;
  /** Only Delete… applies (a license is nothing but its secret key). */
  deleteOnly?: boolean;
}

/**
 * Any authentik object in the tree. It opens as a record (click), carries the menus of its kind
 * (`opsConfig.authentik.object.<kind>` plus `.iac` when a data-source snippet exists) and is
 * matched by the view filter on its name, slug and ID. Subclasses with children override
 * `loadChildren`; loaded children are kept until Refresh. Collapsing the node aborts its load.
 */
export class AuthentikObjectNode implements TreeNode {
  readonly id: string;
  /** Made on the first expand: most objects are never expanded. */
  private loader?: ChildrenLoader;
  /** Set only for managed kinds: the editing commands look for this function. */
  readonly editTarget?: () => EditTarget;

  constructor(
    protected readonly parent: TreeNode,
    protected readonly ctx: AuthentikTreeContext,
    readonly ref: ObjectRef,
    protected readonly look: ObjectLook,
    /** Distinguishes the same object shown twice under one parent (e.g. a stage bound twice). */
    idSuffix = '',
  ) {
    this.id = `${parent.id}/${ref.kind}:${ref.lookup}${idSuffix}`;
    // Kinds are named as the default connection's; an added connection's objects are its own kind.
    const edit = look.edit && { ...look.edit, kindId: kindIdInConnection(look.edit.kindId, ctx.connectionId) };
    if (edit) this.editTarget = () => edit;
  }

  /** The connection the node's object lives in (`default` or an added one's id). */
  get connectionId(): string | undefined {
    return this.ctx.connectionId;
  }

  recordKey(): string {
    return recordKeyOf(this.ref, this.ctx.connectionId);
  }

  recordTitle(): string {
    return this.ref.slug ?? this.ref.name;
  }

  filterText(): string {
    return [this.look.label, this.look.description, this.ref.name, this.ref.slug, this.ref.id].filter(Boolean).join(' ');
  }

  protected hasChildren(): boolean {
    return false;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.look.label, this.hasChildren() ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.description = this.look.description;
    // An editable object's tooltip is made when first shown: it says which commands authentik refuses, from the kinds table.
    item.tooltip = this.editTarget ? undefined : this.tooltip();
    item.iconPath = this.look.icon;
    const editing = this.look.edit ? (this.look.deleteOnly ? 'deletable' : 'editable') : undefined;
    item.contextValue = ['opsConfig.authentik.object', this.ref.kind, 'none' in lookupFor(this.ref) ? undefined : 'iac', editing, ...this.extraContext()].filter(Boolean).join('.');
    item.command = { command: 'opsConfig.openRecord', title: 'Open Record', arguments: [this] };
    item.accessibilityInformation = { label: [this.look.label, this.look.description].filter(Boolean).join(', ') };
    return item;
  }

  private tooltip(): string {
    return this.look.tooltip ?? [this.look.label, this.look.description].filter(Boolean).join('\n');
  }

  /** The tooltip with a line for each command the API refuses on this object, and why. */
  async resolveTreeItem(item: vscode.TreeItem): Promise<vscode.TreeItem> {
    const target = this.editTarget?.();
    const commands = this.look.deleteOnly ? (['delete'] as const) : (['edit', 'delete'] as const);
    const lines = target ? (await import(/* webpackChunkName: "authentik-kinds" */ './kinds/refusalNotes')).refusalLines(target.kindId, commands) : [];
    item.tooltip = [this.tooltip(), ...lines].join('\n');
    return item;
  }

  /** Extra context flags for menus, e.g. `saml` for "Open Metadata". */
  protected extraContext(): string[] {
    return [];
  }

  getChildren(): Promise<TreeNode[]> {
    this.loader ??= new ChildrenLoader(
      async (signal) => {
        const nodes = await this.loadChildren(signal);
        return nodes.length > 0 ? nodes : [new EmptyNode(`${this.id}/empty`, this, this.emptyMessage())];
      },
      (error) => new ErrorNode(`${this.id}/error`, this, error, this, SIGN_IN_COMMAND),
    );
    return this.loader.children();
  }

  /** The children; `signal` aborts their requests when the node is collapsed or refreshed. */
  protected async loadChildren(_signal: AbortSignal): Promise<TreeNode[]> {
    return [];
  }

  protected emptyMessage(): string {
    return 'Nothing here';
  }

  getParent(): TreeNode {
    return this.parent;
  }

  cancel(): boolean {
    return this.loader?.cancel() ?? false;
  }

  invalidate(): void {
    this.loader?.reset();
  }
}

/** A labelled group of children under an object ("Parents", "Used by"), not filterable itself. */
export class SectionNode implements TreeNode {
  readonly id: string;

  constructor(
    private readonly parent: TreeNode,
    key: string,
    private readonly label: string,
    private readonly description: string | undefined,
    private readonly icon: string,
    private readonly children: (self: SectionNode) => TreeNode[],
    private readonly emptyText: string,
  ) {
    this.id = `${parent.id}/${key}`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.description = this.description;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.contextValue = 'opsConfig.authentik.section';
    return item;
  }

  getChildren(): TreeNode[] {
    const nodes = this.children(this);
    return nodes.length > 0 ? nodes : [new EmptyNode(`${this.id}/empty`, this, this.emptyText)];
  }

  getParent(): TreeNode {
    return this.parent;
  }
}
