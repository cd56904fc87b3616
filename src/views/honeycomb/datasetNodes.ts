import * as vscode from 'vscode';
import { DatasetItem } from '../../clients/honeycomb';
import { CreatableNode, CreateTarget, EditTarget, EditableNode } from '../../editing/editableKinds';
import { DatasetDefinitionsNode } from './datasetDefinitionsNode';
import { DATASET_KIND_ID } from './kinds/datasetKindIds';
import { TreeNode } from '../tree/node';
import { ColumnsFolderNode } from './columnNodes';
import { DerivedColumnsFolderNode } from './derivedColumnNodes';
import { OneRequestFolderNode, accessible, folderItem } from './oneRequestFolderNode';
import { HoneycombObject } from './objects';
import { EnvScope, ObjectLeafNode } from './scope';
import { SlosFolderNode } from './sloNodes';
import { ago } from './time';
import { TriggersFolderNode } from './triggerNodes';
import { MarkersFolderNode } from './markerNodes';
import { SavedQueriesFolderNode } from './annotationNodes';

/** An environment's datasets: one request (`GET /1/datasets`) with names, slugs and last-written times. */
export class DatasetsFolderNode extends OneRequestFolderNode<DatasetItem> implements CreatableNode {
  /** A fixed label: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  constructor(parent: TreeNode, scope: EnvScope) {
    super(`${parent.id}/datasets`, parent, scope);
  }

  getTreeItem(): vscode.TreeItem {
    return folderItem('Datasets', 'database', this.countText(), 'opsConfig.honeycomb.folder.datasets.creatable');
  }

  createTarget(): CreateTarget {
    return { kindId: DATASET_KIND_ID, parent: { env: this.scope.env.envSlug } };
  }

  protected load(signal: AbortSignal): Promise<DatasetItem[]> {
    return this.scope.explorer.datasets(this.scope.env.envSlug, signal);
  }

  protected toNodes(items: DatasetItem[]): TreeNode[] {
    return items.map((item) => new DatasetNode(this, this.scope, item));
  }

  protected emptyMessage(): string {
    return 'No datasets in this environment';
  }

  protected cacheKey(): string {
    return `${this.scope.env.envSlug}|datasets`;
  }
}

/** A dataset: its columns, derived columns, SLOs and triggers, each loaded when expanded. */
export class DatasetNode extends ObjectLeafNode implements EditableNode {
  /** Its label is the object's name: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  private folders?: [ColumnsFolderNode, DerivedColumnsFolderNode, SlosFolderNode, TriggersFolderNode, SavedQueriesFolderNode, MarkersFolderNode, DatasetDefinitionsNode];

  constructor(
    parent: TreeNode,
    private readonly scope: EnvScope,
    readonly item: DatasetItem,
  ) {
    super(`${parent.id}/${item.slug}`, parent);
  }

  getTreeItem(): vscode.TreeItem {
    const d = this.item;
    const item = new vscode.TreeItem(d.name, vscode.TreeItemCollapsibleState.Collapsed);
    const written = ago(d.lastWrittenAt);
    // Always the slug next to the name: they differ, and paths and snippets need the slug.
    item.description = `${d.slug} · ${written ? `written ${written}` : 'never written'}`;
    item.iconPath = new vscode.ThemeIcon('database');
    item.tooltip = `${d.name} (${d.slug})${d.description ? `\n${d.description}` : ''}\n${written ? `Last written ${written} (${d.lastWrittenAt})` : 'Never received data'}`;
    item.contextValue = 'opsConfig.honeycomb.dataset.editable';
    return accessible(item);
  }

  getChildren(): TreeNode[] {
    this.folders ??= [
      new ColumnsFolderNode(this, this.scope, this.item.slug, this.item.regularColumnsCount),
      new DerivedColumnsFolderNode(this, this.scope, this.item.slug),
      new SlosFolderNode(this, this.scope, this.item.slug),
      new TriggersFolderNode(this, this.scope, this.item.slug),
      new SavedQueriesFolderNode(this, this.scope, this.item.slug),
      new MarkersFolderNode(this, this.scope, this.item.slug),
      new DatasetDefinitionsNode(this, this.scope, this.item.slug),
    ];
    return this.folders;
  }

  /** Name and slug, plus whatever is loaded below, so filtering for a column keeps its dataset. */
  filterText(): string {
    const below = (this.folders ?? []).map((f) => f.loadedFilterText()).join(' ');
    return `${this.item.name} ${this.item.slug} ${below}`;
  }

  invalidate(): void {
    this.folders?.forEach((f) => f.invalidate());
  }

  editTarget(): EditTarget {
    return { kindId: DATASET_KIND_ID, address: { env: this.scope.env.envSlug, dataset: this.item.slug }, name: this.item.name };
  }

  object(): HoneycombObject {
    return { kind: 'dataset', env: this.scope.env, item: this.item };
  }

  recordTitle(): string {
    return this.item.name;
  }
}
