import * as vscode from 'vscode';

/**
 * A tree node is a plain object: an id, how it looks, its children and its parent. Providers only
 * delegate to nodes, so each kind of node lives in its own small file.
 */
export interface TreeNode {
  /** Unique within the view and stable across refreshes (so expansion state survives). */
  readonly id: string;
  getTreeItem(): vscode.TreeItem | Promise<vscode.TreeItem>;
  /** Fills what the row left undefined (its tooltip) when the mouse first rests on it. */
  resolveTreeItem?(item: vscode.TreeItem): Promise<vscode.TreeItem>;
  getChildren?(): TreeNode[] | Promise<TreeNode[]>;
  getParent(): TreeNode | undefined;
  /**
   * The row may be kept between sessions and drawn, marked as refreshing, the next time the view
   * opens (src/views/tree/treeMemory.ts): its label is a name, slug or id of the service's
   * object, never a secret or a value that could be one. Only the id, label, icon and place in
   * the tree are kept; description, tooltip and menus are not.
   */
  readonly rememberable?: boolean;
  /** The text the view filter matches; nodes without it (folders, messages) are never hidden. */
  filterText?(): string;
  /** Forget cached children so the next getChildren loads again (Refresh, Retry); aborts a load under way. */
  invalidate?(): void;
  /**
   * Abort the load under way (children, or a page of "Load more"), keeping what was loaded:
   * the node was collapsed or the view is rebuilt. Says whether a load was under way.
   */
  cancel?(): boolean;
}

/** The provider that shows a node, as nodes see it. */
export interface RefreshTarget {
  /** Reloads a node's children (it forgets them first), or the whole view. */
  refresh(node?: TreeNode): void;
  /** Redraws a node from what it already holds, e.g. after "Load more" appended a page. */
  redraw(node: TreeNode): void;
}

/** A leaf with fixed content: connection facts, setup URLs and the like. */
export class InfoNode implements TreeNode {
  constructor(
    readonly id: string,
    private readonly parent: TreeNode | undefined,
    private readonly label: string,
    private readonly options: {
      description?: string;
      tooltip?: string | vscode.MarkdownString;
      icon?: vscode.ThemeIcon;
      contextValue?: string;
      command?: vscode.Command;
    } = {},
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.description = this.options.description;
    item.tooltip = this.options.tooltip;
    item.iconPath = this.options.icon;
    item.contextValue = this.options.contextValue;
    item.command = this.options.command;
    return item;
  }

  getParent(): TreeNode | undefined {
    return this.parent;
  }
}
