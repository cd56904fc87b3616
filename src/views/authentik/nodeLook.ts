import * as vscode from 'vscode';
import type { EditTarget } from '../../editing/editableKinds';
import { polymorphicKey } from '../../clients/authentik/resources/polymorphicKey';
import { editKindId } from './kinds/ids';

/** What the node builders of every family share: icons, counts and the polymorphic edit target. */

export const icon = (id: string, color?: string) => new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);

/**
 * An object of a polymorphic list edits as its own type (`/providers/oauth2/`), named by its
 * `meta_model_name` (or its admin form's `component`); the kind loads with the first edit.
 */
export function polymorphicEdit(family: string, object: { meta_model_name?: string; component?: string }, id: string, name: string): EditTarget {
  return { kindId: editKindId(polymorphicKey(family, object)), address: { id }, name };
}

export const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
