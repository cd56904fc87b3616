/**
 * Verify Image Signature as a user runs it: the editor context-menu command on a manifest line,
 * against a real registry (Debian's docker-registry on 127.0.0.1) holding a real keyless
 * signature, with the policy from a workspace file. The report panel gets the verdict.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ReportViewModel } from '../../src/views/panels/protocol';
import { TestRegistry, startRegistry } from '../registry/registryServer';
import { signedAndUnsignedImages } from '../registry/signedPair';
import { ExtensionApi, extensionApi, scriptPrompts, setGlobal, waitFor } from './helpers';

describe('verify image signatures from the editor', function () {
  this.timeout(120_000);
  let api: ExtensionApi;
  let registry: TestRegistry;
  let manifestUri: vscode.Uri;
  let signedRef: string;
  let unsignedRef: string;
  let restore: () => void;

  before(async () => {
    api = await extensionApi();
    restore = scriptPrompts(api, []).restore;
    registry = await startRegistry();
    const images = await signedAndUnsignedImages(registry, 'shop', 'shop-images');
    ({ signedRef, unsignedRef } = images);
    const policy = images.policy;

    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder, 'the test workspace is open');
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'policies/shop.yaml'), Buffer.from(policy));
    manifestUri = vscode.Uri.joinPath(folder, 'k8s/shop.yaml');
    const manifest = [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: shop',
      'spec:',
      '  template:',
      '    spec:',
      '      containers:',
      '        - name: web',
      `          image: ${signedRef}`,
      '        - name: proxy',
      `          image: "${unsignedRef}"`,
      '',
    ].join('\n');
    await vscode.workspace.fs.writeFile(manifestUri, Buffer.from(manifest));
    await setGlobal('signing.policyFile', 'policies/shop.yaml');
  });

  after(async () => {
    restore?.();
    await api.signatures.history.clear();
    await setGlobal('signing.policyFile', undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await registry?.stop();
  });

  async function verifyLine(line: number): Promise<ReportViewModel> {
    const editor = await vscode.window.showTextDocument(manifestUri);
    editor.selection = new vscode.Selection(line, 14, line, 14);
    const before = new Set(api.signatures.reports.keys());
    // What the editor context menu does: the command with the document's URI.
    await vscode.commands.executeCommand('opsConfig.signatures.verifyImage', manifestUri);
    const key = await waitFor(() => api.signatures.reports.keys().find((k) => !before.has(k)), 'a report panel');
    const render = await waitFor(() => api.signatures.reports.sentTo(key).find((m) => m.type === 'render'), 'the report to be rendered', 30_000);
    return (render as { model: ReportViewModel }).model;
  }

  it('the context-menu command on a signed image line opens a "verified" report with the signer', async () => {
    const model = await verifyLine(9);
    assert.equal(model.verdict, 'verified', model.reasons.join('\n'));
    assert.equal(model.verifiedRef, signedRef);
    assert.equal(model.policySource, 'policies/shop.yaml');
    assert.equal(model.matched?.policy, 'shop-images');
    assert.deepEqual(model.matched?.check?.signer?.subjects, ['https://github.com/salrashid123/go-bazel-github-workflow/.github/workflows/release.yaml@refs/tags/v0.0.30']);
    assert.equal(model.matched?.check?.signer?.issuer, 'https://token.actions.githubusercontent.com');
    assert.equal(model.matched?.check?.tlog?.logIndex, '1004096555');
    const handle = api.signatures.reports.get(model.key);
    assert.ok(handle && !handle.panel.webview.html.includes(signedRef), 'report data never goes into the HTML');
  });

  it('on an unsigned image line (quoted value) the report says "not verified" and why', async () => {
    const model = await verifyLine(11);
    assert.equal(model.verdict, 'not verified');
    assert.equal(model.checkedRef, unsignedRef);
    assert.equal(model.verifiedRef, '', 'a digest that did not verify is never called verified');
    assert.match(model.reasons.join('\n'), /no signatures found/);
  });

  it('lists the verifications in the Image Signatures view, newest first', async () => {
    const entries = api.signatures.history.list();
    assert.deepEqual(
      entries.slice(0, 2).map((e) => [e.checkedRef, e.verdict]),
      [
        [unsignedRef, 'not verified'],
        [signedRef, 'verified'],
      ],
    );
    const roots = await api.views.providers.signatures.getChildren();
    const labels = await Promise.all((roots ?? []).map(async (n) => (await n.getTreeItem()).label));
    assert.ok(labels.includes('Recent verifications'), JSON.stringify(labels));
  });

  it('a tag that does not verify: the report never calls the digest it pointed to verified, nor tells to pin it', async () => {
    const tag = `${registry.host}/shop/proxy:1.0`;
    const before = new Set(api.signatures.reports.keys());
    await vscode.commands.executeCommand('opsConfig.signatures.verifyImage', undefined, tag);
    const key = await waitFor(() => api.signatures.reports.keys().find((k) => !before.has(k)), 'a report panel');
    const render = await waitFor(() => api.signatures.reports.sentTo(key).find((m) => m.type === 'render'), 'the report to be rendered', 30_000);
    const model = (render as { model: ReportViewModel }).model;
    assert.equal(model.verdict, 'not verified');
    assert.ok(model.resolvedFromTag);
    assert.deepEqual(
      model.warnings.filter((w) => w.includes('is a tag')),
      [`${tag} is a tag; tags can move. It pointed to ${unsignedRef.split('@')[1]} when checked, and that digest is not verified, so it is not one to pin.`],
    );
    const words = [...model.warnings, ...model.reasons, model.title].join('\n');
    assert.doesNotMatch(words, /verified digest|pin it in manifests/);
    assert.equal(model.matched, undefined, 'nothing is said to have matched');
  });

  it('"Verify images against this policy…" on a policy file verifies the images picked from the workspace', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri as vscode.Uri;
    const scripted = scriptPrompts(api, [], (items) => items.filter((i) => i.label === signedRef || i.label === unsignedRef));
    try {
      const before = api.signatures.history.list().length;
      await vscode.commands.executeCommand('opsConfig.signatures.verifyWithPolicy', vscode.Uri.joinPath(folder, 'policies/shop.yaml'));
      const added = api.signatures.history.list().slice(0, api.signatures.history.list().length - before);
      assert.deepEqual(
        added.map((e) => [e.checkedRef, e.verdict]).sort(),
        [
          [signedRef, 'verified'],
          [unsignedRef, 'not verified'],
        ].sort(),
      );
      assert.match(scripted.shown.warn.join('\n'), /1 of 2 verified against policies\/shop\.yaml; not verified: .*shop\/proxy/);
    } finally {
      scripted.restore();
    }
  });

  it('offers CodeLenses: Verify above each image and Verify all images in this file', async () => {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', manifestUri);
    const titles = lenses.map((l) => l.command?.title);
    assert.deepEqual(titles.filter((t) => t === 'Verify').length, 2);
    assert.ok(titles.includes('Verify all images in this file (2)'), JSON.stringify(titles));
    const lens = lenses.find((l) => l.command?.title === 'Verify' && l.range.start.line === 11);
    assert.deepEqual(lens?.command?.arguments?.[1], unsignedRef);
  });
});
