import * as vscode from 'vscode';
import { DerivedColumnItem, ENVIRONMENT_WIDE } from '../../clients/honeycomb';
import { CreatableNode, CreateTarget, EditTarget, EditableNode } from '../../editing/editableKinds';
import { DERIVED_COLUMN_KIND_ID } from './kinds/datasetKindIds';
import { TreeNode } from '../tree/node';
import { OneRequestFolderNode, accessible, folderItem } from './oneRequestFolderNode';
import { HoneycombObject } from './objects';
import { EnvScope, ObjectLeafNode } from './scope';

/** A dataset's derived columns, or (without a dataset) the environment-wide ones. */
export class DerivedColumnsFolderNode extends OneRequestFolderNode<DerivedColumnItem> implements CreatableNode {
  /** A fixed label: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  constructor(
    parent: TreeNode,
    scope: EnvScope,
    readonly dataset: string | undefined,
  ) {
    super(`${parent.id}/derived-columns`, parent, scope);
  }

  getTreeItem(): vscode.TreeItem {
    return folderItem(this.dataset ? 'Derived columns' : 'Derived columns (environment-wide)', 'symbol-operator', this.countText(), 'opsConfig.honeycomb.folder.derivedColumns.creatable');
  }

  createTarget(): CreateTarget {
    return { kindId: DERIVED_COLUMN_KIND_ID, parent: { env: this.scope.env.envSlug, dataset: this.dataset ?? ENVIRONMENT_WIDE } };
  }

  protected load(signal: AbortSignal): Promise<DerivedColumnItem[]> {
    return this.scope.explorer.derivedColumns(this.scope.env.envSlug, this.dataset, signal);
  }

  protected toNodes(items: DerivedColumnItem[]): TreeNode[] {
    return items.map((item) => new DerivedColumnNode(this, this.scope, this.dataset, item));
  }

  protected emptyMessage(): string {
    return this.dataset ? 'No derived columns in this dataset' : 'No environment-wide derived columns';
  }

  protected cacheKey(): string {
    return `${this.scope.env.envSlug}|derived|${this.dataset ?? '__all__'}`;
  }
}

export class DerivedColumnNode extends ObjectLeafNode implements EditableNode {
  /** Its label is the object's name: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  constructor(
    parent: TreeNode,
    private readonly scope: EnvScope,
    readonly dataset: string | undefined,
    readonly item: DerivedColumnItem,
  ) {
    super(`${parent.id}/${item.id || item.alias}`, parent);
  }

  getTreeItem(): vscode.TreeItem {
    const d = this.item;
    const item = new vscode.TreeItem(d.alias, vscode.TreeItemCollapsibleState.None);
    item.description = d.expression;
    item.iconPath = new vscode.ThemeIcon('symbol-operator');
    item.tooltip = `${d.alias} = ${d.expression}${d.description ? `\n${d.description}` : ''}`;
    item.contextValue = 'opsConfig.honeycomb.derivedColumn.editable';
    item.command = { command: 'opsConfig.openRecord', title: 'Open Record', arguments: [this] };
    return accessible(item);
  }

  filterText(): string {
    return `${this.item.alias} ${this.item.expression}`;
  }

  editTarget(): EditTarget {
    return { kindId: DERIVED_COLUMN_KIND_ID, address: { env: this.scope.env.envSlug, dataset: this.dataset ?? ENVIRONMENT_WIDE, id: this.item.id }, name: this.item.alias };
  }

  object(): HoneycombObject {
    return { kind: 'derivedColumn', env: this.scope.env, dataset: this.dataset, item: this.item };
  }

  recordTitle(): string {
    return this.item.alias;
  }
}
