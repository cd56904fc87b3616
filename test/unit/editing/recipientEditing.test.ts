import * as assert from 'node:assert/strict';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { recipientProblems } from '../../../src/clients/honeycomb/recipientRules';
import { RedactingLogger } from '../../../src/core/logger';
import { KnownSecrets } from '../../../src/core/redact';
import { documentOf, formatDocument } from '../../../src/editing/document';
import { guardedSave } from '../../../src/editing/guardedSave';
import { Address, EditableKind, JsonObject } from '../../../src/editing/kind';
import { summarizePlan } from '../../../src/editing/plan';
import { requestBody } from '../../../src/editing/requestBody';
import { validateDocument } from '../../../src/editing/validate';
import { recipientKind } from '../../../src/views/honeycomb/kinds/recipient';
import { recipientBackend } from '../../../src/views/honeycomb/kinds/recipientBackend';
import { recipientPulumi, recipientTerraform } from '../../../src/views/honeycomb/kinds/recipientCode';
import { keepCreateSecret } from '../../../src/views/honeycomb/kinds/recipientCreateSecrets';
import { writeRecipientSecret } from '../../../src/views/honeycomb/kinds/recipientSecrets';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { scriptedUi } from './fakeKind';
import { validationSchema } from './kindSchemas';

/**
 * Honeycomb recipients through the editing mechanism against the stand-in (whose PUT replaces the
 * whole recipient, so a secret a body leaves out is gone): documents and plans never hold a
 * secret, a save still keeps every secret on the server, the secret commands change exactly one,
 * a new PagerDuty recipient gets the key asked before its document opened, and a delete lists the
 * triggers that use the recipient. Nothing a user sees, and no log line, holds a secret.
 */
describe('editing Honeycomb recipients (stand-in)', () => {
  let standIn: HoneycombStandIn;
  let kind: EditableKind;
  let logLines: string[];

  before(async () => {
    standIn = await startHoneycombStandIn();
    logLines = [];
    const secrets = new KnownSecrets();
    const logger = new RedactingLogger((_level, message) => logLines.push(message), secrets);
    const client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production, secrets, logger, sleep: async () => undefined });
    kind = recipientKind({ backend: recipientBackend(async () => client.api), schema: validationSchema('honeycomb-recipient'), rules: (d, b) => recipientProblems(d, b) });
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, [], 'the stand-in answered outside the OpenAPI document');
    standIn.reset();
  });

  const seeded = (type: string) => {
    const found = standIn.seed.recipients.find((r) => r.type === type);
    assert.ok(found, `a seeded ${type} recipient`);
    return found;
  };
  const secretsOf = (type: string): string[] => {
    const d = seeded(type).details as JsonObject;
    return [d.webhook_secret, d.pagerduty_integration_key, ...((d.webhook_headers as JsonObject[] | undefined) ?? []).map((h) => h.value)].filter((v): v is string => typeof v === 'string');
  };
  async function opened(type: string): Promise<{ address: Address; baseline: JsonObject }> {
    const address = { env: 'production', id: seeded(type).id };
    const baseline = documentOf(kind, await kind.backend.read(address));
    standIn.requests.length = 0;
    return { address, baseline };
  }
  const assertNoSecret = (what: string, value: unknown, secrets: string[]) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    for (const secret of secrets) assert.ok(!text.includes(secret), `${what} holds a secret`);
  };

  it('a webhook’s document holds no secret; an edit saves in two requests and every secret stays on the server', async () => {
    const secrets = secretsOf('webhook');
    assert.ok(secrets.length >= 2, 'the seed webhook has a secret and a header value');
    const before = structuredClone(seeded('webhook').details);
    const { address, baseline } = await opened('webhook');
    assertNoSecret('the document', formatDocument(baseline), secrets);
    assert.deepEqual((baseline.details as JsonObject).webhook_headers, [{ header: 'X-Team' }], 'the header is shown, its value is not');

    const changed = structuredClone(baseline);
    (changed.details as JsonObject).webhook_url = 'https://hooks.acme.example/honeycomb/v2';
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({ kind, target: { mode: 'update', address, baseline }, text: formatDocument(changed), ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.equal(summarizePlan(shown.plans[0].changes), 'details.webhook_url "https://hooks.acme.example/honeycomb/incidents" → "https://hooks.acme.example/honeycomb/v2"');
    assertNoSecret('the plan', [summarizePlan(shown.plans[0].changes), shown.plans[0].current, shown.plans[0].proposed], secrets);
    assert.deepEqual(
      standIn.requests.map((r) => `${r.method} ${r.path}`),
      [`GET /1/recipients/${address.id}`, `PUT /1/recipients/${address.id}`],
    );
    assert.deepEqual(seeded('webhook').details, { ...before, webhook_url: 'https://hooks.acme.example/honeycomb/v2' }, 'only the URL changed: secret, header value and payloads are kept');
    assert.ok(outcome.status === 'saved' && !JSON.stringify(outcome.document).includes(secrets[0]), 'nor in the new baseline');
    assertNoSecret('the log', logLines.join('\n'), secrets);
  });

  it('saving a recipient unchanged sends nothing', async () => {
    const { address, baseline } = await opened('pagerduty');
    const outcome = await guardedSave({ kind, target: { mode: 'update', address, baseline }, text: formatDocument(baseline), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'unchanged');
    assert.deepEqual(standIn.requests, []);
  });

  it('Set Webhook Secret… and Set Header Value… change exactly that value, through a plan that does not show it', async () => {
    const { address } = await opened('webhook');
    const before = structuredClone(seeded('webhook').details);
    const { ui, shown } = scriptedUi();
    assert.equal((await writeRecipientSecret(kind, address, { field: 'webhook_secret', value: 'NewFakeSigningSecret-2' }, ui)).status, 'saved');
    assert.equal((await writeRecipientSecret(kind, address, { field: 'header_value', header: 'x-team', value: 'FakeTeamToken-3' }, ui)).status, 'saved');
    assert.deepEqual(seeded('webhook').details, { ...before, webhook_secret: 'NewFakeSigningSecret-2', webhook_headers: [{ header: 'X-Team', value: 'FakeTeamToken-3' }] });
    assert.deepEqual(
      shown.plans.map((p) => summarizePlan(p.changes)),
      ['details.webhook_secret "(set, not shown)" → the value you typed (not shown)', 'details.webhook_headers[0].value "(set, not shown)" → the value you typed (not shown)'],
    );
    assertNoSecret(
      'the plans',
      shown.plans.map((p) => [summarizePlan(p.changes), p.current, p.proposed]),
      ['NewFakeSigningSecret-2', 'FakeTeamToken-3', before.webhook_secret as string],
    );
    assertNoSecret('the log', logLines.join('\n'), ['NewFakeSigningSecret-2', 'FakeTeamToken-3']);
  });

  it('a secret command checks the value and the type before anything is sent, and a cancelled plan sends nothing', async () => {
    const { address } = await opened('pagerduty');
    await assert.rejects(writeRecipientSecret(kind, address, { field: 'pagerduty_integration_key', value: 'too-short' }, scriptedUi().ui), /32 characters \(this one has 9\)/);
    await assert.rejects(writeRecipientSecret(kind, address, { field: 'webhook_secret', value: 'x' }, scriptedUi().ui), /pagerduty recipient: only a webhook recipient/);
    const cancelled = await writeRecipientSecret(kind, address, { field: 'pagerduty_integration_key', value: 'FAKEpagerdutyKEYforTESTS00000009' }, scriptedUi({ confirm: false }).ui);
    assert.equal(cancelled.status, 'cancelled');
    assert.deepEqual(
      standIn.requests.map((r) => r.method),
      ['GET', 'GET'],
      'reads only',
    );
  });

  it('New PagerDuty recipient: the key asked first joins the create body; without it the create stops before any request', async () => {
    const template = kind.template({ env: 'production', type: 'pagerduty' });
    const secretRef = keepCreateSecret({ type: 'pagerduty', field: 'pagerduty_integration_key', value: 'FAKEpagerdutyKEYforTESTS00000007' });
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({ kind, target: { mode: 'create', parent: { env: 'production', type: 'pagerduty', secretRef } }, text: formatDocument(template), ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    const created = standIn.seed.recipients.find((r) => r.id === (outcome.status === 'saved' ? outcome.address.id : ''));
    assert.equal(created?.details.pagerduty_integration_key, 'FAKEpagerdutyKEYforTESTS00000007');
    assertNoSecret('the plan and the document', [shown.plans, outcome.status === 'saved' ? outcome.document : {}], ['FAKEpagerdutyKEYforTESTS00000007']);

    standIn.requests.length = 0;
    const lost = await guardedSave({ kind, target: { mode: 'create', parent: { env: 'production' } }, text: formatDocument(template), ui: scriptedUi().ui });
    assert.equal(lost.status, 'failed');
    assert.match(lost.status === 'failed' ? lost.message : '', /needs its integration key.*New Recipient…/s);
    assert.deepEqual(standIn.requests, []);
  });

  it('a legacy MS Teams recipient opens with the reason it is read-only, and its save is refused before any request', async () => {
    const { address, baseline } = await opened('msteams');
    const changed = { ...baseline, details: { ...(baseline.details as JsonObject), webhook_name: 'Renamed' } };
    const outcome = await guardedSave({ kind, target: { mode: 'update', address, baseline }, text: formatDocument(changed), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'invalid');
    assert.match(outcome.status === 'invalid' ? outcome.problems[0].message : '', /read-only here.*msteams_workflow/s);
    assert.deepEqual(standIn.requests, []);
  });

  it('a delete lists the triggers that notify the recipient; the stand-in refuses to delete one in use', async () => {
    const slack = standIn.seed.recipients.find((r) => r.details.slack_channel === '#alerts-prod');
    assert.ok(slack);
    const users = await kind.backend.usedBy!({ env: 'production', id: slack.id });
    assert.deepEqual(users.sort(), ['trigger “High 5xx rate” (dataset api-gateway)', 'trigger “Staging smoke errors” (dataset api-gateway)'].sort());
    await assert.rejects(kind.backend.remove({ env: 'production', id: slack.id }), /409|conflict|in use/i);
    const { address: fresh } = await kind.backend.create({ env: 'production' }, { type: 'email', details: { email_address: 'nobody-uses-me@example.com' } });
    const unused = { id: fresh.id };
    assert.deepEqual(await kind.backend.usedBy!({ env: 'production', id: unused.id }), []);
    assert.equal(await kind.backend.remove({ env: 'production', id: unused.id }), 'deleted');
    assert.equal(await kind.backend.remove({ env: 'production', id: unused.id }), 'alreadyGone');
  });

  it('a key without the "Manage Recipients" permission is refused, and a create is told which permission it needs', async () => {
    const limited = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.productionLimited, sleep: async () => undefined });
    const backend = recipientBackend(async () => limited.api);
    const before = structuredClone(standIn.seed.recipients);
    await assert.rejects(backend.create({ env: 'production' }, { type: 'email', details: { email_address: 'x@example.com' } }), (error: Error) =>
      /^The configuration key needs the "Manage Recipients" permission/.test((error as { hint?: string }).hint ?? ''),
    );
    const id = seeded('email').id;
    await assert.rejects(backend.update({ env: 'production', id }, { type: 'email', details: { email_address: 'x@example.com' } }));
    await assert.rejects(backend.remove({ env: 'production', id }));
    assert.deepEqual(standIn.seed.recipients, before, 'nothing changed');
  });

  it('a detail answered as null (the Go client sends webhook_headers: null) opens without a problem and goes back as it came', async () => {
    const object = { id: 'r1', type: 'webhook', details: { webhook_name: 'n', webhook_url: 'https://a.example.com/x', webhook_secret: 's3cr3t-fake', webhook_headers: null } };
    const document = documentOf(kind, object);
    assert.deepEqual(document, { type: 'webhook', details: { webhook_name: 'n', webhook_url: 'https://a.example.com/x' } });
    assert.deepEqual(await validateDocument(kind, document, document), []);
    assert.deepEqual(requestBody(kind, object, document, document), { type: 'webhook', details: object.details });
  });

  it('Copy as Terraform / Pulumi: each secret is a sensitive variable or requireSecret, never its value', async () => {
    const address = { env: 'production', id: seeded('webhook').id };
    const object = await kind.backend.read(address);
    const secrets = secretsOf('webhook');
    const terraform = await kind.code!.terraform(object, address);
    const pulumi = await kind.code!.pulumi(object, address);
    assertNoSecret('the Terraform', terraform, secrets);
    assertNoSecret('the Pulumi', pulumi, secrets);
    assert.match(terraform, /resource "honeycombio_webhook_recipient" "incident_bot" \{/);
    assert.match(terraform, /secret\s+= var\.incident_bot_secret/);
    assert.match(terraform, /header \{\n\s+name\s+= "X-Team"\n\s+value = var\.incident_bot_header_x_team_value\n\s+\}/);
    assert.equal((terraform.match(/sensitive = true/g) ?? []).length, 2, 'two sensitive variables');
    assert.match(terraform, new RegExp(`import \\{\\n  to = honeycombio_webhook_recipient\\.incident_bot\\n  id = "${address.id}"\\n\\}`));
    assert.match(terraform, /template \{\n\s+type = "trigger"/);
    assert.match(pulumi, /secret: config\.requireSecret\("incidentBotSecret"\)/);
    assert.match(pulumi, /value: config\.requireSecret\("incidentBotHeaderXTeamValue"\)/);
    assert.match(pulumi, /new honeycombio\.WebhookRecipient\(/);
    const pagerduty = recipientTerraform({ type: 'pagerduty', details: { pagerduty_integration_name: 'Ops', pagerduty_integration_key: secretsOf('pagerduty')[0] } }, { env: 'production', id: 'pd1' });
    assert.match(pagerduty, /integration_key\s+= var\.ops_integration_key/);
    assertNoSecret('the PagerDuty Terraform', pagerduty, secretsOf('pagerduty'));
    assert.match(
      recipientPulumi({ type: 'email', details: { email_address: 'oncall@example.com' } }, { env: 'production', id: 'e1' }),
      /new honeycombio\.EmailRecipient\("oncall-example-com", \{\n\s+address: "oncall@example\.com",\n\}, \{ import: "e1" \}\);/,
    );
  });
});
