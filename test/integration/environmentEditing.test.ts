/**
 * Honeycomb environments in the real editor, with a management key, against the stand-in: an
 * environment edited from its tree node and saved through the plan (the value then on the
 * stand-in), a rename refused with the error on the name line and nothing sent, delete protection
 * switched from the tree through the plan, and New Environment… on the connection followed by
 * Delete…, which first offers to turn the new environment's protection off and then wants its
 * name typed.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/views/tree/node';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../servers/honeycomb';
import { ExtensionApi, connectHoneycomb, extensionApi, signOutEverywhere, treeReader, waitFor } from './helpers';
import { ScriptedQuestions, closeEditors, replaceInEditor, scriptQuestions } from './scriptedQuestions';

describe('Editing Honeycomb environments (management key)', function () {
  this.timeout(90_000);
  let api: ExtensionApi;
  let honeycomb: HoneycombStandIn;
  let script: ScriptedQuestions;

  const provider = () => api.views.providers.honeycomb;
  const tree = treeReader(provider);
  const connection = async (): Promise<TreeNode> => (await provider().getChildren(undefined))[0];
  const environment = async (label: string): Promise<TreeNode> => (await tree.child(await connection(), label)).node;
  const seeded = (name: string) => honeycomb.seed.environments.find((e) => e.name === name);
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
    await signOutEverywhere(api);
    await honeycomb.stop();
  });

  it('Edit… on an environment: its description saved through the plan; a rename is an error on the name line and sends nothing', async () => {
    const id = seeded('Staging')!.id;
    await vscode.commands.executeCommand('opsConfig.edit', await environment('Staging'));
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes('honeycomb.environment') ? vscode.window.activeTextEditor : undefined), 'the environment document');
    await replaceInEditor(editor, /"description": "[^"]*"/, '"description": "Release candidates"');
    honeycomb.requests.length = 0;
    script.answers.push('Update');
    assert.equal(await editor.document.save(), true);
    assert.equal(script.asked[0]?.message, 'Update environment “Staging”?');
    assert.match(script.asked[0].detail, /description "Pre-release verification" → "Release candidates"/);
    assert.deepEqual(writes(), [`PATCH /2/teams/acme/environments/${id}`]);
    assert.equal(seeded('Staging')?.description, 'Release candidates');

    await replaceInEditor(editor, /"name": "Staging"/, '"name": "Preprod"');
    const line = editor.document
      .getText()
      .split('\n')
      .findIndex((l) => l.includes('"name": "Preprod"'));
    const diagnostic = await waitFor(() => vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.range.start.line === line), 'a diagnostic on the name line');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.match(diagnostic.message, /an environment cannot be renamed/);
    honeycomb.requests.length = 0;
    script.asked.length = 0;
    assert.equal(await editor.document.save(), false);
    assert.deepEqual(honeycomb.requests, [], 'no request at all');
  });

  it('Protect Environment from Deletion… on the tree goes through the plan and protects it on the stand-in', async () => {
    script.answers.push('Update');
    await vscode.commands.executeCommand('opsConfig.honeycomb.protectEnvironment', await environment('Dev'));
    assert.match(script.asked[0]?.message ?? '', /^Update environment “Dev”\?/);
    assert.match(script.asked[0].detail, /settings\.delete_protected false → true/);
    assert.equal(seeded('Dev')?.deleteProtected, true);
  });

  it('New Environment… on the connection creates one (delete-protected); Delete… offers to turn protection off, then wants the name typed', async () => {
    await vscode.commands.executeCommand('opsConfig.honeycomb.newEnvironment', await connection());
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes('~new') ? vscode.window.activeTextEditor : undefined), 'the new environment document');
    await replaceInEditor(editor, /"name": "New environment"/, '"name": "Load test"');
    script.answers.push('Create');
    assert.equal(await editor.document.save(), true);
    assert.equal(script.asked[0]?.message, 'Create a new environment?');
    const created = await waitFor(() => seeded('Load test'), 'the environment on the stand-in');
    assert.equal(created.deleteProtected, true, 'Honeycomb creates environments protected');

    provider().refresh();
    const node = await waitFor(async () => environment('Load test').catch(() => undefined), 'the new environment in the tree');
    script.asked.length = 0;
    script.answers.push('Turn Protection Off…', 'Update');
    honeycomb.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.deleteObject', node);
    assert.equal(script.asked[0]?.message, 'Environment “Load test” cannot be deleted.');
    assert.match(script.asked[1]?.detail ?? '', /settings\.delete_protected true → false/);
    assert.deepEqual(writes(), [`PATCH /2/teams/acme/environments/${created.id}`], 'protection turned off, nothing deleted yet');

    script.asked.length = 0;
    script.answers.push('Delete');
    script.typed.push('Load test');
    honeycomb.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.deleteObject', node);
    assert.equal(script.asked[0]?.message, 'Delete environment “Load test”?');
    assert.match(script.asked[1]?.message ?? '', /Type its name, Load test, to delete it/);
    assert.deepEqual(writes(), [`DELETE /2/teams/acme/environments/${created.id}`]);
    assert.equal(seeded('Load test'), undefined);
  });
});
