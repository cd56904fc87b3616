import * as vscode from 'vscode';
import type { BoardItem } from '../../clients/honeycomb/boardWrites';
import type { ApiObject } from '../../clients/honeycomb/writes';
import { CreatableNode, CreateTarget, EditTarget, EditableNode } from '../../editing/editableKinds';
import { TreeNode } from '../tree/node';
import { BOARD_KIND_ID, BOARD_VIEW_KIND_ID } from './kinds/ids';
import { NamedRow, OneRequestFolderNode, accessible, folderItem, withId } from './oneRequestFolderNode';
import { EnvScope } from './scope';

/** The environment's boards (one request, `/1/boards`); each expands to its views. */
export class BoardsFolderNode extends OneRequestFolderNode<BoardItem> implements CreatableNode {
  /** A fixed label: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  constructor(parent: TreeNode, scope: EnvScope) {
    super(`${parent.id}/boards`, parent, scope);
  }

  getTreeItem(): vscode.TreeItem {
    return folderItem('Boards', 'layout', this.countText(), 'opsConfig.honeycomb.folder.boards.creatable');
  }

  createTarget(): CreateTarget {
    return { kindId: BOARD_KIND_ID, parent: { env: this.scope.env.envSlug } };
  }

  protected async load(signal: AbortSignal): Promise<BoardItem[]> {
    const env = this.scope.env.envSlug;
    return this.scope.explorer.cache.get(
      this.cacheKey(),
      async (s) => (await import(/* webpackChunkName: "honeycomb-writes" */ '../../clients/honeycomb/boardWrites')).listBoards((await this.scope.explorer.requireClient(env)).api, s),
      signal,
    );
  }

  protected toNodes(items: BoardItem[]): TreeNode[] {
    return items.map((item) => new BoardNode(this, this.scope, item));
  }

  protected emptyMessage(): string {
    return 'No boards in this environment';
  }

  protected cacheKey(): string {
    return `${this.scope.env.envSlug}|boards`;
  }
}

/** A board: edited as a document, shown with Open Board, expanded to its views. */
export class BoardNode extends OneRequestFolderNode<ApiObject> implements NamedRow, EditableNode, CreatableNode {
  sharesName = false;
  constructor(
    parent: TreeNode,
    scope: EnvScope,
    readonly item: BoardItem,
  ) {
    super(`${parent.id}/${item.id}`, parent, scope);
  }

  /** What Open Board needs: the environment and the board's id. */
  get boardAddress(): { env: string; id: string; name: string } {
    return { env: this.scope.env.envSlug, id: this.item.id, name: this.item.name };
  }

  getTreeItem(): vscode.TreeItem {
    const b = this.item;
    const item = new vscode.TreeItem(b.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.description = withId(`${b.panels} ${b.panels === 1 ? 'panel' : 'panels'}`, b.id, this.sharesName);
    item.iconPath = new vscode.ThemeIcon('layout');
    item.tooltip = `Board ${b.name}${b.description ? `\n${b.description}` : ''}\nExpand to see its views; Open Board shows its panels.`;
    // Editable; `views` offers "New Board View…"; `board` offers Open Board.
    item.contextValue = 'opsConfig.honeycomb.board.editable.views';
    item.command = { command: 'opsConfig.edit', title: 'Open', arguments: [this] };
    return accessible(item);
  }

  editTarget(): EditTarget {
    return { kindId: BOARD_KIND_ID, address: { env: this.scope.env.envSlug, id: this.item.id }, name: this.item.name };
  }

  createTarget(): CreateTarget {
    return { kindId: BOARD_VIEW_KIND_ID, parent: { env: this.scope.env.envSlug, board: this.item.id } };
  }

  protected async load(signal: AbortSignal): Promise<ApiObject[]> {
    const env = this.scope.env.envSlug;
    return this.scope.explorer.cache.get(
      this.cacheKey(),
      async (s) =>
        (await import(/* webpackChunkName: "honeycomb-writes" */ '../../clients/honeycomb/boardWrites')).boardViewWrites.list((await this.scope.explorer.requireClient(env)).api, this.item.id, s),
      signal,
    );
  }

  protected toNodes(items: ApiObject[]): TreeNode[] {
    return items.filter((v) => typeof v.id === 'string').map((v) => new BoardViewNode(this, this.scope.env.envSlug, this.item.id, v));
  }

  protected emptyMessage(): string {
    return 'No views of this board';
  }

  protected cacheKey(): string {
    return `${this.scope.env.envSlug}|boardViews|${this.item.id}`;
  }

  rowName(): string {
    return this.item.name;
  }

  filterText(): string {
    return `${this.item.name} ${this.item.description} ${this.loadedFilterText()}`;
  }
}

export class BoardViewNode implements TreeNode, EditableNode {
  readonly id: string;
  constructor(
    private readonly parent: TreeNode,
    private readonly env: string,
    private readonly boardId: string,
    readonly view: ApiObject,
  ) {
    this.id = `${parent.id}/${String(view.id)}`;
  }

  private get name(): string {
    return typeof this.view.name === 'string' ? this.view.name : String(this.view.id);
  }

  getTreeItem(): vscode.TreeItem {
    const filters = Array.isArray(this.view.filters) ? this.view.filters.length : 0;
    const item = new vscode.TreeItem(this.name, vscode.TreeItemCollapsibleState.None);
    item.description = `${filters} ${filters === 1 ? 'filter' : 'filters'}`;
    item.iconPath = new vscode.ThemeIcon('filter');
    item.contextValue = 'opsConfig.honeycomb.boardView.editable';
    item.command = { command: 'opsConfig.edit', title: 'Open', arguments: [this] };
    return accessible(item);
  }

  editTarget(): EditTarget {
    return { kindId: BOARD_VIEW_KIND_ID, address: { env: this.env, board: this.boardId, id: String(this.view.id) }, name: this.name };
  }

  filterText(): string {
    return this.name;
  }

  getParent(): TreeNode {
    return this.parent;
  }
}
