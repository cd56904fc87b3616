import * as assert from 'node:assert/strict';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { burnAlertProblems } from '../../../src/clients/honeycomb/burnAlertRules';
import { listBurnAlerts } from '../../../src/clients/honeycomb/burnAlerts';
import { sloProblems } from '../../../src/clients/honeycomb/sloRules';
import { sloWrites } from '../../../src/clients/honeycomb/writes';
import { documentOf, formatDocument } from '../../../src/editing/document';
import { guardedSave } from '../../../src/editing/guardedSave';
import { Address, EditableKind, JsonObject, KindBackend } from '../../../src/editing/kind';
import { summarizePlan } from '../../../src/editing/plan';
import { datasetCollectionBackend } from '../../../src/views/honeycomb/kinds/backend';
import { burnAlertKind } from '../../../src/views/honeycomb/kinds/burnAlert';
import { sloDataset, sloKind } from '../../../src/views/honeycomb/kinds/slo';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { scriptedUi } from './fakeKind';
import { validationSchema } from './kindSchemas';
import { edited, requestLines } from './standInSaves';

/**
 * SLOs and burn alerts on the editing mechanism against the stand-in (which validates every
 * request and answer against the API description): what a save sends, in how many requests,
 * what the rules stop before anything is sent, and what the service refuses on its own.
 */
describe('editing Honeycomb SLOs and burn alerts (stand-in)', () => {
  let standIn: HoneycombStandIn;
  let client: HoneycombClient;
  let slos: EditableKind;
  let alerts: EditableKind;

  before(async () => {
    standIn = await startHoneycombStandIn();
    client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production, sleep: async () => undefined });
    const apiFor = async () => client.api;
    const sloBackend: KindBackend = {
      ...datasetCollectionBackend(apiFor, 'sloWrites'),
      usedBy: async (a) => (await listBurnAlerts(client.api, a.dataset, a.id)).map((b) => b.id),
    };
    slos = sloKind({ backend: sloBackend, schema: validationSchema('honeycomb-slo'), rules: (d, b) => sloProblems(d, b) });
    alerts = burnAlertKind({
      backend: datasetCollectionBackend(apiFor, 'burnAlertWrites', ['env', 'dataset', 'slo']),
      schema: validationSchema('honeycomb-burn-alert'),
      rules: (d, b) => burnAlertProblems(d, b),
    });
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, [], 'the stand-in answered outside the OpenAPI document');
    standIn.reset();
  });

  const methods = () => requestLines(standIn);

  async function openedSlo(name: string): Promise<{ address: Address; baseline: JsonObject }> {
    const found = (await client.listSlos(undefined)).find((s) => s.name === name);
    assert.ok(found, `seed SLO ${name}`);
    const address = { env: 'production', dataset: sloDataset(found.datasets), id: found.id };
    const baseline = documentOf(slos, await slos.backend.read(address));
    standIn.requests.length = 0;
    return { address, baseline };
  }

  async function openedAlert(sloName: string, type: string): Promise<{ address: Address; baseline: JsonObject }> {
    const { address: slo } = await openedSlo(sloName);
    const found = (await listBurnAlerts(client.api, slo.dataset, slo.id)).find((a) => a.alertType === type);
    assert.ok(found, `a ${type} burn alert on ${sloName}`);
    const address = { env: 'production', dataset: slo.dataset, slo: slo.id, id: found.id };
    const baseline = documentOf(alerts, await alerts.backend.read(address));
    standIn.requests.length = 0;
    return { address, baseline };
  }

  it('an SLO target edit is planned, takes one read and one PUT, and keeps the datasets, SLI and tags', async () => {
    const { address, baseline } = await openedSlo('Gateway availability');
    assert.deepEqual(Object.keys(baseline), ['name', 'description', 'sli', 'target_per_million', 'time_period_days', 'dataset_slugs', 'tags'], 'no computed field in the document');
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({ kind: slos, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => (d.target_per_million = 995000)), ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.equal(summarizePlan(shown.plans[0].changes), 'target_per_million 999000 → 995000');
    assert.deepEqual(methods(), [`GET /1/slos/api-gateway/${address.id}`, `PUT /1/slos/api-gateway/${address.id}`]);
    assert.deepEqual(shown.plans[0].body.dataset_slugs, ['api-gateway'], 'the datasets go back as they are, as the Go client sends them');
    const after = await slos.backend.read(address);
    assert.equal(after.target_per_million, 995000);
    assert.deepEqual([after.sli, after.tags, after.description], [baseline.sli, baseline.tags, baseline.description]);
  });

  it('changing the datasets of an SLO is stopped before anything is sent', async () => {
    const { address, baseline } = await openedSlo('Checkout success');
    assert.equal(address.dataset, '__all__', 'a multi-dataset SLO is addressed by __all__');
    const outcome = await guardedSave({ kind: slos, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => (d.dataset_slugs = ['payments'])), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'invalid');
    assert.match(outcome.status === 'invalid' ? `${outcome.problems[0].path.join('.')}: ${outcome.problems[0].message}` : '', /^dataset_slugs: the datasets of an SLO cannot change/);
    assert.deepEqual(methods(), [], 'nothing sent');
  });

  it('a new SLO over two datasets is created under __all__ with the datasets picked; a missing SLI is the service’s refusal, on its field', async () => {
    const parent = { env: 'production', dataset: '__all__', datasets: 'checkout-service,payments' };
    const template = slos.template(parent);
    assert.deepEqual(template.dataset_slugs, ['checkout-service', 'payments']);
    const refused = await guardedSave({ kind: slos, target: { mode: 'create', parent }, text: formatDocument(template), ui: scriptedUi().ui });
    assert.equal(refused.status, 'rejected', 'the template’s SLI names no derived column');
    assert.deepEqual(refused.status === 'rejected' ? refused.problems.map((p) => p.path.join('.')) : [], ['sli.alias']);
    const outcome = await guardedSave({
      kind: slos,
      target: { mode: 'create', parent },
      text: formatDocument({ ...template, name: 'Checkout (both)', sli: { alias: 'sli.checkout_ok' } }),
      ui: scriptedUi().ui,
    });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    if (outcome.status !== 'saved') return;
    assert.deepEqual(outcome.address, { env: 'production', dataset: '__all__', id: outcome.object.id });
    assert.deepEqual((await sloWrites.get(client.api, '__all__', String(outcome.object.id))).dataset_slugs, ['checkout-service', 'payments']);
  });

  it('an SLO lists its burn alerts before a delete, and the delete takes them with it', async () => {
    const { address } = await openedSlo('Gateway availability');
    const used = await slos.backend.usedBy!(address);
    assert.equal(used.length, 2, 'both seeded burn alerts of the SLO');
    assert.equal(await slos.backend.remove(address), 'deleted');
    assert.equal(await slos.backend.remove(address), 'alreadyGone');
    await assert.rejects(alerts.backend.read({ env: 'production', dataset: 'api-gateway', slo: address.id, id: used[0] }), /not found|404/i);
  });

  it('an exhaustion-time burn alert edit sends the whole alert, its SLO and recipients included', async () => {
    const { address, baseline } = await openedAlert('Gateway availability', 'exhaustion_time');
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({ kind: alerts, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => (d.exhaustion_minutes = 120)), ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.equal(summarizePlan(shown.plans[0].changes), 'exhaustion_minutes 240 → 120');
    assert.deepEqual(methods(), [`GET /1/burn_alerts/api-gateway/${address.id}`, `PUT /1/burn_alerts/api-gateway/${address.id}`]);
    assert.deepEqual(shown.plans[0].body.slo, { id: address.slo });
    const after = await alerts.backend.read(address);
    assert.equal(after.exhaustion_minutes, 120);
    assert.deepEqual(after.recipients, baseline.recipients);
  });

  it('turning an alert into a budget-rate one while keeping exhaustion_minutes is stopped on that field', async () => {
    const { address, baseline } = await openedAlert('Gateway availability', 'exhaustion_time');
    const text = edited(baseline, (d) => Object.assign(d, { alert_type: 'budget_rate', budget_rate_window_minutes: 60, budget_rate_decrease_threshold_per_million: 5000 }));
    const outcome = await guardedSave({ kind: alerts, target: { mode: 'update', address, baseline }, text, ui: scriptedUi().ui });
    assert.equal(outcome.status, 'invalid');
    assert.deepEqual(outcome.status === 'invalid' ? outcome.problems.map((p) => p.path.join('.')) : [], ['exhaustion_minutes']);
    assert.deepEqual(methods(), []);
  });

  it('a budget-rate window longer than the SLO’s period is refused by the service, on that field', async () => {
    const { address, baseline } = await openedAlert('Gateway availability', 'budget_rate');
    // Gateway availability runs over 30 days: 43200 minutes.
    const outcome = await guardedSave({ kind: alerts, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => (d.budget_rate_window_minutes = 43260)), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'rejected');
    assert.deepEqual(outcome.status === 'rejected' ? outcome.problems.map((p) => p.path.join('.')) : [], ['budget_rate_window_minutes']);
  });

  it('a new budget-rate burn alert on a multi-dataset SLO is created at __all__ and listed under its SLO', async () => {
    const { address: slo } = await openedSlo('Checkout success');
    const parent = { env: 'production', dataset: slo.dataset, slo: slo.id, recipient: (await client.listRecipients())[0].id };
    const document: JsonObject = { ...alerts.template(parent), alert_type: 'budget_rate', budget_rate_window_minutes: 120, budget_rate_decrease_threshold_per_million: 20000 };
    delete document.exhaustion_minutes;
    const outcome = await guardedSave({ kind: alerts, target: { mode: 'create', parent }, text: formatDocument(document), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    if (outcome.status !== 'saved') return;
    assert.deepEqual(outcome.address, { env: 'production', dataset: '__all__', slo: slo.id, id: outcome.object.id });
    const listed = await listBurnAlerts(client.api, '__all__', slo.id);
    assert.ok(listed.some((a) => a.id === outcome.object.id && a.alertType === 'budget_rate' && a.windowMinutes === 120));
  });

  it('Copy as Terraform / Pulumi: the provider’s resources, percentages and import IDs', async () => {
    const { address, baseline } = await openedSlo('Gateway availability');
    const slo = await slos.backend.read(address);
    const terraform = await slos.code!.terraform(slo, address);
    assert.match(terraform, /^resource "honeycombio_slo" "gateway_availability" \{/);
    assert.match(terraform, /target_percentage = 99\.9\n/);
    assert.match(terraform, /time_period\s+= 30\n/);
    assert.match(terraform, /dataset\s+= "api-gateway"/);
    assert.ok(terraform.includes(`import {\n  to = honeycombio_slo.gateway_availability\n  id = "api-gateway/${address.id}"\n}`), terraform);
    assert.match(
      await slos.code!.pulumi(slo, address),
      new RegExp(`new honeycombio\\.Slo\\("gateway-availability", \\{[\\s\\S]*targetPercentage: 99\\.9,[\\s\\S]*\\{ import: "api-gateway/${address.id}" \\}`),
    );
    assert.equal(baseline.name, 'Gateway availability');

    const multi = await openedSlo('Checkout success');
    const multiCode = await slos.code!.terraform(await slos.backend.read(multi.address), multi.address);
    assert.match(multiCode, /datasets\s+= \["checkout-service", "payments"\]/);
    assert.ok(multiCode.includes(`id = "${multi.address.id}"`), 'a multi-dataset SLO imports by its bare id');

    const { address: alertAddress } = await openedAlert('Gateway availability', 'budget_rate');
    const alert = await alerts.backend.read(alertAddress);
    const alertCode = await alerts.code!.terraform(alert, alertAddress);
    assert.match(alertCode, /resource "honeycombio_burn_alert" "budget_rate_60" \{/);
    assert.match(alertCode, /budget_rate_decrease_percent = 1\n/);
    assert.match(alertCode, new RegExp(`slo_id\\s+= "${address.id}"`));
    assert.match(alertCode, /recipient \{\n\s+id = "[^"]+"/);
    assert.ok(alertCode.includes(`id = "api-gateway/${alertAddress.id}"`));
    assert.match(await alerts.code!.pulumi(alert, alertAddress), /new honeycombio\.BurnAlert\("budget-rate-60", \{[\s\S]*budgetRateDecreasePercent: 1,[\s\S]*recipients: \[/);
  });
});
