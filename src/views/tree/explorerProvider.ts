import * as vscode from 'vscode';
import { filterMessage, matchesFilter } from './filterMatch';
import { EmptyNode } from './messageNodes';
import { RefreshTarget, TreeNode } from './node';
import { ViewFilter } from './viewFilter';

/**
 * The TreeDataProvider of one view. It only delegates to nodes, applies the view's filter to
 * nodes that have filter text, and keeps the view's "Showing N of M" message up to date.
 */
export class ExplorerProvider implements vscode.TreeDataProvider<TreeNode>, RefreshTarget, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private treeView?: vscode.TreeView<TreeNode>;
  private rootNodes?: Promise<TreeNode[]>;
  /** Per parent: how many filterable children there are and how many match. */
  private readonly counts = new Map<string, { shown: number; total: number }>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    readonly viewId: string,
    private readonly createRoots: () => Promise<TreeNode[]> | TreeNode[],
    readonly filter: ViewFilter,
  ) {
    this.disposables.push(
      filter.onDidChange(() => {
        this.counts.clear();
        this.updateMessage();
        this.emitter.fire(undefined);
      }),
    );
  }

  attach(treeView: vscode.TreeView<TreeNode>): void {
    this.treeView = treeView;
    this.updateMessage();
  }

  /** Reloads one node's children, or rebuilds the whole view when no node is given. */
  refresh(node?: TreeNode): void {
    if (node) {
      node.invalidate?.();
      this.emitter.fire(node);
      return;
    }
    this.rootNodes = undefined;
    this.counts.clear();
    this.emitter.fire(undefined);
  }

  redraw(node: TreeNode): void {
    this.emitter.fire(node);
  }

  getTreeItem(node: TreeNode): vscode.TreeItem | Promise<vscode.TreeItem> {
    const item = node.getTreeItem();
    const withId = (it: vscode.TreeItem): vscode.TreeItem => {
      it.id = node.id;
      return it;
    };
    return item instanceof Promise ? item.then(withId) : withId(item);
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    let children: TreeNode[];
    if (node) {
      children = (await node.getChildren?.()) ?? [];
    } else {
      this.rootNodes ??= Promise.resolve(this.createRoots());
      children = await this.rootNodes;
    }
    return this.applyFilter(node, children);
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.getParent();
  }

  dispose(): void {
    this.emitter.dispose();
    this.disposables.forEach((d) => d.dispose());
  }

  private applyFilter(parent: TreeNode | undefined, children: TreeNode[]): TreeNode[] {
    const filter = this.filter.text;
    const key = parent?.id ?? '';
    if (!filter) {
      return children;
    }
    const filterable = children.filter((c) => c.filterText);
    const visible = children.filter((c) => !c.filterText || matchesFilter(c.filterText(), filter));
    if (filterable.length > 0) {
      const shown = filterable.filter((c) => matchesFilter(c.filterText!(), filter)).length;
      this.counts.set(key, { shown, total: filterable.length });
      this.updateMessage();
      if (shown === 0) {
        visible.unshift(new EmptyNode(`${key}/no-match`, parent, `No loaded items match “${filter}”`));
      }
    }
    return visible;
  }

  private updateMessage(): void {
    if (!this.treeView) {
      return;
    }
    const filter = this.filter.text;
    if (!filter) {
      this.treeView.message = undefined;
      this.treeView.description = undefined;
      return;
    }
    let shown = 0;
    let total = 0;
    for (const count of this.counts.values()) {
      shown += count.shown;
      total += count.total;
    }
    this.treeView.description = `filtered: ${filter}`;
    this.treeView.message = filterMessage(filter, shown, total);
  }
}

/** Runs a child loader and turns a failure into the caller's error node. */
export async function childrenOrError(load: () => Promise<TreeNode[]>, onError: (error: unknown) => TreeNode): Promise<TreeNode[]> {
  try {
    return await load();
  } catch (error) {
    return [onError(error)];
  }
}
