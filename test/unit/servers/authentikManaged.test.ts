import * as assert from 'node:assert/strict';
import { parse } from 'yaml';
import { AUTHENTIK_TOKENS as T, startAuthentikStandIn, type AuthentikStandIn } from '../../servers/authentik';
import { makeCertificate } from '../../servers/authentik/directory/certificates';
import { WEBHOOK_HEADER_SECRET } from '../../servers/authentik/directory/managed';
import { standInLicenseKey } from '../../servers/authentik/managed/licenseKey';
import { request } from './http';

const API = '/api/v3';

/** The authentik stand-in's writes of the managed kinds, over plain HTTP (every answer validated against schema.yml). */
describe('authentik stand-in: managed kinds', function () {
  this.timeout(20_000);
  let ak: AuthentikStandIn;
  before(async () => {
    ak = await startAuthentikStandIn();
  });
  after(() => ak.stop());
  afterEach(() => {
    assert.deepEqual(ak.violations, []);
    ak.reset();
  });

  const call = (method: string, path: string, body?: unknown, token: string = T.admin) =>
    request(`${ak.url}${API}${path}`, { method, headers: { Authorization: `Bearer ${token}` }, body: body as object });
  const d = () => ak.seed.directory;

  describe('request bodies', () => {
    it('answers DRF\u2019s field errors for bodies that do not fit the request schema', async () => {
      const r = await call('POST', '/flows/instances/', { name: '', slug: 'ok', designation: 'nope', compatibility_mode: 'yes', pk: 'x' });
      assert.equal(r.status, 400);
      assert.deepEqual(r.json(), {
        title: ['This field is required.'],
        name: ['This field may not be blank.'],
        designation: ['"nope" is not a valid choice.'],
        compatibility_mode: ['Must be a valid boolean.'],
        pk: ['This field is not part of the request schema (authentik would ignore it).'],
      });
    });

    it('checks PUT against the full schema and PATCH against the patched one', async () => {
      const e = d().entitlements[0];
      assert.deepEqual((await call('PUT', `/core/application_entitlements/${e.pk}/`, { name: 'x' })).json(), { app: ['This field is required.'] });
      const patched = await call('PATCH', `/core/application_entitlements/${e.pk}/`, { name: 'x' });
      assert.equal(patched.status, 200);
      assert.equal(patched.json().app, e.app);
      assert.deepEqual((await call('PATCH', `/core/application_entitlements/${e.pk}/`, { app: 'not-a-uuid' })).json(), { app: ['Must be a valid UUID.'] });
      assert.deepEqual((await call('PATCH', `/events/rules/${d().notificationRules[0].pk}/`, { transports: ['nope'] })).json(), { transports: ['“nope” is not a valid UUID.'] });
    });

    it('answers unreadable JSON and a body that is not an object', async () => {
      const broken = await request(`${ak.url}${API}/core/brands/`, { method: 'POST', headers: { Authorization: `Bearer ${T.admin}`, 'Content-Type': 'application/json' }, body: '{"domain": ' });
      assert.equal(broken.status, 400);
      assert.match(broken.json().detail, /^JSON parse error - /);
      assert.deepEqual((await call('POST', '/core/brands/', ['x'])).json(), { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
    });

    it('refuses writes of a token without the permission, and an unknown object is 404', async () => {
      const r = await call('POST', '/events/transports/', { name: 'x' }, T.readOnly);
      assert.equal(r.status, 403);
      assert.deepEqual(r.json(), { detail: 'You do not have permission to perform this action.' });
      const gone = await call('DELETE', '/events/transports/00000000-0000-4000-8000-000000000000/');
      assert.deepEqual([gone.status, gone.json()], [404, { detail: 'No NotificationTransport matches the given query.' }]);
    });
  });

  it('keeps what was written until reset', async () => {
    const created = await call('POST', '/events/transports/', { name: 'Ops Teams', mode: 'webhook', webhook_url: 'https://teams.acme.example/hook' });
    assert.equal(created.status, 201);
    assert.equal(created.json().mode_verbose, 'Generic Webhook');
    const pk = created.json().pk;
    assert.equal((await call('GET', `/events/transports/${pk}/`)).json().name, 'Ops Teams');
    assert.equal((await call('GET', '/events/transports/?search=teams')).json().pagination.count, 1);
    ak.reset();
    assert.equal((await call('GET', `/events/transports/${pk}/`)).status, 404);
  });

  it('deleting a transport takes it out of the rules that used it (used_by: cascade_many)', async () => {
    const slack = d().notificationTransports.find((t) => t.name === 'SRE Slack')!;
    const used = (await call('GET', `/events/transports/${slack.pk}/used_by/`)).json();
    assert.deepEqual(
      used.map((u: { model_name: string; action: string }) => `${u.model_name}:${u.action}`),
      ['notificationrule:cascade_many', 'notificationrule:cascade_many'],
    );
    assert.equal((await call('DELETE', `/events/transports/${slack.pk}/`)).status, 204);
    const rules = (await call('GET', '/events/rules/')).json().results as Array<{ transports: string[] }>;
    assert.ok(rules.every((r) => !r.transports.includes(slack.pk)));
  });

  it('deleting a flow cascades to its bindings and to providers it authorizes, clearing the rest', async () => {
    const explicit = d().flows.find((f) => f.slug === 'default-provider-authorization-explicit-consent')!;
    const used = (await call('GET', `/flows/instances/${explicit.slug}/used_by/`)).json<Array<{ model_name: string; action: string; name: string }>>();
    const providers = used.filter((u) => u.model_name.endsWith('provider'));
    assert.ok(providers.length > 0 && providers.every((u) => u.action === 'cascade'));
    assert.ok(used.some((u) => u.model_name === 'flowstagebinding' && u.name.startsWith('Flow-stage binding #0 to ')));
    const gone = d()
      .providers.filter((p) => p.authorization_flow === explicit.pk)
      .map((p) => p.pk);
    assert.equal((await call('DELETE', `/flows/instances/${explicit.slug}/`)).status, 204);
    for (const pk of gone) assert.equal((await call('GET', `/providers/all/${pk}/`)).status, 404);
    const apps = (await call('GET', '/core/applications/?superuser_full_list=true&page_size=100')).json().results as Array<{ provider: number | null }>;
    assert.ok(apps.every((a) => a.provider === null || !gone.includes(a.provider)));
  });

  it('an agent connector owns its enrollment tokens; a key is shown only to those allowed, and not once expired', async () => {
    const connector = d().agentConnectors[0];
    const tokens = d().enrollmentTokens;
    assert.deepEqual(
      (await call('GET', `/endpoints/agents/connectors/${connector.connector_uuid}/used_by/`)).json().map((u: { action: string }) => u.action),
      ['cascade', 'cascade'],
    );
    const key = await call('GET', `/endpoints/agents/enrollment_tokens/${tokens[0].token_uuid}/view_key/`);
    assert.deepEqual(key.json(), { key: tokens[0].key });
    assert.equal((await call('GET', `/endpoints/agents/enrollment_tokens/${tokens[0].token_uuid}/view_key/`, undefined, T.readOnly)).status, 403);
    tokens[0].expires = '2020-01-01T00:00:00Z';
    const expired = await call('GET', `/endpoints/agents/enrollment_tokens/${tokens[0].token_uuid}/view_key/`);
    assert.deepEqual([expired.status, expired.text], [404, '']);
    assert.equal((await call('DELETE', `/endpoints/agents/connectors/${connector.connector_uuid}/`)).status, 204);
    assert.equal((await call('GET', '/endpoints/agents/enrollment_tokens/')).json().pagination.count, 0);
  });

  it('keeps the webhook header secret in the mapping the transport points at', async () => {
    const hook = d().notificationTransports.find((t) => t.name === 'Incident webhook')!;
    const transport = (await call('GET', `/events/transports/${hook.pk}/`)).json();
    assert.ok(!JSON.stringify(transport).includes(WEBHOOK_HEADER_SECRET), 'the transport holds only a reference');
    const mapping = (await call('GET', `/propertymappings/all/${transport.webhook_mapping_headers}/`)).json();
    assert.equal(mapping.meta_model_name, 'authentik_events.notificationwebhookmapping');
    assert.ok(mapping.expression.includes(WEBHOOK_HEADER_SECRET));
  });

  it('exports a flow as a YAML download with its stages and bindings', async () => {
    const r = await call('GET', '/flows/instances/default-enrollment-flow/export/');
    assert.equal(r.status, 200);
    assert.match(String(r.headers['content-type']), /^text\/html/);
    assert.equal(r.headers['content-disposition'], 'attachment; filename="default-enrollment-flow.yaml"');
    const blueprint = parse(r.text) as { version: number; entries: Array<{ model: string }> };
    assert.equal(blueprint.version, 1);
    const models = blueprint.entries.map((e) => e.model);
    assert.equal(models[0], 'authentik_flows.flow');
    assert.equal(models.filter((m) => m === 'authentik_flows.flowstagebinding').length, 5);
    assert.ok(models.includes('authentik_stages_prompt.promptstage'));
  });

  it('installs a license key made for this installation and refuses any other', async () => {
    const soon = Math.floor(Date.now() / 1000) + 3 * 86_400;
    const good = standInLicenseKey(ak.seed.installId, { name: 'Acme Lab', exp: soon, internal_users: 5, external_users: 1 });
    const created = await call('POST', '/enterprise/license/', { key: good });
    assert.equal(created.status, 201);
    assert.deepEqual([created.json().name, created.json().internal_users, created.json().expiry], ['Acme Lab', 5, new Date(soon * 1000).toISOString().replace('.000Z', 'Z')]);
    for (const bad of [
      standInLicenseKey('other', { name: 'x', exp: soon, internal_users: 1, external_users: 0 }),
      standInLicenseKey(ak.seed.installId, { name: 'x', exp: 1_000, internal_users: 1, external_users: 0 }),
      'not-a-jwt',
    ]) {
      const r = await call('POST', '/enterprise/license/', { key: bad });
      assert.deepEqual([r.status, r.json()], [400, { key: ['Unable to verify license'] }]);
    }
    const summary = (await call('GET', '/enterprise/license/summary/')).json();
    assert.deepEqual([summary.internal_users, summary.status], [305, 'expiry_soon']);
    for (const l of [...d().licenses]) await call('DELETE', `/enterprise/license/${l.license_uuid}/`);
    assert.equal((await call('GET', '/enterprise/license/summary/')).json().status, 'unlicensed');
  });

  it('stores a certificate from PEM, reading its fingerprint, and refuses one that does not parse', async () => {
    const made = makeCertificate({ subject: '/O=Acme Corp/CN=import.acme.example', notBefore: new Date(Date.now() - 86_400_000), notAfter: new Date(Date.now() + 30 * 86_400_000) });
    const r = await call('POST', '/crypto/certificatekeypairs/', { name: 'import', certificate_data: made.certificatePem, key_data: made.keyPem });
    assert.equal(r.status, 201);
    assert.equal(r.json().fingerprint_sha256, made.sha256);
    assert.equal(r.json().private_key_available, true);
    assert.equal((await call('GET', `/crypto/certificatekeypairs/${r.json().pk}/view_private_key/`)).json().data, made.keyPem);
    const bad = await call('POST', '/crypto/certificatekeypairs/', { name: 'bad', certificate_data: 'not a pem' });
    assert.deepEqual(bad.json(), { certificate_data: ['Unable to load certificate.'] });
    const removeKey = await call('PATCH', `/crypto/certificatekeypairs/${r.json().pk}/`, { key_data: '' });
    assert.equal(removeKey.json().private_key_available, false);
  });

  it('validates blueprint content on save and answers the importer\u2019s log', async () => {
    const r = await call('POST', '/managed/blueprints/', { name: 'bad', content: 'version: 1\nentries:\n  - model: authentik_core.application\n    identifiers:\n      slug: wiki\n' });
    assert.deepEqual(
      [r.status, r.json()],
      [
        400,
        { content: ['Failed to validate blueprint', "- Entry invalid: Serializer errors {'name': [ErrorDetail(string='This field is required.', code='required')]}", '- Blueprint validation failed'] },
      ],
    );
    const existing = await call('POST', '/managed/blueprints/', {
      name: 'ok',
      content: 'version: 1\nentries:\n  - model: authentik_core.application\n    identifiers:\n      slug: grafana\n    attrs:\n      meta_hide: true\n',
    });
    assert.equal(existing.status, 201, 'an entry matching an existing object is a partial update');
    const model = await call('POST', '/managed/blueprints/', { name: 'm', content: 'version: 1\nentries:\n  - model: authentik_core.nothing\n    identifiers: {name: x}\n' });
    assert.deepEqual(model.json().content, ['Failed to validate blueprint', '- App or Model does not exist', '- Blueprint validation failed']);
    const path = await call('POST', '/managed/blueprints/', { name: 'p', path: 'nowhere.yaml' });
    assert.deepEqual(path.json(), { path: ['Blueprint file does not exist'] });
    const fromFile = await call('POST', '/managed/blueprints/', { name: 'f', path: 'example/flows-enrollment-2-stage.yaml' });
    assert.equal(fromFile.status, 201);
    assert.equal(fromFile.json().status, 'unknown');
  });
});
