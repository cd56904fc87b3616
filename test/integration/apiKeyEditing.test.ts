/**
 * Honeycomb API keys in the real editor, with a management key, against the stand-in: New… on an
 * environment's API Keys folder creates a configuration key through the plan, its secret is
 * offered once and, kept, becomes the key the editor reads that environment with (secret
 * storage, checked with Honeycomb) — never in the document, a question or a message; Rename API
 * Key… goes through the plan.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { environmentKeyName } from '../../src/views/honeycomb/explorer';
import type { TreeNode } from '../../src/views/tree/node';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../servers/honeycomb';
import { ExtensionApi, connectHoneycomb, extensionApi, signOutEverywhere, treeReader, waitFor } from './helpers';
import { ScriptedQuestions, closeEditors, replaceInEditor, scriptQuestions } from './scriptedQuestions';

describe('Editing Honeycomb API keys (management key)', function () {
  this.timeout(90_000);
  let api: ExtensionApi;
  let honeycomb: HoneycombStandIn;
  let script: ScriptedQuestions;

  const provider = () => api.views.providers.honeycomb;
  const tree = treeReader(provider);
  const child = async (node: TreeNode | undefined, label: string): Promise<TreeNode> => (await tree.child(node, label)).node;
  const stagingKeys = async (): Promise<TreeNode> => {
    const [connection] = await provider().getChildren(undefined);
    return child(await child(connection, 'Staging'), 'API Keys');
  };
  const writes = () => honeycomb.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

  before(async () => {
    api = await extensionApi();
    honeycomb = await startHoneycombStandIn();
    await connectHoneycomb(api, honeycomb.url, { apiKey: HONEYCOMB_KEYS.production, managementKey: HONEYCOMB_KEYS.management });
  });
  beforeEach(() => {
    honeycomb.reset();
    provider().refresh();
    script = scriptQuestions(api);
  });
  afterEach(async () => {
    await closeEditors(script);
    assert.deepEqual(honeycomb.violations, []);
  });
  after(async () => {
    await api.services.secrets.delete(environmentKeyName('staging'));
    await signOutEverywhere(api);
    await honeycomb.stop();
  });

  it('New… on API Keys creates a configuration key; its secret is offered once and, kept, is the key Staging is read with; Rename API Key… goes through the plan', async () => {
    assert.equal(await api.services.secrets.get(environmentKeyName('staging')), undefined, 'no key for staging yet');
    script.answers.push('Configuration key');
    await vscode.commands.executeCommand('opsConfig.newObject', await stagingKeys());
    assert.deepEqual(script.picks[0], ['Configuration key', 'Ingest key']);
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes('~new') ? vscode.window.activeTextEditor : undefined), 'the new API key document');
    await replaceInEditor(editor, /"name": "New configuration key"/, '"name": "Editor staging"');
    await replaceInEditor(editor, /"manage_triggers": false/, '"manage_triggers": true');
    script.answers.push('Create', 'Save as the API Key for Staging');
    honeycomb.requests.length = 0;
    assert.equal(await editor.document.save(), true);
    assert.equal(script.asked[0]?.message, 'Create a new API key?');
    assert.deepEqual(writes(), ['POST /2/teams/acme/api-keys']);
    const created = honeycomb.seed.environmentKeys.find((k) => k.name === 'Editor staging');
    assert.ok(created, 'the key is on the stand-in');
    assert.equal(created.type, 'configuration');
    assert.equal(created.environment, 'staging');
    assert.equal(created.access.triggers, true);

    const stored = await waitFor(() => api.services.secrets.get(environmentKeyName('staging')), 'the new key kept for Staging');
    assert.equal(stored, created.token, 'the key kept is the one Honeycomb made');
    const offers = script.asked.filter((a) => a.message.includes('Honeycomb shows its secret only now'));
    assert.deepEqual(
      offers.map((a) => a.message),
      ['API key “Editor staging” was created. Honeycomb shows its secret only now.'],
      'offered once',
    );
    await waitFor(() => script.infos.find((m) => m === 'Honeycomb API key saved for environment Staging.'), 'the confirmation');
    const shown = JSON.stringify([script.asked, script.infos, vscode.workspace.textDocuments.map((d) => d.getText())]);
    assert.ok(!shown.includes(created.token), 'the secret is in no question, message or document');

    await waitFor(async () => {
      provider().refresh();
      const [connection] = await provider().getChildren(undefined);
      const description = String((await provider().getTreeItem(await child(connection, 'Staging'))).description);
      return /own API key/.test(description) || undefined;
    }, 'Staging read with the new key');

    const node = await child(await stagingKeys(), 'Editor staging');
    script.asked.length = 0;
    script.typed.push('Editor staging (CI)');
    script.answers.push('Update');
    honeycomb.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.honeycomb.renameApiKey', node);
    assert.match(script.asked.find((a) => a.message.startsWith('Update'))?.detail ?? '', /name "Editor staging" → "Editor staging \(CI\)"/);
    assert.deepEqual(writes(), [`PATCH /2/teams/acme/api-keys/${created.id}`]);
    assert.equal(created.name, 'Editor staging (CI)');
  });
});
