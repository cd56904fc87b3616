import * as vscode from 'vscode';
import { ChildrenLoader } from '../tree/childrenLoader';
import { EmptyNode, ErrorNode } from '../tree/messageNodes';
import { TreeNode } from '../tree/node';
import { EnvScope, signInCommandFor } from './scope';

/**
 * A folder whose children come from one list request (Honeycomb's v1 lists are not paged: one
 * answer holds everything). Children are built once and kept, so expanding the folder again or
 * filtering the view costs no request and no rebuild; Refresh/Retry (invalidate) drops them and
 * the cached list. A failed load is an error node with Retry (or "Sign in again" for a refused
 * key); an empty list says so. Collapsing the folder aborts its request (unless a record or a
 * completion list waits for the same list); Refresh aborts it and loads anew.
 *
 * Once loaded, the folder says how many it holds ("Datasets 42", read as "Datasets, 42"): its
 * row is redrawn when the count becomes known or changes.
 */
export abstract class OneRequestFolderNode<T> implements TreeNode {
  private readonly loader: ChildrenLoader;
  /** How many items the last load found; undefined until one finished. */
  private loadedCount?: number;

  constructor(
    readonly id: string,
    protected readonly parent: TreeNode,
    protected readonly scope: EnvScope,
  ) {
    this.loader = new ChildrenLoader(
      async (signal) => {
        const items = await this.load(signal);
        const nodes = this.toNodes(items);
        markSharedNames(nodes);
        if (items.length !== this.loadedCount) {
          this.loadedCount = items.length;
          this.scope.view?.redraw(this);
        }
        return nodes.length > 0 ? nodes : [new EmptyNode(`${this.id}/empty`, this, this.emptyMessage())];
      },
      (error) => new ErrorNode(`${this.id}/error`, this, error, this, this.signInCommand()),
    );
  }

  abstract getTreeItem(): vscode.TreeItem;
  /** The list; `signal` stops waiting for it when the folder is collapsed or refreshed. */
  protected abstract load(signal: AbortSignal): Promise<T[]>;
  protected abstract toNodes(items: T[]): TreeNode[];
  protected abstract emptyMessage(): string;
  /** The ListCache key of the list, dropped on Refresh. */
  protected abstract cacheKey(): string;
  protected signInCommand(): string | undefined {
    return signInCommandFor(this.scope);
  }

  /** "42" once loaded: the folder row's description. */
  protected countText(): string | undefined {
    return this.loadedCount?.toLocaleString('en-US');
  }

  getChildren(): Promise<TreeNode[]> {
    return this.loader.children();
  }

  /** The filter text of the children loaded so far, so a parent can stay visible for them. */
  loadedFilterText(): string {
    return (this.loader.loaded ?? []).map((n) => n.filterText?.() ?? '').join(' ');
  }

  getParent(): TreeNode {
    return this.parent;
  }

  cancel(): boolean {
    return this.loader.cancel();
  }

  invalidate(): void {
    this.loader.reset();
    this.scope.explorer.cache.delete(this.cacheKey());
  }
}

/**
 * A row whose name (a trigger's, an SLO's) is not unique: when a sibling has the same one, the
 * row adds what tells them apart (its ID) to its description, so two look-alikes can be told
 * apart by eye and by ear.
 */
export interface NamedRow {
  rowName(): string;
  sharesName: boolean;
}

function isNamedRow(node: unknown): node is NamedRow {
  return typeof (node as NamedRow).rowName === 'function' && typeof (node as NamedRow).sharesName === 'boolean';
}

export function markSharedNames(nodes: readonly TreeNode[]): void {
  const byName = new Map<string, NamedRow[]>();
  for (const node of nodes) {
    if (!isNamedRow(node)) continue;
    const same = byName.get(node.rowName()) ?? [];
    same.push(node);
    byName.set(node.rowName(), same);
  }
  for (const same of byName.values()) for (const row of same) row.sharesName = same.length > 1;
}

/** The description of a row that shares its name: what it shows anyway, then its ID. */
export function withId(description: string | undefined, id: string, sharesName: boolean): string | undefined {
  return sharesName ? [description, `ID ${id}`].filter(Boolean).join(' · ') : description;
}

/** "Columns", "SLOs"… with a count when it is known and a folder icon of its own. */
export function folderItem(label: string, icon: string, description?: string, contextValue = 'opsConfig.honeycomb.folder'): vscode.TreeItem {
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
  item.iconPath = new vscode.ThemeIcon(icon);
  item.description = description;
  item.contextValue = contextValue;
  return accessible(item);
}

/**
 * Screen readers (and the editor) would read a plain-string tooltip as the item's name; the
 * name of an item is its label and description, the tooltip stays extra detail.
 */
export function accessible(item: vscode.TreeItem): vscode.TreeItem {
  const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
  const description = typeof item.description === 'string' ? item.description : '';
  item.accessibilityInformation = { label: description ? `${label}, ${description}` : label };
  return item;
}
