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
import { describeNodes, extensionApi, treeReader, waitFor } from './helpers';
import type { TreeNode } from '../../src/views/tree/node';
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

  /** A dataset's triggers as the Honeycomb view shows them. */
  async function triggerRows(dataset = 'api-gateway') {
    const provider = () => session.api.views.providers.honeycomb;
    const tree = treeReader(provider);
    const child = async (node: TreeNode | undefined, label: string): Promise<TreeNode> => (await tree.child(node, label)).node;
    const [connection] = (await provider().getChildren(undefined)) ?? [];
    const folder = await child(await child(await child(await child(connection, 'Production'), 'Datasets'), dataset), 'Triggers');
    return describeNodes(provider(), (await provider().getChildren(folder)) ?? []);
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
      diagnostics.map((d) => [d.range.start.line, d.severity, d.message]).sort((a, b) => Number(a[0]) - Number(b[0])),
      [
        // The live trigger's tags, which the block leaves out: the next apply would remove them.
        [4, vscode.DiagnosticSeverity.Information, `tags: set live, not in the code: the live value is {\n  team = "platform"\n}; the next apply sets it to the provider's default ({}).`],
        [7, vscode.DiagnosticSeverity.Information, `description: live value is ${JSON.stringify(live.description)}, the code has "Written long ago".`],
        [8, vscode.DiagnosticSeverity.Information, `frequency: live value is ${String(live.frequency)}, the code has ${Number(live.frequency) + 60}.`],
        [9, vscode.DiagnosticSeverity.Information, 'disabled: not compared: an expression.'],
      ],
    );
    assert.match(session.script.infos.join('\n'), /honeycombio_trigger\.high_5xx: 3 attributes differ from the live object.*1 not compared/);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, diagnostics.find((d) => d.range.start.line === 7)!.range);
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
    assert.deepEqual(lines.slice(10, 14), ['  tags = {', '    team = "platform"', '  }', '}'], 'the tags set live are added to the block');
    assert.equal(lines.length, 20, 'no other line added or removed');
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

  it('once the Terraform is read, the managed triggers’ rows say “Terraform” (one found by dataset and name) and Go to Terraform Definition opens the block', async () => {
    const { document } = await managedTrigger();
    await document.save();
    // A second trigger, managed by a block with no import: found by its dataset and name.
    const client = new HoneycombClient({ apiUrl: session.honeycomb.url, apiKey: HONEYCOMB_KEYS.production });
    const live = await client.listTriggers('api-gateway');
    const other = live.find((t) => t.name !== 'High 5xx rate' && live.filter((o) => o.name === t.name).length === 1);
    assert.ok(other, 'the seed has another trigger');
    const keyed = vscode.Uri.joinPath(file, '..', 'keyed.tf');
    const unlinked = vscode.Uri.joinPath(file, '..', 'unlinked.tf');
    await vscode.workspace.fs.writeFile(keyed, new TextEncoder().encode(`resource "honeycombio_trigger" "other" {\n  name    = ${JSON.stringify(other.name)}\n  dataset = "api-gateway"\n}\n`));
    // Opening the .tf file asks for its lenses, which reads the workspace's Terraform.
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
    try {
      const rows = await waitFor(async () => {
        const found = await triggerRows();
        return found.filter((r) => r.description.endsWith('Terraform')).length === 2 ? found : undefined;
      }, 'the two trigger rows marked as managed by Terraform');
      const marked = rows.filter((r) => r.description.endsWith('Terraform'));
      assert.deepEqual(marked.map((r) => r.label).sort(), ['High 5xx rate', other.name].sort(), 'only the triggers the blocks manage');
      assert.ok(marked.every((r) => /\.terraformManaged$/.test(r.item.contextValue ?? '')));
      const elsewhere = await triggerRows('checkout-service');
      assert.ok(
        elsewhere.length > 0 && elsewhere.every((r) => !r.description.endsWith('Terraform') && !/terraformManaged/.test(r.item.contextValue ?? '')),
        'another dataset’s triggers are not marked',
      );

      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('opsConfig.terraform.goToDefinition', marked.find((r) => r.label === 'High 5xx rate')!.node);
      await waitFor(() => {
        const active = vscode.window.activeTextEditor;
        return active?.document.uri.toString() === document.uri.toString() && active.selection.active.line === 4 ? active : undefined;
      }, 'main.tf open at the trigger’s resource block');

      // Open Live Object on the block with no import opens the trigger its dataset and name name.
      await vscode.commands.executeCommand('opsConfig.terraform.openLiveObject', keyed.toString(), 'honeycombio_trigger.other');
      await waitFor(() => {
        const active = vscode.window.activeTextEditor;
        return active?.document.uri.scheme === 'opsconfig-edit' && active.document.getText().includes(JSON.stringify(other.name)) ? active : undefined;
      }, 'the keyed trigger opened from its block');

      // A block the editor cannot link (a group with no import: the provider has no attribute for
      // its pk) is refused with the reason, shown as it is, not as an unexpected error.
      await vscode.workspace.fs.writeFile(unlinked, new TextEncoder().encode(`resource "authentik_group" "ops" {\n  name = "ops"\n}\n`));
      await vscode.commands.executeCommand('opsConfig.terraform.openLiveObject', unlinked.toString(), 'authentik_group.ops');
      const refusal = await waitFor(() => session.script.errors[0], 'the refusal shown');
      assert.equal(refusal, 'authentik_group.ops has no import block with its ID: add one (id = "<pk>") to link it to its live object.');
    } finally {
      await vscode.workspace.fs.delete(keyed).then(undefined, () => undefined);
      await vscode.workspace.fs.delete(unlinked).then(undefined, () => undefined);
    }
  });
});
