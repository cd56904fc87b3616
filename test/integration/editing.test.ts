/**
 * Editing live Honeycomb configuration in the real editor, against the stand-in: a trigger's
 * threshold edited and saved through the plan and its confirmation; the same save after a
 * colleague's change (a conflict, nothing written); an invalid frequency (a diagnostic on its
 * line, no request); a trigger created from the template and deleted; a query annotation created;
 * an SLO and a burn alert each edited, created and deleted from the tree.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { HoneycombClient } from '../../src/clients/honeycomb';
import { boardWrites, listBoards } from '../../src/clients/honeycomb/boardWrites';
import { listBurnAlerts } from '../../src/clients/honeycomb/burnAlerts';
import { listQueryAnnotations, sloWrites, triggerWrites } from '../../src/clients/honeycomb/writes';
import { SecretKeys } from '../../src/core/secrets';
import { confirmDestructive } from '../../src/ui/confirmDestructive';
import type { TreeNode } from '../../src/views/tree/node';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../servers/honeycomb';
import { ExtensionApi, describeNodes, extensionApi, setGlobal, signOutEverywhere, treeReader, waitFor } from './helpers';

describe('Editing Honeycomb triggers and saved queries', function () {
  this.timeout(90_000);
  let api: ExtensionApi;
  let honeycomb: HoneycombStandIn;
  let client: HoneycombClient;
  let restore: () => void = () => undefined;
  /** What modal questions were asked (message and detail), answered from `answers` in order. */
  let asked: Array<{ message: string; detail: string }>;
  let answers: Array<string | undefined>;
  let infos: string[];
  let errors: Array<{ message: string; actions: string[] }>;

  const provider = () => api.views.providers.honeycomb;
  const tree = treeReader(provider);
  const child = async (node: TreeNode | undefined, label: string): Promise<TreeNode> => (await tree.child(node, label)).node;
  const gatewayFolder = async (label: string): Promise<TreeNode> => {
    // The connection (the team), then its environment.
    const [connection] = await provider().getChildren(undefined);
    const production = await child(connection, 'Production');
    return child(await child(await child(production, 'Datasets'), 'api-gateway'), label);
  };
  const writes = () => honeycomb.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
  const seedTrigger = async (name: string) => (await triggerWrites.list(client.api, 'api-gateway')).find((t) => t.name === name);

  async function replaceInEditor(editor: vscode.TextEditor, pattern: RegExp, replacement: string): Promise<void> {
    const text = editor.document.getText();
    const match = pattern.exec(text);
    assert.ok(match, `${pattern} is in the document:\n${text}`);
    const start = editor.document.positionAt(match.index);
    const end = editor.document.positionAt(match.index + match[0].length);
    assert.ok(await editor.edit((b) => b.replace(new vscode.Range(start, end), replacement)));
  }

  /** What hovers say, as read (markdown escapes undone). */
  const hoverText = (hovers: vscode.Hover[]) =>
    hovers
      .flatMap((h) => h.contents)
      .map((c) => (typeof c === 'string' ? c : c.value))
      .join('\n')
      .replace(/&nbsp;/g, ' ')
      .replace(/\\(.)/g, '$1');

  async function openTrigger(name: string): Promise<vscode.TextEditor> {
    const node = await child(await gatewayFolder('Triggers'), name);
    await vscode.commands.executeCommand('opsConfig.edit', node);
    return waitFor(() => {
      const editor = vscode.window.activeTextEditor;
      return editor?.document.uri.scheme === 'opsconfig-edit' && editor.document.uri.path.includes('honeycomb.trigger') && editor.document.getText().includes(name) ? editor : undefined;
    }, `the edit document of ${name}`);
  }

  before(async () => {
    api = await extensionApi();
    honeycomb = await startHoneycombStandIn();
    client = new HoneycombClient({ apiUrl: honeycomb.url, apiKey: HONEYCOMB_KEYS.production });
    await signOutEverywhere(api);
    await setGlobal('honeycomb.apiUrl', honeycomb.url);
    await api.services.secrets.store(SecretKeys.honeycombApiKey, HONEYCOMB_KEYS.production);
    api.honeycomb.invalidate();
  });
  beforeEach(() => {
    honeycomb.reset();
    provider().refresh();
    asked = [];
    answers = [];
    infos = [];
    const prompts = api.prompts as unknown as Record<string, unknown>;
    const original = { ...prompts };
    prompts.warn = async (message: string, options: vscode.MessageOptions | string | undefined) => {
      asked.push({ message, detail: typeof options === 'object' ? (options.detail ?? '') : '' });
      return answers.shift();
    };
    prompts.confirmDestructive = async (question: { title: string; action: string; detail: string[] }) => {
      asked.push({ message: question.title, detail: question.detail.join('\n') });
      return answers.shift() === question.action;
    };
    prompts.info = async (message: string) => void infos.push(message);
    errors = [];
    prompts.error = async (message: string, ...actions: string[]) => void errors.push({ message, actions });
    restore = () => Object.assign(prompts, original);
  });
  afterEach(async () => {
    restore();
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.deepEqual(honeycomb.violations, []);
  });
  after(async () => {
    await signOutEverywhere(api);
    await honeycomb.stop();
  });

  it('a threshold edit is saved after the plan is shown and confirmed; the stand-in holds the new value', async () => {
    const editor = await openTrigger('High 5xx rate');
    await replaceInEditor(editor, /"value": 50\b/, '"value": 250');
    honeycomb.requests.length = 0;
    answers = ['Update'];
    assert.equal(await editor.document.save(), true, 'saved');
    assert.equal(asked.length, 1, 'one confirmation');
    assert.equal(asked[0].message, 'Update trigger “High 5xx rate”?');
    assert.match(asked[0].detail, /dataset “api-gateway” of environment “production” \(Honeycomb\)/);
    assert.match(asked[0].detail, /threshold\.value 50 → 250/);
    // The save itself: one re-read and one write of the trigger (the tree may reload its list after).
    assert.deepEqual(
      honeycomb.requests.filter((r) => /^\/1\/triggers\/api-gateway\/\w+$/.test(r.path)).map((r) => r.method),
      ['GET', 'PUT'],
      'one re-read, one write',
    );
    assert.equal(((await seedTrigger('High 5xx rate'))?.threshold as { value: number }).value, 250);
    await waitFor(() => infos.find((m) => /Trigger “High 5xx rate” updated: threshold\.value 50 → 250/.test(m)), 'the saved message');
    assert.equal(editor.document.isDirty, false);
  });

  it('a change made on the server since opening is a conflict: nothing is written and the text is kept', async () => {
    const editor = await openTrigger('High 5xx rate');
    const current = await seedTrigger('High 5xx rate');
    assert.ok(current);
    const { id, dataset_slug: _d, triggered: _t, created_at: _c, updated_at: _u, query_id: _q, ...body } = current;
    await triggerWrites.update(client.api, 'api-gateway', String(id), { ...body, description: 'changed by a colleague' });
    await replaceInEditor(editor, /"value": 50\b/, '"value": 250');
    honeycomb.requests.length = 0;
    answers = [undefined];
    assert.equal(await editor.document.save(), false, 'not saved');
    assert.match(asked[0]?.message ?? '', /^Trigger “High 5xx rate” changed on the server since you opened it\.$/);
    assert.deepEqual(writes(), []);
    assert.equal(editor.document.isDirty, true, 'the edit is still there');
    assert.match(editor.document.getText(), /"value": 250/);
    assert.equal(((await seedTrigger('High 5xx rate'))?.threshold as { value: number }).value, 50);
  });

  it('auto-save (on by default in VS Code for the web) writes nothing; the edit waits for an explicit save', async () => {
    const files = vscode.workspace.getConfiguration('files');
    await files.update('autoSaveDelay', 100, vscode.ConfigurationTarget.Global);
    await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    try {
      const editor = await openTrigger('High 5xx rate');
      honeycomb.requests.length = 0;
      await replaceInEditor(editor, /"value": 50\b/, '"value": 250');
      // Long enough for several auto-save delays, on a busy machine too.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      assert.equal(asked.length, 0, `no plan or confirmation came from an auto-save: ${JSON.stringify(asked)}`);
      assert.deepEqual(writes(), [], 'nothing was written');
      assert.equal(editor.document.isDirty, true, 'the edit is still there, unsaved');
    } finally {
      await files.update('autoSave', undefined, vscode.ConfigurationTarget.Global);
      await files.update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
    }
    // With auto-save off again, the user's own save goes through the plan as usual.
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor);
    answers = ['Update'];
    assert.equal(await editor.document.save(), true, 'the explicit save is made');
    assert.match(asked[0]?.detail ?? '', /threshold\.value 50 → 250/);
    assert.equal(((await seedTrigger('High 5xx rate'))?.threshold as { value: number }).value, 250);
  });

  it('Save (Ctrl+S) in an edit document: a refused save is our message with Show Problems, the text stays dirty, nothing is sent; an accepted one is saved', async () => {
    const editor = await openTrigger('High 5xx rate');
    await replaceInEditor(editor, /"frequency": \d+/, '"frequency": 90');
    honeycomb.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.edit.save');
    assert.equal(errors.length, 1, JSON.stringify(errors));
    assert.match(errors[0].message, /^Not saved: a problem in the document \(frequency is 90: it must be a multiple of 60 seconds from 60 to 86400/);
    assert.deepEqual(errors[0].actions, ['Show Problems']);
    assert.equal(editor.document.isDirty, true, 'the text is kept, unsaved');
    assert.deepEqual(honeycomb.requests, [], 'nothing was sent');

    await replaceInEditor(editor, /"frequency": 90/, '"frequency": 600');
    answers = ['Update'];
    await vscode.commands.executeCommand('opsConfig.edit.save');
    assert.equal(asked[0]?.message, 'Update trigger “High 5xx rate”?');
    assert.equal((await seedTrigger('High 5xx rate'))?.frequency, 600);
    await waitFor(() => (editor.document.isDirty ? undefined : true), 'the document saved');
    assert.deepEqual(writes().filter((w) => w.startsWith('PUT')).length, 1, 'written once: VS Code’s own write that follows only records the text');
  });

  it('with opsConfig.readOnly on, an edit document opens read-only and says why', async () => {
    await setGlobal('readOnly', true);
    try {
      await openTrigger('High 5xx rate');
      const said = await waitFor(() => infos.find((m) => /opens read-only/.test(m)), 'the reason');
      assert.equal(said, 'Trigger “High 5xx rate” opens read-only. Changes to live configuration are turned off by the setting opsConfig.readOnly.');
    } finally {
      await setGlobal('readOnly', undefined);
    }
  });

  it('a destructive question has Cancel selected: Enter changes nothing, the action must be chosen', async () => {
    const question = { title: 'Delete trigger “High 5xx rate”?', action: 'Delete', detail: ['dataset “api-gateway”', 'This cannot be undone.'] };
    const enter = confirmDestructive(question);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    assert.equal(await enter, false, 'Enter on the question keeps the object');
    const chosen = confirmDestructive(question);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    assert.equal(await chosen, true, 'choosing Delete confirms');
  });

  it('the plan’s diff opens beside the document, not under the question, scrolled to its first change', async () => {
    const editor = await openTrigger('High 5xx rate');
    await replaceInEditor(editor, /"key": "team"/, '"key": "owner"');
    const changedLine = editor.document
      .getText()
      .split('\n')
      .findIndex((l) => l.includes('"key": "owner"'));
    let seen: { column?: vscode.ViewColumn; range?: vscode.Range } = {};
    (api.prompts as unknown as Record<string, unknown>).warn = async (message: string, options: vscode.MessageOptions) => {
      asked.push({ message, detail: options.detail ?? '' });
      const plan = vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'opsconfig-plan' && e.document.getText().includes('"owner"'));
      // The sides of a diff editor have no column of their own: the diff's tab has.
      const group = vscode.window.tabGroups.all.find((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === plan?.document.uri.toString()));
      seen = { column: group?.viewColumn, range: plan?.visibleRanges[0] };
      return undefined;
    };
    assert.equal(await editor.document.save(), false, 'not confirmed');
    assert.match(asked[0]?.detail ?? '', /tags/);
    assert.ok(seen.column !== undefined && seen.column !== editor.viewColumn, `the diff is in another group (${String(seen.column)} vs ${String(editor.viewColumn)})`);
    assert.ok(seen.range && seen.range.contains(new vscode.Position(changedLine, 0)), `the changed line ${changedLine} is in view (${JSON.stringify(seen.range)})`);
  });

  it('an invalid frequency is underlined on its line and saving sends nothing', async () => {
    const editor = await openTrigger('High 5xx rate');
    await replaceInEditor(editor, /"frequency": \d+/, '"frequency": 90');
    const line = editor.document
      .getText()
      .split('\n')
      .findIndex((l) => l.includes('"frequency": 90'));
    const diagnostic = await waitFor(() => vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.range.start.line === line), 'a diagnostic on the frequency line');
    assert.match(diagnostic.message, /60/);
    honeycomb.requests.length = 0;
    assert.equal(await editor.document.save(), false);
    assert.deepEqual(honeycomb.requests, [], 'no request at all');
    assert.equal(asked.length, 0, 'no plan for an invalid document');
  });

  it('each problem is said once, by the editor: the JSON service completes and describes fields from the bound schema and reports nothing of its own', async () => {
    const editor = await openTrigger('High 5xx rate');
    const uri = editor.document.uri;
    const hover = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, editor.document.positionAt(editor.document.getText().indexOf('"frequency"') + 2));
    assert.match(hoverText(hover), /A multiple of 60 between 60 and 86400/, 'the bound schema describes the field');
    await replaceInEditor(editor, /\{\n/, '{\n  \n');
    const completions = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, new vscode.Position(1, 2));
    const offered = completions.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(offered.includes('auto_investigate') && offered.includes('evaluation_schedule'), `fields offered: ${offered.join(', ')}`);
    await vscode.commands.executeCommand('workbench.action.files.revert');

    await replaceInEditor(editor, /"op": ">"/, '"op": "=~"');
    const line = editor.document
      .getText()
      .split('\n')
      .findIndex((l) => l.includes('"op": "=~"'));
    const ours = await waitFor(() => vscode.languages.getDiagnostics(uri).find((d) => d.range.start.line === line && d.source === 'Ops Config'), 'the editor’s diagnostic on the op line');
    assert.equal(ours.message, 'threshold.op is "=~": use one of >, >=, <, <=');
    // The JSON service validates a moment after a change; give it that moment, then make sure it said nothing.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    assert.deepEqual(
      vscode.languages.getDiagnostics(uri).map((d) => `${d.source ?? ''}: ${d.message}`),
      ['Ops Config: threshold.op is "=~": use one of >, >=, <, <='],
    );
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('a field newer than the API description (auto_investigate) opens without a problem and an unrelated save keeps it', async () => {
    const found = await seedTrigger('High 5xx rate');
    assert.ok(found);
    const { query: _inline, ...stored } = found; // sent by its query_id, as Honeycomb takes one of the two
    await triggerWrites.update(client.api, 'api-gateway', String(found.id), { ...stored, auto_investigate: true });
    const editor = await openTrigger('High 5xx rate');
    assert.match(editor.document.getText(), /"auto_investigate": true/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(vscode.languages.getDiagnostics(editor.document.uri), [], 'a trigger as Honeycomb answers it has no problem');
    await replaceInEditor(editor, /"description": "[^"]*"/, '"description": "5xx over 5% of requests"');
    answers = ['Update'];
    assert.equal(await editor.document.save(), true);
    const after = await seedTrigger('High 5xx rate');
    assert.equal(after?.auto_investigate, true, 'the setting was not reset by the save');
    assert.equal(after?.description, '5xx over 5% of requests');
  });

  it('a field the description lacks, typed in, gets a warning and a hover that it is sent as it is; the save goes ahead', async () => {
    const editor = await openTrigger('High 5xx rate');
    await replaceInEditor(editor, /"name": /, '"silence_until": "2026-12-01T00:00:00Z",\n  "name": ');
    const line = editor.document
      .getText()
      .split('\n')
      .findIndex((l) => l.includes('"silence_until"'));
    const warning = await waitFor(() => vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.range.start.line === line), 'a diagnostic on the new field');
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(warning.message, /"silence_until" is not in the published API description: it is kept and sent as it is/);
    const hover = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, new vscode.Position(line, 5));
    assert.match(hoverText(hover), /"silence_until" is not in the published API description of Honeycomb's trigger: it is kept and sent as it is/);
    answers = ['Update'];
    assert.equal(await editor.document.save(), true, 'a warning does not stop the save');
    assert.deepEqual(writes().length, 1);
    // Honeycomb ignores a field it does not have: opened again, the document shows what it keeps.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const again = await openTrigger('High 5xx rate');
    await waitFor(() => (again.document.getText().includes('silence_until') ? undefined : true), 'the reopened document without the field the server ignored');
  });

  it('a save whose answer cannot be read (an HTML page with 200) was applied: the editor says so, reads the trigger again and keeps no dirty text', async () => {
    const editor = await openTrigger('High 5xx rate');
    await replaceInEditor(editor, /"value": 50\b/, '"value": 333');
    honeycomb.faults.inject({ kind: 'bodyAfterApply', route: 'PUT /1/triggers/{datasetSlug}/{triggerId}', times: 1, body: '<html><body>OK</body></html>' });
    answers = ['Update'];
    assert.equal(await editor.document.save(), true, 'VS Code sees a saved document');
    const notice = await waitFor(() => asked.find((q) => /read again/.test(q.message)), 'the notice about the unreadable answer');
    assert.match(notice.message, /updated: threshold\.value 50 → 333\. Saved: the server accepted it \(HTTP 200\) but its answer could not be read/);
    assert.equal(((await seedTrigger('High 5xx rate'))?.threshold as { value: number }).value, 333);
    await waitFor(() => (editor.document.isDirty ? undefined : true), 'the document is not dirty');
  });

  it('recipients are offered by address or channel and inserted by id; query_id by saved query name', async () => {
    const editor = await openTrigger('High 5xx rate');
    await replaceInEditor(editor, /"recipients": \[[^\]]*\]/, '"recipients": [  ]');
    const inArray = editor.document.positionAt(editor.document.getText().indexOf('"recipients": [  ]') + '"recipients": [ '.length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, inArray);
    const labelOf = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);
    const slack = list.items.find((i) => labelOf(i) === '#alerts-prod');
    assert.ok(slack, `the Slack channel is offered (offered: ${list.items.map(labelOf).join(', ')})`);
    const recipient = (await client.listRecipients()).find((r) => r.channel === '#alerts-prod');
    assert.equal(slack.insertText, `{ "id": "${recipient?.id}" }`);
    const shown = JSON.stringify(list.items.map((i) => [i.label, i.detail, i.documentation]));
    assert.ok(!shown.includes('acmePdKey') && !shown.includes('acmeWebhookSigningSecret') && !shown.includes('hooks.acme.example'), 'no recipient secret or webhook URL is offered');

    await replaceInEditor(editor, /"query": \{/, '"query_id": "", "query": {');
    const inQueryId = editor.document.positionAt(editor.document.getText().indexOf('"query_id": ""') + '"query_id": "'.length);
    const saved = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, inQueryId);
    const gateway = saved.items.find((i) => labelOf(i) === 'Gateway 5xx');
    assert.ok(gateway, `the saved query is offered by name (offered: ${saved.items.map(labelOf).join(', ')})`);
    const annotation = (await listQueryAnnotations(client.api, 'api-gateway')).find((a) => a.name === 'Gateway 5xx');
    assert.equal(gateway.insertText, JSON.stringify(annotation?.queryId));
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('New… on Triggers opens a valid template; saving creates the trigger; Delete… removes it', async () => {
    await vscode.commands.executeCommand('opsConfig.newObject', await gatewayFolder('Triggers'));
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes('~new') ? vscode.window.activeTextEditor : undefined), 'the new trigger document');
    assert.equal(editor.document.isDirty, true);
    assert.match(editor.document.getText(), /"frequency": 900/);
    await replaceInEditor(editor, /"name": "New trigger"/, '"name": "Slow checkout"');
    answers = ['Create'];
    await editor.document.save();
    assert.equal(asked[0]?.message, 'Create a new trigger?');
    const created = await waitFor(() => seedTrigger('Slow checkout'), 'the trigger on the stand-in');
    await waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes(String(created.id)) ? true : undefined), 'the document to become the trigger’s own');

    const node = await waitFor(async () => {
      const all = await describeNodes(provider(), await provider().getChildren(await gatewayFolder('Triggers')));
      return all.find((c) => c.label === 'Slow checkout')?.node;
    }, 'the new trigger in the tree');
    answers = ['Delete'];
    honeycomb.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.deleteObject', node);
    assert.equal(asked.at(-1)?.message, 'Delete trigger “Slow checkout”?');
    assert.deepEqual(writes(), [`DELETE /1/triggers/api-gateway/${String(created.id)}`]);
    assert.equal(await seedTrigger('Slow checkout'), undefined);
    await waitFor(() => infos.find((m) => m === 'Deleted trigger “Slow checkout”.'), 'the deleted message');
    const tabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.path.includes(String(created.id)));
    await waitFor(() => (tabs().length === 0 ? true : undefined), 'the deleted trigger’s document closed, not left struck through');
  });

  it('a create answered with an unreadable 201 is "probably created": the user is told to look first, and a second save asks before creating another', async () => {
    await vscode.commands.executeCommand('opsConfig.newObject', await gatewayFolder('Triggers'));
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes('~new') ? vscode.window.activeTextEditor : undefined), 'the new trigger document');
    await replaceInEditor(editor, /"name": "New trigger"/, '"name": "Checkout errors"');
    honeycomb.faults.inject({ kind: 'bodyAfterApply', route: 'POST /1/triggers/{datasetSlug}', times: 1, body: '' });
    answers = ['Create'];
    assert.equal(await editor.document.save(), true, 'not an error to the editor: the object probably exists');
    const told = await waitFor(() => asked.find((q) => /probably created/.test(q.message)), 'the warning');
    assert.match(told.message, /The trigger was probably created: the server accepted it \(HTTP 201\).*Look for it in the view before trying again; nothing was retried/);
    assert.ok(await seedTrigger('Checkout errors'), 'it was created');
    const active = vscode.window.activeTextEditor;
    assert.ok(active);
    assert.equal(
      active.document.uri.toString(),
      editor.document.uri.toString(),
      `the new document stays in front (front: ${active?.document.uri.toString()}; visible: ${vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()).join(', ')})`,
    );

    await replaceInEditor(active, /"name": "Checkout errors"/, '"name": "Checkout errors (2)"');
    answers = [undefined];
    honeycomb.requests.length = 0;
    assert.equal(await active.document.save(), false, 'the second save waits for the user');
    assert.match(asked.at(-1)?.message ?? '', /probably created on the server already/);
    assert.deepEqual(writes(), [], 'nothing was sent again');
  });

  it('New… on Saved queries names a trigger’s query as a query annotation', async () => {
    const prompts = api.prompts as unknown as Record<string, unknown>;
    prompts.quickPick = async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) => (await items).find((i) => i.label === 'Rate limit exhaustion');
    await vscode.commands.executeCommand('opsConfig.newObject', await gatewayFolder('Saved queries'));
    const editor = await waitFor(
      () => (vscode.window.activeTextEditor?.document.uri.path.includes('honeycomb.queryAnnotation') ? vscode.window.activeTextEditor : undefined),
      'the new annotation document',
    );
    const queryId = String((await seedTrigger('Rate limit exhaustion'))?.query_id);
    assert.match(editor.document.getText(), new RegExp(`"query_id": "${queryId}"`));
    await replaceInEditor(editor, /"name": "New saved query"/, '"name": "Rate limited routes"');
    answers = ['Create'];
    await editor.document.save();
    const saved = await waitFor(async () => {
      const all = await describeNodes(provider(), await provider().getChildren(await gatewayFolder('Saved queries')));
      return all.find((c) => c.label === 'Rate limited routes');
    }, 'the saved query in the tree');
    assert.match(saved.description, new RegExp(queryId));
  });

  it('SLOs: Edit… plans and saves a new target; New… on SLOs creates one; Delete… of an SLO names its burn alerts and wants its name typed', async () => {
    const sloOnStandIn = async (name: string) => (await sloWrites.list(client.api, 'api-gateway')).find((s) => s.name === name);
    await vscode.commands.executeCommand('opsConfig.edit', await child(await gatewayFolder('SLOs'), 'Gateway availability'));
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes('honeycomb.slo/') ? vscode.window.activeTextEditor : undefined), 'the SLO document');
    await replaceInEditor(editor, /"target_per_million": 999000/, '"target_per_million": 995000');
    answers = ['Update'];
    honeycomb.requests.length = 0;
    assert.equal(await editor.document.save(), true);
    assert.equal(asked[0]?.message, 'Update SLO “Gateway availability”?');
    assert.match(asked[0].detail, /target_per_million 999000 → 995000/);
    assert.equal(writes().length, 1);
    assert.equal((await sloOnStandIn('Gateway availability'))?.target_per_million, 995000);
    await waitFor(async () => (await tree.child(await gatewayFolder('SLOs'), 'Gateway availability')).description.startsWith('99.5 %') || undefined, 'the tree shows 99.5 %');

    await vscode.commands.executeCommand('opsConfig.newObject', await gatewayFolder('SLOs'));
    const created = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes('~new') ? vscode.window.activeTextEditor : undefined), 'the new SLO document');
    await replaceInEditor(created, /"name": "New SLO"/, '"name": "Edge latency"');
    await replaceInEditor(created, /"alias": "sli"/, '"alias": "sli.latency_300ms"');
    answers = ['Create'];
    asked = [];
    await created.document.save();
    assert.equal(asked[0]?.message, 'Create a new SLO?');
    const newSlo = await waitFor(() => sloOnStandIn('Edge latency'), 'the SLO on the stand-in');
    assert.deepEqual(newSlo.dataset_slugs, ['api-gateway']);

    // Gateway availability has two burn alerts: the question names them, and the name must be typed.
    const prompts = api.prompts as unknown as Record<string, unknown>;
    const typed: string[] = [];
    prompts.inputBox = async (options: vscode.InputBoxOptions) => {
      typed.push(options.prompt ?? '');
      return 'Gateway availability';
    };
    const doomed = String((await sloOnStandIn('Gateway availability'))?.id);
    answers = ['Delete'];
    asked = [];
    honeycomb.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.deleteObject', await child(await gatewayFolder('SLOs'), 'Gateway availability'));
    assert.equal(asked[0]?.message, 'Delete SLO “Gateway availability”?');
    assert.match(asked[0].detail, /It is used by 2 objects:\n• burn alert \w+: 4 h of budget left\n• burn alert \w+: budget drops 1% in 1 h/);
    assert.match(typed[0], /Type its name, Gateway availability/);
    assert.deepEqual(writes(), [`DELETE /1/slos/api-gateway/${doomed}`]);
    assert.equal(await sloOnStandIn('Gateway availability'), undefined);
  });

  it('Burn alerts: under their SLO, Edit… saves a new exhaustion time; New Burn Alert… picks a recipient and creates one; Delete… removes it', async () => {
    const sloFolder = async () => child(await gatewayFolder('SLOs'), 'Gateway availability');
    const alertsOnStandIn = async () => {
      const slo = (await sloWrites.list(client.api, 'api-gateway')).find((s) => s.name === 'Gateway availability');
      return listBurnAlerts(client.api, 'api-gateway', String(slo?.id));
    };
    assert.deepEqual(
      (await tree.children(await sloFolder())).map((c) => c.label),
      ['4 h of budget left', 'budget drops 1% in 1 h'],
      'both alert types under their SLO',
    );
    await vscode.commands.executeCommand('opsConfig.edit', await child(await sloFolder(), '4 h of budget left'));
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes('honeycomb.burnAlert/') ? vscode.window.activeTextEditor : undefined), 'the burn alert document');
    await replaceInEditor(editor, /"exhaustion_minutes": 240/, '"exhaustion_minutes": 120');
    answers = ['Update'];
    honeycomb.requests.length = 0;
    assert.equal(await editor.document.save(), true);
    assert.match(asked[0]?.message ?? '', /^Update burn alert “exhaustion 240 min”\?$/);
    assert.match(asked[0].detail, /exhaustion_minutes 240 → 120/);
    assert.deepEqual(writes(), [`PUT /1/burn_alerts/api-gateway/${editor.document.uri.path.split('/')[5]}`]);
    assert.ok((await alertsOnStandIn()).some((a) => a.exhaustionMinutes === 120));
    await waitFor(async () => (await tree.children(await sloFolder())).find((c) => c.label === '2 h of budget left'), 'the tree shows the new time');

    const prompts = api.prompts as unknown as Record<string, unknown>;
    prompts.quickPick = async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) => (await items).find((i) => i.label === '#alerts-prod');
    await vscode.commands.executeCommand('opsConfig.honeycomb.newBurnAlert', await sloFolder());
    const created = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes('~new') ? vscode.window.activeTextEditor : undefined), 'the new burn alert document');
    assert.match(created.document.getText(), /"recipients": \[\s*\{\s*"id": "\w+"/, 'the picked recipient is in the template');
    await replaceInEditor(created, /"exhaustion_minutes": 240/, '"exhaustion_minutes": 60');
    answers = ['Create'];
    asked = [];
    await created.document.save();
    assert.equal(asked[0]?.message, 'Create a new burn alert?');
    const made = await waitFor(async () => (await alertsOnStandIn()).find((a) => a.exhaustionMinutes === 60), 'the burn alert on the stand-in');
    const node = await waitFor(async () => (await tree.children(await sloFolder())).find((c) => c.label === '1 h of budget left')?.node, 'the new burn alert under its SLO');

    answers = ['Delete'];
    asked = [];
    honeycomb.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.deleteObject', node);
    assert.equal(asked[0]?.message, 'Delete burn alert “exhaustion 60 min”?');
    assert.deepEqual(writes(), [`DELETE /1/burn_alerts/api-gateway/${made.id}`]);
    assert.equal((await alertsOnStandIn()).length, 2);
  });

  it('Boards: Edit… plans and saves a text panel; a too-wide panel is underlined on its line and not sent; Open Board runs the queries in one tab, and closing it stops the queue', async () => {
    const boardsFolder = async () => child(await child((await provider().getChildren(undefined))[0], 'Production'), 'Boards');
    const gateway = async () => (await listBoards(client.api)).find((b) => b.name === 'Gateway overview')!;
    await vscode.commands.executeCommand('opsConfig.edit', await child(await boardsFolder(), 'Gateway overview'));
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes('honeycomb.board/') ? vscode.window.activeTextEditor : undefined), 'the board document');
    await replaceInEditor(editor, /"content": "## On call[^"]*"/, '"content": "## On call\\n\\nPage the gateway team."');
    answers = ['Update'];
    honeycomb.requests.length = 0;
    assert.equal(await editor.document.save(), true);
    assert.equal(asked[0]?.message, 'Update board “Gateway overview”?');
    assert.match(asked[0].detail, /panels/);
    const id = (await gateway()).id;
    assert.deepEqual(writes(), [`PUT /1/boards/${id}`]);
    const saved = await boardWrites.get(client.api, id);
    assert.deepEqual((saved.panels as Array<Record<string, unknown>>)[13].text_panel, { content: '## On call\n\nPage the gateway team.' });

    // A panel wider than the board's 12 columns: the editor's error on that line, nothing sent.
    await replaceInEditor(editor, /"width": 4/, '"width": 16');
    const line = editor.document
      .getText()
      .split('\n')
      .findIndex((l) => l.includes('"width": 16'));
    const diagnostic = await waitFor(() => vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.range.start.line === line), 'a diagnostic on the width line');
    assert.match(diagnostic.message, /12 columns/);
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    honeycomb.requests.length = 0;
    asked = [];
    assert.equal(await editor.document.save(), false);
    assert.deepEqual(writes(), [], 'nothing sent');
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    // Open Board: one tab, the query results created within the budget; opening it again reuses the tab.
    const boardTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.label === 'Board: Gateway overview');
    const created = () => honeycomb.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/1/query_results/')).length;
    honeycomb.requests.length = 0;
    const node = await child(await boardsFolder(), 'Gateway overview');
    await vscode.commands.executeCommand('opsConfig.honeycomb.openBoard', node);
    await waitFor(() => boardTabs().length === 1 || undefined, 'the board tab');
    await waitFor(() => created() >= 10 || undefined, 'ten query results created');
    await vscode.commands.executeCommand('opsConfig.honeycomb.openBoard', node);
    assert.equal(boardTabs().length, 1, 'the same tab');
    assert.ok(
      honeycomb.requests.some((r) => r.path.startsWith('/1/slos/') && 'detailed' in r.query),
      'the SLO panel reads the reported budget',
    );
    // The 11th result waits for the minute to pass; closing the tab cancels it and the 12th.
    assert.equal(created(), 10, 'no more than 10 query results in the first minute');
    await vscode.window.tabGroups.close(boardTabs());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(created(), 10, 'nothing more after the tab closed');
  });

  it('Disable Trigger… goes through the plan and its confirmation, and the tree says disabled', async () => {
    const node = await child(await gatewayFolder('Triggers'), 'Rate limit exhaustion');
    answers = ['Update'];
    honeycomb.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.honeycomb.disableTrigger', node);
    assert.equal(asked[0]?.message, 'Update trigger “Rate limit exhaustion”?');
    assert.match(asked[0].detail, /disabled false → true/);
    assert.equal(writes().length, 1);
    assert.equal((await seedTrigger('Rate limit exhaustion'))?.disabled, true);
    await waitFor(async () => {
      const all = await describeNodes(provider(), await provider().getChildren(await gatewayFolder('Triggers')));
      return all.find((c) => c.label === 'Rate limit exhaustion' && /disabled/.test(c.description))?.node;
    }, 'the trigger shown as disabled');
  });

  it('Save as Honeycomb Query… saves a recent palette query after confirmation and offers to name it', async () => {
    await api.services.context.globalState.update('opsConfig.honeycomb.queryHistory', [
      {
        title: 'COUNT',
        draft: { environment: 'production', dataset: 'api-gateway', query: { calculations: [{ op: 'COUNT' }], time_range: 3600 } },
        environmentName: 'Production',
        ranAt: new Date().toISOString(),
      },
    ]);
    const prompts = api.prompts as unknown as Record<string, unknown>;
    prompts.quickPick = async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) => (await items)[0];
    answers = ['Save Query'];
    honeycomb.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.honeycomb.saveQuery');
    assert.match(asked[0]?.message ?? '', /^Save this query in dataset “api-gateway” of environment “production”\?$/);
    assert.deepEqual(writes(), ['POST /1/queries/api-gateway']);
    await waitFor(() => infos.find((m) => /^Saved the query in Honeycomb\. Its ID is \w+\.$/.test(m)), 'the saved query’s ID');
  });
});
