import * as assert from 'assert';
import * as vscode from 'vscode';
import { extensionApi, waitFor } from './helpers';

/**
 * A blueprint in the real editor, with no other extension installed: a mistake is marked on its
 * line as you type, completion offers the fields of the entry's model, hover shows a field's
 * description from the API document.
 */
const TEXT = [
  'version: 1', // 0
  'metadata:', // 1
  '  name: Example', // 2
  'entries:', // 3
  '  - model: authentik_flows.flow', // 4
  '    id: flow', // 5
  '    identifiers:', // 6
  '      slug: welcome', // 7
  '    attrs:', // 8
  '      designation: authentication', // 9
  '      ', // 10
  '  - model: authentik_flows.flowstagebinding', // 11
  '    identifiers:', // 12
  '      target: !KeyOf flow', // 13
  '      stage: !Find [authentik_stages_deny.denystage, [name, deny]]', // 14
  '      order: 10', // 15
  '',
].join('\n');

describe('authentik blueprints in the editor', () => {
  let document: vscode.TextDocument;

  before(async () => {
    await extensionApi();
    document = await vscode.workspace.openTextDocument({ language: 'yaml', content: TEXT });
    await vscode.window.showTextDocument(document);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  const ours = () => vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'authentik blueprint');

  it('marks a mistake on its line a moment after typing', async () => {
    const editor = vscode.window.activeTextEditor!;
    await editor.edit((edit) => edit.replace(new vscode.Range(11, 11, 11, 43), 'authentik_flows.flowstagebindin'));
    // Another release may have a model 2026.8.3 lacks, so it is a warning; a near name is offered.
    const diagnostic = await waitFor(() => ours().find((d) => d.severity === vscode.DiagnosticSeverity.Warning), 'a warning for the unknown model');
    assert.equal(diagnostic.range.start.line, 11);
    assert.match(diagnostic.message, /authentik 2026\.8\.3 has no model `authentik_flows\.flowstagebindin` \(did you mean authentik_flows\.flowstagebinding\?\)/);
    await editor.edit((edit) => edit.replace(new vscode.Range(11, 11, 11, 42), 'authentik_flows.flowstagebinding'));
    // Right again, the blueprint (tags and all) has no diagnostic left.
    await waitFor(() => ours().length === 0, 'the warning to go once the model is right');
  });

  it("offers the fields of the entry's model under attrs, and the model's choices after a field", async () => {
    const fields = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, new vscode.Position(10, 6));
    const labels = fields.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    for (const field of ['name', 'title', 'designation', 'layout', 'denied_action']) assert.ok(labels.includes(field), `${field} in ${labels.join(', ')}`);
    assert.ok(!labels.includes('order'), 'a flow-stage binding field is not offered for a flow');
    const choices = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, new vscode.Position(9, 19));
    const values = choices.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    for (const value of ['authentication', 'enrollment', 'stage_configuration']) assert.ok(values.includes(value), `${value} in ${values.join(', ')}`);
  });

  it("shows a field's description on hover", async () => {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, new vscode.Position(9, 8));
    const text = hovers.flatMap((hover) => hover.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /designation/);
    assert.match(text, /Decides what this Flow is used for/);
  });
});
