import { AuthentikConnectionNode } from './connectionNode';
import { SearchableFolderNode } from './folders';
import { AgentConnectorNode } from './managedNodes';
import { FlowNode, StageNode } from './flowNodes';
import { ApplicationNode } from './providerNodes';
import { AuthentikObjectNode } from './objectNode';
import type { ObjectRef } from './objectRef';
import type { TreeNode } from '../tree/node';

/**
 * What the authentik commands use of the authentik view: the object a tree item shows (its
 * reference, record key and connection), the folders that search on the server, the parents
 * "New…" makes children under, the records, SAML and blueprint documents, links and
 * infrastructure-as-code lookups, and the editable kinds' loader. The object actions and secret
 * commands, loaded later, use `kinds/api.ts`.
 */
export type { BlueprintDocuments } from './blueprintDocuments';
export { BLUEPRINT_SCHEME } from './blueprintScheme';
export type { AuthentikDialogs } from './kinds/editorKinds';
export { editKindId } from './kinds/ids';
export { authentikDialogs, registerAuthentikKinds } from './kinds/register';
export type { ObjectRef } from './objectRef';
export { recordKeyOf } from './objectRef';
export { AuthentikRecords } from './records';
export { SAML_SCHEME, SamlMetadataDocuments } from './samlDocuments';
export { adminUrl, pulumiSnippet, terraformSnippet } from './snippets';

/** The blueprint documents, loaded with the first blueprint opened (a chunk of their own). */
export const loadBlueprintDocuments = () => import(/* webpackChunkName: "authentik-kinds" */ './blueprintDocuments');

/** The authentik object an item of the view shows. */
export interface ShownObject {
  ref: ObjectRef;
  recordKey: string;
  /** The added connection it lives in; undefined for the default connection. */
  connectionId: string | undefined;
}

export function objectOfNode(node: unknown): ShownObject | undefined {
  return node instanceof AuthentikObjectNode ? { ref: node.ref, recordKey: node.recordKey(), connectionId: node.connectionId } : undefined;
}

/** The connection of a connection item or an object item; undefined for anything else. */
export function connectionIdOfNode(node: unknown): string | undefined {
  return node instanceof AuthentikConnectionNode || node instanceof AuthentikObjectNode ? node.connectionId : undefined;
}

/** The connection a connection item (a root of the view) stands for; undefined for anything else. */
export function connectionIdOfRoot(node: unknown): string | undefined {
  return node instanceof AuthentikConnectionNode ? node.connectionId : undefined;
}

/** A list of the view that searches on the server ("Users", "Groups"…). */
export interface SearchableFolder {
  readonly node: TreeNode;
  readonly label: string;
  /** The server-side search in force ('' when none). */
  readonly search: string;
  /** Shows the server's matches (empty: the whole list again) and reloads the folder. */
  setSearch(text: string): void;
}

export function searchableFolderOfNode(node: unknown): SearchableFolder | undefined {
  return node instanceof SearchableFolderNode ? folderAccess(node) : undefined;
}

function folderAccess(folder: SearchableFolderNode<unknown>): SearchableFolder {
  return {
    node: folder,
    label: folder.label,
    get search() {
      return folder.search;
    },
    setSearch: (text) => folder.setSearch(text),
  };
}

/** A connected authentik server at the root of the view, with its searchable lists. */
export interface ConnectionRoot {
  /** The connection's name, or the server's host. */
  label: string;
  url: string | undefined;
  folders(): SearchableFolder[];
}

/** The connected servers among the view's roots (error and sign-in items are left out). */
export function connectionRoots(roots: readonly TreeNode[]): ConnectionRoot[] {
  return roots
    .filter((n): n is AuthentikConnectionNode => n instanceof AuthentikConnectionNode)
    .map((root) => ({
      label: root.connection?.name ?? new URL(root.config.url!).host,
      url: root.config.url,
      folders: () =>
        root
          .getChildren()
          .filter((n): n is SearchableFolderNode<unknown> => n instanceof SearchableFolderNode)
          .map(folderAccess),
    }));
}

/** The parent key "New…" makes a child under: a flow's binding, an application's entitlement, a connector's enrollment token. */
export const parentKeyOfNode = {
  flow: (node: unknown): string | undefined => (node instanceof FlowNode ? node.flow.pk : undefined),
  application: (node: unknown): string | undefined => (node instanceof ApplicationNode ? node.application.pk : undefined),
  agentConnector: (node: unknown): string | undefined => (node instanceof AgentConnectorNode ? (node.connector.connector_uuid ?? undefined) : undefined),
};

/** A stage binding under its flow (what "Move Up" / "Move Down" work on); undefined for anything else. */
export function bindingOfNode(node: unknown): { flow: { pk: string; slug: string }; bindingPk: string } | undefined {
  if (!(node instanceof StageNode) || !node.binding) return undefined;
  const flow = node.getParent();
  return flow instanceof FlowNode ? { flow: flow.flow, bindingPk: node.binding.pk } : undefined;
}
