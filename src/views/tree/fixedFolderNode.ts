import * as vscode from 'vscode';
import { TreeNode } from './node';

/** How a folder of items known up front looks: its label, icon and menu key. */
export interface FixedFolderLook {
  label: string;
  icon: string;
  /** The key its menus are declared under in package.json; none when it has no menu. */
  contextValue?: string;
}

/**
 * A top-level folder over items already in hand (saved logins, recent results): expanded, with
 * the count beside its label. Nothing is loaded; a change to the items rebuilds the view.
 */
export class FixedFolderNode<T> implements TreeNode {
  constructor(
    readonly id: string,
    private readonly look: FixedFolderLook,
    private readonly items: readonly T[],
    private readonly childOf: (folder: TreeNode, item: T) => TreeNode,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.look.label, vscode.TreeItemCollapsibleState.Expanded);
    item.iconPath = new vscode.ThemeIcon(this.look.icon);
    item.description = `${this.items.length}`;
    if (this.look.contextValue) item.contextValue = this.look.contextValue;
    return item;
  }

  getChildren(): TreeNode[] {
    return this.items.map((item) => this.childOf(this, item));
  }

  getParent(): undefined {
    return undefined;
  }
}
