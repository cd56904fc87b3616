import * as vscode from 'vscode';
import { MAX_REMEMBERED_ROWS, REMEMBERED_TREE_VERSION, RememberedItem, RememberedTree } from '../../startup/rememberedTree';
import { rememberedTreeKey } from '../../startup/rememberedTrees';
import { TreeNode } from './node';

type Look = Omit<RememberedItem, 'id' | 'children'>;

/**
 * Keeps a view's tree as the editor draws it, so that the next window can draw it at once
 * (src/startup/rememberedTree.ts): the rows of `rememberable` nodes, and below each expanded
 * one, its rows, in the order drawn. It is written to globalState a moment after the tree stops
 * changing, with the fingerprint of the connection its rows were read with (taken when the view
 * is built, with the same settings and keys). A tree with nothing to remember — signed out, an
 * error at the top — is forgotten, so the next window shows what it shows today.
 *
 * Rows are kept by id from the lists as last drawn, so a row that left the tree (a deleted
 * object, a collapsed folder's content) leaves the memory with it.
 */
export class TreeMemory implements vscode.Disposable {
  private readonly looks = new Map<string, Look>();
  private readonly childIds = new Map<string, string[]>();
  private readonly expandedIds = new Set<string>();
  private rootIds: string[] = [];
  private fingerprint: Promise<string | undefined> = Promise.resolve(undefined);
  private generation = 0;
  private timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly state: vscode.Memento,
    /** The view's name: the tree is kept under rememberedTreeKey(view). */
    private readonly view: string,
    /** The fingerprint of the connection the view is about to be read with; undefined when there is none. */
    private readonly fingerprintOf: () => Promise<string | undefined>,
    private readonly delayMs = 500,
  ) {}

  /** The view is built anew (first shown, Refresh, a changed connection): what was drawn before is forgotten. */
  rebuilt(): void {
    this.generation++;
    this.looks.clear();
    this.childIds.clear();
    this.expandedIds.clear();
    this.rootIds = [];
    this.fingerprint = this.fingerprintOf().catch(() => undefined);
  }

  itemDrawn(node: TreeNode, item: vscode.TreeItem): void {
    if (!node.rememberable) return;
    const label = typeof item.label === 'string' ? item.label : item.label?.label;
    if (!label) return;
    const icon = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath : undefined;
    this.looks.set(node.id, { label, icon: icon?.id, iconColor: icon?.color?.id, expandable: item.collapsibleState !== vscode.TreeItemCollapsibleState.None });
    this.changed();
  }

  /** The editor asked for these children, so `parent` is expanded (the roots when it is undefined). */
  childrenDrawn(parent: TreeNode | undefined, children: readonly TreeNode[]): void {
    const ids = children.map((child) => child.id);
    if (!parent) {
      this.rootIds = ids;
    } else {
      if (!parent.rememberable) return;
      this.childIds.set(parent.id, ids);
      this.expandedIds.add(parent.id);
    }
    this.changed();
  }

  expanded(node: TreeNode): void {
    if (!node.rememberable) return;
    this.expandedIds.add(node.id);
    this.changed();
  }

  collapsed(node: TreeNode): void {
    if (!this.expandedIds.delete(node.id)) return;
    this.changed();
  }

  /** The rows to remember: breadth first, so that the top of the tree is kept when there are too many. */
  snapshot(): RememberedItem[] {
    let budget = MAX_REMEMBERED_ROWS;
    const items = (ids: readonly string[]): RememberedItem[] => {
      const out: RememberedItem[] = [];
      for (const id of ids) {
        const look = this.looks.get(id);
        if (!look || budget === 0) continue;
        budget--;
        out.push({ id, ...look });
      }
      return out;
    };
    const roots = items(this.rootIds);
    const queue = [...roots];
    for (let item = queue.shift(); item; item = queue.shift()) {
      const ids = this.expandedIds.has(item.id) ? this.childIds.get(item.id) : undefined;
      const children = ids ? items(ids) : [];
      if (children.length === 0) continue;
      item.children = children;
      queue.push(...children);
    }
    return roots;
  }

  /** Writes the tree now (normally a moment after the last change). */
  async write(): Promise<void> {
    clearTimeout(this.timer);
    const generation = this.generation;
    const fingerprint = await this.fingerprint;
    // Rebuilt meanwhile: these rows may not be of the connection that fingerprint is of.
    if (generation !== this.generation) return;
    const roots = this.snapshot();
    const tree: RememberedTree | undefined = fingerprint && roots.length > 0 ? { version: REMEMBERED_TREE_VERSION, fingerprint, roots } : undefined;
    const key = rememberedTreeKey(this.view);
    if (JSON.stringify(this.state.get(key)) === JSON.stringify(tree)) return;
    await this.state.update(key, tree);
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private changed(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.write().catch(() => undefined), this.delayMs);
  }
}
