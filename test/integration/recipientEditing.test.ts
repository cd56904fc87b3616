/**
 * Editing Honeycomb recipients in the real editor, against the stand-in: a webhook's URL edited and
 * saved through the plan (its secret and header value never in the document, still on the server
 * after the save); its secret set by "Set Webhook Secret…" (a password input, a plan that names
 * the field only); a new email recipient from "New…" on Recipients; a delete that lists the
 * triggers using the recipient before anything is sent.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { SecretKeys } from '../../src/core/secrets';
import type { TreeNode } from '../../src/views/tree/node';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../servers/honeycomb';
import { ExtensionApi, extensionApi, setGlobal, signOutEverywhere, treeReader, waitFor } from './helpers';
import { ScriptedQuestions, closeEditors, replaceInEditor, scriptQuestions } from './scriptedQuestions';

describe('Editing Honeycomb recipients', function () {
  this.timeout(90_000);
  let api: ExtensionApi;
  let honeycomb: HoneycombStandIn;
  let script: ScriptedQuestions;

  const provider = () => api.views.providers.honeycomb;
  const tree = treeReader(provider);
  const child = async (node: TreeNode | undefined, label: string): Promise<TreeNode> => (await tree.child(node, label)).node;
  const recipientsFolder = async () => {
    const [connection] = await provider().getChildren(undefined);
    return child(await child(connection, 'Production'), 'Recipients');
  };
  const recipientNode = async (group: string, label: string) => child(await child(await recipientsFolder(), group), label);
  const webhook = () => honeycomb.seed.recipients.find((r) => r.type === 'webhook')!;
  const writes = () => honeycomb.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

  before(async () => {
    api = await extensionApi();
    honeycomb = await startHoneycombStandIn();
    await signOutEverywhere(api);
    await setGlobal('honeycomb.apiUrl', honeycomb.url);
    await api.services.secrets.store(SecretKeys.honeycombApiKey, HONEYCOMB_KEYS.production);
    api.honeycomb.invalidate();
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

  it('a webhook opens without its secrets; a URL edit is saved through the plan and every secret stays on the server', async () => {
    const secret = webhook().details.webhook_secret as string;
    const headerValue = (webhook().details.webhook_headers as Array<{ value: string }>)[0].value;
    await vscode.commands.executeCommand('opsConfig.edit', await recipientNode('Webhook', 'Incident bot'));
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes('honeycomb.recipient') ? vscode.window.activeTextEditor : undefined), 'the recipient document');
    const text = editor.document.getText();
    assert.ok(!text.includes(secret) && !text.includes(headerValue), 'no secret in the document');
    assert.match(text, /"header": "X-Team"/);
    await replaceInEditor(editor, /honeycomb\/incidents/, 'honeycomb/v2');
    honeycomb.requests.length = 0;
    script.answers.push('Update');
    assert.equal(await editor.document.save(), true);
    assert.equal(script.asked[0]?.message, 'Update recipient “Incident bot”?');
    assert.match(script.asked[0].detail, /details\.webhook_url "https:\/\/hooks\.acme\.example\/honeycomb\/incidents" → "https:\/\/hooks\.acme\.example\/honeycomb\/v2"/);
    assert.ok(!script.asked[0].detail.includes(secret), 'no secret in the plan');
    assert.deepEqual(writes(), [`PUT /1/recipients/${webhook().id}`]);
    assert.equal(webhook().details.webhook_url, 'https://hooks.acme.example/honeycomb/v2');
    assert.equal(webhook().details.webhook_secret, secret, 'the secret the document does not show is kept');
    assert.equal((webhook().details.webhook_headers as Array<{ value: string }>)[0].value, headerValue, 'and the header value');
  });

  it('a refused save: a secret typed into the document is an error on its own line, and the legacy Teams type on the type line; nothing is sent', async () => {
    await vscode.commands.executeCommand('opsConfig.edit', await recipientNode('Webhook', 'Incident bot'));
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes('honeycomb.recipient') ? vscode.window.activeTextEditor : undefined), 'the recipient document');
    await replaceInEditor(editor, /"webhook_name": "Incident bot",/, '"webhook_name": "Incident bot",\n    "webhook_secret": "typed-in-by-mistake",');
    const line = editor.document
      .getText()
      .split('\n')
      .findIndex((l) => l.includes('typed-in-by-mistake'));
    const diagnostic = await waitFor(() => vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.range.start.line === line), 'a diagnostic on the secret’s line');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.match(diagnostic.message, /Set Webhook Secret…/);
    honeycomb.requests.length = 0;
    assert.equal(await editor.document.save(), false);
    assert.deepEqual(honeycomb.requests, [], 'no request at all');
    assert.equal(script.asked.length, 0, 'no plan for an invalid document');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');

    await vscode.commands.executeCommand('opsConfig.edit', await recipientNode('Microsoft Teams', 'Ops channel (legacy)'));
    const legacy = await waitFor(() => (vscode.window.activeTextEditor?.document.getText().includes('"msteams"') ? vscode.window.activeTextEditor : undefined), 'the legacy Teams document');
    const typeLine = legacy.document
      .getText()
      .split('\n')
      .findIndex((l) => l.includes('"type": "msteams"'));
    const why = await waitFor(() => vscode.languages.getDiagnostics(legacy.document.uri).find((d) => d.range.start.line === typeLine), 'the reason on the type line');
    assert.match(why.message, /read-only here.*msteams_workflow/s);
  });

  it('Set Webhook Secret… asks in a password input and writes it after the plan, which does not show it', async () => {
    script.typed.push('FakeNewSigningSecret-42');
    script.answers.push('Update');
    honeycomb.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.honeycomb.setWebhookSecret', await recipientNode('Webhook', 'Incident bot'));
    assert.match(script.asked[0].message, /^input: .*\(password\)$/);
    assert.equal(script.asked[1]?.message, 'Update recipient “Incident bot”?');
    assert.match(script.asked[1].detail, /details\.webhook_secret "\(set, not shown\)" → the value you typed \(not shown\)/);
    assert.ok(!JSON.stringify(script.asked).includes('FakeNewSigningSecret-42'));
    assert.deepEqual(writes(), [`PUT /1/recipients/${webhook().id}`]);
    assert.equal(webhook().details.webhook_secret, 'FakeNewSigningSecret-42');
    await waitFor(() => script.infos.find((m) => m === 'Set the webhook secret of “Incident bot”.'), 'the confirmation message');
  });

  it('New… on Recipients asks the type, opens a valid template, and creates the recipient; Delete… removes it', async () => {
    script.answers.push('Email');
    await vscode.commands.executeCommand('opsConfig.newObject', await recipientsFolder());
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes('~new') ? vscode.window.activeTextEditor : undefined), 'the new recipient document');
    assert.match(editor.document.getText(), /"type": "email"/);
    await replaceInEditor(editor, /oncall@example\.com/, 'platform-oncall@acme.example');
    script.answers.push('Create');
    await editor.document.save();
    assert.equal(script.asked[0]?.message, 'Create a new recipient?');
    const created = await waitFor(() => honeycomb.seed.recipients.find((r) => r.details.email_address === 'platform-oncall@acme.example'), 'the recipient on the stand-in');

    provider().refresh();
    const node = await waitFor(async () => recipientNode('Email', 'platform-oncall@acme.example').catch(() => undefined), 'the new recipient in the tree');
    script.answers.push('Delete');
    honeycomb.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.deleteObject', node);
    assert.equal(script.asked.at(-1)?.message, 'Delete recipient “platform-oncall@acme.example”?');
    assert.deepEqual(writes(), [`DELETE /1/recipients/${created.id}`]);
    assert.equal(
      honeycomb.seed.recipients.some((r) => r.id === created.id),
      false,
    );
  });

  it('Delete… on a recipient in use lists the triggers that notify it, and asks for its name before anything is sent', async () => {
    script.answers.push('Delete');
    script.typed.length = 0;
    honeycomb.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.deleteObject', await recipientNode('Slack', '#alerts-prod'));
    assert.equal(script.asked[0]?.message, 'Delete recipient “#alerts-prod”?');
    assert.match(script.asked[0].detail, /used by 2 objects:\n• trigger “(High 5xx rate|Staging smoke errors)” \(dataset \S+\)\n• trigger “(High 5xx rate|Staging smoke errors)”/);
    assert.match(script.asked[1]?.message ?? '', /^input: Something uses it\. Type its name, #alerts-prod, to delete it\.$/);
    assert.deepEqual(writes(), [], 'the name was not typed: nothing is deleted');
  });
});
