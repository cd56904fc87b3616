import * as assert from 'node:assert/strict';
import { AuthentikClient } from '../../../src/clients/authentik';
import { AUTHENTIK_KINDS, AUTHENTIK_KIND_NAMES, AuthentikKind, idOf } from '../../../src/clients/authentik/resources/kinds';
import { authentikApiBase } from '../../../src/core/config';
import { RedactingLogger } from '../../../src/core/logger';
import { KnownSecrets } from '../../../src/core/redact';
import { documentOf, formatDocument } from '../../../src/editing/document';
import { guardedSave } from '../../../src/editing/guardedSave';
import { Address, EditableKind, JsonObject } from '../../../src/editing/kind';
import { spanOf } from '../../../src/editing/problemRanges';
import { validateDocument } from '../../../src/editing/validate';
import { resourceBackend } from '../../../src/views/authentik/kinds/backend';
import { planMove } from '../../../src/views/authentik/kinds/bindingOrder';
import { schemaFileOf } from '../../../src/views/authentik/kinds/ids';
import { authentikEditableKind, secretFieldsOf } from '../../../src/views/authentik/kinds/kind';
import { managedRecord, managedRef } from '../../../src/views/authentik/managedRecords';
import { applicationRecord, brandRecord } from '../../../src/views/authentik/recordModels';
import { recordContext } from '../../../src/views/authentik/authentikRecord';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../../servers/authentik';
import { validationSchema } from './kindSchemas';
import { scriptedUi } from './fakeKind';

/**
 * authentik's 13 managed kinds on the editing mechanism, against the stand-in (which checks every
 * request body against schema.yml and every answer too): what a save sends, that documents,
 * records and logs never hold a secret, and that durations are refused on the bad key.
 */

describe('editing authentik managed kinds (stand-in)', function () {
  this.timeout(30_000);
  let standIn: AuthentikStandIn;
  let client: AuthentikClient;
  let secrets: KnownSecrets;
  const logLines: string[] = [];
  const kinds = new Map<AuthentikKind, EditableKind>();
  const kind = (k: AuthentikKind) => kinds.get(k)!;

  before(async () => {
    standIn = await startAuthentikStandIn();
  });
  beforeEach(() => {
    secrets = new KnownSecrets();
    const logger = new RedactingLogger((_level, message) => logLines.push(message), secrets);
    client = new AuthentikClient({ apiBase: authentikApiBase(standIn.url), token: AUTHENTIK_TOKENS.admin, secrets, logger, sleep: async () => undefined });
    for (const k of AUTHENTIK_KIND_NAMES) {
      kinds.set(
        k,
        authentikEditableKind(k, {
          backend: resourceBackend(async () => client, k),
          schema: validationSchema(schemaFileOf(k)),
          location: () => 'authentik at stand-in',
        }),
      );
    }
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, [], 'the stand-in saw a request or gave an answer outside schema.yml');
    standIn.reset();
    logLines.length = 0;
  });

  const d = () => standIn.seed.directory;
  const writes = () => standIn.requests.filter((r) => r.method !== 'GET');
  /** The first object of a kind, read through the kind's backend, and its document. */
  async function opened(k: AuthentikKind, pick?: (item: JsonObject) => boolean): Promise<{ address: Address; object: JsonObject; baseline: JsonObject }> {
    const page = await (await client.resources(k)).list();
    const item = (pick ? page.items.find((i) => pick(i as unknown as JsonObject)) : page.items[0]) as unknown as JsonObject;
    assert.ok(item, `the seed has a ${k}`);
    const parent = AUTHENTIK_KINDS[k].parent;
    const address: Address = parent ? { parent: String(item[parent.field]), id: idOf(k, item) } : { id: idOf(k, item) };
    const object = await kind(k).backend.read(address);
    standIn.requests.length = 0;
    return { address, object, baseline: documentOf(kind(k), object) };
  }
  const edited = (baseline: JsonObject, change: (d: JsonObject) => void) => {
    const copy = structuredClone(baseline);
    change(copy);
    return formatDocument(copy);
  };

  it('every seed object of every kind opens as a document its kind’s schema and rules accept, without secrets', async () => {
    for (const k of AUTHENTIK_KIND_NAMES) {
      const page = await (await client.resources(k)).list();
      assert.ok(page.items.length > 0, `the seed has ${k} objects`);
      for (const item of page.items) {
        const document = documentOf(kind(k), item);
        for (const secret of secretFieldsOf(AUTHENTIK_KINDS[k])) assert.equal(secret in document, false, `${k}: ${secret} is not in the document`);
        const problems = await validateDocument(kind(k), document, document);
        assert.deepEqual(problems, [], `${k} ${idOf(k, item)}: ${JSON.stringify(problems)}`);
      }
    }
  });

  it('a save PATCHes only the changed field (brand flow_lockdown) after one re-read, and the rest stays', async () => {
    const { address, baseline, object } = await opened('brand', (b) => b.default === true);
    const flow = d().flows.find((f) => f.designation === 'stage_configuration' || f.designation === 'authentication')!;
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({ kind: kind('brand'), target: { mode: 'update', address, baseline }, text: edited(baseline, (doc) => (doc.flow_lockdown = flow.pk)), ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.deepEqual(
      standIn.requests.map((r) => r.method),
      ['GET', 'PATCH'],
    );
    assert.deepEqual(writes()[0].body, { flow_lockdown: flow.pk }, 'only the changed field is sent');
    assert.equal(shown.plans[0].changes.length, 1);
    const after = await kind('brand').backend.read(address);
    assert.equal(after.flow_lockdown, flow.pk);
    assert.equal(after.branding_title, object.branding_title);
  });

  it('a flow whose slug changes is followed to its new slug (the lookup moves with the write)', async () => {
    const { address, baseline } = await opened('flow', (f) => f.slug === 'default-recovery-flow');
    const outcome = await guardedSave({ kind: kind('flow'), target: { mode: 'update', address, baseline }, text: edited(baseline, (doc) => (doc.slug = 'recovery-renamed')), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'saved');
    assert.ok(outcome.status === 'saved' && outcome.address.id === 'recovery-renamed', 'the new address is the new slug');
    assert.deepEqual(writes()[0].body, { slug: 'recovery-renamed' });
    assert.equal((await kind('flow').backend.read({ id: 'recovery-renamed' })).slug, 'recovery-renamed');
  });

  it('creates from the templates with the …Request body: a flow, then a binding under it, an entitlement under an application', async () => {
    const flowKind = kind('flow');
    const made = await guardedSave({
      kind: flowKind,
      target: { mode: 'create', parent: {} },
      text: formatDocument({ ...flowKind.template({}), slug: 'made-here', name: 'Made here' }),
      ui: scriptedUi().ui,
    });
    assert.equal(made.status, 'saved', JSON.stringify(made));
    assert.equal(writes()[0].method, 'POST');
    const flowPk = String(made.status === 'saved' && made.object.pk);
    const stage = d().stages[0];
    const bindingKind = kind('flowStageBinding');
    const parent = { parent: flowPk, stage: stage.pk, order: '10' };
    const binding = await guardedSave({ kind: bindingKind, target: { mode: 'create', parent }, text: formatDocument(bindingKind.template(parent)), ui: scriptedUi().ui });
    assert.equal(binding.status, 'saved', JSON.stringify(binding));
    assert.ok(binding.status === 'saved');
    assert.equal(binding.address.parent, flowPk, 'the binding is addressed under its flow');
    assert.equal(binding.object.stage, stage.pk);
    const app = (await (await client.resources('application')).list()).items[0];
    const entitlementKind = kind('applicationEntitlement');
    const entitlement = await guardedSave({
      kind: entitlementKind,
      target: { mode: 'create', parent: { parent: app.pk } },
      text: formatDocument(entitlementKind.template({ parent: app.pk })),
      ui: scriptedUi().ui,
    });
    assert.equal(entitlement.status, 'saved', JSON.stringify(entitlement));
  });

  it('the server’s refusal lands on the field it names (a second default brand)', async () => {
    const { address, baseline } = await opened('brand', (b) => b.default !== true);
    const outcome = await guardedSave({ kind: kind('brand'), target: { mode: 'update', address, baseline }, text: edited(baseline, (doc) => (doc.default = true)), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'rejected');
    assert.ok(outcome.status === 'rejected' && outcome.problems.some((p) => p.path[0] === 'default'), JSON.stringify(outcome));
  });

  it('delete: used_by names what uses a flow and what the delete does to it; a second delete finds it gone', async () => {
    const backend = kind('flow').backend;
    const used = await backend.usedBy!({ id: 'default-authentication-flow' });
    assert.ok(used.length > 0, 'the default authentication flow is used');
    assert.ok(
      used.some((u) => / \(\w+; on delete: .+\)$/.test(u)),
      used.join('\n'),
    );
    const unused = (await (await client.resources('flow')).list()).items.find((f) => f.slug === 'default-recovery-flow')!;
    assert.equal(await backend.remove({ id: unused.slug }), 'deleted');
    assert.equal(await backend.remove({ id: unused.slug }), 'alreadyGone');
  });

  it('a duration with an unknown key is refused before any request, underlined on that key only', async () => {
    const { address, baseline } = await opened('connectorAgent');
    const text = edited(baseline, (doc) => (doc.snapshot_expiry = 'hourz=1;minutes=5'));
    const outcome = await guardedSave({ kind: kind('connectorAgent'), target: { mode: 'update', address, baseline }, text, ui: scriptedUi().ui });
    assert.equal(outcome.status, 'invalid');
    assert.equal(standIn.requests.length, 0, 'nothing was sent');
    const problem = outcome.status === 'invalid' ? outcome.problems.find((p) => p.path[0] === 'snapshot_expiry') : undefined;
    assert.ok(problem, 'the problem is on snapshot_expiry');
    assert.match(problem.message, /unknown unit "hourz"/);
    const span = spanOf(text, problem);
    assert.equal(text.slice(span.offset, span.offset + span.length), 'hourz');
  });

  it('a secret typed into a document is refused, naming the command that sets it', async () => {
    const { address, baseline } = await opened('certificateKeyPair');
    const outcome = await guardedSave({
      kind: kind('certificateKeyPair'),
      target: { mode: 'update', address, baseline },
      text: edited(baseline, (doc) => (doc.key_data = '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----')),
      ui: scriptedUi().ui,
    });
    assert.equal(outcome.status, 'invalid');
    assert.ok(outcome.status === 'invalid' && outcome.problems.some((p) => /Replace private key from file/.test(p.message)));
    assert.equal(writes().length, 0);
  });

  it('a marker in every secret field never reaches a document, a record, its JSON or a log line', async () => {
    const MARK = 'SECRET-MARKER-7f3a';
    for (const c of d().browserConnectors) (c as unknown as JsonObject).credentials = { type: 'service_account', private_key: `${MARK}-credentials`, client_email: `${MARK}@x` };
    for (const l of d().licenses) (l as unknown as { key: string }).key = `${MARK}-license`;
    for (const t of d().notificationTransports) if (t.webhook_url) t.webhook_url = `https://hooks.example.com/${MARK}`;
    for (const t of d().enrollmentTokens) t.key = `${MARK}-enrollment`;
    const rendered: string[] = [];
    for (const k of AUTHENTIK_KIND_NAMES) {
      const collection = await client.resources(k);
      for (const item of (await collection.list()).items) {
        const id = idOf(k, item);
        const object = await collection.retrieve(id);
        rendered.push(formatDocument(documentOf(kind(k), object)));
        const record = managedRecord(managedRef('eventRule', k, object), k, object, await collection.usedBy(id), recordContext('https://ak.example.com'));
        rendered.push(JSON.stringify(record.model), JSON.stringify(record.json));
      }
    }
    const everything = [...rendered, ...logLines].join('\n');
    assert.ok(!everything.includes(MARK), `a secret leaked: …${everything.slice(Math.max(0, everything.indexOf(MARK) - 200), everything.indexOf(MARK) + 50)}…`);
    assert.ok(
      rendered.some((r) => r.includes('set — hidden')),
      'records say a secret is set without showing it',
    );
  });

  it('records show the seed fields the tree did not show before (brand lockdown flow, application icon and backchannel providers, binding policies, license expiry)', async () => {
    const labels = (model: { sections: Array<{ fields: Array<{ label: string; value?: unknown; list?: string[] }> }> }) =>
      new Map(model.sections.flatMap((s) => s.fields.map((f) => [f.label, f.value ?? f.list] as const)));
    // Give the seed what these fields show: a lockdown flow and a backchannel provider (an unassigned one).
    d().brands[0].flow_lockdown = d().flows[0].pk;
    const assigned = new Set(d().applications.flatMap((a) => [a.provider, ...a.backchannel_providers]));
    d().applications[0].backchannel_providers = [d().providers.find((p) => !assigned.has(p.pk))!.pk];
    const brand = (await client.listBrands()).items.find((b) => b.flow_lockdown)!;
    assert.equal(labels(brandRecord(brand, recordContext('https://ak')).model).get('Lockdown'), brand.flow_lockdown);
    const app = (await client.listApplications()).items.find((a) => (a.backchannel_providers ?? []).length > 0)!;
    const appModel = applicationRecord(app, recordContext('https://ak')).model;
    assert.ok(labels(appModel).has('Icon'));
    assert.ok(appModel.sections.some((s) => s.title.startsWith('Backchannel providers') && s.fields.length === app.backchannel_providers!.length));
    const bindings = await client.resources('flowStageBinding');
    const binding = (await bindings.list()).items[0];
    const bindingFields = labels(managedRecord(managedRef('flowStageBinding', 'flowStageBinding', binding), 'flowStageBinding', binding, [], recordContext('https://ak')).model);
    for (const field of ['Evaluate on plan', 'Re-evaluate policies', 'Policy engine mode', 'Order', 'Invalid response action']) assert.ok(bindingFields.has(field), field);
    const license = (await (await client.resources('license')).list()).items[0];
    const soon = Date.parse(license.expiry) - 5 * 86_400_000;
    const model = managedRecord(managedRef('license', 'license', license), 'license', license, [], recordContext('https://ak'), soon).model;
    assert.deepEqual(model.badges?.[0], { text: 'expires in 5 days', tone: 'warning' });
    for (const field of ['Expiry', 'Internal users', 'External users']) assert.ok(labels(model).has(field), field);
  });

  it('a blueprint edit that changes neither path nor content still carries one (authentik refuses the write otherwise)', async () => {
    const { address, baseline, object } = await opened('blueprint', (b) => b.status !== 'error' && !!b.content);
    const outcome = await guardedSave({ kind: kind('blueprint'), target: { mode: 'update', address, baseline }, text: edited(baseline, (doc) => (doc.enabled = !doc.enabled)), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.deepEqual(writes()[0].body, { enabled: !baseline.enabled, content: object.content });
  });

  it('Move up / Move down swap a binding with its neighbour; equal orders move one past it; the ends do nothing', () => {
    const b = (pk: string, order: number) => ({ pk, order, stage: `s${pk}` });
    const flow = [b('c', 30), b('a', 10), b('b', 20)];
    assert.deepEqual(
      planMove(flow, 'b', 'up').map((p) => [p.binding.pk, p.from, p.to]),
      [
        ['b', 20, 10],
        ['a', 10, 20],
      ],
    );
    assert.deepEqual(
      planMove(flow, 'b', 'down').map((p) => [p.binding.pk, p.from, p.to]),
      [
        ['b', 20, 30],
        ['c', 30, 20],
      ],
    );
    assert.deepEqual(planMove(flow, 'a', 'up'), []);
    assert.deepEqual(planMove(flow, 'c', 'down'), []);
    assert.deepEqual(
      planMove([b('a', 10), b('b', 10)], 'b', 'up').map((p) => [p.binding.pk, p.to]),
      [['b', 9]],
    );
    assert.throws(() => planMove(flow, 'gone', 'up'), /not in this flow/);
  });
});
