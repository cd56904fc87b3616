/**
 * The start-up chunk registers stand-ins for what the editor needs at once (commands, views,
 * file systems, documents, panel serializers); the features replace or fill every one of them
 * when they load. A stand-in left behind would be a command that does nothing, or a view or
 * restored editor that never loads.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { EXTENSION_ID, extensionApi } from './helpers';

describe('start-up', () => {
  it('leaves no command a stand-in once the features have loaded', async () => {
    await extensionApi();
    const declared = (vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { commands: Array<{ command: string }> } }).contributes.commands.map((c) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      declared.filter((id) => !registered.has(id)),
      [],
      'every command package.json declares is registered by the features',
    );
  });

  it('serves the documents of its own schemes through the start-up registrations', async () => {
    const api = await extensionApi();
    const uri = api.editing.plans.add('a plan', { name: 'x' });
    const document = await vscode.workspace.openTextDocument(uri);
    assert.match(document.getText(), /"name": "x"/);
    const missing = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: 'opsconfig-json', path: '/nothing.json' }));
    assert.equal(missing.getText(), '// This document does not name a record.');
  });
});
