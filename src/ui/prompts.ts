import * as vscode from 'vscode';
import { inputStep, pickStep } from './multiStep';

/**
 * Every question and notification a command shows goes through this object. In normal use it is
 * VS Code's own UI; integration tests replace its functions to type answers and to read the
 * messages a user would see.
 */
export const prompts = {
  inputBox: (options: vscode.InputBoxOptions): Thenable<string | undefined> => vscode.window.showInputBox(options),
  quickPick: <T extends vscode.QuickPickItem>(items: readonly T[] | Thenable<readonly T[]>, options: vscode.QuickPickOptions & { canPickMany?: false }): Thenable<T | undefined> =>
    vscode.window.showQuickPick(items, options),
  quickPickMany: <T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Thenable<readonly T[] | undefined> =>
    vscode.window.showQuickPick(items, { ...options, canPickMany: true }),
  info: (message: string, ...actions: string[]): Thenable<string | undefined> => vscode.window.showInformationMessage(message, ...actions),
  warn: (message: string, options: vscode.MessageOptions, ...actions: string[]): Thenable<string | undefined> =>
    vscode.window.showWarningMessage(message, options, ...actions),
  error: (message: string, ...actions: string[]): Thenable<string | undefined> => vscode.window.showErrorMessage(message, ...actions),
  /** A step of a multi-step flow (quick pick with Back): the picked items, 'back' or undefined. */
  pickStep,
  /** An input step of a multi-step flow (input box with Back). */
  inputStep,
};

export type Prompts = typeof prompts;
