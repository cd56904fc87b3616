import * as vscode from 'vscode';
import type { TreeNode } from '../views/tree/node';
import { REFRESHING_DESCRIPTION, REFRESHING_WORDS } from './rememberedTrees';

/**
 * A view's tree as it was last drawn, kept in globalState, so that the next window draws it at
 * once — every row marked as refreshing — while the live answers are on their way
 * (docs/decisions/0002-start-up-and-first-items.md). Written by src/views/tree/treeMemory.ts, read
 * before the features load.
 *
 * Only what drawing the rows needs is kept: each row's id, label and icon, whether it can be
 * expanded, and the rows below the ones that were expanded. Only rows whose node says it is
 * `rememberable` are kept: names, slugs and ids of the service's objects. No description,
 * tooltip, address or credential; the connection is named by a fingerprint only
 * (connectionFingerprint.ts).
 */
export interface RememberedItem {
  id: string;
  label: string;
  icon?: string;
  iconColor?: string;
  expandable: boolean;
  /** The rows below, when this one was expanded. */
  children?: RememberedItem[];
}

export interface RememberedTree {
  version: typeof REMEMBERED_TREE_VERSION;
  /** Of the connection the rows were read with. */
  fingerprint: string;
  roots: RememberedItem[];
}

export const REMEMBERED_TREE_VERSION = 1;

/**
 * At most this many rows are kept per view: globalState is handed to the extension in full at
 * every activation, so it stays small.
 */
export const MAX_REMEMBERED_ROWS = 100;

/** The stored tree, or undefined when there is none or it is not one this version wrote. */
export function parseRememberedTree(value: unknown): RememberedTree | undefined {
  if (!isRecord(value) || value.version !== REMEMBERED_TREE_VERSION || typeof value.fingerprint !== 'string' || !Array.isArray(value.roots)) return undefined;
  const roots = value.roots.map(parseItem);
  return roots.length > 0 && roots.every((r): r is RememberedItem => r !== undefined) ? { version: REMEMBERED_TREE_VERSION, fingerprint: value.fingerprint, roots } : undefined;
}

function parseItem(value: unknown): RememberedItem | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.label !== 'string' || typeof value.expandable !== 'boolean') return undefined;
  if (!optionalString(value.icon) || !optionalString(value.iconColor)) return undefined;
  let children: RememberedItem[] | undefined;
  if (value.children !== undefined) {
    if (!Array.isArray(value.children)) return undefined;
    const parsed = value.children.map(parseItem);
    if (!parsed.every((c): c is RememberedItem => c !== undefined)) return undefined;
    children = parsed;
  }
  return { id: value.id, label: value.label, icon: value.icon, iconColor: value.iconColor, expandable: value.expandable, children };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): value is string | undefined {
  return value === undefined || typeof value === 'string';
}

/**
 * A remembered row, drawn until the live tree replaces it: same id as the live row (so the
 * editor keeps its expansion and selection), marked as refreshing in its description, tooltip
 * and accessible name, with no menu and no command — nothing can act on a stale row.
 */
export class RememberedNode implements TreeNode {
  private children?: RememberedNode[];

  constructor(
    private readonly item: RememberedItem,
    private readonly parent: RememberedNode | undefined,
    /** Settles when the live tree is on its way: a row expanded that has nothing remembered below it waits for that. */
    private readonly live: Promise<void>,
    /** Told once when the editor asks for the rows below this one, drawn expanded. */
    private readonly asked: () => void,
  ) {}

  get id(): string {
    return this.item.id;
  }

  getTreeItem(): vscode.TreeItem {
    const { label, icon, iconColor, expandable, children } = this.item;
    const state = !expandable ? vscode.TreeItemCollapsibleState.None : children ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
    const item = new vscode.TreeItem(label, state);
    item.id = this.item.id;
    item.description = REFRESHING_DESCRIPTION;
    item.tooltip = `${label}: as this view showed it last time. The live answer replaces it as soon as it arrives.`;
    if (icon) item.iconPath = new vscode.ThemeIcon(icon, iconColor ? new vscode.ThemeColor(iconColor) : undefined);
    item.accessibilityInformation = { label: `${label}, ${REFRESHING_WORDS}` };
    return item;
  }

  async getChildren(): Promise<TreeNode[]> {
    if (this.item.children) {
      if (!this.children) {
        this.children = this.item.children.map((child) => new RememberedNode(child, this, this.live, this.asked));
        this.asked();
      }
      return this.children;
    }
    // Nothing remembered below (it was collapsed then): the live tree, which replaces this row, has it.
    await this.live;
    return [];
  }

  getParent(): TreeNode | undefined {
    return this.parent;
  }
}

/** The rows of a remembered tree, to draw before the features load. */
export interface RememberedRows {
  roots: RememberedNode[];
  /** Settles once the editor has asked for the rows below every row drawn expanded: the whole tree is on its way to the screen. */
  drawn: Promise<void>;
}

export function rememberedRows(tree: RememberedTree, live: Promise<void>): RememberedRows {
  const expanded = (items: readonly RememberedItem[]): number => items.reduce((n, item) => n + (item.children ? 1 + expanded(item.children) : 0), 0);
  let waiting = expanded(tree.roots);
  let allAsked!: () => void;
  const drawn = new Promise<void>((resolve) => (allAsked = resolve));
  if (waiting === 0) allAsked();
  const asked = (): void => {
    if (--waiting === 0) allAsked();
  };
  return { roots: tree.roots.map((root) => new RememberedNode(root, undefined, live, asked)), drawn };
}
