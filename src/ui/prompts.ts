import * as vscode from 'vscode';
import { confirmDestructive } from './confirmDestructive';
import { messageText, statusText } from './messageText';
import { inputStep, pickStep } from './multiStep';

/**
 * Every question and notification a command shows goes through this object. In normal use it is
 * VS Code's own UI; integration tests replace its functions to type answers and to read the
 * messages a user would see. Messages and status text go through messageText/statusText here,
 * the one place they reach the editor: a server's words cannot become a link, an icon or a secret.
 */
export const prompts = {
  inputBox: (options: vscode.InputBoxOptions): Thenable<string | undefined> => vscode.window.showInputBox(options),
  quickPick: <T extends vscode.QuickPickItem>(items: readonly T[] | Thenable<readonly T[]>, options: vscode.QuickPickOptions & { canPickMany?: false }): Thenable<T | undefined> =>
    vscode.window.showQuickPick(items, options),
  quickPickMany: <T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Thenable<readonly T[] | undefined> =>
    vscode.window.showQuickPick(items, { ...options, canPickMany: true }),
  info: (message: string, ...actions: string[]): Thenable<string | undefined> => vscode.window.showInformationMessage(messageText(message), ...actions),
  warn: (message: string, options: vscode.MessageOptions, ...actions: string[]): Thenable<string | undefined> =>
    vscode.window.showWarningMessage(messageText(message), options.detail === undefined ? options : { ...options, detail: messageText(options.detail) }, ...actions),
  error: (message: string, ...actions: string[]): Thenable<string | undefined> => vscode.window.showErrorMessage(messageText(message), ...actions),
  /** Before what cannot be undone: a quick pick with Cancel selected; true only when the action was chosen. */
  confirmDestructive,
  /** Where to write a new file: VS Code's Save dialog, which asks before replacing an existing file. */
  saveDialog: (options: vscode.SaveDialogOptions): Thenable<vscode.Uri | undefined> => vscode.window.showSaveDialog(options),
  /** A short note in the status bar ("Copied …"). */
  status: (message: string, hideAfterMs: number): vscode.Disposable => vscode.window.setStatusBarMessage(statusText(message), hideAfterMs),
  /** A step of a multi-step flow (quick pick with Back): the picked items, 'back' or undefined. */
  pickStep,
  /** An input step of a multi-step flow (input box with Back). */
  inputStep,
};

export type Prompts = typeof prompts;
