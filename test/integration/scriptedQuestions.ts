import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ExtensionApi } from './helpers';

/**
 * Replaces the extension's modal questions for an editing test: every question (its message and
 * detail, or `input: <prompt>` for a text input) is recorded in `asked`; warnings and confirmations
 * answer from `answers` in order, text inputs from `typed`, quick picks choose the item labelled
 * with the next answer; notifications are recorded in `infos`. `restore` puts the real prompts back.
 */
export interface ScriptedQuestions {
  asked: Array<{ message: string; detail: string }>;
  answers: Array<string | undefined>;
  typed: string[];
  infos: string[];
  restore(): void;
}

export function scriptQuestions(api: ExtensionApi): ScriptedQuestions {
  const prompts = api.prompts as unknown as Record<string, unknown>;
  const original = { ...prompts };
  const script: ScriptedQuestions = { asked: [], answers: [], typed: [], infos: [], restore: () => Object.assign(prompts, original) };
  prompts.warn = async (message: string, options: vscode.MessageOptions | undefined) => {
    script.asked.push({ message, detail: options?.detail ?? '' });
    return script.answers.shift();
  };
  prompts.confirmDestructive = async (question: { title: string; action: string; detail: string[] }) => {
    script.asked.push({ message: question.title, detail: question.detail.join('\n') });
    return script.answers.shift() === question.action;
  };
  prompts.inputBox = async (options: vscode.InputBoxOptions) => {
    script.asked.push({ message: `input: ${options.prompt ?? ''}${options.password ? ' (password)' : ''}`, detail: '' });
    return script.typed.shift();
  };
  prompts.quickPick = async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) => {
    const list = await items;
    return list.find((i) => i.label === script.answers.shift());
  };
  prompts.info = async (message: string) => void script.infos.push(message);
  return script;
}

/** Replaces the first match of `pattern` in the editor's text, as typing would. */
export async function replaceInEditor(editor: vscode.TextEditor, pattern: RegExp, replacement: string): Promise<void> {
  const match = pattern.exec(editor.document.getText());
  assert.ok(match, `${pattern} is in the document:\n${editor.document.getText()}`);
  const range = new vscode.Range(editor.document.positionAt(match.index), editor.document.positionAt(match.index + match[0].length));
  assert.ok(await editor.edit((b) => b.replace(range, replacement)));
}

/** After an editing test: the prompts back, every editor closed without saving. */
export async function closeEditors(script: ScriptedQuestions): Promise<void> {
  script.restore();
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
