/**
 * The authentik explorer in the real extension host, against the stand-in: flows open onto
 * their stage bindings, groups onto members with "Load more", users are searched on the server,
 * and the stand-in's request log proves that paging costs one request per page.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { SecretKeys } from '../../src/core/secrets';
import type { RecordViewModel } from '../../src/views/panels/protocol';
import type { TreeNode } from '../../src/views/tree/node';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../servers/authentik';
import { ExtensionApi, describeNodes, extensionApi, scriptPrompts, setGlobal, signOutEverywhere, waitFor } from './helpers';

describe('authentik explorer', () => {
  let api: ExtensionApi;
  let authentik: AuthentikStandIn;

  before(async () => {
    api = await extensionApi();
    authentik = await startAuthentikStandIn();
    await signOutEverywhere(api);
    await setGlobal('authentik.url', authentik.url);
    await api.services.secrets.store(SecretKeys.authentikToken, AUTHENTIK_TOKENS.admin);
    api.authentik.invalidate();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setGlobal('pageSize', undefined);
    await signOutEverywhere(api);
    await authentik.stop();
  });
  beforeEach(async () => {
    await setGlobal('pageSize', undefined);
    api.views.providers.authentik.refresh();
  });
  afterEach(() => {
    assert.deepEqual(authentik.violations, []);
    authentik.reset();
  });

  const provider = () => api.views.providers.authentik;
  const children = async (node?: TreeNode) => describeNodes(provider(), await provider().getChildren(node));
  const child = async (node: TreeNode | undefined, label: string | RegExp) => {
    const found = (await children(node)).find((c) => (typeof label === 'string' ? c.label === label : label.test(c.label)));
    assert.ok(found, `"${label}" is shown under ${node?.id ?? 'the root'}`);
    return found;
  };
  const folder = async (label: string) => child((await child(undefined, new URL(authentik.url).host)).node, label);
  const groupRequests = () => authentik.requests.filter((r) => r.path === '/api/v3/core/groups/');

  it('shows the connection with its folders', async () => {
    const root = await child(undefined, new URL(authentik.url).host);
    assert.equal(root.description, 'authentik 2026.8.3 · as akadmin');
    assert.deepEqual(
      (await children(root.node)).map((c) => c.label),
      [
        'Brands',
        'Flows',
        'Groups',
        'Users',
        'Applications',
        'Providers',
        'Sources',
        'Stages',
        'Property mappings',
        'Certificates',
        'Blueprints',
        'Event rules',
        'Event transports',
        'Endpoint agent connectors',
        'Endpoint browser connectors',
        'Enterprise licenses',
        'Outposts',
        'Service connections',
        'Permissions',
      ],
    );
  });

  it('expands a flow to its stage bindings, in order and with the stage kind', async () => {
    const flows = await folder('Flows');
    const flow = await child(flows.node, 'default-authentication-flow');
    assert.equal(flow.description, 'authentication · Welcome to authentik!');
    const bindings = await children(flow.node);
    assert.deepEqual(
      bindings.map((b) => `${b.label} [${b.description}]`),
      [
        '10 · default-authentication-identification [Identification Stage]',
        '20 · default-authentication-password [Password Stage]',
        '30 · default-authentication-mfa-validation [Authenticator Validation Stage]',
        '100 · default-authentication-login [User Login Stage]',
      ],
    );
    // A stage opens onto the flows that use it.
    const usedIn = await child(bindings[0].node, 'Used in flows');
    assert.deepEqual((await children(usedIn.node)).map((f) => f.label).sort(), ['acme-partner-authentication', 'default-authentication-flow']);
  });

  it('pages groups from the server: the first page is one request, each "Load more" one more', async () => {
    await setGlobal('pageSize', 10);
    const total = authentik.seed.directory.groups.length;
    authentik.reset();
    const groups = await folder('Groups');
    let shown = await children(groups.node);
    assert.equal(groupRequests().length, 1, 'expanding the folder asked for one page');
    assert.deepEqual([groupRequests()[0].query.page, groupRequests()[0].query.page_size], ['1', '10']);
    assert.equal(shown.length, 11);
    assert.equal(shown.at(-1)!.label, `Load more (10 of ${total})`);
    assert.equal((await provider().getTreeItem(groups.node)).description, String(total));

    await vscode.commands.executeCommand('opsConfig.loadMore', shown.at(-1)!.node);
    shown = await children(groups.node);
    assert.equal(groupRequests().length, 2, '"Load more" asked for exactly one more page');
    assert.equal(groupRequests()[1].query.page, '2');
    assert.equal(shown.at(-1)!.label, `Load more (20 of ${total})`);

    await vscode.commands.executeCommand('opsConfig.loadMore', shown.at(-1)!.node);
    shown = await children(groups.node);
    assert.equal(groupRequests().length, 3);
    assert.equal(shown.length, total, 'the last page leaves no "Load more"');
    assert.ok(shown.every((c) => !c.label.startsWith('Load more')));
  });

  it('expands a group to parents, children and its members, with "Load more"', async () => {
    const groups = await folder('Groups');
    const platform = await child(groups.node, 'Platform');
    const sections = await children(platform.node);
    assert.deepEqual(
      sections.map((s) => `${s.label}: ${s.description}`),
      ['Parents: 1 group', 'Children: 2 groups', `Members: ${authentik.seed.users.filter((u) => u.groups.some((g) => g.name === 'Platform')).length} users`],
    );
    assert.deepEqual(
      (await children(sections[0].node)).map((g) => g.label),
      ['Engineering'],
    );

    const everyone = await child(groups.node, 'All Employees');
    const members = await child(everyone.node, 'Members');
    const count = authentik.seed.users.filter((u) => u.groups.some((g) => g.name === 'All Employees')).length;
    authentik.reset();
    let users = await children(members.node);
    assert.equal(users.length, 101);
    assert.equal(users.at(-1)!.label, `Load more (100 of ${count})`);
    assert.equal(authentik.requests.filter((r) => r.path === '/api/v3/core/users/').length, 1);
    await vscode.commands.executeCommand('opsConfig.loadMore', users.at(-1)!.node);
    users = await children(members.node);
    assert.equal(users.at(-1)!.label, `Load more (200 of ${count})`);
    assert.equal(authentik.requests.filter((r) => r.path === '/api/v3/core/users/').length, 2);
  });

  it('searches users on the server from the folder\u2019s Search command', async () => {
    const users = await folder('Users');
    authentik.reset();
    const { asked, restore } = scriptPrompts(api, ['alvarez']);
    try {
      await vscode.commands.executeCommand('opsConfig.authentik.search', users.node);
    } finally {
      restore();
    }
    assert.match(String(asked[0].title), /Search Users on the server/);
    const found = await children(users.node);
    assert.deepEqual(
      found.map((u) => `${u.label} (${u.description})`),
      ['sofia.alvarez (Sofia Alvarez)'],
    );
    const item = await provider().getTreeItem(users.node);
    assert.equal(item.description, 'search “alvarez”: 1 found');
    // Still a folder New… works on (users are created from it), now while it shows a search.
    assert.equal(item.contextValue, 'opsConfig.authentik.folder.searched.users.creatable');
    const sent = authentik.requests.filter((r) => r.path === '/api/v3/core/users/');
    assert.equal(sent.length, 1);
    assert.equal(sent[0].query.search, 'alvarez');

    // A user opens onto direct and inherited groups.
    const sections = await children(found[0].node);
    assert.deepEqual(
      sections.map((s) => s.label),
      ['Groups', 'Inherited groups'],
    );
    assert.deepEqual((await children(sections[1].node)).map((g) => `${g.label} (${g.description})`).sort(), [
      'Backend (inherited via On-call)',
      'Engineering (inherited via Platform)',
      'Platform (inherited via SRE)',
    ]);

    await vscode.commands.executeCommand('opsConfig.authentik.clearSearch', users.node);
    assert.ok((await children(users.node)).length > 100);
  });

  it('opens a certificate record with its expiry badge, and copies a Terraform lookup', async () => {
    const certificates = await folder('Certificates');
    const expiring = await child(certificates.node, 'SAML signing 2025');
    assert.match(expiring.description, /^expires in \d+ days · with key$/);
    const expired = await child(certificates.node, 'Legacy partner IdP');
    assert.match(expired.description, /^expired \d+ days ago · no key$/);

    await vscode.commands.executeCommand('opsConfig.openRecord', expiring.node);
    const key = (expiring.node as unknown as { recordKey(): string }).recordKey();
    const render = await waitFor(() => api.records.sentTo(key).find((m) => m.type === 'render'), 'the certificate panel');
    const model = (render as { model: RecordViewModel }).model;
    assert.equal(model.badges?.[0].tone, 'warning');
    assert.match(model.badges![0].text, /^expires in \d+ days$/);
    assert.equal(authentik.requests.filter((r) => r.path.endsWith('/view_private_key/')).length, 0, 'opening the record did not read the key');

    await vscode.commands.executeCommand('opsConfig.authentik.copyAsTerraform', expiring.node);
    assert.equal(await vscode.env.clipboard.readText(), 'data "authentik_certificate_key_pair" "saml_signing_2025" {\n  name      = "SAML signing 2025"\n  fetch_key = false\n}\n');
  });

  it('loads a private key only after the user confirms, and keeps it masked until Reveal', async () => {
    const pair = authentik.seed.directory.certificates.find((c) => c.name === 'id.acme.example')!;
    const key = `authentik:certificate:${pair.pk}`;
    const { shown, restore } = scriptPrompts(api, []);
    (api.prompts as unknown as Record<string, unknown>).warn = async (message: string) => {
      shown.warn.push(message);
      return 'Load Key';
    };
    try {
      await vscode.commands.executeCommand('opsConfig.authentik.loadPrivateKey', key);
    } finally {
      restore();
    }
    assert.match(shown.warn[0], /authentik records every view of a private key/);
    assert.equal(authentik.requests.filter((r) => r.path.endsWith('/view_private_key/')).length, 1);
    const renders = await waitFor(() => {
      const found = api.records.sentTo(key).filter((m) => m.type === 'render');
      return found.length > 0 ? found : undefined;
    }, 'the panel with the key field');
    const model = (renders.at(-1) as { model: RecordViewModel }).model;
    const field = model.sections.flatMap((s) => s.fields).find((f) => f.label === 'Private key');
    assert.deepEqual([field?.format, field?.secretId], ['secret', 'privateKey']);
    assert.ok(!JSON.stringify(api.records.sentTo(key)).includes('PRIVATE KEY'), 'the key was not sent to the webview');
    assert.match((await api.sources.get(key)).secrets?.privateKey ?? '', /^-----BEGIN PRIVATE KEY-----/);
  });

  it('a record offers Edit… only while writes are allowed: opsConfig.readOnly takes it from an open panel, and gives it back', async () => {
    const key = 'authentik:flow:default-authentication-flow';
    const renders = () => api.records.sentTo(key).flatMap((m) => (m.type === 'render' ? [m.model as RecordViewModel] : []));
    const labels = (model: RecordViewModel) => (model.actions ?? []).map((a) => a.label);
    /** The next time the panel is drawn. */
    const nextRender = async (what: string) => {
      const before = renders().length;
      return waitFor(() => (renders().length > before ? renders().at(-1) : undefined), what);
    };
    try {
      const opened = nextRender('the flow record');
      await vscode.commands.executeCommand('opsConfig.openRecord', key);
      assert.deepEqual(labels(await opened).slice(0, 6), ['Edit…', 'Open in authentik', 'Copy ID', 'Copy JSON', 'Copy as Terraform', 'Copy as Pulumi']);

      const readOnly = nextRender('the record drawn again with writes off');
      await setGlobal('readOnly', true);
      assert.deepEqual(labels(await readOnly).slice(0, 5), ['Open in authentik', 'Copy ID', 'Copy JSON', 'Copy as Terraform', 'Copy as Pulumi']);
      // A record opened while writes are off has no Edit… either.
      const binding = await child(await child((await folder('Flows')).node, 'default-authentication-flow').then((f) => f.node), /^10 · /);
      const bindingKey = (binding.node as unknown as { recordKey(): string }).recordKey();
      await vscode.commands.executeCommand('opsConfig.openRecord', binding.node);
      const bindingRender = await waitFor(() => api.records.sentTo(bindingKey).find((m) => m.type === 'render'), 'the binding record');
      assert.ok(!labels((bindingRender as { model: RecordViewModel }).model).includes('Edit…'), 'no Edit… on a binding while writes are off');

      const writable = nextRender('the record drawn again with writes on');
      await setGlobal('readOnly', undefined);
      assert.equal(labels(await writable)[0], 'Edit…');
    } finally {
      await setGlobal('readOnly', undefined);
    }
  });

  it('opens SAML metadata as a read-only XML document', async () => {
    const providers = await folder('Providers');
    const saml = await child(providers.node, 'Expense Portal');
    const metadata = await child(saml.node, 'Metadata (XML)');
    const item = await provider().getTreeItem(metadata.node);
    await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.scheme === 'opsconfig-authentik-saml' ? vscode.window.activeTextEditor : undefined), 'the metadata document');
    assert.equal(editor.document.languageId, 'xml');
    assert.match(editor.document.getText(), /<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2\.0:metadata"/);
    assert.equal(vscode.workspace.fs.isWritableFileSystem('opsconfig-authentik-saml'), false, 'the document is read-only');
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(editor.document.uri, new Uint8Array([1]))), /read-only|NoPermissions/i);
  });

  it('shows an OAuth2 provider\u2019s setup URLs, built from the server address', async () => {
    const providers = await folder('Providers');
    const grafana = await child(providers.node, 'Grafana');
    const urls = await children(grafana.node);
    assert.deepEqual(
      urls.map((u) => u.label),
      ['Issuer', 'Authorize', 'Token', 'User info', 'OpenID configuration', 'Logout', 'JWKS'],
    );
    assert.equal(urls[0].description, `${authentik.url}/application/o/grafana/`);
  });

  it('filters loaded items with the view filter on top of server paging', async () => {
    const flows = await folder('Flows');
    await children(flows.node);
    await provider().filter.set('recovery');
    try {
      const shown = await children(flows.node);
      assert.deepEqual(
        shown.map((f) => f.label),
        ['default-recovery-flow'],
      );
    } finally {
      await provider().filter.set('');
    }
  });
});
