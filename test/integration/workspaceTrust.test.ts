/**
 * Where a saved key goes, in the real editor: a repository's .vscode/settings.json cannot point
 * it at another server, and when the user's own URL changes the key does not follow without a
 * question. "Elsewhere" is a second stand-in on another port of 127.0.0.1: another origin.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { SecretKeys } from '../../src/core/secrets';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../servers/honeycomb';
import { ExtensionApi, describeNodes, extensionApi, scriptPrompts, setGlobal, signOutEverywhere, waitFor } from './helpers';

describe('workspace trust: where saved keys go', () => {
  let api: ExtensionApi;
  let home: HoneycombStandIn;
  let elsewhere: HoneycombStandIn;
  const workspaceSettings = () => path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, '.vscode', 'settings.json');
  const pageSize = () => vscode.workspace.getConfiguration('opsConfig').get<number>('pageSize');

  before(async () => {
    api = await extensionApi();
    home = await startHoneycombStandIn();
    elsewhere = await startHoneycombStandIn();
  });
  after(async () => {
    await signOutEverywhere(api);
    await home.stop();
    await elsewhere.stop();
  });
  beforeEach(async () => {
    await signOutEverywhere(api);
    home.reset();
    elsewhere.reset();
  });
  afterEach(async () => {
    if (fs.existsSync(workspaceSettings())) {
      fs.rmSync(workspaceSettings());
      await waitFor(() => pageSize() === 100, 'the workspace settings to be gone');
    }
    assert.deepEqual(home.violations, []);
    assert.deepEqual(elsewhere.violations, []);
  });

  /** Saves the production key through the command, checked with (and bound to) `home`. */
  async function saveKeyWithHome(): Promise<void> {
    await setGlobal('honeycomb.apiUrl', home.url);
    const { shown, restore } = scriptPrompts(api, [HONEYCOMB_KEYS.production]);
    try {
      await vscode.commands.executeCommand('opsConfig.honeycomb.setApiKey');
    } finally {
      restore();
    }
    assert.deepEqual(shown.error, []);
    assert.equal(await api.services.secrets.boundOrigin(SecretKeys.honeycombApiKey), home.url);
    // Saving the key reloads the view; on a busy machine that reload may reach `home` late. Let it
    // finish first, so that the requests counted afterwards are the test's own.
    await roots();
    await quiet(home);
    home.reset();
  }

  /** Waits (at most 5 s) until a stand-in has heard nothing new for half a second. */
  async function quiet(server: HoneycombStandIn): Promise<void> {
    let seen = -1;
    for (let i = 0; i < 10 && server.requests.length !== seen; i++) {
      seen = server.requests.length;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  async function roots() {
    return describeNodes(api.views.providers.honeycomb, await api.views.providers.honeycomb.getChildren());
  }

  it('ignores a workspace settings file that points the API URL elsewhere: the key goes to the user\u2019s URL only', async () => {
    await saveKeyWithHome();
    fs.mkdirSync(path.dirname(workspaceSettings()), { recursive: true });
    // pageSize (a setting a workspace may choose) shows when the editor has read the file.
    fs.writeFileSync(workspaceSettings(), JSON.stringify({ 'opsConfig.honeycomb.apiUrl': elsewhere.url, 'opsConfig.pageSize': 37 }, null, 2));
    await waitFor(() => pageSize() === 37, 'the editor to read the workspace settings');
    api.honeycomb.invalidate();

    const { shown, restore } = scriptPrompts(api, []);
    let nodes;
    try {
      nodes = await roots();
    } finally {
      restore();
    }
    assert.equal(nodes.length, 1);
    assert.equal(nodes[0].label, 'Acme Observability');
    assert.equal((await api.honeycomb.config()).apiUrl, home.url);
    assert.equal(`${home.requests[0]?.method} ${home.requests[0]?.path}`, 'GET /1/auth', 'the user\u2019s server was asked, with the key');
    assert.match(home.requests[0].credential ?? '', /^configuration:production:/);
    assert.equal(elsewhere.requests.length, 0, 'the server the workspace named heard nothing, so it got no key');
    assert.deepEqual(shown.warn, [], 'nothing to ask: the URL in effect did not change');
  });

  it('asks before sending the key to a URL the user changed; No leaves it unconnected, Send moves the key', async () => {
    await saveKeyWithHome();
    await setGlobal('honeycomb.apiUrl', elsewhere.url);
    const question = `Send the Honeycomb API key to ${elsewhere.url}?`;

    const declined = scriptPrompts(api, []);
    try {
      const [node] = await roots();
      assert.deepEqual(declined.shown.warn, [question]);
      assert.equal(node.label, `Not connected: the API key was not sent to ${elsewhere.url}`);
      const tooltip = (node.item.tooltip as vscode.MarkdownString).value.replace(/&nbsp;/g, ' ').replace(/\\(.)/g, '$1');
      assert.match(tooltip, new RegExp(`API key was checked with ${home.url.replace(/\./g, '\\.')}`));
      assert.equal(elsewhere.requests.length, 0, 'No: nothing was sent to the new URL');
      assert.equal(home.requests.length, 0, 'nor to the old one');
      await roots();
      assert.equal(declined.shown.warn.length, 1, 'a No is not asked again on every refresh');
    } finally {
      declined.restore();
    }

    const accepted = scriptPrompts(api, []);
    const prompts = api.prompts as unknown as { warn: (message: string) => Promise<string | undefined> };
    prompts.warn = async (message: string) => {
      accepted.shown.warn.push(message);
      return 'Send';
    };
    try {
      api.honeycomb.invalidate();
      const [node] = await roots();
      assert.deepEqual(accepted.shown.warn, [question]);
      assert.equal(node.label, 'Acme Observability');
      assert.ok(
        elsewhere.requests.some((r) => r.path === '/1/auth'),
        'Send: the key went to the new URL',
      );
      assert.equal(await api.services.secrets.boundOrigin(SecretKeys.honeycombApiKey), elsewhere.url, 'and is bound to it now');
      api.honeycomb.invalidate();
      await roots();
      assert.equal(accepted.shown.warn.length, 1, 'not asked again once moved');
    } finally {
      accepted.restore();
    }
  });

  it('a trust root named by a relative path is refused: the open folder does not decide what is trusted', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri as vscode.Uri;
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'planted_root.json'), Buffer.from('{}'));
    await setGlobal('signing.trustedRootFile', 'planted_root.json');
    try {
      const policy = {
        text: 'apiVersion: policy.sigstore.dev/v1beta1\nkind: ClusterImagePolicy\nmetadata:\n  name: p\nspec:\n  images:\n    - glob: "**"\n  authorities:\n    - static:\n        action: pass\n',
        source: 'a test policy',
      };
      const message = await api.signatures.verify(`127.0.0.1:9/none@sha256:${'a'.repeat(64)}`, policy).then(
        () => 'verified without reading the trust root',
        (error: Error) => error.message,
      );
      assert.match(message, /opsConfig\.signing\.trustedRootFile must be an absolute path, not "planted_root\.json"/);
    } finally {
      await setGlobal('signing.trustedRootFile', undefined);
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, 'planted_root.json'));
    }
  });
});
