/**
 * The workspace's Terraform beside the live objects, in the real editor against the Honeycomb
 * stand-in: a `.tf` file managing a seeded trigger gets its CodeLenses; Compare with Live puts the
 * drift on the file's lines (information, the provider's attribute names, an expression not
 * compared); Update the Code from Live rewrites just those literals; and a save of the trigger in
 * the editor says, in its plan, that Terraform manages it, and offers to edit the Terraform instead.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { HoneycombClient } from '../../src/clients/honeycomb';
import { triggerWrites } from '../../src/clients/honeycomb/writes';
import { HONEYCOMB_KEYS } from '../servers/honeycomb';
import { extensionApi, waitFor } from './helpers';
import { replaceInEditor, useHoneycombEditing } from './scriptedPrompts';

describe('Terraform in the workspace', function () {
  this.timeout(120_000);
  const session = useHoneycombEditing(extensionApi);
  let file: vscode.Uri;

  async function writeTerraform(text: string): Promise<vscode.TextDocument> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace is open');
    file = vscode.Uri.joinPath(folder.uri, 'terraform', 'main.tf');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(text));
    return vscode.workspace.openTextDocument(file);
  }

  async function managedTrigger() {
    const client = new HoneycombClient({ apiUrl: session.honeycomb.url, apiKey: HONEYCOMB_KEYS.production });
    const live = (await triggerWrites.list(client.api, 'api-gateway')).find((t) => t.name === 'High 5xx rate');
    assert.ok(live, 'the seed has the trigger');
    const document = await writeTerraform(
      [
        'variable "paused" {',
        '  type = bool',
        '}',
        '',
        'resource "honeycombio_trigger" "high_5xx" {',
        '  name        = "High 5xx rate"',
        '  dataset     = "api-gateway"',
        '  description = "Written long ago"',
        `  frequency   = ${Number(live.frequency) + 60}`,
        '  disabled    = var.paused',
        '}',
        '',
        'import {',
        '  to = honeycombio_trigger.high_5xx',
        `  id = "api-gateway/${String(live.id)}"`,
        '}',
        '',
      ].join('\n'),
    );
    return { live, document };
  }

  after(async () => {
    if (file) await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
  });

  it('Compare with Live shows the drift on the lines; Update the Code from Live rewrites just those literals', async () => {
    const { live, document } = await managedTrigger();
    await vscode.window.showTextDocument(document);
    const lenses = await waitFor(async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
      return found?.some((l) => l.command?.title === 'Compare with Live') ? found : undefined;
    }, 'the CodeLenses of the resource block');
    assert.deepEqual(
      lenses.filter((l) => l.range.start.line === 4).map((l) => l.command?.title),
      ['Open Live Object', 'Compare with Live'],
    );
    const compare = lenses.find((l) => l.command?.title === 'Compare with Live')!.command!;
    await vscode.commands.executeCommand(compare.command, ...(compare.arguments ?? []));

    const diagnostics = await waitFor(() => {
      const found = vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'Ops Config (Terraform)');
      return found.length ? found : undefined;
    }, 'drift diagnostics on main.tf');
    assert.deepEqual(
      diagnostics.map((d) => [d.range.start.line, d.severity, d.message]),
      [
        [7, vscode.DiagnosticSeverity.Information, `description: live value is ${JSON.stringify(live.description)}, the code has "Written long ago".`],
        [8, vscode.DiagnosticSeverity.Information, `frequency: live value is ${String(live.frequency)}, the code has ${Number(live.frequency) + 60}.`],
        [9, vscode.DiagnosticSeverity.Information, 'disabled: not compared: an expression.'],
      ],
    );
    assert.match(session.script.infos.join('\n'), /honeycombio_trigger\.high_5xx: 2 attributes differ from the live object.*1 not compared/);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, diagnostics[0].range);
    // Other extensions may offer fixes of their own beside ours (the editor adds one here).
    assert.deepEqual(
      actions.map((a) => a.title).filter((t) => t.includes('Live')),
      ['Update the Code from Live', 'Open Live Object'],
    );
    const update = actions.find((a) => a.title === 'Update the Code from Live')!;
    assert.ok(update.edit && (await vscode.workspace.applyEdit(update.edit)));
    const lines = document.getText().split('\n');
    assert.equal(lines[7], `  description = ${JSON.stringify(live.description)}`);
    assert.equal(lines[8], `  frequency   = ${String(live.frequency)}`);
    assert.equal(lines[9], '  disabled    = var.paused', 'the expression is left as written');
    assert.equal(lines.length, 17, 'no line added or removed');
    // The rewritten file compared again: nothing differs any more.
    await vscode.commands.executeCommand(compare.command, ...(compare.arguments ?? []));
    await waitFor(() => {
      const left = vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'Ops Config (Terraform)');
      return left.length === 1 && left[0].message.startsWith('disabled:') ? left : undefined;
    }, 'only the expression left after the update');
  });

  it('a save of a trigger the workspace manages says so in its plan, and Edit the Terraform Instead opens the block', async () => {
    const { document } = await managedTrigger();
    await document.save();
    // Open Live Object from the block opens the trigger's edit document.
    await vscode.commands.executeCommand('opsConfig.terraform.openLiveObject', document.uri.toString(), 'honeycombio_trigger.high_5xx');
    const editor = await waitFor(() => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.scheme === 'opsconfig-edit' && active.document.getText().includes('High 5xx rate') ? active : undefined;
    }, 'the live trigger opened from its block');
    await replaceInEditor(editor, /"value": 50\b/, '"value": 250');
    session.honeycomb.requests.length = 0;
    session.script.answers.push('Edit the Terraform Instead');
    assert.equal(await editor.document.save(), false, 'not saved');
    assert.equal(session.script.asked.length, 1);
    assert.match(session.script.asked[0].detail, /^Managed by Terraform in terraform\/main\.tf:5 — the next apply reverts this change\.\n/);
    assert.deepEqual(
      session.honeycomb.requests.filter((r) => r.method !== 'GET'),
      [],
      'nothing written',
    );
    await waitFor(() => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.toString() === document.uri.toString() && active.selection.active.line === 4 ? active : undefined;
    }, 'main.tf open at the resource block');
  });
});
