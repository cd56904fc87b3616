import * as assert from 'node:assert/strict';
import { AuthentikClient } from '../../../src/clients/authentik';
import { authentikApiBase } from '../../../src/core/config';
import { parseRecordKey, recordKeyOf } from '../../../src/views/authentik/objectRef';
import { expiryPresentation } from '../../../src/views/authentik/presentation';
import * as M from '../../../src/views/authentik/recordModels';
import { refs } from '../../../src/views/authentik/refs';
import { recordContext } from '../../../src/views/authentik/authentikRecord';
import { adminUrl, pulumiSnippet, terraformSnippet } from '../../../src/views/authentik/snippets';
import { terraformName } from '../../../src/core/codeText';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../../servers/authentik';

/** What the authentik explorer shows and copies, from real stand-in objects (no editor needed). */
describe('authentik explorer: records, snippets and badges', function () {
  this.timeout(20_000);
  let standIn: AuthentikStandIn;
  let client: AuthentikClient;
  const ui = 'https://id.acme.example';
  const ctx = recordContext(ui);
  before(async () => {
    standIn = await startAuthentikStandIn();
    client = new AuthentikClient({ apiBase: authentikApiBase(standIn.url), token: AUTHENTIK_TOKENS.admin });
  });
  after(() => standIn.stop());
  afterEach(() => assert.deepEqual(standIn.violations, []));

  it('round-trips record keys, including slugs and names that need escaping', () => {
    const key = recordKeyOf({ kind: 'flow', lookup: 'a:b/c d' });
    assert.equal(key, 'authentik:flow:a%3Ab%2Fc%20d');
    assert.deepEqual(parseRecordKey(key), { kind: 'flow', lookup: 'a:b/c d', connection: 'default' });
    assert.equal(parseRecordKey('authentik:nope:1'), undefined);
    assert.equal(parseRecordKey('honeycomb:flow:1'), undefined);
  });

  it('writes Terraform and Pulumi lookups with the data source each kind has', async () => {
    const flow = await client.retrieveFlow('default-authentication-flow');
    assert.equal(terraformSnippet(refs.flow(flow)), 'data "authentik_flow" "default_authentication_flow" {\n  slug = "default-authentication-flow"\n}\n');
    assert.equal(pulumiSnippet(refs.flow(flow)), 'const defaultAuthenticationFlow = authentik.getFlowOutput({ slug: "default-authentication-flow" });\n');
    const pair = (await client.listCertificates()).items.find((c) => c.name === 'SAML signing 2025')!;
    assert.equal(terraformSnippet(refs.certificate(pair)), 'data "authentik_certificate_key_pair" "saml_signing_2025" {\n  name      = "SAML signing 2025"\n  fetch_key = false\n}\n');
    assert.equal(pulumiSnippet(refs.certificate(pair)), 'const samlSigning2025 = authentik.getCertificateKeyPairOutput({ name: "SAML signing 2025", fetchKey: false });\n');
    const scope = (await client.listPropertyMappings({ search: "'email'" })).items[0];
    assert.equal(
      pulumiSnippet(refs.mapping(scope)),
      'const authentikDefaultOauthMappingOpenidEmail = authentik.getPropertyMappingProviderScopeOutput({ managed: "goauthentik.io/providers/oauth2/scope-email" });\n',
    );
    const providers = (await client.listProviders()).items;
    const saml = providers.find((p) => p.name === 'Expense Portal')!;
    assert.match(terraformSnippet(refs.provider(saml)) as string, /^data "authentik_provider_saml_metadata" "expense_portal" \{\n {2}name = "Expense Portal"\n\}/);
    const proxy = providers.find((p) => p.name === 'Internal Wiki proxy')!;
    assert.deepEqual(terraformSnippet(refs.provider(proxy)), { none: 'The authentik provider has no data source for proxyprovider providers (only OAuth2 config and SAML metadata).' });
    assert.equal(terraformName('Ünïcode 2 Team', 'group'), 'unicode_2_team');
    assert.equal(terraformName('2fa', 'group'), '_2fa');
  });

  it('links each object to its admin UI page', async () => {
    const flow = await client.retrieveFlow('default-recovery-flow');
    assert.equal(adminUrl(ui, refs.flow(flow)), 'https://id.acme.example/if/admin/#/flow/flows/default-recovery-flow');
    const user = await client.retrieveUser(4);
    assert.equal(adminUrl(`${ui}/`, refs.user(user)), 'https://id.acme.example/if/admin/#/identity/users/4');
  });

  it('gives certificates a warning inside 30 days and an error once expired', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    assert.deepEqual(expiryPresentation('2026-01-22T00:00:00Z', now), { text: 'expires in 12 days', tone: 'warning' });
    assert.deepEqual(expiryPresentation('2025-12-01T00:00:00Z', now), { text: 'expired 40 days ago', tone: 'error' });
    assert.deepEqual(expiryPresentation('2026-03-01T00:00:00Z', now), { text: 'valid until 2026-03-01', tone: 'success' });
    assert.deepEqual(expiryPresentation(null, now), { text: 'no expiry date', tone: 'info' });
  });

  it('puts the expiry badge on the certificate record and keeps the key out until loaded', async () => {
    const pair = (await client.listCertificates()).items.find((c) => c.name === 'SAML signing 2025')!;
    const usedBy = await client.certificateUsedBy(pair.pk);
    const closed = M.certificateRecord(pair, usedBy, undefined, ctx);
    assert.equal(closed.model.badges?.[0].tone, 'warning');
    assert.match(closed.model.badges[0].text, /^expires in \d+ days?$/);
    assert.ok(closed.model.actions?.some((a) => a.id === 'loadPrivateKey'));
    assert.equal(closed.secrets, undefined);
    const key = (await client.viewPrivateKey(pair.pk)).data;
    const opened = M.certificateRecord(pair, usedBy, key, ctx);
    assert.deepEqual(opened.secrets, { privateKey: key });
    const text = JSON.stringify([opened.model, opened.json]);
    assert.ok(!text.includes('PRIVATE KEY'), 'the key is neither in the model nor in the JSON');
    const expired = (await client.listCertificates()).items.find((c) => c.name === 'Legacy partner IdP')!;
    assert.equal(M.certificateRecord(expired, [], undefined, ctx).model.badges?.[0].tone, 'error');
  });

  it('masks the OAuth2 client secret and the kubeconfig in the panel model and in the JSON', async () => {
    const all = (await client.listProviders()).items.find((p) => p.name === 'Grafana')!;
    const oauth2 = await client.retrieveOAuth2Provider(all.pk);
    const loaded = M.providerRecord(all, { oauth2, setupUrls: await client.oauth2SetupUrls(all.pk) }, ctx);
    assert.deepEqual(loaded.secrets, { clientSecret: oauth2.client_secret });
    assert.ok(oauth2.client_secret && oauth2.client_secret.length > 20);
    assert.ok(!JSON.stringify([loaded.model, loaded.json]).includes(oauth2.client_secret));
    assert.equal((loaded.json as { client_secret: string }).client_secret, M.HIDDEN);
    const field = loaded.model.sections.flatMap((s) => s.fields).find((f) => f.label === 'Client secret')!;
    assert.deepEqual([field.format, field.secretId, field.value], ['secret', 'clientSecret', undefined]);

    const connections = (await client.listServiceConnections()).items;
    const prod = connections.find((c) => c.name === 'prod-eu-1 cluster')!;
    const kube = await client.retrieveKubernetesConnection(prod.pk);
    const token = (kube.kubeconfig as { users: Array<{ user: { token: string } }> }).users[0].user.token;
    const record = M.serviceConnectionRecord(prod, kube, ctx);
    assert.ok(record.secrets?.kubeconfig.includes(token));
    assert.ok(!JSON.stringify([record.model, record.json]).includes(token));
  });

  it('draws a flow record\u2019s stages in binding order as its diagram', async () => {
    const flow = await client.retrieveFlow('default-enrollment-flow');
    const page = await client.listFlowBindings(flow.pk);
    const loaded = M.flowRecord(flow, page.items, page.count, (await client.flowDiagram(flow.slug)).diagram, ctx);
    assert.deepEqual(
      loaded.model.diagram?.nodes.map((n) => n.label),
      [
        'Flow default-enrollment-flow',
        '10 · default-enrollment-prompt-first',
        '11 · default-enrollment-prompt-second',
        '20 · default-enrollment-user-write',
        '30 · default-enrollment-email-verification',
        '100 · default-enrollment-user-login',
        'End of the flow',
      ],
    );
    assert.equal(loaded.model.diagram?.nodes[4].detail, 'Email Stage');
    assert.ok(loaded.model.actions?.some((a) => a.id === 'openInBrowser' && a.link?.kind === 'url' && a.link.url.endsWith('/if/admin/#/flow/flows/default-enrollment-flow')));
  });

  it('keeps server text as data: a name with markup stays a string in the model', () => {
    const g = {
      pk: '00000000-0000-4000-8000-000000000001',
      num_pk: 1,
      name: '<img src=x onerror=alert(1)>',
      parents_obj: [],
      children_obj: [],
      roles_obj: [],
      users_obj: null,
      inherited_roles_obj: null,
      children: [],
    };
    const loaded = M.groupRecord(g, undefined, ctx);
    assert.equal(loaded.model.title, '<img src=x onerror=alert(1)>');
    assert.equal(loaded.model.sections[0].fields.find((f) => f.label === 'Name')?.value, '<img src=x onerror=alert(1)>');
  });
});
