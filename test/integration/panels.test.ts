/**
 * The webview kit with a real use: the connection record panel and "View as JSON".
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { SecretKeys } from '../../src/core/secrets';
import type { RecordViewModel } from '../../src/views/panels/protocol';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../servers/honeycomb';
import { ExtensionApi, extensionApi, setGlobal, signOutEverywhere, waitFor } from './helpers';

describe('record panels and JSON documents', () => {
  let api: ExtensionApi;
  let honeycomb: HoneycombStandIn;

  before(async () => {
    api = await extensionApi();
    honeycomb = await startHoneycombStandIn();
    await signOutEverywhere(api);
    await setGlobal('honeycomb.apiUrl', honeycomb.url);
    await api.services.secrets.store(SecretKeys.honeycombApiKey, HONEYCOMB_KEYS.production);
    api.honeycomb.invalidate();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutEverywhere(api);
    await honeycomb.stop();
  });

  it('opens the connection as a record panel after the ready handshake, with no data in its HTML', async () => {
    await vscode.commands.executeCommand('opsConfig.openRecord', 'honeycomb:connection');
    const handle = api.records.get('honeycomb:connection');
    assert.ok(handle, 'a panel was opened');
    const render = await waitFor(() => api.records.sentTo('honeycomb:connection').find((m) => m.type === 'render'), 'the panel to be rendered');
    const model = (render as { model: RecordViewModel }).model;
    assert.equal(model.title, 'Acme Observability');
    assert.equal(handle.panel.title, 'Acme Observability');
    const permissions = model.sections.find((s) => s.title === 'Permissions of the API key');
    assert.ok(permissions && permissions.fields.length >= 9);
    const html = handle.panel.webview.html;
    assert.match(html, /Content-Security-Policy" content="default-src 'none'; .*script-src 'nonce-[A-Za-z0-9+/=]{20,}'/);
    assert.ok(!html.includes('Acme Observability'), 'record data never goes into the HTML');
    assert.ok(!JSON.stringify(api.records.sentTo('honeycomb:connection')).includes(HONEYCOMB_KEYS.production), 'the key is never sent to the webview');
  });

  it('reveals the same panel instead of opening a second one', async () => {
    await vscode.commands.executeCommand('opsConfig.openRecord', 'honeycomb:connection');
    assert.deepEqual(api.records.keys(), ['honeycomb:connection']);
  });

  it('opens View as JSON as a JSON document without the key', async () => {
    await vscode.commands.executeCommand('opsConfig.viewJson', 'honeycomb:connection');
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.scheme === 'opsconfig-json' ? vscode.window.activeTextEditor : undefined), 'the JSON document');
    const text = editor.document.getText();
    assert.equal(editor.document.languageId, 'json');
    const parsed = JSON.parse(text);
    assert.equal(parsed.authMetadata.team.name, 'Acme Observability');
    assert.ok(!text.includes(HONEYCOMB_KEYS.production));
  });
});
