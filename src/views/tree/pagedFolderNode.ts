import * as vscode from 'vscode';
import { ErrorNode, EmptyNode } from './messageNodes';
import { RefreshTarget, TreeNode } from './node';
import { Page, PageLoader, loadMoreLabel } from './pageLoader';

/**
 * A folder whose children come page by page from a server: the first page when expanded, then
 * one more page per click on "Load more (N of M)". A failed first page is an error node with
 * Retry; a failed later page keeps what was loaded and puts the error node where "Load more" was.
 * Collapsing the folder aborts the page on its way (`cancel`); Refresh aborts it and starts over
 * (`invalidate`), and never shows a page of the list as it was before.
 */
export abstract class PagedFolderNode<T, C = unknown> implements TreeNode {
  protected readonly loader: PageLoader<TreeNode, C>;

  constructor(
    readonly id: string,
    protected readonly parent: TreeNode | undefined,
    protected readonly view: RefreshTarget,
  ) {
    this.loader = new PageLoader<TreeNode, C>(async (cursor, signal) => {
      const page = await this.fetchPage(cursor, signal);
      return { items: page.items.map((item) => this.toNode(item)), total: page.total, next: page.next };
    });
  }

  abstract getTreeItem(): vscode.TreeItem | Promise<vscode.TreeItem>;
  /** One page; `signal` aborts its request when the folder is collapsed or refreshed. */
  protected abstract fetchPage(cursor: C | undefined, signal: AbortSignal): Promise<Page<T, C>>;
  protected abstract toNode(item: T): TreeNode;
  /** "No groups" — shown when the first page is empty. */
  protected abstract emptyMessage(): string;
  /** Command that sets credentials again, offered on auth errors. */
  protected signInCommand(): string | undefined {
    return undefined;
  }

  async getChildren(): Promise<TreeNode[]> {
    if (!this.loader.hasLoadedFirstPage) {
      const generation = this.loader.generation;
      try {
        if (!(await this.loader.loadNext())) {
          // Refreshed meanwhile: the new load's rows. Collapsed: nothing (the next expand loads again).
          return this.loader.generation !== generation ? this.getChildren() : [];
        }
      } catch (error) {
        return [new ErrorNode(`${this.id}/error`, this, error, this, this.signInCommand())];
      }
    }
    const children: TreeNode[] = [...this.loader.items];
    if (children.length === 0) {
      return [new EmptyNode(`${this.id}/empty`, this, this.emptyMessage())];
    }
    if (this.loader.error) {
      children.push(new ErrorNode(`${this.id}/error`, this, this.loader.error, this, this.signInCommand()));
    } else if (this.loader.hasMore) {
      children.push(new LoadMoreNode(`${this.id}/more`, this));
    }
    return children;
  }

  getParent(): TreeNode | undefined {
    return this.parent;
  }

  get loadedCount(): number {
    return this.loader.items.length;
  }

  get total(): number | undefined {
    return this.loader.total;
  }

  /** Fetches one more page and redraws this folder, keeping the pages it has (errors become the error node). */
  async loadMore(): Promise<void> {
    // A failure is shown by getChildren as an error node in place of "Load more".
    const counted = await this.loader.loadNext().catch(() => true);
    // A cancelled or refreshed load has nothing to add (whoever stopped it redraws the folder).
    if (counted) this.view.redraw(this);
  }

  cancel(): boolean {
    return this.loader.cancel();
  }

  invalidate(): void {
    this.loader.reset();
  }
}

/** What "Load more" needs of its folder. */
interface LoadMoreTarget extends TreeNode {
  readonly loadedCount: number;
  readonly total: number | undefined;
  loadMore(): Promise<void>;
}

export class LoadMoreNode implements TreeNode {
  constructor(
    readonly id: string,
    private readonly folder: LoadMoreTarget,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(loadMoreLabel(this.folder.loadedCount, this.folder.total), vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('more');
    item.contextValue = 'opsConfig.loadMore';
    item.command = { command: 'opsConfig.loadMore', title: 'Load more', arguments: [this] };
    return item;
  }

  getParent(): TreeNode {
    return this.folder;
  }

  loadMore(): Promise<void> {
    return this.folder.loadMore();
  }
}
