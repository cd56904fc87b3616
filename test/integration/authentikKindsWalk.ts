import * as assert from 'assert';
import * as vscode from 'vscode';
import { derivedKind } from '../../src/clients/authentik/resources/derivedKinds';
import type { TableKind } from '../../src/clients/authentik/resources/kindsTable';
import type { EditTarget } from '../../src/editing/editableKinds';
import { authentikKindOfId } from '../../src/views/authentik/kinds/ids';
import type { TreeNode } from '../../src/views/tree/node';
import { AUTHENTIK_TOKENS, type AuthentikStandIn } from '../servers/authentik';
import { treeReader } from './helpers';

/** What the walks over every derived authentik kind share: the tree's kinds and the stand-in's typed reads. */

export interface KindInTree {
  node: TreeNode;
  target: EditTarget;
  /** The folder's label: "Stages". */
  folder: string;
  folderNode: TreeNode;
}

/** The first node of each derived kind, walking every folder of the connection. */
export async function nodesByKind(tree: ReturnType<typeof treeReader>, authentik: AuthentikStandIn): Promise<Map<string, KindInTree>> {
  const host = (await tree.child(undefined, new URL(authentik.url).host)).node;
  const out = new Map<string, KindInTree>();
  for (const folder of await tree.children(host)) {
    for (const { node } of await tree.children(folder.node)) {
      const target = (node as { editTarget?: () => EditTarget }).editTarget?.();
      const key = target && authentikKindOfId(target.kindId);
      const kind = key ? derivedKind(key) : undefined;
      if (target && kind && !out.has(kind.name)) out.set(kind.name, { node, target, folder: folder.label, folderNode: folder.node });
    }
  }
  return out;
}

/** The object at its typed path on the stand-in, as the admin token reads it (`status` alone when there is none). */
export async function readTyped(authentik: AuthentikStandIn, row: TableKind, id: string): Promise<{ status: number; object?: Record<string, unknown> }> {
  const res = await fetch(`${authentik.url}/api/v3${row.path}${encodeURIComponent(id)}/`, { headers: { Authorization: `Bearer ${AUTHENTIK_TOKENS.admin}` } });
  return res.status === 200 ? { status: 200, object: (await res.json()) as Record<string, unknown> } : { status: res.status };
}

export async function readBack(authentik: AuthentikStandIn, row: TableKind, id: string): Promise<Record<string, unknown>> {
  const read = await readTyped(authentik, row, id);
  assert.equal(read.status, 200, `GET ${row.path}${id}/`);
  return read.object!;
}

/** The open edit document of an authentik object (or a new one), once it has text. */
export function editDocument(predicate: (uri: vscode.Uri) => boolean = () => true): vscode.TextEditor | undefined {
  const e = vscode.window.activeTextEditor;
  return e?.document.uri.scheme === 'opsconfig-edit' && predicate(e.document.uri) && e.document.getText().trim() ? e : undefined;
}
