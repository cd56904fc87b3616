/**
 * Sign Image as a user runs it, inside the real extension host: from the Image Signatures view
 * (its title-bar command) and from the context menu of an image reference in a manifest,
 * against Debian's docker-registry and the mock Fulcio and Rekor on 127.0.0.1. The identity
 * token comes from SIGSTORE_ID_TOKEN, as in CI. Nothing is written until the confirmation.
 */
import * as assert from 'assert';
import { generateKeyPairSync } from 'node:crypto';
import * as vscode from 'vscode';
import type { ReportViewModel } from '../../src/views/panels/protocol';
import { RegistryClient } from '../../src/clients/registry/client';
import { attachmentTag } from '../../src/clients/registry/digest';
import { pushTinyImage } from '../registry/images';
import { TestRegistry, startRegistry } from '../registry/registryServer';
import { testIdentityToken } from '../sigstore/mockSigstore';
import { SigstoreV2, startSigstoreV2 } from '../sigstore/sigstoreV2';
import { ExtensionApi, extensionApi, scriptPrompts, setGlobal, waitFor } from './helpers';

describe('signing images from the editor', function () {
  this.timeout(120_000);
  let api: ExtensionApi;
  let registry: TestRegistry;
  let sigstore: SigstoreV2;
  let client: RegistryClient;
  const token = testIdentityToken();

  before(async () => {
    api = await extensionApi();
    [registry, sigstore] = await Promise.all([startRegistry(), startSigstoreV2()]);
    client = new RegistryClient(registry.host);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri as vscode.Uri;
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'sigstore/trusted_root.json'), Buffer.from(JSON.stringify(sigstore.trustedRootJson)));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'sigstore/signing_config.json'), Buffer.from(sigstore.signingConfigJson()));
    await setGlobal('signing.certificateAuthorityUrl', sigstore.url);
    await setGlobal('signing.transparencyLogUrl', sigstore.url);
    // Trust files are named by absolute path (a relative one would be read from the open folder).
    await setGlobal('signing.trustedRootFile', vscode.Uri.joinPath(folder, 'sigstore/trusted_root.json').fsPath);
    await setGlobal('signing.signingConfigFile', vscode.Uri.joinPath(folder, 'sigstore/signing_config.json').fsPath);
    process.env.SIGSTORE_ID_TOKEN = token;
  });

  after(async () => {
    delete process.env.SIGSTORE_ID_TOKEN;
    for (const key of ['certificateAuthorityUrl', 'transparencyLogUrl', 'trustedRootFile', 'signingConfigFile', 'useTransparencyLogV2', 'transparencyLogForKeys'])
      await setGlobal(`signing.${key}`, undefined);
    await api.signing.history.clear();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await Promise.all([registry?.stop(), sigstore?.stop()]);
  });

  /** Answers: the image (when asked), the format, APPEND, the token from the environment; then the confirmation. */
  function answer(image: string | undefined, format: string, confirm: boolean) {
    const scripted = scriptPrompts(api, image ? [image] : [], (items) => {
      const labels = items.map((i) => i.label);
      return (
        items.find((i) => i.label === format) ??
        items.find((i) => i.label === 'APPEND') ??
        items.find((i) => i.label.includes('SIGSTORE_ID_TOKEN')) ??
        assert.fail(`unexpected question: ${labels.join(', ')}`)
      );
    });
    const confirmations: Array<{ message: string; detail?: string }> = [];
    (api.prompts as unknown as Record<string, unknown>).warn = async (message: string, options: vscode.MessageOptions, ...actions: string[]) => {
      if (!options?.modal) return void scripted.shown.warn.push(message);
      confirmations.push({ message, detail: options.detail });
      return confirm ? actions[0] : undefined;
    };
    return { ...scripted, confirmations };
  }

  async function renderedResult(before: Set<string>): Promise<ReportViewModel> {
    const key = await waitFor(() => api.signing.reports.keys().find((k) => !before.has(k)), 'a signing report panel');
    const render = await waitFor(() => api.signing.reports.sentTo(key).find((m) => m.type === 'render'), 'the report to be rendered', 30_000);
    return (render as { model: ReportViewModel }).model;
  }

  it('"Sign Image…" from the view title signs in both formats after confirmation; the report shows it verified', async () => {
    const digest = (await pushTinyImage(client, 'shop/api', '1.0', 'api')).digest;
    const ref = `${registry.host}/shop/api@${digest}`;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const scripted = answer(ref, 'both', true);
    try {
      const before = new Set(api.signing.reports.keys());
      // What the view's title-bar button runs: the command without arguments.
      await vscode.commands.executeCommand('opsConfig.signing.signImage');
      const model = await renderedResult(before);
      assert.equal(scripted.confirmations.length, 1);
      assert.equal(scripted.confirmations[0].message, `Sign ${ref}?`);
      assert.match(scripted.confirmations[0].detail ?? '', /Format: both; conflict: APPEND\.\nSigner: the identity token in SIGSTORE_ID_TOKEN\./);
      assert.equal(model.operation?.output.name, 'signedRef');
      assert.equal(model.operation?.output.value, ref);
      assert.match(model.operation?.title ?? '', /^✓ Signed /);
      assert.equal(model.operation?.written.length, 2);
      assert.equal(model.operation?.tlog.length, 2);
      assert.equal(model.verdict, 'verified', model.reasons.join('\n'));
      assert.ok(!JSON.stringify(model).includes(token.split('.')[1]), 'the identity token is nowhere in the report');
      assert.ok(await client.findManifest('shop/api', attachmentTag(digest, 'sig')), 'the .sig tag exists');
      assert.equal((await client.getReferrers('shop/api', digest)).descriptors.length, 1, 'one bundle referrer');
      const roots = await api.views.providers.signatures.getChildren();
      const items = await Promise.all((roots ?? []).map(async (n) => n.getTreeItem()));
      const folder = (roots ?? [])[items.findIndex((i) => i.label === 'Recent signing')];
      assert.ok(folder, JSON.stringify(items.map((i) => i.label)));
      const [first] = (await folder.getChildren?.()) ?? [];
      const item = await first.getTreeItem();
      assert.match(String(item.description), /^signed · verified · /);
      assert.equal(item.command?.command, 'opsConfig.signing.openResult');
    } finally {
      scripted.restore();
    }
  });

  it('with useTransparencyLogV2 a bundle is logged in Rekor v2 with a signed timestamp; the report shows the log version and the time', async () => {
    const digest = (await pushTinyImage(client, 'shop/v2', '1.0', 'v2')).digest;
    const ref = `${registry.host}/shop/v2@${digest}`;
    await setGlobal('signing.useTransparencyLogV2', true);
    const scripted = answer(ref, 'bundle', true);
    try {
      const before = new Set(api.signing.reports.keys());
      await vscode.commands.executeCommand('opsConfig.signing.signImage');
      const model = await renderedResult(before);
      const fields = new Map(model.operation?.fields);
      assert.equal(
        fields.get('Transparency log (bundle)'),
        `Rekor v2: ${sigstore.rekorV2.url} (from ${vscode.Uri.joinPath(vscode.workspace.workspaceFolders?.[0]?.uri as vscode.Uri, 'sigstore/signing_config.json').fsPath})`,
      );
      assert.equal(fields.get('Timestamp authority (bundle)'), sigstore.tsa.url);
      assert.match(fields.get('Signed timestamp') ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z \(RFC 3161, 127\.0\.0\.1:\d+\)$/);
      assert.deepEqual(
        model.operation?.tlog.map((t) => [t.url, t.kind, t.integratedTime]),
        [[sigstore.rekorV2.url, 'dsse 0.0.2 (Rekor v2)', 'no integrated time (Rekor v2: see the signed timestamp)']],
      );
      assert.equal(model.verdict, 'verified', model.reasons.join('\n'));
      assert.equal(sigstore.rekorV2.tree.size, 1, 'the entry is in the Rekor v2 log');
    } finally {
      scripted.restore();
      await setGlobal('signing.useTransparencyLogV2', undefined);
    }
  });

  it('a key pair with the transparency log turned off: the report lists neither a certificate authority nor a log, and none was asked', async () => {
    const digest = (await pushTinyImage(client, 'shop/private', '1.0', 'private')).digest;
    const ref = `${registry.host}/shop/private@${digest}`;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri as vscode.Uri;
    const keyFile = vscode.Uri.joinPath(folder, 'keys/signing.key');
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await vscode.workspace.fs.writeFile(keyFile, Buffer.from(pem));
    await setGlobal('signing.transparencyLogForKeys', false);
    const dialogs = api.signing.dialogs as unknown as Record<string, unknown>;
    const openFiles = dialogs.openFiles;
    dialogs.openFiles = async () => [keyFile];
    const scripted = scriptPrompts(api, [ref], (items) => {
      const labels = items.map((i) => i.label);
      return (
        items.find((i) => i.label === 'legacy') ??
        items.find((i) => i.label === 'APPEND') ??
        items.find((i) => i.label.includes('Use a private key file')) ??
        assert.fail(`unexpected question: ${labels.join(', ')}`)
      );
    });
    (api.prompts as unknown as Record<string, unknown>).warn = async (message: string, options: vscode.MessageOptions, ...actions: string[]) => (options?.modal ? actions[0] : undefined);
    const sigstoreCalls = sigstore.requests.length;
    try {
      const before = new Set(api.signing.reports.keys());
      await vscode.commands.executeCommand('opsConfig.signing.signImage');
      const model = await renderedResult(before);
      assert.deepEqual(scripted.shown.error, []);
      assert.equal(model.operation?.written.length, 1, 'the .sig was written');
      assert.deepEqual(model.operation?.tlog, [], 'nothing was logged');
      assert.equal(sigstore.requests.length, sigstoreCalls, 'no request went to the certificate authority or the log');
      const fields = new Map(model.operation?.fields);
      assert.match(fields.get('Signer') ?? '', /^key /);
      assert.equal(fields.has('Certificate authority (legacy)'), false, 'a key pair uses no certificate authority');
      assert.equal(fields.has('Transparency log (legacy)'), false, 'the log was turned off');
      assert.equal(fields.get('Transparency log'), 'none: the key-pair signature was kept out of the log (opsConfig.signing.transparencyLogForKeys is off)');
    } finally {
      scripted.restore();
      dialogs.openFiles = openFiles;
      await setGlobal('signing.transparencyLogForKeys', undefined);
    }
  });

  it('from the context menu of an image reference; cancelling the confirmation writes nothing', async () => {
    const digest = (await pushTinyImage(client, 'shop/web', '2.0', 'web')).digest;
    const ref = `${registry.host}/shop/web@${digest}`;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri as vscode.Uri;
    const manifest = vscode.Uri.joinPath(folder, 'k8s/signing.yaml');
    await vscode.workspace.fs.writeFile(manifest, Buffer.from(['containers:', '  - name: web', `    image: ${ref}`, ''].join('\n')));
    const editor = await vscode.window.showTextDocument(manifest);
    editor.selection = new vscode.Selection(2, 12, 2, 12);

    const rekorCalls = () => sigstore.requests.filter((r) => r.path === '/api/v1/log/entries').length;
    const calls = rekorCalls();
    const cancelled = answer(undefined, 'legacy', false);
    try {
      await vscode.commands.executeCommand('opsConfig.signing.signImage', manifest);
      assert.equal(cancelled.confirmations[0]?.message, `Sign ${ref}?`, 'the reference under the cursor was taken');
    } finally {
      cancelled.restore();
    }
    assert.equal(rekorCalls(), calls, 'nothing was logged');
    assert.equal(await client.findManifest('shop/web', attachmentTag(digest, 'sig')), undefined, 'nothing was written');

    const confirmed = answer(undefined, 'legacy', true);
    try {
      const before = new Set(api.signing.reports.keys());
      await vscode.commands.executeCommand('opsConfig.signing.signImage', manifest);
      const model = await renderedResult(before);
      assert.equal(model.verdict, 'verified', model.reasons.join('\n'));
      assert.deepEqual(
        model.operation?.written.map((w) => w.location),
        [`${registry.host}/shop/web:${attachmentTag(digest, 'sig')}`],
      );
    } finally {
      confirmed.restore();
    }
  });
});
