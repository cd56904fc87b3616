import * as assert from 'node:assert/strict';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { environmentProblems } from '../../../src/clients/honeycomb/environmentRules';
import { documentOf, formatDocument } from '../../../src/editing/document';
import { guardedSave } from '../../../src/editing/guardedSave';
import { EditableKind, JsonObject } from '../../../src/editing/kind';
import { summarizePlan } from '../../../src/editing/plan';
import { environmentKind } from '../../../src/views/honeycomb/kinds/environmentKind';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { scriptedUi } from './fakeKind';
import { validationSchema } from './kindSchemas';

/**
 * Environments on the editing mechanism against the stand-in (v2 JSON:API, management key; every
 * request and answer checked against the API description): a description and delete protection
 * PATCHed alone, a rename stopped before anything is sent, a create that comes back
 * delete-protected, and a delete refused while protected.
 */
describe('editing Honeycomb environments (stand-in, management key)', () => {
  let standIn: HoneycombStandIn;
  let environments: EditableKind;

  before(async () => {
    standIn = await startHoneycombStandIn();
    const client = new HoneycombClient({ apiUrl: standIn.url, managementKey: HONEYCOMB_KEYS.management, sleep: async () => undefined });
    environments = environmentKind({ api: async () => client.api, schema: validationSchema('honeycomb-environment'), rules: (d, b) => environmentProblems(d, b) });
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, [], 'the stand-in answered outside the OpenAPI document');
    standIn.reset();
  });

  const writes = () => standIn.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
  const edited = (baseline: JsonObject, change: (d: JsonObject) => void): string => {
    const copy = structuredClone(baseline);
    change(copy);
    return formatDocument(copy);
  };
  const staging = { team: 'acme', id: 'hcxen_01jacme0env0staging0000002' };

  it('opens as name, description, colour and settings; a description edit PATCHes that attribute alone', async () => {
    const baseline = documentOf(environments, await environments.backend.read(staging));
    assert.deepEqual(baseline, { name: 'Staging', description: 'Pre-release verification', color: 'gold', settings: { delete_protected: false } });
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({ kind: environments, target: { mode: 'update', address: staging, baseline }, text: edited(baseline, (d) => (d.description = 'Release candidates')), ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.equal(summarizePlan(shown.plans[0].changes), 'description "Pre-release verification" → "Release candidates"');
    assert.deepEqual(writes(), ['PATCH /2/teams/acme/environments/hcxen_01jacme0env0staging0000002']);
    assert.deepEqual(standIn.requests.at(-1)?.body, { data: { id: staging.id, type: 'environments', attributes: { description: 'Release candidates' } } });
    assert.equal(standIn.seed.environments.find((e) => e.id === staging.id)?.description, 'Release candidates');
  });

  it('a rename is stopped before anything is sent: the API cannot rename an environment', async () => {
    const baseline = documentOf(environments, await environments.backend.read(staging));
    const outcome = await guardedSave({ kind: environments, target: { mode: 'update', address: staging, baseline }, text: edited(baseline, (d) => (d.name = 'Preprod')), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'invalid');
    assert.match(outcome.status === 'invalid' ? `${outcome.problems[0].path.join('.')}: ${outcome.problems[0].message}` : '', /^name: an environment cannot be renamed/);
    assert.deepEqual(writes(), []);
  });

  it('a new environment is created delete-protected, and its delete is refused until protection is turned off', async () => {
    const parent = { team: 'acme' };
    const created = await guardedSave({
      kind: environments,
      target: { mode: 'create', parent },
      text: formatDocument({ name: 'Load test', description: 'Throwaway', color: 'purple' }),
      ui: scriptedUi().ui,
    });
    assert.equal(created.status, 'saved', JSON.stringify(created));
    if (created.status !== 'saved') return;
    assert.deepEqual(created.document, { name: 'Load test', description: 'Throwaway', color: 'purple', settings: { delete_protected: true } });
    await assert.rejects(environments.backend.remove(created.address), /delete-protected.*Set settings\.delete_protected to false/s);
    assert.deepEqual(writes(), ['POST /2/teams/acme/environments'], 'the protected delete was not sent');
    const unprotect = await guardedSave({
      kind: environments,
      target: { mode: 'update', address: created.address, baseline: created.document },
      text: edited(created.document, (d) => (d.settings = { delete_protected: false })),
      ui: scriptedUi().ui,
    });
    assert.equal(unprotect.status, 'saved', JSON.stringify(unprotect));
    assert.deepEqual((await environments.backend.usedBy!(created.address)).length, 1, 'a delete asks for the typed name: it takes the datasets with it');
    assert.equal(await environments.backend.remove(created.address), 'deleted');
    assert.equal(await environments.backend.remove(created.address), 'alreadyGone');
  });

  it('the service refuses a protected delete too (409), and a colour outside its list on that field', async () => {
    const production = { team: 'acme', id: 'hcxen_01jacme0env0production0001' };
    const { deleteEnvironment } = await import('../../../src/clients/honeycomb/environmentWrites');
    const client = new HoneycombClient({ apiUrl: standIn.url, managementKey: HONEYCOMB_KEYS.management, sleep: async () => undefined });
    await assert.rejects(deleteEnvironment(client.api, production.id), /Deletion Protection/);
    const unchecked = { ...environmentKind({ api: async () => client.api, schema: async () => ({ type: 'object' }), rules: () => [] }), id: 'test.unchecked-environment' };
    const baseline = documentOf(unchecked, await unchecked.backend.read(staging));
    const outcome = await guardedSave({ kind: unchecked, target: { mode: 'update', address: staging, baseline }, text: edited(baseline, (d) => (d.color = 'teal')), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'rejected');
    assert.deepEqual(outcome.status === 'rejected' ? outcome.problems.map((p) => p.path.join('.')) : [], ['color']);
  });

  it('Delete… on a protected environment offers turning protection off through the plan, and always wants the typed name', async () => {
    const production = { team: 'acme', id: 'hcxen_01jacme0env0production0001' };
    const object = await environments.backend.read(production);
    const blocked = environments.deleteBlocked?.(object);
    assert.ok(blocked, 'a protected environment cannot be deleted as it is');
    assert.equal(blocked.action, 'Turn Protection Off…');
    const baseline = documentOf(environments, object);
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({ kind: environments, target: { mode: 'update', address: production, baseline }, text: formatDocument(blocked.change(baseline)), ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.equal(summarizePlan(shown.plans[0].changes), 'settings.delete_protected true → false');
    assert.deepEqual(standIn.requests.at(-1)?.body, { data: { id: production.id, type: 'environments', attributes: { settings: { delete_protected: false } } } });
    assert.equal(environments.deleteBlocked?.(await environments.backend.read(production)), undefined, 'unprotected, it may be deleted');
    assert.equal(environments.alwaysTypeNameToDelete, true);
  });

  it('Copy as Terraform / Pulumi: honeycombio_environment with its ID as the import ID; delete_protected said only when off', async () => {
    const production = { team: 'acme', id: 'hcxen_01jacme0env0production0001' };
    const terraform = await environments.code!.terraform(await environments.backend.read(production), production);
    assert.match(terraform, /^resource "honeycombio_environment" "production" \{/m);
    assert.match(terraform, /name\s+= "Production"/);
    assert.match(terraform, /color\s+= "red"/);
    assert.doesNotMatch(terraform, /delete_protected/, 'protected is what the provider makes anyway');
    assert.ok(terraform.includes('import {\n  to = honeycombio_environment.production\n  id = "hcxen_01jacme0env0production0001"\n}'), terraform);
    const stagingCode = await environments.code!.terraform(await environments.backend.read(staging), staging);
    assert.match(stagingCode, /delete_protected\s+= false/);
    const pulumi = await environments.code!.pulumi(await environments.backend.read(staging), staging);
    assert.match(pulumi, /new honeycombio\.Environment\("staging", \{/);
    assert.match(pulumi, /deleteProtected: false/);
    assert.match(pulumi, /import: "hcxen_01jacme0env0staging0000002"/);
  });
});
