import * as vscode from 'vscode';
import { ColumnItem } from '../../clients/honeycomb';
import { CreatableNode, CreateTarget, EditTarget, EditableNode } from '../../editing/editableKinds';
import { COLUMN_KIND_ID } from './kinds/datasetKindIds';
import { TreeNode } from '../tree/node';
import { OneRequestFolderNode, accessible, folderItem } from './oneRequestFolderNode';
import { HoneycombObject } from './objects';
import { EnvScope, ObjectLeafNode } from './scope';

/** Columns whose tree item carries this scheme are drawn dimmed (hiddenColumns.ts decorates them). */
export const HIDDEN_COLUMN_SCHEME = 'opsconfig-honeycomb-hidden';

const TYPE_ICONS: Record<string, string> = {
  string: 'symbol-string',
  integer: 'symbol-number',
  float: 'symbol-number',
  boolean: 'symbol-boolean',
  histogram: 'graph',
};

/** The codicon of a column type; unknown types get a plain field icon. */
export function columnIcon(type: string): string {
  return TYPE_ICONS[type] ?? 'symbol-field';
}

/** One request (`GET /1/columns/{dataset}`) gives every column with its type and hidden flag. */
export class ColumnsFolderNode extends OneRequestFolderNode<ColumnItem> implements CreatableNode {
  /** A fixed label: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  constructor(
    parent: TreeNode,
    scope: EnvScope,
    readonly dataset: string,
    private readonly count: number | null,
  ) {
    super(`${parent.id}/columns`, parent, scope);
  }

  getTreeItem(): vscode.TreeItem {
    return folderItem('Columns', 'symbol-field', this.count === null ? undefined : this.count.toLocaleString('en-US'), 'opsConfig.honeycomb.folder.columns.creatable');
  }

  createTarget(): CreateTarget {
    return { kindId: COLUMN_KIND_ID, parent: { env: this.scope.env.envSlug, dataset: this.dataset } };
  }

  protected load(signal: AbortSignal): Promise<ColumnItem[]> {
    return this.scope.explorer.columns(this.scope.env.envSlug, this.dataset, signal);
  }

  protected toNodes(items: ColumnItem[]): TreeNode[] {
    return items.map((item) => new ColumnNode(this, this.scope, this.dataset, item));
  }

  protected emptyMessage(): string {
    return 'No columns in this dataset yet';
  }

  protected cacheKey(): string {
    return `${this.scope.env.envSlug}|columns|${this.dataset}`;
  }
}

export class ColumnNode extends ObjectLeafNode implements EditableNode {
  /** Its label is the object's name: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  constructor(
    parent: TreeNode,
    private readonly scope: EnvScope,
    readonly dataset: string,
    readonly item: ColumnItem,
  ) {
    super(`${parent.id}/${item.id || item.name}`, parent);
  }

  getTreeItem(): vscode.TreeItem {
    const c = this.item;
    const item = new vscode.TreeItem(c.name, vscode.TreeItemCollapsibleState.None);
    item.description = c.hidden ? `${c.type} · hidden` : c.type;
    item.iconPath = new vscode.ThemeIcon(columnIcon(c.type));
    // A plain-string tooltip is text, never markdown, and costs nothing to build for 10,000 rows.
    item.tooltip = `${c.name} (${c.type}${c.hidden ? ', hidden' : ''})${c.description ? `\n${c.description}` : ''}`;
    if (c.hidden) {
      item.resourceUri = vscode.Uri.from({ scheme: HIDDEN_COLUMN_SCHEME, path: `/${c.id || c.name}` });
    }
    item.contextValue = 'opsConfig.honeycomb.column.editable';
    item.command = { command: 'opsConfig.openRecord', title: 'Open Record', arguments: [this] };
    return accessible(item);
  }

  filterText(): string {
    return `${this.item.name} ${this.item.type}`;
  }

  editTarget(): EditTarget {
    return { kindId: COLUMN_KIND_ID, address: { env: this.scope.env.envSlug, dataset: this.dataset, id: this.item.id }, name: this.item.name };
  }

  object(): HoneycombObject {
    return { kind: 'column', env: this.scope.env, dataset: this.dataset, item: this.item };
  }

  recordTitle(): string {
    return this.item.name;
  }
}
