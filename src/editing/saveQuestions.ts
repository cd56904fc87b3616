import * as vscode from 'vscode';
import { Logger } from '../core/logger';
import { capitalize } from '../core/sentence';
import { prompts } from '../ui/prompts';
import { EditableKind } from './kind';
import { READ_ONLY_SETTING } from './writeGate';

/**
 * What an edit document's save says and asks, apart from the sessions it settles
 * (settleSave.ts): a refused save in our words with what the user can do next, why a
 * document opens read-only, whether to create again after an unreadable create, and the user's
 * text kept aside before a reload.
 */

/** What the user can do about a refused save, offered beside its message. */
export type RefusalAction = 'Show Problems' | 'Compare with Server' | 'Reload from Server';
export interface Refusal {
  message: string;
  actions: RefusalAction[];
}
export type SaveVerdict = { saved: true; after?: () => void } | { saved: false; refusal: Refusal };

export function refused(message: string, ...actions: RefusalAction[]): SaveVerdict {
  return { saved: false, refusal: { message, actions } };
}

/** A refused save in our words, with what the user can do next. */
export async function showRefusal(uri: vscode.Uri, refusal: Refusal): Promise<void> {
  const choice = await prompts.error(refusal.message, ...refusal.actions);
  if (choice === 'Show Problems') await vscode.commands.executeCommand('workbench.actions.view.problems');
  if (choice === 'Compare with Server') await vscode.commands.executeCommand('opsConfig.edit.compareWithServer', uri);
  if (choice === 'Reload from Server') await vscode.commands.executeCommand('opsConfig.edit.reloadFromServer', uri);
}

/** The editor itself would only say "read-only": say why, and how to change it. */
export async function explainReadOnly(title: string, refusal: string): Promise<void> {
  const action = vscode.workspace.isTrusted ? 'Open Setting' : 'Manage Workspace Trust';
  const choice = await prompts.info(`${capitalize(title)} opens read-only. ${refusal}`, action);
  if (choice === 'Open Setting') await vscode.commands.executeCommand('workbench.action.openSettings', READ_ONLY_SETTING);
  if (choice === 'Manage Workspace Trust') await vscode.commands.executeCommand('workbench.trust.manage');
}

/** After a create whose answer was unreadable: another save would make a second object. */
export async function confirmCreateAgain(kind: EditableKind): Promise<boolean> {
  const choice = await prompts.warn(
    `The last save of this ${kind.noun} was probably created on the server already.`,
    { modal: true, detail: `Its answer could not be read, so this document stayed new. Look for the ${kind.noun} in the view first: saving again creates another one.` },
    'Create Another',
  );
  return choice === 'Create Another';
}

/** The user's text, kept in an untitled document before their document takes the server's version. */
export async function keepText(kind: EditableKind, text: string, logger: Logger): Promise<void> {
  const kept = await vscode.workspace.openTextDocument({ language: 'json', content: text });
  await vscode.window.showTextDocument(kept, { preview: false, preserveFocus: true, viewColumn: vscode.ViewColumn.Beside });
  logger.info(`kept the user's edits of a ${kind.noun} in an untitled document before reloading`);
}
