/**
 * Shared helpers for integration tests: the running extension's internals, scripted answers to
 * its prompts, the messages it shows, and waiting for asynchronous effects.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { activate } from '../../src/extension';
import { SecretKeys } from '../../src/core/secrets';
import type { TreeNode } from '../../src/views/tree/node';

/** What activate() gives the test host: the start-up figure and a way to load the features. */
export type StartupApi = NonNullable<ReturnType<typeof activate>>;
/** The extension's internals, once its features have loaded. */
export type ExtensionApi = Awaited<ReturnType<StartupApi['features']>>;

export const EXTENSION_ID = 'ops-config.ops-config-explorer';

/** Activates the extension if needed and loads its features (as the first command or view would). */
export async function extensionApi(): Promise<ExtensionApi> {
  const extension = vscode.extensions.getExtension<StartupApi>(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is installed`);
  const startup = await extension.activate();
  assert.ok(startup, 'the test host gets the extension’s internals');
  return startup.features();
}

export interface Shown {
  info: string[];
  warn: string[];
  error: string[];
}

/**
 * Replaces the extension's prompts: input boxes answer from `answers` in order (undefined =
 * the user pressed Escape), quick picks choose with `pick`, notifications are recorded.
 * Returns what was shown and a function that restores the real prompts.
 */
export function scriptPrompts(
  api: ExtensionApi,
  answers: Array<string | undefined>,
  pick: (items: readonly vscode.QuickPickItem[]) => unknown = (items) => items[0],
): { shown: Shown; asked: vscode.InputBoxOptions[]; restore: () => void } {
  const prompts = api.prompts as unknown as Record<string, unknown>;
  const original = { ...prompts };
  const shown: Shown = { info: [], warn: [], error: [] };
  const asked: vscode.InputBoxOptions[] = [];
  const queue = [...answers];
  prompts.inputBox = async (options: vscode.InputBoxOptions) => {
    asked.push(options);
    const answer = queue.shift();
    if (answer !== undefined && options.validateInput) {
      const problem = await options.validateInput(answer);
      assert.equal(problem ?? undefined, undefined, `the input box refused "${answer}": ${JSON.stringify(problem)}`);
    }
    return answer;
  };
  prompts.quickPick = async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) => pick(await items);
  prompts.quickPickMany = async (items: readonly vscode.QuickPickItem[]) => pick(items);
  prompts.info = async (message: string) => void shown.info.push(message);
  prompts.warn = async (message: string) => void shown.warn.push(message);
  prompts.error = async (message: string) => void shown.error.push(message);
  return { shown, asked, restore: () => Object.assign(prompts, original) };
}

export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Forget every saved credential and connection setting, so each test starts signed out. */
export async function signOutEverywhere(api: ExtensionApi): Promise<void> {
  const secrets = api.services.secrets;
  for (const key of [SecretKeys.honeycombApiKey, SecretKeys.honeycombApiKeyId, SecretKeys.honeycombApiKeySecret, SecretKeys.authentikToken, SecretKeys.authentikHeaders]) {
    await secrets.delete(key);
  }
  const config = vscode.workspace.getConfiguration('opsConfig');
  for (const key of ['honeycomb.apiUrl', 'authentik.url', 'authentik.insecure']) {
    await config.update(key, undefined, vscode.ConfigurationTarget.Global);
  }
  for (const name of ['HONEYCOMB_API_KEY', 'HONEYCOMBIO_APIKEY', 'HONEYCOMB_KEY_ID', 'HONEYCOMB_KEY_SECRET', 'HONEYCOMB_API_ENDPOINT', 'AUTHENTIK_URL', 'AUTHENTIK_TOKEN', 'AUTHENTIK_INSECURE']) {
    delete process.env[name];
  }
  api.honeycomb.invalidate();
  api.authentik.invalidate();
}

/**
 * Signed out everywhere, then connected to a Honeycomb stand-in at `apiUrl` with the keys given
 * (stored as Set API Key and Set Management Key store them).
 */
export async function connectHoneycomb(api: ExtensionApi, apiUrl: string, keys: { apiKey: string; managementKey?: { id: string; secret: string } }): Promise<void> {
  await signOutEverywhere(api);
  await setGlobal('honeycomb.apiUrl', apiUrl);
  await api.services.secrets.store(SecretKeys.honeycombApiKey, keys.apiKey);
  if (keys.managementKey) {
    await api.services.secrets.store(SecretKeys.honeycombApiKeyId, keys.managementKey.id);
    await api.services.secrets.store(SecretKeys.honeycombApiKeySecret, keys.managementKey.secret);
  }
  api.honeycomb.invalidate();
}

/** Signed out everywhere, then connected to an authentik stand-in at `url` with `token` (as Sign In stores it). */
export async function connectAuthentik(api: ExtensionApi, url: string, token: string): Promise<void> {
  await signOutEverywhere(api);
  await setGlobal('authentik.url', url);
  await api.services.secrets.store(SecretKeys.authentikToken, token);
  api.authentik.invalidate();
}

export async function setGlobal(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('opsConfig').update(key, value, vscode.ConfigurationTarget.Global);
}

/** The tree as a user sees it: label and description of each node. */
export async function describeNodes(provider: vscode.TreeDataProvider<TreeNode>, nodes: TreeNode[]): Promise<Array<{ label: string; description: string; node: TreeNode; item: vscode.TreeItem }>> {
  const out = [];
  for (const node of nodes) {
    const item = await provider.getTreeItem(node);
    const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
    out.push({ label, description: typeof item.description === 'string' ? item.description : '', node, item });
  }
  return out;
}

/**
 * Reads a view's tree as a user does: the rows under a node, and the one row with a label
 * (failing with the labels that were shown instead).
 */
export function treeReader(provider: () => vscode.TreeDataProvider<TreeNode>) {
  const children = async (node?: TreeNode) => describeNodes(provider(), (await provider().getChildren(node)) ?? []);
  const child = async (node: TreeNode | undefined, label: string) => {
    const all = await children(node);
    const found = all.find((c) => c.label === label);
    assert.ok(found, `"${label}" is shown under ${node?.id ?? 'the root'} (found: ${all.map((c) => c.label).join(', ')})`);
    return found;
  };
  return { children, child };
}

/** Every settings file a secret could have leaked into. */
export function settingsFiles(api: ExtensionApi): string[] {
  const userSettings = path.resolve(api.services.context.globalStorageUri.fsPath, '..', '..', 'settings.json');
  const files = [userSettings];
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    files.push(path.join(folder.uri.fsPath, '.vscode', 'settings.json'));
  }
  return files.filter((f) => fs.existsSync(f));
}

/**
 * Whether a view's context menu offers `command` on `node`: some `view/item/context` entry's
 * `viewItem =~ /…/` matches the node's contextValue (VS Code builds the RegExp from the text
 * between the slashes as it stands, without unescaping).
 */
export async function offeredInMenu(provider: vscode.TreeDataProvider<TreeNode>, command: string, node: TreeNode): Promise<boolean> {
  const menus = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.menus['view/item/context'] as Array<{ command: string; when?: string }>;
  const contextValue = String((await provider.getTreeItem(node)).contextValue);
  return menus
    .filter((m) => m.command === command && m.when)
    .some((m) => {
      const match = /viewItem =~ \/(.+?)\/(?: |$)/.exec(m.when!);
      return !!match && new RegExp(match[1]).test(contextValue);
    });
}
