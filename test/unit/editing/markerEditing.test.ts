import * as assert from 'node:assert/strict';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { markerProblems, markerSettingProblems } from '../../../src/clients/honeycomb/markerRules';
import { listMarkerSettings, listMarkers } from '../../../src/clients/honeycomb/markers';
import { markerSettingWrites } from '../../../src/clients/honeycomb/writes';
import { documentOf, formatDocument } from '../../../src/editing/document';
import { guardedSave } from '../../../src/editing/guardedSave';
import { Address, EditableKind, JsonObject } from '../../../src/editing/kind';
import { summarizePlan } from '../../../src/editing/plan';
import { markerKind, markerSettingKind } from '../../../src/views/honeycomb/kinds/marker';
import { markerBackend } from '../../../src/views/honeycomb/kinds/markerBackend';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { scriptedUi } from './fakeKind';
import { validationSchema } from './kindSchemas';

/**
 * Markers and marker settings on the editing mechanism against the stand-in (which validates every
 * request and answer against the API description): what a save sends and in how many requests,
 * what the rules stop before anything is sent, and what the service refuses on its own.
 */
describe('editing Honeycomb markers and marker settings (stand-in)', () => {
  let standIn: HoneycombStandIn;
  let client: HoneycombClient;
  let markers: EditableKind;
  let settings: EditableKind;

  before(async () => {
    standIn = await startHoneycombStandIn();
    client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production, sleep: async () => undefined });
    const apiFor = async () => client.api;
    markers = markerKind({ backend: markerBackend(apiFor, 'marker'), schema: validationSchema('honeycomb-marker'), rules: (d) => markerProblems(d) });
    settings = markerSettingKind({ backend: markerBackend(apiFor, 'markerSetting'), schema: validationSchema('honeycomb-marker-setting'), rules: (d, b) => markerSettingProblems(d, b) });
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, [], 'the stand-in answered outside the OpenAPI document');
    standIn.reset();
  });

  const methods = () => standIn.requests.map((r) => `${r.method} ${r.path.replace(/\?.*/, '')}`);
  const edited = (baseline: JsonObject, change: (d: JsonObject) => void): string => {
    const copy = structuredClone(baseline);
    change(copy);
    return formatDocument(copy);
  };

  async function opened(kind: EditableKind, dataset: string, pick: (o: JsonObject) => boolean): Promise<{ address: Address; baseline: JsonObject; object: JsonObject }> {
    const list = kind === markers ? (await listMarkers(client.api, dataset)).items.map((m) => ({ id: m.id, message: m.message, type: m.type })) : await listMarkerSettings(client.api, dataset);
    const found = (list as JsonObject[]).find(pick);
    assert.ok(found, `a seeded ${kind.noun} in ${dataset}`);
    const address = { env: 'production', dataset, id: String(found.id) };
    const object = await kind.backend.read(address);
    standIn.requests.length = 0;
    return { address, baseline: documentOf(kind, object), object };
  }

  it('lists markers newest first, with the colour of their type', async () => {
    const { items, total } = await listMarkers(client.api, 'api-gateway');
    assert.equal(total, 3);
    assert.deepEqual(
      items.map((m) => m.message),
      ['new checkout enabled for 10%', 'api-gateway deploy #42', 'api-gateway deploy #41'],
    );
    assert.equal(items[1].color, '#1fa297', 'a deploy is drawn in the deploy setting’s colour');
    assert.deepEqual((await listMarkers(client.api, 'api-gateway', undefined, 2)).items.length, 2, 'the list is bounded');
  });

  it('a marker message edit reads the list once and PUTs the whole marker; the other fields stay', async () => {
    const { address, baseline, object } = await opened(markers, 'api-gateway', (m) => m.message === 'api-gateway deploy #42');
    assert.deepEqual(Object.keys(baseline), ['message', 'type', 'url', 'start_time', 'end_time'], 'no computed field (id, times, color) in the document');
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({ kind: markers, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => (d.message = 'api-gateway deploy #42 (rolled back)')), ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.equal(summarizePlan(shown.plans[0].changes), 'message "api-gateway deploy #42" → "api-gateway deploy #42 (rolled back)"');
    assert.deepEqual(methods(), ['GET /1/markers/api-gateway', `PUT /1/markers/api-gateway/${address.id}`]);
    assert.equal('color' in shown.plans[0].body, false, 'the colour is computed: never sent');
    const after = await markers.backend.read(address);
    assert.equal(after.message, 'api-gateway deploy #42 (rolled back)');
    assert.deepEqual([after.type, after.url, after.start_time, after.end_time], [object.type, object.url, object.start_time, object.end_time]);
  });

  it('a new environment-wide marker is created under __all__ and placed now', async () => {
    const parent = { env: 'production', dataset: '__all__' };
    const before = Math.floor(Date.now() / 1000);
    const outcome = await guardedSave({
      kind: markers,
      target: { mode: 'create', parent },
      text: formatDocument({ ...markers.template(parent), message: 'all services deploy 2026.11', url: 'https://ci.example.com/releases/2026.11' }),
      ui: scriptedUi().ui,
    });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    if (outcome.status !== 'saved') return;
    assert.deepEqual(outcome.address, { env: 'production', dataset: '__all__', id: outcome.object.id });
    assert.deepEqual(methods(), ['POST /1/markers/__all__']);
    const listed = (await listMarkers(client.api, '__all__')).items.find((m) => m.id === outcome.object.id);
    assert.ok(listed && listed.type === 'deploy' && listed.url === 'https://ci.example.com/releases/2026.11' && (listed.startTime ?? 0) >= before, JSON.stringify(listed));
  });

  it('a marker time typed in milliseconds is a warning (the save goes on)', async () => {
    const { address, baseline } = await opened(markers, 'api-gateway', (m) => m.message === 'api-gateway deploy #41');
    const outcome = await guardedSave({
      kind: markers,
      target: { mode: 'update', address, baseline },
      text: edited(baseline, (d) => (d.start_time = Number(d.start_time) * 1000)),
      ui: scriptedUi().ui,
    });
    assert.equal(outcome.status, 'saved');
    assert.match(
      outcome.status === 'saved' ? outcome.warnings.map((w) => `${w.path.join('.')}: ${w.message}`).join('\n') : '',
      /^start_time: start_time is in Unix seconds; \d+ looks like milliseconds/,
    );
  });

  it('a marker setting colour edit takes one read and one PUT; a colour that is not hex RGB is stopped before anything is sent', async () => {
    const { address, baseline } = await opened(settings, 'api-gateway', (s) => s.type === 'deploy');
    const bad = await guardedSave({ kind: settings, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => (d.color = 'teal')), ui: scriptedUi().ui });
    assert.equal(bad.status, 'invalid');
    assert.deepEqual(bad.status === 'invalid' ? bad.problems.map((p) => `${p.path.join('.')}: ${p.message}`) : [], [
      'color: color is a hexadecimal RGB colour: # and 3 or 6 hex digits, like "#F96E11" (not "teal")',
    ]);
    assert.deepEqual(methods(), [], 'nothing sent');
    const outcome = await guardedSave({ kind: settings, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => (d.color = '#F96E11')), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.deepEqual(methods(), ['GET /1/marker_settings/api-gateway', `PUT /1/marker_settings/api-gateway/${address.id}`]);
    assert.equal((await listMarkers(client.api, 'api-gateway')).items.find((m) => m.type === 'deploy')?.color, '#F96E11', 'the deploys are drawn in the new colour');
  });

  it('changing a marker setting’s type is stopped; the service refuses it too, on that field', async () => {
    const { address, baseline, object } = await opened(settings, 'api-gateway', (s) => s.type === 'deploy');
    const outcome = await guardedSave({ kind: settings, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => (d.type = 'release')), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'invalid');
    assert.deepEqual(outcome.status === 'invalid' ? outcome.problems.map((p) => p.path.join('.')) : [], ['type']);
    assert.deepEqual(methods(), []);
    // Sent anyway (as another client might): the stand-in holds the API's rule, and the overlay's colour pattern.
    await assert.rejects(markerSettingWrites.update(client.api, 'api-gateway', address.id, { ...object, type: 'release' }), /type/);
    await assert.rejects(markerSettingWrites.update(client.api, 'api-gateway', address.id, { type: 'deploy', color: 'red' }), /color/);
  });

  it('a new marker setting is created and listed; one with a colour name instead of hex is refused by the service on color', async () => {
    const parent = { env: 'production', dataset: 'api-gateway' };
    const created = await guardedSave({ kind: settings, target: { mode: 'create', parent }, text: formatDocument({ type: 'rollback', color: '#b71c1c' }), ui: scriptedUi().ui });
    assert.equal(created.status, 'saved', JSON.stringify(created));
    assert.deepEqual(methods(), ['POST /1/marker_settings/api-gateway']);
    assert.ok((await listMarkerSettings(client.api, 'api-gateway')).some((s) => s.type === 'rollback' && s.color === '#b71c1c'));
    // Without the editor's rules (another client): the stand-in's answer lands on the field.
    // (Its own id: schemas are compiled once per kind id.)
    const plain = { ...markerSettingKind({ backend: settings.backend, schema: async () => ({ type: 'object' }), rules: () => [] }), id: 'test.unchecked-marker-setting' };
    const refused = await guardedSave({ kind: plain, target: { mode: 'create', parent }, text: formatDocument({ type: 'hotfix', color: 'red' }), ui: scriptedUi().ui });
    assert.equal(refused.status, 'rejected');
    assert.deepEqual(refused.status === 'rejected' ? refused.problems.map((p) => p.path.join('.')) : [], ['color']);
  });

  it('delete: a marker and a marker setting go, and a second delete finds them gone', async () => {
    const { address } = await opened(markers, 'api-gateway', (m) => m.message === 'api-gateway deploy #41');
    assert.equal(await markers.backend.remove(address), 'deleted');
    assert.equal(await markers.backend.remove(address), 'alreadyGone');
    await assert.rejects(markers.backend.read(address), /no marker with id/);
    const setting = await opened(settings, '__all__', (s) => s.type === 'incident');
    assert.equal(await settings.backend.remove(setting.address), 'deleted');
    assert.deepEqual(await listMarkerSettings(client.api, '__all__'), []);
  });

  it('Copy as Terraform / Pulumi: the provider’s resources, and why neither imports', async () => {
    const { address, object } = await opened(markers, 'api-gateway', (m) => m.message === 'api-gateway deploy #42');
    const terraform = await markers.code!.terraform(object, address);
    assert.match(
      terraform,
      new RegExp(
        [
          '^resource "honeycombio_marker" "api_gateway_deploy_42" \\{',
          '  message = "api-gateway deploy #42"',
          '  type    = "deploy"',
          '  url     = "https://ci\\.example\\.com/builds/42"',
          '  dataset = "api-gateway"',
          '\\}',
        ].join('\n'),
      ),
    );
    assert.match(terraform, /# honeycombio_marker cannot be imported/);
    assert.doesNotMatch(terraform, /import \{/);
    assert.match(await markers.code!.pulumi(object, address), /new honeycombio\.Marker\("api-gateway-deploy-42", \{[\s\S]*dataset: "api-gateway"/);
    const setting = await opened(settings, '__all__', (s) => s.type === 'incident');
    const settingCode = await settings.code!.terraform(setting.object, setting.address);
    assert.match(settingCode, /resource "honeycombio_marker_setting" "incident" \{\n {2}type {2}= "incident"\n {2}color = "#d32f2f"\n\}/, 'environment-wide: no dataset');
  });
});
