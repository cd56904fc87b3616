/**
 * Editing Honeycomb derived columns, columns, datasets and dataset definitions in the real editor,
 * against the stand-in: each kind edited from its tree node and saved through the plan (the value
 * then on the stand-in), and one save each that is refused — by the service (an unknown function
 * in an expression) or by the editor (a renamed column or dataset) — with the error on the line of
 * the field. A rename of a derived column in use lists what uses it and wants the old alias typed;
 * Delete… on a protected dataset offers to turn protection off through the plan.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/views/tree/node';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../servers/honeycomb';
import { ExtensionApi, connectHoneycomb, extensionApi, signOutEverywhere, treeReader, waitFor } from './helpers';
import { ScriptedQuestions, closeEditors, replaceInEditor, scriptQuestions } from './scriptedQuestions';

describe('Editing Honeycomb derived columns, columns, datasets and definitions', function () {
  this.timeout(90_000);
  let api: ExtensionApi;
  let honeycomb: HoneycombStandIn;
  let script: ScriptedQuestions;

  const provider = () => api.views.providers.honeycomb;
  const tree = treeReader(provider);
  const child = async (node: TreeNode | undefined, label: string): Promise<TreeNode> => (await tree.child(node, label)).node;
  const gateway = async () => {
    const [connection] = await provider().getChildren(undefined);
    return child(await child(await child(connection, 'Production'), 'Datasets'), 'api-gateway');
  };
  const production = () => honeycomb.seed.content.production;
  const writes = () => honeycomb.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
  const opened = async (node: TreeNode, kind: string): Promise<vscode.TextEditor> => {
    await vscode.commands.executeCommand('opsConfig.edit', node);
    return waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes(kind) ? vscode.window.activeTextEditor : undefined), `the ${kind} document`);
  };
  const lineOf = (editor: vscode.TextEditor, text: string) =>
    editor.document
      .getText()
      .split('\n')
      .findIndex((l) => l.includes(text));

  before(async () => {
    api = await extensionApi();
    honeycomb = await startHoneycombStandIn();
    await connectHoneycomb(api, honeycomb.url, { apiKey: HONEYCOMB_KEYS.production });
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

  it('a derived column: an expression edit is saved through the plan; an unknown function is warned on, then refused by the service on the expression line', async () => {
    const node = await child(await child(await gateway(), 'Derived columns'), 'route_family');
    const editor = await opened(node, 'honeycomb.derivedColumn');
    const id = production().derivedColumns['api-gateway'].find((d) => d.alias === 'route_family')!.id;
    await replaceInEditor(editor, /\^\/v1\//, '^/v2/');
    honeycomb.requests.length = 0;
    script.answers.push('Update');
    assert.equal(await editor.document.save(), true);
    assert.equal(script.asked[0]?.message, 'Update derived column route_family?');
    assert.match(script.asked[0].detail, /expression .*v1.* → .*v2/);
    assert.deepEqual(writes(), [`PUT /1/derived_columns/api-gateway/${id}`]);
    assert.equal(production().derivedColumns['api-gateway'].find((d) => d.id === id)?.expression, 'REG_VALUE($http.route, `^/v2/([a-z]+)`)');

    await replaceInEditor(editor, /REG_VALUE/, 'REG_EXTRACT');
    const line = lineOf(editor, 'REG_EXTRACT');
    const warning = await waitFor(() => vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.range.start.line === line), 'a warning on the expression line');
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(warning.message, /REG_EXTRACT is not a function Honeycomb's derived column parser knows/);
    script.asked.length = 0;
    script.answers.push('Update');
    honeycomb.requests.length = 0;
    assert.equal(await editor.document.save(), false, 'the service refuses it');
    assert.deepEqual(writes(), [`PUT /1/derived_columns/api-gateway/${id}`]);
    const refusal = await waitFor(
      () => vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.range.start.line === line && d.severity === vscode.DiagnosticSeverity.Error),
      'the service’s refusal on the expression line',
    );
    assert.match(refusal.message, /invalid function: REG_EXTRACT/);
  });

  it('renaming a derived column an SLO uses lists the SLO in the plan and wants the old alias typed; a wrong one sends nothing', async () => {
    const node = await child(await child(await gateway(), 'Derived columns'), 'sli.availability');
    const editor = await opened(node, 'honeycomb.derivedColumn');
    await replaceInEditor(editor, /"alias": "sli\.availability"/, '"alias": "sli.avail"');
    honeycomb.requests.length = 0;
    script.answers.push('Update');
    script.typed.push('sli.avail');
    assert.equal(await editor.document.save(), false);
    assert.equal(script.asked[0]?.message, 'Update derived column sli.availability?');
    assert.match(script.asked[0].detail, /One object uses it by the name sli\.availability[^\n]*\n• SLO “Gateway availability” \(its SLI\)/);
    assert.match(script.asked[0].detail, /Boards are not checked/);
    assert.equal(script.asked[1]?.message, 'input: Something uses it by its name. Type sli.availability to change it anyway.');
    assert.deepEqual(writes(), [], 'the old alias was not typed: nothing is sent');
  });

  it('a column: hidden and description saved through the plan; renaming it is an error on the key_name line and sends nothing', async () => {
    const column = production().columns['api-gateway'][0];
    const editor = await opened(await child(await child(await gateway(), 'Columns'), column.key_name), 'honeycomb.column');
    await replaceInEditor(editor, /"hidden": false/, '"hidden": true');
    honeycomb.requests.length = 0;
    script.answers.push('Update');
    assert.equal(await editor.document.save(), true);
    assert.equal(script.asked[0]?.message, `Update column ${column.key_name}?`);
    assert.deepEqual(writes(), [`PUT /1/columns/api-gateway/${column.id}`]);
    assert.equal(production().columns['api-gateway'].find((c) => c.id === column.id)?.hidden, true);

    await replaceInEditor(editor, new RegExp(`"key_name": "${column.key_name.replace(/\./g, '\\.')}"`), '"key_name": "renamed"');
    const line = lineOf(editor, '"key_name": "renamed"');
    const diagnostic = await waitFor(() => vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.range.start.line === line), 'a diagnostic on the key_name line');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.match(diagnostic.message, /cannot be renamed/);
    honeycomb.requests.length = 0;
    script.asked.length = 0;
    assert.equal(await editor.document.save(), false);
    assert.deepEqual(honeycomb.requests, [], 'no request at all');
  });

  it('a dataset: its description saved through the plan; a rename is an error on the name line; Delete… on a protected one offers to turn protection off', async () => {
    const node = await gateway();
    const editor = await opened(node, 'honeycomb.dataset');
    await replaceInEditor(editor, /"description": "[^"]*"/, '"description": "Edge gateway, every public request"');
    honeycomb.requests.length = 0;
    script.answers.push('Update');
    assert.equal(await editor.document.save(), true);
    assert.deepEqual(writes(), ['PUT /1/datasets/api-gateway']);
    assert.equal(production().datasets.find((d) => d.slug === 'api-gateway')?.description, 'Edge gateway, every public request');

    await replaceInEditor(editor, /"name": "api-gateway"/, '"name": "edge"');
    const line = lineOf(editor, '"name": "edge"');
    const diagnostic = await waitFor(() => vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.range.start.line === line), 'a diagnostic on the name line');
    assert.match(diagnostic.message, /cannot be renamed/);
    await vscode.commands.executeCommand('workbench.action.files.revert');

    script.asked.length = 0;
    script.answers.push('Turn Protection Off…', 'Update');
    honeycomb.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.deleteObject', node);
    assert.equal(script.asked[0]?.message, 'Dataset “api-gateway” cannot be deleted.');
    assert.match(script.asked[0].detail, /delete-protected/);
    assert.match(script.asked[1]?.message ?? '', /^Update dataset “api-gateway”\?/);
    assert.match(script.asked[1].detail, /settings\.delete_protected true → false/);
    assert.deepEqual(writes(), ['PUT /1/datasets/api-gateway'], 'protection off, nothing deleted');
    assert.equal(production().datasets.find((d) => d.slug === 'api-gateway')?.delete_protected, false);
  });

  it('Delete… on an unprotected dataset wants its name typed before the DELETE', async () => {
    const [connection] = await provider().getChildren(undefined);
    const node = await child(await child(await child(connection, 'Production'), 'Datasets'), 'load-test-2024');
    script.answers.push('Delete');
    script.typed.push('load-test-2024');
    honeycomb.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.deleteObject', node);
    assert.equal(script.asked[0]?.message, 'Delete dataset “load-test-2024”?');
    assert.equal(script.asked[1]?.message, 'input: This cannot be undone. Type its name, load-test-2024, to delete it.');
    assert.deepEqual(writes(), ['DELETE /1/datasets/load-test-2024']);
    assert.equal(
      production().datasets.some((d) => d.slug === 'load-test-2024'),
      false,
    );
  });

  it('dataset definitions: one definition changed is PATCHed alone', async () => {
    const editor = await opened(await child(await gateway(), 'Dataset definitions'), 'honeycomb.datasetDefinitions');
    await replaceInEditor(editor, /"status": null/, '"status": { "name": "http.response.status_code" }');
    honeycomb.requests.length = 0;
    script.answers.push('Update');
    assert.equal(await editor.document.save(), true);
    assert.deepEqual(writes(), ['PATCH /1/dataset_definitions/api-gateway']);
    assert.deepEqual(honeycomb.requests.find((r) => r.method === 'PATCH')?.body, { status: { name: 'http.response.status_code' } });
  });
});
