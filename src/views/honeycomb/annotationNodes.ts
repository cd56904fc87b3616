import * as vscode from 'vscode';
import { ENVIRONMENT_WIDE } from '../../clients/honeycomb';
import { QueryAnnotationItem } from '../../clients/honeycomb/writes';
import { CreatableNode, CreateTarget, EditTarget, EditableNode } from '../../editing/editableKinds';
import { TreeNode } from '../tree/node';
import { OneRequestFolderNode, NamedRow, accessible, folderItem, withId } from './oneRequestFolderNode';
import { QUERY_ANNOTATION_KIND_ID } from './kinds/ids';
import { EnvScope } from './scope';

/**
 * "Saved queries": the query annotations of a dataset (or, with `__all__`, of the environment),
 * which is how Honeycomb gives a saved query a name. Each opens as an edit document.
 */
export class SavedQueriesFolderNode extends OneRequestFolderNode<QueryAnnotationItem> implements CreatableNode {
  /** A fixed label: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  constructor(
    parent: TreeNode,
    scope: EnvScope,
    readonly dataset: string,
  ) {
    super(`${parent.id}/savedQueries`, parent, scope);
  }

  getTreeItem(): vscode.TreeItem {
    return folderItem(this.dataset === ENVIRONMENT_WIDE ? 'Saved queries (all datasets)' : 'Saved queries', 'bookmark', this.countText(), 'opsConfig.honeycomb.folder.savedQueries.creatable');
  }

  createTarget(): CreateTarget {
    return { kindId: QUERY_ANNOTATION_KIND_ID, parent: { env: this.scope.env.envSlug, dataset: this.dataset } };
  }

  protected load(signal: AbortSignal): Promise<QueryAnnotationItem[]> {
    return this.scope.explorer.annotations(this.scope.env.envSlug, this.dataset, signal);
  }

  protected toNodes(items: QueryAnnotationItem[]): TreeNode[] {
    return items.map((item) => new SavedQueryNode(this, this.scope, this.dataset, item));
  }

  protected emptyMessage(): string {
    return 'No named queries yet';
  }

  protected cacheKey(): string {
    return `${this.scope.env.envSlug}|annotations|${this.dataset}`;
  }
}

export class SavedQueryNode implements TreeNode, EditableNode, NamedRow {
  /** Its label is the object's name: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  readonly id: string;
  sharesName = false;

  constructor(
    private readonly parent: TreeNode,
    private readonly scope: EnvScope,
    private readonly dataset: string,
    readonly item: QueryAnnotationItem,
  ) {
    this.id = `${parent.id}/${item.id}`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.item.name || this.item.id, vscode.TreeItemCollapsibleState.None);
    item.description = withId(this.item.description || `query ${this.item.queryId}`, this.item.id, this.sharesName);
    item.iconPath = new vscode.ThemeIcon('bookmark');
    item.tooltip = `${this.item.name}${this.item.description ? `\n${this.item.description}` : ''}\nQuery ID ${this.item.queryId}`;
    item.contextValue = 'opsConfig.honeycomb.queryAnnotation.editable';
    item.command = { command: 'opsConfig.edit', title: 'Open', arguments: [this] };
    return accessible(item);
  }

  rowName(): string {
    return this.item.name || this.item.id;
  }

  editTarget(): EditTarget {
    return { kindId: QUERY_ANNOTATION_KIND_ID, address: { env: this.scope.env.envSlug, dataset: this.dataset, id: this.item.id }, name: this.item.name };
  }

  filterText(): string {
    return `${this.item.name} ${this.item.description}`;
  }

  getParent(): TreeNode {
    return this.parent;
  }
}
