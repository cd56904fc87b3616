import * as vscode from 'vscode';
import { filterMessage, matchesFilter } from './filterMatch';
import { EmptyNode } from './messageNodes';
import { RefreshTarget, TreeNode } from './node';
import { presentTreeItem } from './treeText';
import { TreeMemory } from './treeMemory';
import { ViewFilter } from './viewFilter';

/**
 * The TreeDataProvider of one view. It only delegates to nodes, applies the view's filter to
 * nodes that have filter text, and keeps the view's "Showing N of M" message up to date.
 *
 * It also knows which nodes are loading children, so that what made a load pointless cancels
 * it (the request is aborted): collapsing the node or one above it, refreshing a node above it,
 * rebuilding the view. Every tree item goes through `presentTreeItem` (treeText.ts): server
 * names cannot disguise themselves and very long ones are shortened.
 */
export class ExplorerProvider implements vscode.TreeDataProvider<TreeNode>, RefreshTarget, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private treeView?: vscode.TreeView<TreeNode>;
  private rootNodes?: Promise<TreeNode[]>;
  /** Per parent: how many filterable children there are and how many match. */
  private readonly counts = new Map<string, { shown: number; total: number }>();
  private readonly disposables: vscode.Disposable[] = [];
  /** Child loads under way, by node. */
  private readonly loads = new Map<TreeNode, Promise<unknown>>();

  constructor(
    readonly viewId: string,
    private readonly createRoots: () => Promise<TreeNode[]> | TreeNode[],
    readonly filter: ViewFilter,
    /** Keeps the tree as drawn for the next window, when the view remembers its tree. */
    private readonly memory?: TreeMemory,
    /** What a row says beyond its node's own item (e.g. "Terraform" on a managed object). */
    private readonly decorate?: (node: TreeNode, item: vscode.TreeItem) => vscode.TreeItem,
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
    this.disposables.push(treeView.onDidCollapseElement((e) => this.collapsed(e.element)));
    const memory = this.memory;
    if (memory) this.disposables.push(treeView.onDidExpandElement((e) => memory.expanded(e.element)));
    this.updateMessage();
  }

  /** Reloads one node's children, or rebuilds the whole view when no node is given. */
  refresh(node?: TreeNode): void {
    if (node) {
      for (const [loading] of this.loadsBelow(node)) loading.cancel?.();
      node.invalidate?.();
      this.emitter.fire(node);
      return;
    }
    // The nodes are built anew; whatever the old ones still load is of no use.
    for (const loading of this.loads.keys()) loading.cancel?.();
    this.loads.clear();
    this.rootNodes = undefined;
    this.counts.clear();
    this.emitter.fire(undefined);
  }

  redraw(node: TreeNode): void {
    this.emitter.fire(node);
  }

  /** Draws every row again from what the nodes hold (no request): what `decorate` says has changed. */
  redrawAll(): void {
    this.emitter.fire(undefined);
  }

  /**
   * A collapsed node's loads (its own, "Load more" included, and those of nodes below it) are
   * aborted. The editor keeps what a cancelled load answered (nothing) as the node's children, so
   * once it has answered, a change event for the node makes the editor ask again on the next
   * expand.
   */
  collapsed(node: TreeNode): void {
    this.memory?.collapsed(node);
    const pending = this.loads.get(node);
    const below = this.loadsBelow(node);
    if (node.cancel?.()) {
      void Promise.resolve(pending)
        .catch(() => undefined)
        .then(() => this.emitter.fire(node));
    }
    for (const [loading, settles] of below) {
      if (loading.cancel?.()) {
        void settles.catch(() => undefined).then(() => this.emitter.fire(loading));
      }
    }
  }

  getTreeItem(node: TreeNode): vscode.TreeItem | Promise<vscode.TreeItem> {
    const item = node.getTreeItem();
    const withId = (it: vscode.TreeItem): vscode.TreeItem => {
      it.id = node.id;
      const presented = presentTreeItem(this.decorate?.(node, it) ?? it);
      this.memory?.itemDrawn(node, presented);
      return presented;
    };
    return item instanceof Promise ? item.then(withId) : withId(item);
  }

  resolveTreeItem(item: vscode.TreeItem, node: TreeNode): vscode.ProviderResult<vscode.TreeItem> {
    return node.resolveTreeItem ? node.resolveTreeItem(item) : item;
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    let children: TreeNode[];
    if (node) {
      const loading = Promise.resolve(node.getChildren?.() ?? []);
      if (node.cancel) this.track(node, loading);
      children = await loading;
    } else {
      if (!this.rootNodes) {
        this.memory?.rebuilt();
        this.rootNodes = Promise.resolve(this.createRoots());
      }
      const roots = this.rootNodes;
      children = await roots;
      // Roots a refresh has replaced since are not drawn.
      if (roots !== this.rootNodes) return this.applyFilter(node, children);
    }
    const shown = this.applyFilter(node, children);
    this.memory?.childrenDrawn(node, shown);
    return shown;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.getParent();
  }

  dispose(): void {
    this.memory?.dispose();
    this.emitter.dispose();
    this.disposables.forEach((d) => {
      d.dispose();
    });
  }

  private track(node: TreeNode, loading: Promise<unknown>): void {
    this.loads.set(node, loading);
    const done = (): void => {
      if (this.loads.get(node) === loading) this.loads.delete(node);
    };
    loading.then(done, done);
  }

  /** The loads under way of nodes below `node`. */
  private loadsBelow(node: TreeNode): Array<[TreeNode, Promise<unknown>]> {
    const found: Array<[TreeNode, Promise<unknown>]> = [];
    for (const [loading, settles] of this.loads) {
      let n = loading.getParent();
      while (n && n !== node) n = n.getParent();
      if (n) found.push([loading, settles]);
    }
    return found;
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
