/**
 * Markers and marker settings in the real editor, against the stand-in: a marker opened from a
 * dataset's Markers folder, its message edited and saved through the plan; a marker setting whose
 * colour is not hex RGB refused with the error on the colour's line and nothing sent; "Add Deploy
 * Marker…" end to end, from a dataset of the tree (type picked from the marker settings) and from
 * the palette with no argument (environment-wide), each through the plan, said when created and
 * shown first in its Markers folder.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/views/tree/node';
import { markerState } from '../servers/honeycomb/markerRoutes';
import { extensionApi, treeReader, waitFor } from './helpers';
import { replaceInEditor, useHoneycombEditing } from './scriptedPrompts';

describe('Editing Honeycomb markers', function () {
  this.timeout(90_000);
  const session = useHoneycombEditing(extensionApi);

  const provider = () => session.api.views.providers.honeycomb;
  const tree = treeReader(provider);
  const child = async (node: TreeNode | undefined, label: string): Promise<TreeNode> => (await tree.child(node, label)).node;
  const production = async () => {
    const [connection] = await provider().getChildren(undefined);
    return child(connection, 'Production');
  };
  const gateway = async () => child(await child(await production(), 'Datasets'), 'api-gateway');
  const markers = () => markerState(session.honeycomb.seed, 'production').markers;
  const writes = () => session.honeycomb.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

  const editorOf = (part: string) => waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes(part) ? vscode.window.activeTextEditor : undefined), `the ${part} document`);

  it('a marker of a dataset’s Markers folder opens as a document; a message edit is saved through the plan', async () => {
    const folder = await child(await gateway(), 'Markers');
    const labels = (await tree.children(folder)).map((c) => c.label);
    assert.deepEqual(labels, ['Marker Settings', 'new checkout enabled for 10%', 'api-gateway deploy #42', 'api-gateway deploy #41'], 'settings first, then the newest marker first');
    await vscode.commands.executeCommand('opsConfig.edit', await child(folder, 'api-gateway deploy #42'));
    const editor = await editorOf('honeycomb.marker');
    const text = editor.document.getText();
    assert.doesNotMatch(text, /"color"|"id"|created_at/, 'nothing the server computes');
    await replaceInEditor(editor, /deploy #42"/, 'deploy #42 (rolled back)"');
    session.honeycomb.requests.length = 0;
    session.script.answers = ['Update'];
    assert.equal(await editor.document.save(), true);
    assert.equal(session.script.asked[0]?.message, 'Update marker “api-gateway deploy #42”?');
    assert.match(session.script.asked[0].detail, /message "api-gateway deploy #42" → "api-gateway deploy #42 \(rolled back\)"/);
    const saved = markers().find((m) => m.message === 'api-gateway deploy #42 (rolled back)');
    assert.ok(saved, 'the new message is on the stand-in');
    assert.deepEqual(writes(), [`PUT /1/markers/api-gateway/${saved.id}`]);
    assert.equal(saved.url, 'https://ci.example.com/builds/42', 'the URL the edit did not touch is kept');
  });

  it('a refused save: a marker setting colour that is not hex RGB is an error on the colour’s line, and nothing is sent', async () => {
    const settings = await child(await child(await gateway(), 'Markers'), 'Marker Settings');
    await vscode.commands.executeCommand('opsConfig.edit', await child(settings, 'deploy'));
    const editor = await editorOf('honeycomb.markerSetting');
    await replaceInEditor(editor, /"#1fa297"/, '"teal"');
    const line = editor.document
      .getText()
      .split('\n')
      .findIndex((l) => l.includes('"teal"'));
    const diagnostic = await waitFor(() => vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.range.start.line === line), 'a diagnostic on the colour’s line');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.match(diagnostic.message, /hexadecimal RGB/);
    session.honeycomb.requests.length = 0;
    assert.equal(await editor.document.save(), false);
    assert.deepEqual(session.honeycomb.requests, [], 'no request at all');
    assert.equal(session.script.asked.length, 0, 'no plan for an invalid document');
  });

  it('Add Deploy Marker… on a dataset: asks message, type (from the marker settings) and URL, creates through the plan, says so, and the folder shows it first', async () => {
    session.script.typed = ['api-gateway deploy #43', 'https://ci.example.com/builds/43'];
    session.script.answers = ['deploy', 'Create'];
    await vscode.commands.executeCommand('opsConfig.honeycomb.addDeployMarker', await gateway());
    assert.deepEqual(session.script.picks[0], ['deploy', 'feature-flag', 'incident', 'Another type…'], 'deploy first, then the types the settings here and environment-wide know');
    assert.equal(session.script.asked.find((a) => a.message.startsWith('Create'))?.message, 'Create a new marker?');
    assert.deepEqual(writes(), ['POST /1/markers/api-gateway']);
    const created = markers().find((m) => m.message === 'api-gateway deploy #43');
    assert.ok(created && created.type === 'deploy' && created.url === 'https://ci.example.com/builds/43' && created.dataset === 'api-gateway');
    assert.match(
      session.script.infos[0] ?? '',
      new RegExp(`^Added marker “api-gateway deploy #43” \\(deploy\\) to dataset “api-gateway” of environment “production” at .*; its ID is ${created.id}\\.$`),
    );
    const labels = (await tree.children(await child(await gateway(), 'Markers'))).map((c) => c.label);
    assert.equal(labels[1], 'api-gateway deploy #43', 'the new marker is listed first');
  });

  it('Add Deploy Marker… from the palette: asks where (environment-wide here) and creates it under __all__; Escape on the plan sends nothing', async () => {
    session.script.typed = ['all regions release 2026.11', ''];
    session.script.answers = ['Environment-wide (all datasets)', 'deploy', undefined];
    await vscode.commands.executeCommand('opsConfig.honeycomb.addDeployMarker');
    assert.deepEqual(writes(), [], 'cancelled at the plan');
    session.script.typed = ['all regions release 2026.11', ''];
    session.script.answers = ['Environment-wide (all datasets)', 'deploy', 'Create'];
    await vscode.commands.executeCommand('opsConfig.honeycomb.addDeployMarker');
    assert.deepEqual(writes(), ['POST /1/markers/__all__']);
    const created = markers().find((m) => m.message === 'all regions release 2026.11');
    assert.ok(created && created.dataset === '__all__' && created.url === undefined, JSON.stringify(created));
    assert.match(session.script.infos[0] ?? '', /to environment “production” \(all datasets\)/);
  });
});
