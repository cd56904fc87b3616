import * as assert from 'node:assert/strict';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { apiKeyProblems } from '../../../src/clients/honeycomb/apiKeyRules';
import { documentOf, formatDocument } from '../../../src/editing/document';
import { guardedSave } from '../../../src/editing/guardedSave';
import { EditableKind, JsonObject } from '../../../src/editing/kind';
import { summarizePlan } from '../../../src/editing/plan';
import { NewApiKey, apiKeyKind, apiKeyTemplate } from '../../../src/views/honeycomb/kinds/apiKey';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { scriptedUi } from './fakeKind';
import { validationSchema } from './kindSchemas';

/**
 * API keys on the editing mechanism against the stand-in (v2 JSON:API, management key; every
 * request and answer checked against the API description): what each key type's update takes,
 * a create whose secret goes to `keyCreated` once and never into the document, and a key that,
 * disabled, stops working.
 */
describe('editing Honeycomb API keys (stand-in, management key)', () => {
  let standIn: HoneycombStandIn;
  let client: HoneycombClient;
  let keys: EditableKind;
  let created: NewApiKey[];

  before(async () => {
    standIn = await startHoneycombStandIn();
    client = new HoneycombClient({ apiUrl: standIn.url, managementKey: HONEYCOMB_KEYS.management, sleep: async () => undefined });
  });
  beforeEach(() => {
    created = [];
    keys = apiKeyKind({ api: async () => client.api, schema: validationSchema('honeycomb-api-key'), rules: (d, b) => apiKeyProblems(d, b), keyCreated: (k) => created.push(k) });
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, [], 'the stand-in answered outside the OpenAPI document');
    standIn.reset();
  });

  const writes = () => standIn.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
  const production = 'hcxen_01jacme0env0production0001';
  const ingest = { team: 'acme', environment: production, id: HONEYCOMB_KEYS.ingestProduction.slice(0, 32) };
  const limited = { team: 'acme', environment: production, id: 'hcxlk_01jacme0cfg0limited0000004' };
  const edited = (baseline: JsonObject, change: (d: JsonObject) => void): string => {
    const copy = structuredClone(baseline);
    change(copy);
    return formatDocument(copy);
  };

  it('an ingest key opens as name, type, disabled and create_datasets; a rename PATCHes the name alone', async () => {
    const baseline = documentOf(keys, await keys.backend.read(ingest));
    assert.deepEqual(baseline, { name: 'OTel collector production', key_type: 'ingest', disabled: false, permissions: { create_datasets: true } });
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({ kind: keys, target: { mode: 'update', address: ingest, baseline }, text: edited(baseline, (d) => (d.name = 'OTel collector (prod)')), ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.equal(summarizePlan(shown.plans[0].changes), 'name "OTel collector production" → "OTel collector (prod)"');
    assert.deepEqual(standIn.requests.at(-1)?.body, { data: { id: ingest.id, type: 'api-keys', attributes: { name: 'OTel collector (prod)' } } });
    assert.equal(standIn.seed.environmentKeys.find((k) => k.id === ingest.id)?.name, 'OTel collector (prod)');
  });

  it("an ingest key's permissions and any key's type cannot change: stopped before anything is sent, on the field", async () => {
    const baseline = documentOf(keys, await keys.backend.read(ingest));
    const outcome = await guardedSave({
      kind: keys,
      target: { mode: 'update', address: ingest, baseline },
      text: edited(baseline, (d) => {
        d.permissions = { create_datasets: false };
        d.key_type = 'configuration';
      }),
      ui: scriptedUi().ui,
    });
    assert.equal(outcome.status, 'invalid');
    const problems = outcome.status === 'invalid' ? outcome.problems.map((p) => `${p.path.join('.')}: ${p.message}`) : [];
    assert.ok(
      problems.some((p) => /^key_type: an API key's type cannot change/.test(p)),
      problems.join('\n'),
    );
    assert.ok(
      problems.some((p) => /^permissions: the API's update of an ingest key takes name and disabled only/.test(p)),
      problems.join('\n'),
    );
    assert.deepEqual(writes(), []);
  });

  it("a configuration key's permissions are PATCHed; disabled, it no longer reads configuration", async () => {
    const baseline = documentOf(keys, await keys.backend.read(limited));
    const saved = await guardedSave({
      kind: keys,
      target: { mode: 'update', address: limited, baseline },
      text: edited(baseline, (d) => ((d.permissions as JsonObject).manage_triggers = true)),
      ui: scriptedUi().ui,
    });
    assert.equal(saved.status, 'saved', JSON.stringify(saved));
    assert.deepEqual(((standIn.requests.at(-1)?.body as JsonObject).data as JsonObject).attributes, { permissions: { ...(baseline.permissions as JsonObject), manage_triggers: true } });
    assert.equal(standIn.seed.environmentKeys.find((k) => k.id === limited.id)?.access.triggers, true);
    const limitedClient = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.productionLimited, sleep: async () => undefined });
    assert.equal((await limitedClient.getAuthMetadata()).id, limited.id);
    const disabled = await guardedSave({
      kind: keys,
      target: { mode: 'update', address: limited, baseline: saved.status === 'saved' ? saved.document : baseline },
      text: edited(saved.status === 'saved' ? saved.document : baseline, (d) => (d.disabled = true)),
      ui: scriptedUi().ui,
    });
    assert.equal(disabled.status, 'saved', JSON.stringify(disabled));
    await assert.rejects(limitedClient.getAuthMetadata());
  });

  it('a new configuration key: the secret goes to keyCreated once, never into the document or the object; it works at once', async () => {
    const parent = { team: 'acme', environment: production };
    const body: JsonObject = { ...apiKeyTemplate('configuration'), name: 'CI deploys' };
    (body.permissions as JsonObject).manage_markers = true;
    const outcome = await guardedSave({ kind: keys, target: { mode: 'create', parent }, text: formatDocument(body), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    if (outcome.status !== 'saved') return;
    assert.equal(created.length, 1, 'the secret is offered once');
    const [{ key, address, keyType, name }] = created;
    assert.deepEqual([address, keyType, name], [outcome.address, 'configuration', 'CI deploys']);
    assert.match(outcome.address.id, /^hcxlk_/);
    assert.ok(!JSON.stringify(outcome).includes(key), 'the secret is not in the saved object or its document');
    assert.ok(!('secret' in outcome.document));
    const newKey = new HoneycombClient({ apiUrl: standIn.url, apiKey: key, sleep: async () => undefined });
    const auth = await newKey.getAuthMetadata();
    assert.deepEqual([auth.id, auth.type, auth.environment.slug], [outcome.address.id, 'configuration', 'production']);
  });

  it('a new ingest key: the key offered is its ID and secret concatenated (as ingest keys are sent)', async () => {
    const outcome = await guardedSave({
      kind: keys,
      target: { mode: 'create', parent: { team: 'acme', environment: production } },
      text: formatDocument(apiKeyTemplate('ingest')),
      ui: scriptedUi().ui,
    });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    if (outcome.status !== 'saved') return;
    assert.ok(created[0].key.startsWith(outcome.address.id) && created[0].key.length > outcome.address.id.length, 'ID then secret');
    assert.equal((await new HoneycombClient({ apiUrl: standIn.url, apiKey: created[0].key, sleep: async () => undefined }).getAuthMetadata()).type, 'ingest');
  });

  it('an ingest key with a configuration permission is refused on that permission before it is created', async () => {
    const body = { ...apiKeyTemplate('ingest'), permissions: { create_datasets: true, run_queries: true } };
    const outcome = await guardedSave({ kind: keys, target: { mode: 'create', parent: { team: 'acme', environment: production } }, text: formatDocument(body), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'invalid');
    assert.deepEqual(outcome.status === 'invalid' ? outcome.problems.map((p) => p.path.join('.')) : [], ['permissions.run_queries']);
    assert.deepEqual(writes(), []);
  });

  it('Delete… always wants the typed name; a deleted key is gone (and a second delete says so)', async () => {
    assert.equal(keys.alwaysTypeNameToDelete, true);
    assert.equal(await keys.backend.remove(limited), 'deleted');
    assert.deepEqual(writes(), [`DELETE /2/teams/acme/api-keys/${limited.id}`]);
    assert.equal(await keys.backend.remove(limited), 'alreadyGone');
  });

  it('Copy as Terraform: honeycombio_api_key with the provider’s permission names, and no import (the provider cannot import keys)', async () => {
    const configuration = { team: 'acme', environment: production, id: 'hcxlk_01jacme0cfg0production0001' };
    const terraform = await keys.code!.terraform(await keys.backend.read(configuration), configuration);
    assert.match(terraform, /^resource "honeycombio_api_key" "terraform_production" \{/m);
    assert.match(terraform, /type\s+= "configuration"/);
    assert.match(terraform, /environment_id\s+= "hcxen_01jacme0env0production0001"/);
    assert.match(terraform, /permissions \{[^}]*manage_public_boards\s+= true[^}]*manage_queries\s+= true/s);
    assert.doesNotMatch(terraform, /manage_boards|manage_columns|^import/m);
    assert.match(terraform, /cannot import API keys/);
    const pulumi = await keys.code!.pulumi(await keys.backend.read(ingest), ingest);
    assert.match(pulumi, /new honeycombio\.ApiKey\(/);
    assert.match(pulumi, /permissions: \[\s*\{\s*createDatasets: true,\s*\},\s*\]/);
  });
});
