import * as assert from 'node:assert/strict';
import { AuthentikClient, licenseExpiry, validateDuration } from '../../../../src/clients/authentik';
import { AUTHENTIK_KINDS, AUTHENTIK_KIND_NAMES, displayNameOf, idOf } from '../../../../src/clients/authentik/resources/kinds';
import { blueprintProblemsFromFieldErrors } from '../../../../src/clients/authentik/blueprintLog';
import { authentikApiBase } from '../../../../src/core/config';
import { ServiceError } from '../../../../src/core/errors';
import { RedactingLogger } from '../../../../src/core/logger';
import { REDACTED, KnownSecrets } from '../../../../src/core/redact';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../../../servers/authentik';
import { FAILING_BLUEPRINT } from '../../../servers/authentik/directory/managed';
import { standInLicenseKey } from '../../../servers/authentik/managed/licenseKey';

/** Fails the test unless `promise` rejects with a ServiceError; returns it. */
async function serviceError(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof ServiceError, `expected a ServiceError, got ${String(e)}`);
    return e;
  }
  assert.fail('expected the call to fail');
}

/** The 13 managed kinds through the client, against the stand-in (which validates every answer against schema.yml). */
describe('authentik managed resources: client against the stand-in', function () {
  this.timeout(30_000);
  let standIn: AuthentikStandIn;
  let client: AuthentikClient;
  let secrets: KnownSecrets;
  const lines: string[] = [];

  before(async () => {
    standIn = await startAuthentikStandIn();
  });
  beforeEach(() => {
    secrets = new KnownSecrets();
    const logger = new RedactingLogger((_level, message) => lines.push(message), secrets);
    client = new AuthentikClient({ apiBase: authentikApiBase(standIn.url), token: AUTHENTIK_TOKENS.admin, secrets, logger, sleep: async () => undefined });
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, []);
    standIn.reset();
    lines.length = 0;
  });

  const d = () => standIn.seed.directory;
  const flowPk = (slug: string) => d().flows.find((f) => f.slug === slug)!.pk;
  const lastBody = (method: string) => [...standIn.requests].reverse().find((r) => r.method === method)?.body;

  it('lists every kind (count for "N of M", default ordering, search) and retrieves each object by its lookup', async () => {
    for (const kind of AUTHENTIK_KIND_NAMES) {
      const resources = await client.resources(kind);
      const page = await resources.list({ pageSize: 2 });
      assert.ok(page.count >= 1, `${kind} has objects`);
      assert.equal(page.items.length, Math.min(2, page.count));
      assert.equal(page.next, page.count > 2 ? 2 : undefined);
      const query = standIn.requests[standIn.requests.length - 1].query;
      assert.equal(query.ordering, AUTHENTIK_KINDS[kind].defaultOrdering);
      const first = page.items[0];
      const one = await resources.retrieve(idOf(kind, first));
      assert.equal(idOf(kind, one), idOf(kind, first));
      assert.equal(displayNameOf(kind, one), displayNameOf(kind, first));
    }
    assert.equal((await (await client.resources('application')).list()).count, d().applications.length, 'superuser_full_list: every application');
    const found = await (await client.resources('eventTransport')).list({ search: 'slack' });
    assert.deepEqual(
      found.items.map((t) => t.name),
      ['SRE Slack'],
    );
  });

  it('lists children: an application\u2019s entitlements, a flow\u2019s bindings in order, a connector\u2019s enrollment tokens', async () => {
    const grafana = d().applications.find((a) => a.slug === 'grafana')!;
    const entitlements = await (await client.resources('applicationEntitlement')).listChildren(grafana.pk);
    assert.deepEqual(
      entitlements.items.map((e) => e.name),
      ['grafana-admins', 'grafana-editors'],
    );
    assert.equal(standIn.requests[0].query.app, grafana.pk);
    const bindings = await (await client.resources('flowStageBinding')).listChildren(flowPk('default-authentication-flow'));
    assert.deepEqual(
      bindings.items.map((b) => b.order),
      [10, 20, 30, 100],
    );
    const connector = d().agentConnectors[0];
    const tokens = await (await client.resources('enrollmentToken')).listChildren(connector.connector_uuid, { ordering: 'name' });
    assert.deepEqual(
      tokens.items.map((t) => t.name),
      ['Engineering MacBooks', 'Lobby kiosks'],
    );
    assert.equal(tokens.items[0].device_group_obj?.name, 'Engineering devices');
    await assert.rejects((await client.resources('flow')).listChildren('x'), /do not belong to a parent/);
  });

  it('creates with POST and the …Request body, then reads the object back', async () => {
    const flows = await client.resources('flow');
    const created = await flows.create({ name: 'Partner portal', slug: 'partner-portal', title: 'Acme partners', designation: 'authentication' });
    assert.deepEqual(lastBody('POST'), { name: 'Partner portal', slug: 'partner-portal', title: 'Acme partners', designation: 'authentication' });
    assert.equal(created.slug, 'partner-portal');
    assert.equal(created.layout, 'stacked', 'the server\u2019s default');
    const binding = await (await client.resources('flowStageBinding')).create({ target: created.pk, stage: d().stages[0].pk, order: 10 });
    assert.equal(binding.stage_obj.name, d().stages[0].name);
    assert.deepEqual((await flows.retrieve('partner-portal')).stages, [d().stages[0].pk]);
    const grafana = d().applications.find((a) => a.slug === 'grafana')!;
    const entitlement = await (await client.resources('applicationEntitlement')).create({ name: 'grafana-auditors', app: grafana.pk, attributes: { grafana_role: 'Viewer' } });
    assert.deepEqual(entitlement.attributes, { grafana_role: 'Viewer' });
  });

  it('PATCH sends exactly the fields given, and the rest stays as it was', async () => {
    const apps = await client.resources('application');
    const before = await apps.retrieve('grafana');
    const after = await apps.partialUpdate('grafana', { meta_icon: '/media/public/grafana.svg', meta_hide: undefined });
    assert.deepEqual(lastBody('PATCH'), { meta_icon: '/media/public/grafana.svg' });
    assert.equal(after.meta_icon, '/media/public/grafana.svg');
    assert.deepEqual({ ...after, meta_icon: before.meta_icon, meta_icon_url: before.meta_icon_url }, before);
    const brand = d().brands.find((b) => b.domain === 'id.acme.example')!;
    const lockdown = flowPk('default-password-change');
    const patched = await (await client.resources('brand')).partialUpdate(brand.brand_uuid, { flow_lockdown: lockdown });
    assert.deepEqual(lastBody('PATCH'), { flow_lockdown: lockdown });
    assert.equal(patched.flow_lockdown, lockdown);
    assert.equal(patched.branding_title, 'Acme ID');
    const renamed = await apps.partialUpdate('grafana', { slug: 'grafana-cloud' });
    assert.equal((await client.resources('application')).idOf(renamed), 'grafana-cloud', 'a new slug is the new lookup');
    await apps.retrieve('grafana-cloud');
  });

  it('refuses read-only and create-only fields before anything is sent (a field it does not know is left to the server)', async () => {
    const flow = await serviceError((await client.resources('flow')).partialUpdate('default-authentication-flow', { pk: 'x', nmae: 'typo' } as never));
    assert.equal(flow.kind, 'badInput');
    assert.deepEqual(flow.fieldErrors, [{ field: 'pk', messages: ['is read-only: the server computes it'] }]);
    const connector = d().agentConnectors[0];
    const createOnly = await serviceError((await client.resources('connectorAgent')).partialUpdate(connector.connector_uuid, { connector_uuid: connector.connector_uuid }));
    assert.deepEqual(createOnly.fieldErrors, [{ field: 'connector_uuid', messages: ['can only be set when the object is created'] }]);
    await serviceError((await client.resources('flow')).partialUpdate('default-authentication-flow', {}));
    assert.equal(standIn.requests.length, 0);
  });

  it('PUT sends the whole body', async () => {
    const e = d().entitlements[0];
    const updated = await (await client.resources('applicationEntitlement')).update(e.pk, { name: 'grafana-owners', app: e.app });
    assert.deepEqual(lastBody('PUT'), { name: 'grafana-owners', app: e.app });
    assert.equal(updated.name, 'grafana-owners');
    assert.deepEqual(updated.attributes, { grafana_role: 'Admin' }, 'a field PUT leaves out keeps its value on authentik');
  });

  it('deletes, and a second delete of the same object is "already gone"; an HTML 404 stays an error', async () => {
    const entitlements = await client.resources('applicationEntitlement');
    const pk = d().entitlements[0].pk;
    assert.deepEqual(await entitlements.destroy(pk), { outcome: 'deleted' });
    assert.deepEqual(await entitlements.destroy(pk), { outcome: 'alreadyGone', serverMessage: 'No ApplicationEntitlement matches the given query.' });
    await serviceError(entitlements.retrieve(pk));
    standIn.faults.inject({ kind: 'htmlError', status: 404, route: 'DELETE /api/v3/core/application_entitlements/*' });
    const e = await serviceError(entitlements.destroy(d().entitlements[0].pk));
    assert.equal(e.status, 404);
  });

  it('used_by lists what deleting a flow does; the delete is allowed and cascades as authentik does', async () => {
    const flows = await client.resources('flow');
    const used = await flows.usedBy('default-authentication-flow');
    const summary = used.map((u) => `${u.model_name}:${u.action}`);
    assert.equal(summary.filter((s) => s === 'flowstagebinding:cascade').length, 4);
    assert.ok(summary.includes('brand:set_null'));
    assert.ok(summary.includes('oauthsource:set_null'));
    const pk = flowPk('default-authentication-flow');
    assert.deepEqual(await flows.destroy('default-authentication-flow'), { outcome: 'deleted' });
    assert.equal((await (await client.resources('flowStageBinding')).listChildren(pk)).count, 0);
    const brand = await (await client.resources('brand')).retrieve(d().brands[0].brand_uuid);
    assert.equal(brand.flow_authentication, null);
    assert.equal((await flows.list({ filters: { slug: 'default-authentication-flow' } })).count, 0);
  });

  it('shows authentik\u2019s 400 field by field', async () => {
    const bad = await serviceError((await client.resources('flow')).create({ name: 'x', slug: 'bad slug!', title: 't', designation: 'nope' as never }));
    assert.equal(bad.kind, 'badInput');
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.fieldErrors, [
      { field: 'slug', messages: ['Enter a valid “slug” consisting of letters, numbers, underscores or hyphens.'] },
      { field: 'designation', messages: ['"nope" is not a valid choice.'] },
    ]);
    assert.match(bad.message, /slug: Enter a valid “slug”.*designation: "nope" is not a valid choice\./);
    const taken = await serviceError((await client.resources('application')).create({ name: 'Grafana 2', slug: 'grafana' }));
    assert.deepEqual(taken.fieldErrors, [{ field: 'slug', messages: ['Application with this slug already exists.'] }]);
    const webhook = await serviceError((await client.resources('eventTransport')).create({ name: 'hook', mode: 'webhook' }));
    assert.deepEqual(webhook.fieldErrors, [{ field: 'webhook_url', messages: ['Webhook URL may not be empty.'] }]);
    const b = d().bindings[0];
    const clash = await serviceError((await client.resources('flowStageBinding')).create({ target: b.target, stage: b.stage, order: b.order }));
    assert.deepEqual(clash.fieldErrors, [{ field: '(all fields)', messages: ['The fields target, stage, order must make a unique set.'] }]);
    const missing = await serviceError((await client.resources('eventRule')).create({ name: 'r', transports: ['00000000-0000-4000-8000-000000000000'] }));
    assert.deepEqual(missing.fieldErrors, [{ field: 'transports', messages: ['Invalid pk "00000000-0000-4000-8000-000000000000" - object does not exist.'] }]);
    assert.match(missing.message, /transports: Invalid pk/);
  });

  it('never retries a write: a POST, PUT, PATCH or DELETE whose connection was reset is sent once', async () => {
    const e = d().entitlements[0];
    const calls: Array<[string, string, () => Promise<unknown>]> = [
      ['POST', '/api/v3/core/application_entitlements/', async () => (await client.resources('applicationEntitlement')).create({ name: 'n', app: e.app })],
      ['PUT', `/api/v3/core/application_entitlements/${e.pk}/`, async () => (await client.resources('applicationEntitlement')).update(e.pk, { name: 'n', app: e.app })],
      ['PATCH', `/api/v3/core/application_entitlements/${e.pk}/`, async () => (await client.resources('applicationEntitlement')).partialUpdate(e.pk, { name: 'n' })],
      ['DELETE', `/api/v3/core/application_entitlements/${e.pk}/`, async () => (await client.resources('applicationEntitlement')).destroy(e.pk)],
    ];
    for (const [method, path, call] of calls) {
      standIn.faults.inject({ kind: 'reset', route: `${method} ${path}`, times: 1 });
      const failure = await serviceError(call());
      assert.equal(failure.kind, 'network', method);
      assert.equal(standIn.requests.filter((r) => r.method === method).length, 1, `${method} sent once`);
    }
    // The same fault on a read is retried (what the writes above must not do).
    standIn.faults.inject({ kind: 'reset', route: `GET /api/v3/core/application_entitlements/${e.pk}/`, times: 1 });
    await (await client.resources('applicationEntitlement')).retrieve(e.pk);
    assert.equal(standIn.requests.filter((r) => r.method === 'GET').length, 2);
  });

  it('a read-only token may read but not write', async () => {
    const readOnly = new AuthentikClient({ apiBase: authentikApiBase(standIn.url), token: AUTHENTIK_TOKENS.readOnly });
    await (await readOnly.resources('eventRule')).list();
    const e = await serviceError((await readOnly.resources('eventRule')).create({ name: 'nope' }));
    assert.equal(e.kind, 'forbidden');
  });

  describe('secrets', () => {
    const masked = (value: string) => secrets.redactText(`x ${value} y`) === `x ${REDACTED} y`;
    const logged = () => lines.join('\n');

    it('a license key read from the server is masked in every log line', async () => {
      const licenses = await (await client.resources('license')).list();
      const key = licenses.items[0].key;
      assert.ok(key.length > 100);
      assert.ok(masked(key));
      await (await client.resources('license')).retrieve(licenses.items[0].license_uuid);
      assert.ok(lines.length > 0, 'the client logged the requests');
      assert.ok(!logged().includes(key));
      assert.ok(!logged().includes(key.slice(0, 40)), 'not even the start of it (the body is not trace-logged)');
    });

    it('a license key installed by the user is registered before it is sent, and a refused key is never echoed', async () => {
      const key = standInLicenseKey(standIn.seed.installId, { name: 'Acme Sandbox', exp: Math.floor(Date.now() / 1000) + 90 * 86_400, internal_users: 10, external_users: 0 });
      const created = await (await client.resources('license')).create({ key });
      assert.equal(created.name, 'Acme Sandbox');
      assert.ok(masked(key));
      const wrongInstall = standInLicenseKey('another-installation', { name: 'X', exp: Math.floor(Date.now() / 1000) + 86_400, internal_users: 1, external_users: 0 });
      const e = await serviceError((await client.resources('license')).create({ key: wrongInstall }));
      assert.deepEqual(e.fieldErrors, [{ field: 'key', messages: ['Unable to verify license'] }]);
      assert.ok(masked(wrongInstall));
      assert.ok(!e.message.includes(wrongInstall) && !logged().includes(wrongInstall));
    });

    it('the Chrome connector\u2019s credentials and a webhook URL are masked once read', async () => {
      const connector = (await (await client.resources('browserConnector')).list()).items[0];
      const privateKey = String(connector.credentials.private_key);
      assert.ok(masked(privateKey));
      assert.ok(masked(String(connector.credentials.private_key_id)));
      assert.ok(!masked('https://oauth2.googleapis.com/token'), 'published parts of a key file are not secrets');
      const slack = (await (await client.resources('eventTransport')).list({ search: 'slack' })).items[0];
      assert.ok(masked(slack.webhook_url!));
      assert.ok(!logged().includes(privateKey.split('\n')[1]) && !logged().includes(slack.webhook_url!));
    });

    it('an enrollment key is registered before it is returned and never logged', async () => {
      const token = d().enrollmentTokens[0];
      const key = await client.viewEnrollmentKey(token.token_uuid);
      assert.equal(key, token.key);
      assert.ok(masked(key));
      assert.ok(!logged().includes(key));
    });

    it('a private key sent with a certificate is registered before the request', async () => {
      const pair = standIn.seed.directory.certificates.find((c) => c.keyPem)!;
      const marker = 'MARKER-private-key-value-0123456789';
      const e = await serviceError((await client.resources('certificateKeyPair')).create({ name: 'imported', certificate_data: pair.certificatePem, key_data: marker }));
      assert.deepEqual(e.fieldErrors, [{ field: 'key_data', messages: ['Unable to load private key (possibly encrypted?).'] }]);
      assert.ok(masked(marker));
      const created = await (await client.resources('certificateKeyPair')).create({ name: 'imported', certificate_data: pair.certificatePem, key_data: pair.keyPem! });
      assert.equal(created.private_key_available, true);
      assert.equal(created.fingerprint_sha256, pair.sha256);
      assert.ok(!logged().includes(marker));
    });
  });

  it('durations: the server takes a misspelt unit silently, the client validator names it', async () => {
    const connector = d().agentConnectors[0];
    const updated = await (await client.resources('connectorAgent')).partialUpdate(connector.connector_uuid, { auth_session_duration: 'hourz=1;minutes=5' });
    assert.equal(updated.auth_session_duration, 'hourz=1;minutes=5', 'authentik would keep it and read five minutes');
    const check = validateDuration(updated.auth_session_duration);
    assert.equal(check.ok, false);
    assert.equal(check.problems[0].key, 'hourz');
    const refused = await serviceError((await client.resources('connectorAgent')).partialUpdate(connector.connector_uuid, { refresh_interval: 'hourz=1' }));
    assert.deepEqual(refused.fieldErrors, [{ field: 'refresh_interval', messages: ["hourz=1 is not in the correct format of 'hours=3;minutes=1'."] }]);
  });

  it('blueprints: a save with a bad entry is a 400 whose log becomes problems on the right line', async () => {
    const draft = d().blueprints.find((b) => b.status === 'error')!;
    const e = await serviceError((await client.resources('blueprint')).partialUpdate(draft.pk, { content: FAILING_BLUEPRINT }));
    assert.equal(e.status, 400);
    const problems = blueprintProblemsFromFieldErrors(e.fieldErrors, FAILING_BLUEPRINT);
    assert.deepEqual(
      problems.map((p) => [p.message, p.line, p.column]),
      [['designation: "authentification" is not a valid choice.', 14, 7]],
    );
    assert.equal(FAILING_BLUEPRINT.split('\n')[13].trim(), 'designation: authentification');
    const fixed = FAILING_BLUEPRINT.replace('authentification', 'authentication');
    const saved = await (await client.resources('blueprint')).partialUpdate(draft.pk, { content: fixed, enabled: true });
    assert.equal(saved.content, fixed);
    const answered = await client.applyBlueprint(draft.pk);
    assert.equal(answered.status, 'error', 'apply answers the instance as it was (the task runs later)');
    const applied = await (await client.resources('blueprint')).retrieve(draft.pk);
    assert.equal(applied.status, 'successful');
    assert.deepEqual(applied.managed_models, ['authentik_flows.flow', 'authentik_flows.flowstagebinding']);
    assert.deepEqual(
      (await client.availableBlueprints()).map((f) => f.path),
      ['default/flow-default-authentication-flow.yaml', 'example/flows-enrollment-2-stage.yaml'],
    );
    const neither = await serviceError((await client.resources('blueprint')).create({ name: 'empty' }));
    assert.deepEqual(neither.fieldErrors, [{ field: '(all fields)', messages: ['Either path or content must be set.'] }]);
  });

  it('generates a self-signed certificate with subject alt names and validity, checking the inputs first', async () => {
    const pair = await client.generateCertificate({ commonName: 'vpn.acme.example', subjectAltNames: ['vpn.acme.example', 'vpn2.acme.example'], validityDays: 90 });
    assert.deepEqual(lastBody('POST'), { common_name: 'vpn.acme.example', validity_days: 90, subject_alt_name: 'vpn.acme.example,vpn2.acme.example' });
    assert.equal(pair.name, 'vpn.acme.example');
    assert.equal(pair.private_key_available, true);
    assert.match(pair.cert_subject ?? '', /CN=vpn\.acme\.example/);
    const days = (Date.parse(pair.cert_expiry!) - Date.now()) / 86_400_000;
    assert.ok(days > 89 && days <= 90, `expires in 90 days (${days})`);
    const before = standIn.requests.length;
    const e = await serviceError(client.generateCertificate({ commonName: ' ', validityDays: 0, subjectAltNames: ['a,b'] }));
    assert.deepEqual(
      e.fieldErrors.map((f) => f.field),
      ['common_name', 'validity_days', 'subject_alt_name'],
    );
    assert.equal(standIn.requests.length, before, 'nothing was sent');
  });

  it('exports a flow as blueprint YAML, tests transports, and reads the license status', async () => {
    const yaml = await client.exportFlow('default-authentication-flow');
    assert.match(yaml, /^version: 1\n/);
    assert.match(yaml, /slug: default-authentication-flow/);
    assert.equal((yaml.match(/model: authentik_flows\.flowstagebinding/g) ?? []).length, 4);
    const transports = d().notificationTransports;
    assert.deepEqual(await client.testTransport(transports.find((t) => t.name === 'SRE Slack')!.pk), { messages: ['200', 'ok'] });
    assert.deepEqual(await client.testTransport(transports.find((t) => t.mode === 'local')!.pk), { messages: [] });
    const failed = await serviceError(client.testTransport(transports.find((t) => t.name === 'Old monitoring webhook')!.pk));
    assert.equal(failed.kind, 'server');
    assert.equal(standIn.requests.filter((r) => r.method === 'POST').length, 3, 'a failed test is not repeated');
    const summary = await client.licenseSummary();
    assert.equal(summary.status, 'expiry_soon');
    assert.deepEqual([summary.internal_users, summary.external_users], [300, 50]);
    assert.equal(await client.licenseInstallId(), standIn.seed.installId);
    const forecast = await client.licenseForecast();
    assert.equal(forecast.internal_users, standIn.seed.users.filter((u) => u.isActive && u.type === 'internal').length);
    const license = (await (await client.resources('license')).list()).items[0];
    assert.equal(licenseExpiry(license.expiry).state, 'expiring');
    assert.equal(licenseExpiry(license.expiry, Date.parse(license.expiry) - 20 * 86_400_000).state, 'valid');
    assert.equal(licenseExpiry(license.expiry, Date.parse(license.expiry) + 1).state, 'expired');
  });
});
