import * as assert from 'node:assert/strict';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { triggerProblems } from '../../../src/clients/honeycomb/triggerRules';
import { createQuery, queryAnnotationWrites, triggerWrites } from '../../../src/clients/honeycomb/writes';
import { ServiceError } from '../../../src/core/errors';
import { documentOf, formatDocument } from '../../../src/editing/document';
import { guardedSave } from '../../../src/editing/guardedSave';
import { Address, EditableKind, JsonObject } from '../../../src/editing/kind';
import { summarizePlan } from '../../../src/editing/plan';
import { validateDocument } from '../../../src/editing/validate';
import { datasetCollectionBackend } from '../../../src/views/honeycomb/kinds/backend';
import { queryAnnotationKind } from '../../../src/views/honeycomb/kinds/queryAnnotation';
import { triggerKind } from '../../../src/views/honeycomb/kinds/trigger';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { scriptedUi } from './fakeKind';
import { validationSchema } from './kindSchemas';

/**
 * The editing mechanism with Honeycomb's real kinds against the stand-in: what a save sends, how
 * many requests it takes, and what the user is told when the server refuses or never answers.
 */

describe('editing Honeycomb triggers and query annotations (stand-in)', () => {
  let standIn: HoneycombStandIn;
  let client: HoneycombClient;
  let triggers: EditableKind;
  let annotations: EditableKind;

  before(async () => {
    standIn = await startHoneycombStandIn();
    client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production, sleep: async () => undefined });
    const apiFor = async () => client.api;
    triggers = triggerKind({ backend: datasetCollectionBackend(apiFor, 'triggerWrites'), schema: validationSchema('honeycomb-trigger'), rules: (d) => triggerProblems(d) });
    annotations = queryAnnotationKind({ backend: datasetCollectionBackend(apiFor, 'queryAnnotationWrites'), schema: validationSchema('honeycomb-query-annotation'), rules: () => [] });
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, [], 'the stand-in answered outside the OpenAPI document');
    standIn.reset();
  });

  const writes = () => standIn.requests.filter((r) => r.method !== 'GET');
  async function opened(name: string): Promise<{ address: Address; baseline: JsonObject }> {
    const listed = await triggerWrites.list(client.api, 'api-gateway');
    const found = listed.find((t) => t.name === name);
    assert.ok(found, `seed trigger ${name}`);
    const address = { env: 'production', dataset: 'api-gateway', id: String(found.id) };
    const baseline = documentOf(triggers, await triggers.backend.read(address));
    standIn.requests.length = 0;
    return { address, baseline };
  }
  const edited = (baseline: JsonObject, change: (d: JsonObject) => void): string => {
    const copy = structuredClone(baseline);
    change(copy);
    return formatDocument(copy);
  };

  it('a threshold edit is planned field by field, takes two requests, and keeps every field the user did not touch', async () => {
    const { address, baseline } = await opened('High 5xx rate');
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({ kind: triggers, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => ((d.threshold as JsonObject).value = 250)), ui });
    assert.equal(outcome.status, 'saved');
    assert.equal(summarizePlan(shown.plans[0].changes), 'threshold.value 50 → 250');
    assert.deepEqual(
      standIn.requests.map((r) => r.method),
      ['GET', 'PUT'],
      'one re-read, one write',
    );
    const after = await triggers.backend.read(address);
    assert.equal((after.threshold as JsonObject).value, 250);
    // PUT replaces: the description, recipients and tags survive only because the whole document was sent.
    assert.equal(after.description, baseline.description);
    assert.deepEqual(after.recipients, baseline.recipients);
    assert.deepEqual(after.tags, baseline.tags);
  });

  it('the stand-in replaces on PUT: a body without the description resets it (why documents hold every writable field)', async () => {
    const { address, baseline } = await opened('High 5xx rate');
    const { description: _dropped, ...rest } = baseline;
    const answer = await triggerWrites.update(client.api, address.dataset, address.id, rest);
    assert.equal(answer.description ?? '', '');
  });

  it('a change made on the server since opening is a conflict: nothing is written', async () => {
    const { address, baseline } = await opened('High 5xx rate');
    await triggerWrites.update(client.api, address.dataset, address.id, { ...baseline, description: 'changed by a colleague' });
    standIn.requests.length = 0;
    const { ui, shown } = scriptedUi({ conflict: 'cancel' });
    const outcome = await guardedSave({ kind: triggers, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => ((d.threshold as JsonObject).value = 250)), ui });
    assert.equal(outcome.status, 'conflict');
    assert.equal(shown.conflicts, 1);
    assert.deepEqual(writes(), []);
    assert.equal(((await triggers.backend.read(address)).threshold as JsonObject).value, 50);
  });

  it('an invalid frequency is a problem on that field and no request is sent', async () => {
    const { address, baseline } = await opened('High 5xx rate');
    const { ui } = scriptedUi();
    const outcome = await guardedSave({ kind: triggers, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => (d.frequency = 90)), ui });
    assert.equal(outcome.status, 'invalid');
    assert.ok(outcome.status === 'invalid' && outcome.problems.some((p) => p.path.join('.') === 'frequency' && /60/.test(p.message)), JSON.stringify(outcome));
    assert.equal(standIn.requests.length, 0);
  });

  it('a 422 is placed on the field the server names, and the message says the server refused', async () => {
    const { address, baseline } = await opened('High 5xx rate');
    const { ui } = scriptedUi();
    const text = edited(baseline, (d) => ((d.recipients as JsonObject[])[0] = { id: 'noSuchRecipient' }));
    const outcome = await guardedSave({ kind: triggers, target: { mode: 'update', address, baseline }, text, ui });
    assert.equal(outcome.status, 'rejected');
    if (outcome.status !== 'rejected') return;
    assert.deepEqual(outcome.problems[0].path, ['recipients', 0, 'id']);
    assert.match(outcome.problems[0].message, /no recipient with id noSuchRecipient/);
    assert.match(outcome.message, /^The server refused the trigger/);
  });

  it('a write whose answer never came is "unknown", sent once and never retried — though it was applied', async () => {
    const { address, baseline } = await opened('High 5xx rate');
    standIn.faults.inject({ kind: 'resetAfterApply', route: 'PUT /1/triggers/*', times: 1 });
    const { ui } = scriptedUi();
    const outcome = await guardedSave({ kind: triggers, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => ((d.threshold as JsonObject).value = 75)), ui });
    assert.equal(outcome.status, 'unknown');
    assert.ok(outcome.status === 'unknown' && /may or may not have been updated/.test(outcome.message));
    assert.equal(writes().length, 1, 'the PUT was sent exactly once');
    assert.equal(((await triggers.backend.read(address)).threshold as JsonObject).value, 75, 'the stand-in applied it before resetting');
  });

  it('a POST is never retried either, even on a 5xx answer', async () => {
    standIn.faults.inject({ kind: 'serverError', route: 'POST /1/triggers/*', times: 1 });
    const { ui } = scriptedUi();
    const parent = { env: 'production', dataset: 'api-gateway' };
    const outcome = await guardedSave({ kind: triggers, target: { mode: 'create', parent }, text: formatDocument(triggers.template(parent)), ui });
    assert.equal(outcome.status, 'failed');
    assert.equal(writes().length, 1);
  });

  it('create from the template, then delete; a second delete says "already gone"', async () => {
    const parent = { env: 'production', dataset: 'api-gateway' };
    const template = triggers.template(parent);
    assert.deepEqual(
      (await validateDocument(triggers, template)).filter((p) => p.severity === 'error'),
      [],
      'the template is valid',
    );
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({ kind: triggers, target: { mode: 'create', parent }, text: formatDocument({ ...template, name: 'Slow checkout' }), ui });
    assert.equal(outcome.status, 'saved');
    if (outcome.status !== 'saved') return;
    assert.equal(shown.plans[0].verb, 'create');
    assert.ok((await triggerWrites.list(client.api, 'api-gateway')).some((t) => t.name === 'Slow checkout'));
    assert.equal(await triggers.backend.remove(outcome.address), 'deleted');
    assert.equal(await triggers.backend.remove(outcome.address), 'alreadyGone');
    assert.ok(!(await triggerWrites.list(client.api, 'api-gateway')).some((t) => t.name === 'Slow checkout'));
  });

  it('a query annotation names a saved query; its query_id cannot change afterwards', async () => {
    const query = await createQuery(client.api, 'api-gateway', { calculations: [{ op: 'P99', column: 'duration_ms' }], time_range: 3600 });
    const parent = { env: 'production', dataset: 'api-gateway', queryId: query.id };
    const template = annotations.template(parent);
    assert.equal(template.query_id, query.id);
    const { ui } = scriptedUi();
    const created = await guardedSave({ kind: annotations, target: { mode: 'create', parent }, text: formatDocument({ ...template, name: 'Gateway p99' }), ui });
    assert.equal(created.status, 'saved');
    if (created.status !== 'saved') return;
    assert.ok((await queryAnnotationWrites.list(client.api, 'api-gateway')).some((a) => a.name === 'Gateway p99' && a.query_id === query.id));
    const moved = await guardedSave({
      kind: annotations,
      target: { mode: 'update', address: created.address, baseline: created.document },
      text: formatDocument({ ...created.document, query_id: 'other' }),
      ui,
    });
    assert.equal(moved.status, 'invalid');
  });

  it('Copy as Terraform resource / Pulumi: the provider’s arguments and import ID for a trigger', async () => {
    const { address } = await opened('High 5xx rate');
    const object = await triggers.backend.read(address);
    const terraform = await triggers.code!.terraform(object, address);
    assert.match(terraform, /^resource "honeycombio_trigger" "high_5xx_rate" \{/);
    assert.match(terraform, /dataset\s+= "api-gateway"/);
    assert.match(terraform, /threshold \{\n\s+op\s+= ">"\n\s+value\s+= 50/);
    assert.match(terraform, /recipient \{\n\s+id = "[^"]+"\n\n\s+notification_details \{\n\s+pagerduty_severity = "critical"/);
    assert.ok(terraform.includes(`import {\n  to = honeycombio_trigger.high_5xx_rate\n  id = "api-gateway/${address.id}"\n}`), terraform);
    const pulumi = await triggers.code!.pulumi(object, address);
    assert.match(pulumi, /import \* as honeycombio from "@pulumi\/honeycombio";/);
    assert.match(pulumi, /new honeycombio\.Trigger\("high-5xx-rate", \{/);
    assert.ok(pulumi.includes(`{ import: "api-gateway/${address.id}" }`), pulumi);
  });

  /** A trigger as Honeycomb's Go client tests create it: fields newer than the published API description. */
  async function modernTrigger(): Promise<{ address: Address; baseline: JsonObject; object: JsonObject }> {
    const created = await triggerWrites.create(client.api, 'api-gateway', {
      name: 'Error ratio',
      description: 'formula over two named counts',
      auto_investigate: true,
      query: {
        calculations: [
          { op: 'COUNT', name: 'total' },
          { op: 'COUNT', name: 'errors', filters: [{ column: 'http.status_code', op: '>=', value: 500 }] },
        ],
        formulas: [{ name: 'ratio', expression: 'DIV($errors, $total)' }],
        time_range: 1800,
      },
      threshold: { op: '>', value: 0.05 },
      frequency: 900,
      recipients: [{ type: 'marker', target: 'error ratio crossed' }],
      tags: [{ key: 'team', value: 'edge' }],
    });
    const address = { env: 'production', dataset: 'api-gateway', id: String(created.id) };
    const object = await triggers.backend.read(address);
    standIn.requests.length = 0;
    return { address, object, baseline: documentOf(triggers, object) };
  }

  it('a trigger with newer fields opens without a problem, and an unrelated change keeps every one of them: two requests', async () => {
    const { address, object, baseline } = await modernTrigger();
    assert.equal(baseline.auto_investigate, true, 'the document shows auto_investigate');
    assert.deepEqual(
      (await validateDocument(triggers, baseline, baseline)).map((p) => p.message),
      [],
    );
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({ kind: triggers, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => (d.description = 'error ratio over 5%')), ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.deepEqual(
      standIn.requests.map((r) => r.method),
      ['GET', 'PUT'],
    );
    const sent = shown.plans[0].body;
    assert.equal(sent.auto_investigate, true, 'a field the old list of fields did not name is sent');
    assert.equal(sent.query_id, object.query_id, 'an unchanged query goes as its id');
    assert.equal('query' in sent, false);
    const after = await triggers.backend.read(address);
    assert.equal(after.auto_investigate, true);
    assert.equal(after.query_id, object.query_id, 'the trigger keeps its stored query');
    assert.deepEqual((after.query as JsonObject).formulas, [{ name: 'ratio', expression: 'DIV($errors, $total)' }]);
    assert.deepEqual(
      (after.recipients as JsonObject[]).map((r) => r.type),
      ['marker'],
    );
    assert.match(await triggers.code!.terraform(after, address), /auto_investigate\s+= true/);
  });

  it('a changed query is sent as the query, and the plan says the trigger gets a new query_id', async () => {
    const { address, object, baseline } = await modernTrigger();
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({ kind: triggers, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => ((d.query as JsonObject).time_range = 3600)), ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.equal('query_id' in shown.plans[0].body, false);
    assert.match(summarizePlan(shown.plans[0].changes), new RegExp(`query\\.time_range 1800 → 3600; query_id "${String(object.query_id)}" → a new id`));
    assert.notEqual((await triggers.backend.read(address)).query_id, object.query_id);
  });

  it('a trigger query without a time_range runs over the frequency (not two hours): no problem, and the answer says so', async () => {
    const { address, baseline } = await modernTrigger();
    const text = edited(baseline, (d) => {
      delete (d.query as JsonObject).time_range;
      d.frequency = 300;
    });
    const outcome = await guardedSave({ kind: triggers, target: { mode: 'update', address, baseline }, text, ui: scriptedUi().ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.equal(((await triggers.backend.read(address)).query as JsonObject).time_range, 300);
  });

  it('a baseline removed from the document is sent as {}, which is how Honeycomb is told to clear it', async () => {
    const created = await triggerWrites.create(client.api, 'api-gateway', {
      name: 'Traffic up on last week',
      query: { calculations: [{ op: 'COUNT' }], time_range: 900 },
      threshold: { op: '>=', value: 20 },
      baseline_details: { type: 'percentage', offset_minutes: 10080 },
      frequency: 900,
    });
    const address = { env: 'production', dataset: 'api-gateway', id: String(created.id) };
    const baseline = documentOf(triggers, await triggers.backend.read(address));
    assert.deepEqual(baseline.baseline_details, { type: 'percentage', offset_minutes: 10080 });
    const { ui, shown } = scriptedUi();
    const text = edited(baseline, (d) => {
      delete d.baseline_details;
      (d.threshold as JsonObject).op = '>';
    });
    const outcome = await guardedSave({ kind: triggers, target: { mode: 'update', address, baseline }, text, ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.deepEqual(shown.plans[0].body.baseline_details, {});
    assert.equal((await triggers.backend.read(address)).baseline_details, undefined);
  });

  it('Copy as Terraform resource / Pulumi for a query annotation says it cannot be imported', async () => {
    const [seeded] = await queryAnnotationWrites.list(client.api, 'api-gateway');
    const address = { env: 'production', dataset: 'api-gateway', id: String(seeded.id) };
    const terraform = await annotations.code!.terraform(seeded, address);
    assert.match(terraform, /^resource "honeycombio_query_annotation" "[a-z0-9_]+" \{/);
    assert.match(terraform, new RegExp(`query_id\\s+= "${String(seeded.query_id)}"`));
    assert.match(terraform, /# The honeycombio provider cannot import query annotations/);
    assert.doesNotMatch(terraform, /^import \{/m);
    const pulumi = await annotations.code!.pulumi(seeded, address);
    assert.match(pulumi, /new honeycombio\.QueryAnnotation\(/);
    assert.ok(pulumi.includes(`queryId: "${String(seeded.query_id)}"`), pulumi);
  });

  it('a refused write of a read-only key is a clear error, not a conflict or a silent no-op', async () => {
    const limited = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.productionLimited, sleep: async () => undefined });
    const { address, baseline } = await opened('High 5xx rate');
    await assert.rejects(
      triggerWrites.update(limited.api, address.dataset, address.id, baseline),
      (error: unknown) => error instanceof ServiceError && /Manage Triggers|permission|HTTP 40[13]/.test(error.message),
    );
  });
});
