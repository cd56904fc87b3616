import { ErrorNode } from './tree/messageNodes';
import type { TreeNode } from './tree/node';
import { LoadMoreNode } from './tree/pagedFolderNode';
import { VIEW_IDS, ViewName } from './viewIds';

/**
 * What commands may do with the views, whatever the service: each view by name (refresh,
 * reveal, its top nodes, its filter) and what a command may ask of a node it was given. Commands
 * import this, not the providers, tree views or node classes, so a view can change inside
 * without its commands changing with it. Each service's view exports its own part beside it
 * (`honeycomb/api.ts`, `authentik/api.ts`, `signatures/api.ts`, `panels/api.ts`).
 */
export type { TreeNode } from './tree/node';
export { VIEW_IDS } from './viewIds';
export { lazyFileSystem } from './lazyFileSystem';
export type { ViewName } from './viewIds';

/** One view, as commands see it. */
export interface ViewAccess {
  /** Reloads a node's children, or the whole view when no node is given. */
  refresh(node?: TreeNode): void;
  /** Shows a node (loading its parents as needed); a node no longer in the tree is ignored. */
  reveal(node: TreeNode, options?: { expand?: boolean | number; select?: boolean; focus?: boolean }): Promise<void>;
  /** The view's top nodes, as it shows them. */
  roots(): Promise<TreeNode[]>;
  /** The view's filter of loaded items ("Showing N of M"). */
  readonly filter: { readonly text: string; set(text: string): Promise<void> };
}

/** The views by name. */
export interface ViewAccessByName {
  view(name: ViewName): ViewAccess;
}

/** A node that opens as a record: its key, and the name to give a JSON document. */
export interface RecordNode extends TreeNode {
  recordKey(): string;
  recordTitle?(): string;
}

export function isRecordNode(node: unknown): node is RecordNode {
  return !!node && typeof (node as RecordNode).recordKey === 'function';
}

/** The view a node is shown in, from its root's id (`honeycomb/…`). */
export function viewOfNode(node: TreeNode): ViewName | undefined {
  let root: TreeNode = node;
  while (root.getParent()) root = root.getParent()!;
  return (Object.keys(VIEW_IDS) as ViewName[]).find((name) => root.id.startsWith(`${name}/`));
}

/** What "Retry" on an error node reloads (usually the node that failed to load). */
export function retryTargetOf(node: unknown): TreeNode | undefined {
  return node instanceof ErrorNode ? node.retryTarget : undefined;
}

/** "Load more (100 of 2,431)": the next page of the list the node ends. */
export async function loadMore(node: unknown): Promise<void> {
  if (node instanceof LoadMoreNode) await node.loadMore();
}
