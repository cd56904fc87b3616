/**
 * cosign in the workspace's Terraform, in the real editor against a real registry (Debian's
 * docker-registry on 127.0.0.1) holding a real keyless signature: a `data "cosign_verify"`
 * block's Verify Now lens runs our verifier on the block's image and `file(…)` policy and opens
 * the report; `resource "cosign_sign"` blocks say whether their image is already signed.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ReportViewModel } from '../../src/views/panels/protocol';
import { TestRegistry, startRegistry } from '../registry/registryServer';
import { signedAndUnsignedImages } from '../registry/signedPair';
import { ExtensionApi, extensionApi, scriptPrompts, waitFor } from './helpers';

describe('cosign blocks in the workspace’s Terraform', function () {
  this.timeout(120_000);
  let api: ExtensionApi;
  let registry: TestRegistry;
  let restore: () => void;
  let signedRef: string;
  let unsignedRef: string;
  let folder: vscode.Uri;
  let tf: vscode.Uri;

  before(async () => {
    api = await extensionApi();
    restore = scriptPrompts(api, []).restore;
    registry = await startRegistry();
    const images = await signedAndUnsignedImages(registry, 'tf', 'tf-images');
    ({ signedRef, unsignedRef } = images);
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(root, 'the test workspace is open');
    folder = vscode.Uri.joinPath(root, 'terraform-cosign');
    const policy = images.policy;
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'policies', 'web.yaml'), Buffer.from(policy));
    tf = vscode.Uri.joinPath(folder, 'main.tf');
    const text = [
      'data "cosign_verify" "web" {',
      `  image  = "${signedRef}"`,
      '  policy = file("${path.module}/policies/web.yaml")',
      '}',
      '',
      'resource "cosign_sign" "web" {',
      `  image = "${signedRef}"`,
      '}',
      '',
      'resource "cosign_sign" "proxy" {',
      `  image = "${unsignedRef}"`,
      '}',
      '',
      'resource "cosign_sign" "built" {',
      '  image = var.built_digest',
      '}',
      '',
    ].join('\n');
    await vscode.workspace.fs.writeFile(tf, Buffer.from(text));
  });

  after(async () => {
    restore?.();
    await api.signatures.history.clear();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
    await registry?.stop();
  });

  /** The file's lenses as the editor shows them: resolved, by line. */
  async function lensTitles(): Promise<Array<[number, string]>> {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', tf, 20);
    return lenses.map((l): [number, string] => [l.range.start.line, l.command?.title ?? '']).sort((a, b) => a[0] - b[0]);
  }

  it('cosign_sign blocks say whether their image is signed; an image written as an expression is not checked', async () => {
    await vscode.window.showTextDocument(tf);
    const titles = await waitFor(async () => {
      const found = await lensTitles();
      return found.length === 4 && found.every(([, title]) => title !== '') ? found : undefined;
    }, 'the resolved lenses of main.tf');
    assert.deepEqual(titles, [
      [0, 'Verify Now'],
      [5, 'Signed (1 signature)'],
      [9, 'Not signed'],
      [13, 'Image is an expression: not checked'],
    ]);
  });

  it('Verify Now on the data "cosign_verify" block verifies its image against its file() policy and opens the report', async () => {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', tf, 20);
    const verifyNow = lenses.find((l) => l.command?.title === 'Verify Now')?.command;
    assert.ok(verifyNow, 'the Verify Now lens');
    const before = new Set(api.signatures.reports.keys());
    await vscode.commands.executeCommand(verifyNow.command, ...(verifyNow.arguments ?? []));
    const key = await waitFor(() => api.signatures.reports.keys().find((k) => !before.has(k)), 'a report panel');
    const render = await waitFor(() => api.signatures.reports.sentTo(key).find((m) => m.type === 'render'), 'the report to be rendered', 30_000);
    const model = (render as { model: ReportViewModel }).model;
    assert.equal(model.verdict, 'verified', model.reasons.join('\n'));
    assert.equal(model.verifiedRef, signedRef);
    assert.equal(model.policySource, 'terraform-cosign/policies/web.yaml');
    assert.equal(model.matched?.policy, 'tf-images');
  });
});
