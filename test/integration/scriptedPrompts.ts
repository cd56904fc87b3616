/**
 * What the Honeycomb editing tests share: a stand-in the extension is signed in to with the
 * production key, and the prompts seam answered from a script — every modal question and input
 * recorded with its detail, quick picks answered by label (the offered labels recorded), info
 * messages collected — so a test reads as what a user was asked and answered.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { SecretKeys } from '../../src/core/secrets';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../servers/honeycomb';
import { ExtensionApi, setGlobal, signOutEverywhere } from './helpers';

export async function signedInHoneycomb(api: ExtensionApi): Promise<HoneycombStandIn> {
  const honeycomb = await startHoneycombStandIn();
  await signOutEverywhere(api);
  await setGlobal('honeycomb.apiUrl', honeycomb.url);
  await api.services.secrets.store(SecretKeys.honeycombApiKey, HONEYCOMB_KEYS.production);
  api.honeycomb.invalidate();
  return honeycomb;
}

export interface PromptScript {
  /** Every question asked (title and detail); inputs as `input: <prompt>`, `(password)` when hidden. */
  asked: Array<{ message: string; detail: string }>;
  /** Answers to modal questions and quick picks (by label), in order. */
  answers: Array<string | undefined>;
  /** What text and password inputs are answered with, in order. */
  typed: string[];
  infos: string[];
  /** Error messages shown (a refused command says why here). */
  errors: string[];
  /** The labels each quick pick offered. */
  picks: string[][];
  restore(): void;
}

export function scriptPrompts(api: ExtensionApi): PromptScript {
  const prompts = api.prompts as unknown as Record<string, unknown>;
  const original = { ...prompts };
  const script: PromptScript = { asked: [], answers: [], typed: [], infos: [], errors: [], picks: [], restore: () => Object.assign(prompts, original) };
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
    script.picks.push(list.map((i) => i.label));
    // One answer per pick (taken once, not once per item looked at).
    const answer = script.answers.shift();
    return list.find((i) => i.label === answer);
  };
  prompts.info = async (message: string) => void script.infos.push(message);
  prompts.error = async (message: string) => void script.errors.push(message);
  return script;
}

export async function replaceInEditor(editor: vscode.TextEditor, pattern: RegExp, replacement: string): Promise<void> {
  const match = pattern.exec(editor.document.getText());
  assert.ok(match, `${pattern} is in the document:\n${editor.document.getText()}`);
  const range = new vscode.Range(editor.document.positionAt(match.index), editor.document.positionAt(match.index + match[0].length));
  assert.ok(await editor.edit((b) => b.replace(range, replacement)));
}

export interface HoneycombEditingSession {
  readonly api: ExtensionApi;
  readonly honeycomb: HoneycombStandIn;
  readonly script: PromptScript;
}

/**
 * The hooks of a describe block that edits Honeycomb objects: signed in to a fresh stand-in, the
 * view and the stand-in reset and the prompts scripted before each test, editors closed and the
 * stand-in's answers checked against the API description after each.
 */
export function useHoneycombEditing(extensionApi: () => Promise<ExtensionApi>): HoneycombEditingSession {
  let api: ExtensionApi | undefined;
  let honeycomb: HoneycombStandIn | undefined;
  let script: PromptScript | undefined;
  const session: HoneycombEditingSession = {
    get api() {
      assert.ok(api, 'the extension is not started yet');
      return api;
    },
    get honeycomb() {
      assert.ok(honeycomb, 'the stand-in is not started yet');
      return honeycomb;
    },
    get script() {
      assert.ok(script, 'no test is running');
      return script;
    },
  };
  before(async () => {
    api = await extensionApi();
    honeycomb = await signedInHoneycomb(api);
  });
  beforeEach(() => {
    session.honeycomb.reset();
    session.api.views.providers.honeycomb.refresh();
    script = scriptPrompts(session.api);
  });
  afterEach(async () => {
    script?.restore();
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.deepEqual(session.honeycomb.violations, []);
  });
  after(async () => {
    await signOutEverywhere(session.api);
    await session.honeycomb.stop();
  });
  return session;
}
