/**
 * Issue 32, Export as Terraform… in the real editor: run on the Honeycomb stand-in's Production
 * environment from its tree node, it asks where the file goes, then opens one untitled document
 * (nothing written to disk) or writes the file the Save dialog named, with a resource and an
 * import block for the environment's objects and references between them.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { SecretKeys } from '../../src/core/secrets';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../servers/honeycomb';
import { ExtensionApi, extensionApi, scriptPrompts, setGlobal, signOutEverywhere, treeReader, waitFor } from './helpers';

describe('Export as Terraform (Honeycomb environment)', function () {
  this.timeout(90_000);
  let api: ExtensionApi;
  let honeycomb: HoneycombStandIn;
  const { child } = treeReader(() => api.views.providers.honeycomb);

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

  it('opens the environment as one untitled .tf document: resources, import blocks, references, no secret', async () => {
    const team = await child(undefined, 'Acme Observability');
    const production = await child(team.node, 'Production');
    const script = scriptPrompts(api, [], (items) => items.find((i) => i.label.includes('Open as Untitled')));
    honeycomb.requests.length = 0;
    try {
      await vscode.commands.executeCommand('opsConfig.exportAsTerraform', production.node);
    } finally {
      script.restore();
    }
    assert.deepEqual(script.shown.error, []);
    const editor = await waitFor(() => vscode.window.activeTextEditor, 'the exported document');
    const text = editor.document.getText();
    assert.equal(editor.document.isUntitled, true, 'a new untitled document: no file is written');
    assert.match(text, /^# Exported by Ops Config Explorer from Honeycomb environment “Production” \(production\): \d+ objects\./);
    for (const type of [
      'honeycombio_dataset',
      'honeycombio_trigger',
      'honeycombio_slo',
      'honeycombio_burn_alert',
      'honeycombio_email_recipient',
      'honeycombio_flexible_board',
      'honeycombio_board_view',
    ]) {
      assert.match(text, new RegExp(`^resource "${type}" "[a-z_][a-z0-9_]*" \\{$`, 'm'), `a ${type}`);
    }
    assert.match(text, /^ {4}id = honeycombio_[a-z_]+_recipient\.[a-z0-9_]+\.id$/m, 'a trigger’s recipient by reference');
    assert.match(text, /^ {2}slo_id += honeycombio_slo\.[a-z0-9_]+\.id$/m, 'a burn alert’s SLO by reference');
    const resources = (text.match(/^resource "/gm) ?? []).length;
    const imports = (text.match(/^import \{$/gm) ?? []).length;
    const cannot = (text.match(/cannot (be )?import/g) ?? []).length;
    assert.equal(imports + cannot, resources, 'each resource has an import block or says why it cannot');
    assert.match(text, /^variable "[a-z0-9_]+" \{\n {2}type {6}= string\n {2}sensitive = true\n\}$/m, 'a secret as a sensitive variable');
    assert.ok(
      honeycomb.requests.every((r) => r.method === 'GET'),
      'only reads',
    );
    assert.match(script.shown.info[0] ?? '', new RegExp(`^Exported ${resources} objects of Honeycomb environment “Production” \\(production\\) in \\d+ requests\\.`));
  });

  /** Runs the export with the Save dialog answered by `answer`; what the dialog was offered. */
  async function exportSaving(answer: vscode.Uri | undefined): Promise<{ offered: vscode.SaveDialogOptions[]; shown: ReturnType<typeof scriptPrompts>['shown'] }> {
    const team = await child(undefined, 'Acme Observability');
    const production = await child(team.node, 'Production');
    const script = scriptPrompts(api, [], (items) => items.find((i) => i.label.startsWith('$(save) Save as')));
    const prompts = api.prompts as unknown as { saveDialog: (options: vscode.SaveDialogOptions) => Promise<vscode.Uri | undefined> };
    const original = prompts.saveDialog;
    const offered: vscode.SaveDialogOptions[] = [];
    prompts.saveDialog = async (options) => {
      offered.push(options);
      return answer;
    };
    try {
      await vscode.commands.executeCommand('opsConfig.exportAsTerraform', production.node);
    } finally {
      prompts.saveDialog = original;
      script.restore();
    }
    return { offered, shown: script.shown };
  }

  it('Save as…: offers <name>.tf in the workspace folder, writes the file the dialog names and opens it', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-'));
    const target = vscode.Uri.file(path.join(dir, 'production.tf'));
    const { offered, shown } = await exportSaving(target);
    assert.deepEqual(shown.error, []);
    assert.equal(offered.length, 1);
    const folder = vscode.workspace.workspaceFolders![0].uri;
    assert.equal(offered[0].defaultUri?.toString(), vscode.Uri.joinPath(folder, 'honeycomb-production.tf').toString());
    assert.deepEqual(offered[0].filters, { Terraform: ['tf'] });
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.fsPath === target.fsPath ? vscode.window.activeTextEditor : undefined), 'the saved file in the editor');
    assert.equal(editor.document.isUntitled, false);
    assert.equal(editor.document.isDirty, false, 'written, nothing left to save');
    const written = fs.readFileSync(target.fsPath, 'utf8');
    assert.match(written, /^# Exported by Ops Config Explorer from Honeycomb environment “Production” \(production\)/);
    assert.match(written, /^resource "honeycombio_trigger" "[a-z_][a-z0-9_]*" \{$/m);
    assert.equal(editor.document.getText(), written);
    assert.match(shown.info[0] ?? '', /Saved as .*production\.tf\.$/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a Save dialog closed without a name reads nothing and writes nothing', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    honeycomb.requests.length = 0;
    const { offered, shown } = await exportSaving(undefined);
    assert.equal(offered.length, 1);
    assert.deepEqual(honeycomb.requests, [], 'asked before reading: no request made');
    assert.deepEqual(shown, { info: [], warn: [], error: [] });
    assert.equal(vscode.window.activeTextEditor, undefined, 'no document opened');
  });
});
