import * as assert from 'node:assert/strict';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { columnProblems, datasetDefinitionProblems, datasetProblems } from '../../../src/clients/honeycomb/datasetRules';
import { derivedColumnProblems } from '../../../src/clients/honeycomb/derivedColumnRules';
import { documentOf, formatDocument } from '../../../src/editing/document';
import { guardedSave } from '../../../src/editing/guardedSave';
import { Address, EditableKind, JsonObject } from '../../../src/editing/kind';
import { summarizePlan } from '../../../src/editing/plan';
import { datasetCollectionBackend } from '../../../src/views/honeycomb/kinds/backend';
import { columnKind } from '../../../src/views/honeycomb/kinds/column';
import { datasetKind } from '../../../src/views/honeycomb/kinds/dataset';
import { datasetBackend, datasetDefinitionsBackend, derivedColumnBackend } from '../../../src/views/honeycomb/kinds/datasetBackends';
import { datasetDefinitionsKind } from '../../../src/views/honeycomb/kinds/datasetDefinitions';
import { derivedColumnKind } from '../../../src/views/honeycomb/kinds/derivedColumn';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { scriptedUi } from './fakeKind';
import { validationSchema } from './kindSchemas';
import { edited, requestLines } from './standInSaves';

/**
 * Derived columns, columns, datasets and dataset definitions on the editing mechanism against the
 * stand-in (which validates every request and answer against the API description): what a save
 * sends, in how many requests, what the rules stop before anything is sent, what the service
 * refuses on its own, and what a delete or a rename is told about the objects that use it.
 */
describe('editing Honeycomb derived columns, columns, datasets and definitions (stand-in)', () => {
  let standIn: HoneycombStandIn;
  let client: HoneycombClient;
  let derived: EditableKind;
  let columns: EditableKind;
  let datasets: EditableKind;
  let definitions: EditableKind;
  let known: (address?: Address) => Promise<Set<string> | undefined>;

  before(async () => {
    standIn = await startHoneycombStandIn();
    client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production, sleep: async () => undefined });
    const apiFor = async () => client.api;
    // The editor takes column lists from the explorer's cache; here they are read once per dataset, before the requests counted.
    const listed = new Map<string, Set<string>>();
    known = async (address?: Address) => {
      if (!address) return undefined;
      if (!listed.has(address.dataset)) listed.set(address.dataset, new Set((await client.listColumns(address.dataset)).map((c) => c.name)));
      return listed.get(address.dataset);
    };
    derived = derivedColumnKind({
      backend: derivedColumnBackend(apiFor),
      schema: validationSchema('honeycomb-derived-column'),
      rules: async (d, b, a) => derivedColumnProblems(d, b, { knownColumns: a?.dataset === '__all__' ? undefined : await known(a) }),
    });
    columns = columnKind({ backend: datasetCollectionBackend(apiFor, 'columnWrites'), schema: validationSchema('honeycomb-column'), rules: (d, b) => columnProblems(d, b) });
    datasets = datasetKind({ backend: datasetBackend(apiFor), schema: validationSchema('honeycomb-dataset'), rules: (d, b) => datasetProblems(d, b) });
    definitions = datasetDefinitionsKind({
      backend: datasetDefinitionsBackend(apiFor),
      schema: validationSchema('honeycomb-dataset-definitions'),
      rules: async (d, _b, a) => datasetDefinitionProblems(d, await known(a)),
    });
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, [], 'the stand-in answered outside the OpenAPI document');
    standIn.reset();
  });

  const methods = () => requestLines(standIn);
  async function opened(kind: EditableKind, address: Address): Promise<JsonObject> {
    const baseline = documentOf(kind, await kind.backend.read(address));
    standIn.requests.length = 0;
    return baseline;
  }
  async function derivedAt(dataset: string, alias: string): Promise<{ address: Address; baseline: JsonObject }> {
    const found = (await client.listDerivedColumns(dataset === '__all__' ? undefined : dataset)).find((d) => d.alias === alias);
    assert.ok(found, `seed derived column ${alias}`);
    const address = { env: 'production', dataset, id: found.id };
    if (dataset !== '__all__') await known(address);
    return { address, baseline: await opened(derived, address) };
  }

  it('a derived column expression edit is planned, takes one read and one PUT, and keeps alias and description', async () => {
    const { address, baseline } = await derivedAt('api-gateway', 'route_family');
    assert.deepEqual(Object.keys(baseline), ['alias', 'expression', 'description'], 'no computed field in the document');
    const { ui, shown } = scriptedUi();
    const expression = 'REG_VALUE($http.route, `^/v2/([a-z]+)`)';
    const outcome = await guardedSave({ kind: derived, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => (d.expression = expression)), ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.match(summarizePlan(shown.plans[0].changes), /^expression /);
    assert.equal(shown.plans[0].usedBy, undefined, 'an expression edit breaks nothing that uses the alias');
    assert.deepEqual(methods(), [`GET /1/derived_columns/api-gateway/${address.id}`, `PUT /1/derived_columns/api-gateway/${address.id}`]);
    const after = await derived.backend.read(address);
    assert.deepEqual([after.alias, after.expression, after.description], [baseline.alias, expression, baseline.description]);
  });

  it('a function Honeycomb does not know is a warning before the save and the service’s refusal after it, on the expression', async () => {
    const { address, baseline } = await derivedAt('api-gateway', 'route_family');
    const text = edited(baseline, (d) => (d.expression = 'DECREASE($duration_ms)'));
    const outcome = await guardedSave({ kind: derived, target: { mode: 'update', address, baseline }, text, ui: scriptedUi().ui });
    assert.equal(outcome.status, 'rejected', JSON.stringify(outcome));
    assert.deepEqual(outcome.status === 'rejected' ? outcome.problems.map((p) => `${p.path.join('.')}: ${p.message}`) : [], ['expression: invalid: invalid function: DECREASE']);
  });

  it('a syntax error is stopped before anything is sent, on the expression', async () => {
    const { address, baseline } = await derivedAt('api-gateway', 'route_family');
    const outcome = await guardedSave({ kind: derived, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => (d.expression = 'BOOL(1')), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'invalid');
    assert.deepEqual(outcome.status === 'invalid' ? outcome.problems.map((p) => p.path.join('.')) : [], ['expression']);
    assert.deepEqual(methods(), []);
  });

  it('renaming an alias an SLO uses lists the SLO in the plan; a delete lists it too, and the service refuses that delete', async () => {
    const { address, baseline } = await derivedAt('api-gateway', 'sli.availability');
    const { ui, shown } = scriptedUi({ confirm: false });
    const outcome = await guardedSave({ kind: derived, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => (d.alias = 'sli.avail')), ui });
    assert.equal(outcome.status, 'cancelled');
    assert.deepEqual(shown.plans[0].usedBy?.items, ['SLO “Gateway availability” (its SLI)']);
    assert.equal(shown.plans[0].usedBy?.name, 'sli.availability');
    assert.match(shown.plans[0].usedBy?.unchecked ?? '', /Boards are not checked/);
    assert.deepEqual(await derived.backend.usedBy!(address), ['SLO “Gateway availability” (its SLI)']);
    await assert.rejects(derived.backend.remove(address), /used by SLO Gateway availability/);
  });

  it('an environment-wide derived column lists the multi-dataset SLO that uses it; an unused one is created and deleted at __all__', async () => {
    const { address } = await derivedAt('__all__', 'sli.checkout_ok');
    assert.deepEqual(await derived.backend.usedBy!(address), ['SLO “Checkout success” (its SLI)']);
    const parent = { env: 'production', dataset: '__all__' };
    const outcome = await guardedSave({ kind: derived, target: { mode: 'create', parent }, text: formatDocument({ ...derived.template(parent), alias: 'is_error' }), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    if (outcome.status !== 'saved') return;
    assert.deepEqual(outcome.address, { env: 'production', dataset: '__all__', id: outcome.object.id });
    assert.deepEqual(await derived.backend.usedBy!(outcome.address), []);
    assert.equal(await derived.backend.remove(outcome.address), 'deleted');
    assert.equal(await derived.backend.remove(outcome.address), 'alreadyGone');
  });

  it('a column’s description and hidden flag change in one PUT that sends its name back; renaming it is stopped', async () => {
    const column = (await client.listColumns('api-gateway'))[0];
    const address = { env: 'production', dataset: 'api-gateway', id: column.id };
    const baseline = await opened(columns, address);
    assert.deepEqual(Object.keys(baseline), ['key_name', 'type', 'description', 'hidden']);
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({ kind: columns, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => Object.assign(d, { hidden: true, description: 'kept' })), ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.deepEqual(methods(), [`GET /1/columns/api-gateway/${column.id}`, `PUT /1/columns/api-gateway/${column.id}`]);
    assert.equal(shown.plans[0].body.key_name, column.name);
    const after = await columns.backend.read(address);
    assert.deepEqual([after.hidden, after.description, after.type], [true, 'kept', baseline.type]);

    standIn.requests.length = 0;
    const renamed = await guardedSave({
      kind: columns,
      target: { mode: 'update', address, baseline: documentOf(columns, after) },
      text: edited(documentOf(columns, after), (d) => (d.key_name = 'other')),
      ui: scriptedUi().ui,
    });
    assert.equal(renamed.status, 'invalid');
    assert.deepEqual(methods(), []);
  });

  it('a new column is created in its dataset, and a second of the same name is the service’s refusal', async () => {
    const parent = { env: 'production', dataset: 'k8s-events' };
    const text = formatDocument({ ...columns.template(parent), key_name: 'pod.restarts', type: 'integer' });
    const outcome = await guardedSave({ kind: columns, target: { mode: 'create', parent }, text, ui: scriptedUi().ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    if (outcome.status !== 'saved') return;
    assert.equal(outcome.address.dataset, 'k8s-events');
    assert.ok((await client.listColumns('k8s-events')).some((c) => c.name === 'pod.restarts' && c.type === 'integer'));
    const again = await guardedSave({ kind: columns, target: { mode: 'create', parent }, text, ui: scriptedUi().ui });
    assert.notEqual(again.status, 'saved');
    assert.equal(await columns.backend.remove(outcome.address), 'deleted');
  });

  it('a dataset’s description, JSON depth and protection change in one PUT; its name cannot', async () => {
    const address = { env: 'production', dataset: 'payments' };
    const baseline = await opened(datasets, address);
    assert.deepEqual(Object.keys(baseline), ['name', 'description', 'expand_json_depth', 'settings']);
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({
      kind: datasets,
      target: { mode: 'update', address, baseline },
      text: edited(baseline, (d) => Object.assign(d, { description: 'Card payments', expand_json_depth: 3, settings: { delete_protected: false } })),
      ui,
    });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.deepEqual(methods(), ['GET /1/datasets/payments', 'PUT /1/datasets/payments']);
    assert.equal(summarizePlan(shown.plans[0].changes), 'description "Card authorisation and capture" → "Card payments"; expand_json_depth 0 → 3; settings.delete_protected true → false');
    const after = await datasets.backend.read(address);
    assert.deepEqual([after.description, after.expand_json_depth, after.settings], ['Card payments', 3, { delete_protected: false }]);
    const renamed = await guardedSave({
      kind: datasets,
      target: { mode: 'update', address, baseline: documentOf(datasets, after) },
      text: edited(documentOf(datasets, after), (d) => (d.name = 'pay')),
      ui: scriptedUi().ui,
    });
    assert.equal(renamed.status, 'invalid');
  });

  it('a protected dataset is refused by the service and says why; the kind offers to turn protection off; an unprotected one is deleted', async () => {
    const protectedOne = await datasets.backend.read({ env: 'production', dataset: 'api-gateway' });
    const blocked = datasets.deleteBlocked!(protectedOne);
    assert.ok(blocked, 'a protected dataset is blocked before any delete is sent');
    assert.deepEqual(blocked.change(documentOf(datasets, protectedOne)).settings, { delete_protected: false });
    await assert.rejects(datasets.backend.remove({ env: 'production', dataset: 'api-gateway' }), /Delete protection is enabled/);
    assert.equal(datasets.deleteBlocked!(await datasets.backend.read({ env: 'production', dataset: 'load-test-2024' })), undefined);
    assert.equal(await datasets.backend.remove({ env: 'production', dataset: 'load-test-2024' }), 'deleted');
    assert.equal(datasets.alwaysTypeNameToDelete, true, 'a dataset delete always wants the name typed');
  });

  it('a new dataset is created (and comes back protected); a name that exists is refused rather than “created”', async () => {
    const parent = { env: 'production' };
    const outcome = await guardedSave({ kind: datasets, target: { mode: 'create', parent }, text: formatDocument({ ...datasets.template(parent), name: 'Batch Jobs' }), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    if (outcome.status !== 'saved') return;
    assert.deepEqual(outcome.address, { env: 'production', dataset: 'batch-jobs' });
    assert.deepEqual(outcome.object.settings, { delete_protected: true });
    const again = await guardedSave({ kind: datasets, target: { mode: 'create', parent }, text: formatDocument({ name: 'payments' }), ui: scriptedUi().ui });
    assert.equal(again.status, 'failed');
    assert.match(again.status === 'failed' ? again.message : '', /already exists/);
  });

  it('dataset definitions are PATCHed with the changed definition only; removing one from the document changes nothing', async () => {
    const address = { env: 'production', dataset: 'api-gateway' };
    await known(address);
    const baseline = await opened(definitions, address);
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({
      kind: definitions,
      target: { mode: 'update', address, baseline },
      text: edited(baseline, (d) => {
        d.route = { name: 'route_family' };
        delete d.error;
      }),
      ui,
    });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.deepEqual(shown.plans[0].body, { route: { name: 'route_family' } });
    assert.deepEqual(methods(), ['GET /1/dataset_definitions/api-gateway', 'PATCH /1/dataset_definitions/api-gateway']);
    const after = await definitions.backend.read(address);
    assert.deepEqual(after.route, { name: 'route_family', column_type: 'derived_column' });
    assert.deepEqual(after.error, baseline.error);
  });

  it('Copy as Terraform / Pulumi: the provider’s resources with their import IDs', async () => {
    const { address } = await derivedAt('api-gateway', 'route_family');
    const object = await derived.backend.read(address);
    const terraform = await derived.code!.terraform(object, address);
    assert.match(terraform, /^resource "honeycombio_derived_column" "route_family" \{/);
    assert.match(terraform, /dataset\s+= "api-gateway"/);
    assert.ok(terraform.includes('import {\n  to = honeycombio_derived_column.route_family\n  id = "api-gateway/route_family"\n}'), terraform);
    assert.match(await derived.code!.pulumi(object, address), /new honeycombio\.DerivedColumn\("route-family", \{[\s\S]*\{ import: "api-gateway\/route_family" \}/);
    const wide = await derivedAt('__all__', 'is_slow');
    const wideCode = await derived.code!.terraform(await derived.backend.read(wide.address), wide.address);
    assert.ok(!/dataset\s+=/.test(wideCode) && wideCode.includes('id = "is_slow"'), 'environment-wide: no dataset, imported by the bare alias');

    const dataset = await datasets.backend.read({ env: 'production', dataset: 'k8s-events' });
    const datasetCode = await datasets.code!.terraform(dataset, { env: 'production', dataset: 'k8s-events' });
    assert.match(datasetCode, /expand_json_depth = 5/);
    assert.match(datasetCode, /delete_protected\s+= false/);
    assert.ok(datasetCode.includes('id = "k8s-events"'));

    const column = (await client.listColumns('api-gateway'))[0];
    const columnCode = await columns.code!.pulumi(await columns.backend.read({ env: 'production', dataset: 'api-gateway', id: column.id }), {
      env: 'production',
      dataset: 'api-gateway',
      id: column.id,
    });
    assert.match(columnCode, new RegExp(`new honeycombio\\.Column\\([\\s\\S]*\\{ import: "api-gateway/${column.name.replace(/\./g, '\\.')}" \\}`));

    const defs = await definitions.backend.read({ env: 'production', dataset: 'api-gateway' });
    const defsCode = await definitions.code!.terraform(defs, { env: 'production', dataset: 'api-gateway' });
    assert.match(defsCode, /resource "honeycombio_dataset_definition"/);
    assert.match(defsCode, /cannot import dataset definitions/);
  });
});
