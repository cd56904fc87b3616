import * as vscode from 'vscode';
import { editPath } from './editPaths';
import { Address, EditableKind } from './kind';

/** Live objects as documents: the scheme of their URIs, served by the edit file system (editFileSystem.ts). */
export const EDIT_SCHEME = 'opsconfig-edit';

/** The document of an existing object, named `name`. */
export function editUri(kind: EditableKind, address: Address, name: string): vscode.Uri {
  return vscode.Uri.from({ scheme: EDIT_SCHEME, path: editPath(kind, address, name) });
}

/** The `newNumber`th "New …" document of `kind` under `parent`, named as the object will be. */
export function newEditUri(kind: EditableKind, parent: Address, name: string, newNumber: number): vscode.Uri {
  return vscode.Uri.from({ scheme: EDIT_SCHEME, path: editPath(kind, parent, name, newNumber) });
}
