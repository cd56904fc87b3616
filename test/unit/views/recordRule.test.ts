import * as assert from 'node:assert/strict';
import { AuthentikClient } from '../../../src/clients/authentik';
import { toColumn, toDataset, toDerivedColumn, toRecipient, toSlo, toTrigger } from '../../../src/clients/honeycomb';
import { AUTHENTIK_KINDS, AuthentikKind, idOf } from '../../../src/clients/authentik/resources/kinds';
import { authentikApiBase } from '../../../src/core/config';
import { RecordContext, recordContext } from '../../../src/views/authentik/authentikRecord';
import { loadManagedRecord, managedRecord, managedRef } from '../../../src/views/authentik/managedRecords';
import { MANAGED_KIND_OF, ObjectRefKind, recordKeyOf } from '../../../src/views/authentik/objectRef';
import * as M from '../../../src/views/authentik/recordModels';
import { embeddedNames, loadReferenceNames, wantedReferences } from '../../../src/views/authentik/referenceNames';
import { EnvContext, HoneycombObject } from '../../../src/views/honeycomb/objects';
import { buildRecord } from '../../../src/views/honeycomb/recordModels';
import { fieldLabel, valueField } from '../../../src/views/panels/fieldValues';
import type { RecordViewModel } from '../../../src/views/panels/protocol';
import { SHARED_ACTION_IDS, withWrites } from '../../../src/views/panels/recordRule';
import type { LoadedRecord } from '../../../src/views/panels/recordSources';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../../servers/authentik';

/**
 * The one record rule: every kind's record — Honeycomb's and authentik's, the managed kinds
 * among them — has the same header and the same actions in the same order, fields in words,
 * references by name, nested values as fields and long text as a block.
 */
const env: EnvContext = { apiUrl: 'https://api.honeycomb.io', teamSlug: 'acme', teamName: 'Acme Observability', envSlug: 'production', envName: 'Production', classic: false };
const honeycombObjects: HoneycombObject[] = [
  { kind: 'environment', env, item: { slug: 'production', name: 'Production', id: 'hcxen_1' } },
  { kind: 'dataset', env, item: toDataset({ name: 'api-gateway', slug: 'api-gateway', description: '', expand_json_depth: 2, created_at: '2025-01-01T00:00:00Z', last_written_at: null }) },
  { kind: 'column', env, dataset: 'api-gateway', item: toColumn('api-gateway', { id: 'col1', key_name: 'duration_ms', type: 'float', hidden: false, description: '' }) },
  { kind: 'derivedColumn', env, dataset: 'api-gateway', item: toDerivedColumn('api-gateway', { id: 'dc1', alias: 'sli.ok', expression: 'LT($status, 500)', description: '' }) },
  { kind: 'slo', env, item: toSlo(undefined, { id: 'slo1', name: 'Availability', sli: { alias: 'sli.ok' }, time_period_days: 30, target_per_million: 999000, dataset_slugs: ['api-gateway'] }) },
  {
    kind: 'trigger',
    env,
    item: toTrigger('api-gateway', {
      id: 'tr1',
      name: 'High 5xx rate',
      threshold: { op: '>', value: 50 },
      frequency: 300,
      query: { calculations: [{ op: 'COUNT' }], filters: [{ column: 'status', op: '>=', value: 500 }], time_range: 900 },
    }),
  },
  { kind: 'recipient', env, item: toRecipient({ id: 'r1', type: 'slack', details: { slack_channel: '#alerts' } }) },
];

/** What every record must show, in this order, before the kind's own actions. */
function sharedActions(model: RecordViewModel): string[] {
  return (model.actions ?? []).map((a) => a.id).filter((id) => (SHARED_ACTION_IDS as readonly string[]).includes(id));
}

function assertTheRule(model: RecordViewModel, service: 'Honeycomb' | 'authentik', editable: boolean): void {
  const what = `${model.kind} "${model.title}"`;
  assert.ok(model.kind.startsWith(`${service} `), `${what}: the kind names the service`);
  assert.ok(model.title, `${what}: a name`);
  assert.ok(model.where && model.where.length > 0, `${what}: where it lives`);
  const ids = (model.actions ?? []).map((a) => a.id);
  const expected = [...(editable ? ['edit'] : []), 'openInBrowser', 'copyId', 'copyJson', 'copyTerraform', 'copyPulumi'];
  assert.deepEqual(ids.slice(0, expected.length), expected, `${what}: the shared actions first, in order`);
  assert.deepEqual(sharedActions(model), expected, `${what}: no shared action twice or out of place`);
  assert.deepEqual(ids.slice(-2), ['viewJson', 'refresh'], `${what}: View as JSON and Refresh last`);
  assert.equal((model.actions ?? []).find((a) => a.id === 'openInBrowser')?.label, `Open in ${service}`);
  for (const action of model.actions ?? []) {
    assert.ok(action.link || action.copy || action.unavailable || ['copyJson', 'viewJson', 'refresh'].includes(action.id), `${what}: "${action.label}" does something`);
  }
  const terraform = model.actions!.find((a) => a.id === 'copyTerraform')!;
  assert.ok(!terraform.unavailable, `${what}: Copy as Terraform gives code, not an apology (${terraform.unavailable})`);
}

const fieldsOf = (model: RecordViewModel) => model.sections.flatMap((s) => s.fields);
const field = (model: RecordViewModel, label: string) => fieldsOf(model).find((f) => f.label === label);

describe('records: one rule for every kind', function () {
  this.timeout(60_000);
  let standIn: AuthentikStandIn;
  let client: AuthentikClient;
  const ui = 'https://id.acme.example';
  before(async () => {
    standIn = await startAuthentikStandIn();
    client = new AuthentikClient({ apiBase: authentikApiBase(standIn.url), token: AUTHENTIK_TOKENS.admin });
  });
  after(() => standIn.stop());
  afterEach(() => assert.deepEqual(standIn.violations, []));

  /** One record of each kind the authentik tree shows, built as its record source builds it. */
  async function authentikRecords(): Promise<Array<{ loaded: LoadedRecord; editable: boolean }>> {
    const ctx = recordContext(ui);
    const first = async <T>(page: Promise<{ items: T[] }>): Promise<T> => (await page).items[0];
    const flow = await client.retrieveFlow('default-authentication-flow');
    const bindings = await client.listFlowBindings(flow.pk);
    const certificate = (await client.listCertificates()).items.find((c) => c.private_key_available)!;
    const out = [
      { loaded: M.brandRecord(await first(client.listBrands()), ctx), editable: true },
      { loaded: M.flowRecord(flow, bindings.items, bindings.count, undefined, ctx), editable: true },
      { loaded: M.stageRecord(await client.retrieveStage((await first(client.listStages())).pk), ctx), editable: true },
      { loaded: M.groupRecord(await first(client.listGroups()), undefined, ctx), editable: true },
      { loaded: M.userRecord(await first(client.listUsers()), undefined, ctx), editable: true },
      { loaded: M.applicationRecord(await first(client.listApplications()), ctx), editable: true },
      { loaded: M.sourceRecord(await first(client.listSources()), ctx), editable: true },
      { loaded: M.mappingRecord(await first(client.listPropertyMappings()), ctx), editable: true },
      { loaded: M.certificateRecord(certificate, [], undefined, ctx), editable: true },
      { loaded: M.outpostRecord(await first(client.listOutposts()), ctx), editable: true },
      { loaded: M.serviceConnectionRecord(await first(client.listServiceConnections()), undefined, ctx), editable: true },
      { loaded: M.permissionRecord(await first(client.listPermissions()), ctx), editable: false },
    ];
    for (const provider of (await client.listProviders()).items) out.push({ loaded: M.providerRecord(provider, {}, ctx), editable: true });
    // The source authentik makes itself has no type to edit it by: no Edit… on its record.
    const builtIn = (await client.listSources()).items.find((source) => !source.component);
    assert.ok(builtIn, 'the stand-in has the built-in source');
    out.push({ loaded: M.sourceRecord(builtIn, ctx), editable: false });
    for (const [view, managed] of Object.entries(MANAGED_KIND_OF) as Array<[ObjectRefKind, AuthentikKind]>) {
      if (['brand', 'flow', 'application', 'certificate'].includes(view)) continue;
      const item = (await (await client.resources(managed)).list()).items[0] as Record<string, unknown>;
      const { loaded } = await loadManagedRecord(client, view, managed, idOf(managed, item), { uiBase: ui, where: ctx.where });
      out.push({ loaded, editable: managed !== 'license' });
    }
    return out;
  }

  it('every Honeycomb kind: the same header and the same actions in the same order (Edit… on triggers)', () => {
    for (const o of honeycombObjects) assertTheRule(buildRecord(o).model, 'Honeycomb', o.kind === 'trigger');
  });

  it('every authentik kind, the managed kinds among them: the same header and actions in the same order', async () => {
    const records = await authentikRecords();
    assert.ok(records.length >= 30, `${records.length} records`);
    for (const { loaded, editable } of records) {
      assertTheRule(loaded.model, 'authentik', editable);
      assert.equal(loaded.model.where, 'authentik at id.acme.example');
    }
    // Each kind's own action comes after the shared ones: the certificate's "Load private key…".
    const certificate = records.find((r) => r.loaded.model.kind === 'authentik certificate-key pair')!.loaded.model;
    const ids = certificate.actions!.map((a) => a.id);
    assert.ok(ids.indexOf('loadPrivateKey') > ids.indexOf('copyPulumi'));
  });

  it('Copy as Terraform: a provider, stage or mapping’s resource with its import block; else the data source where there is one, else the kind’s resource', async () => {
    const ctx = recordContext(ui);
    const action = (loaded: LoadedRecord, id = 'copyTerraform') => loaded.model.actions!.find((a) => a.id === id)!;
    const authentication = await client.retrieveFlow('default-authentication-flow');
    const flow = action(M.flowRecord(authentication, [], 0, undefined, ctx));
    assert.match(flow.copy!.text, /^data "authentik_flow"/);
    assert.equal(flow.copy!.what, `the Terraform lookup of ${authentication.name}`);
    // Applications have no data source: the resource and its import, written by the editable kind.
    const app = (await client.listApplications()).items.find((a) => a.slug === 'grafana')!;
    const appAction = action(M.applicationRecord(app, ctx));
    assert.deepEqual(appAction.link, { kind: 'command', command: 'opsConfig.copyAsTerraformResource', args: [{ kindId: 'authentik.application', address: { id: 'grafana' }, name: 'grafana' }] });
    assert.deepEqual(action(M.applicationRecord(app, ctx), 'copyPulumi').link, { ...appAction.link, command: 'opsConfig.copyAsPulumiResource' });
    // A proxy provider, a stage: the provider's resource for its type, written by its derived kind (the export's mapping).
    const proxy = (await client.listProviders()).items.find((p) => p.meta_model_name.endsWith('.proxyprovider'))!;
    const proxyAction = action(M.providerRecord(proxy, {}, ctx));
    const proxyTarget = { kindId: 'authentik.authentik_providers_proxy.proxyprovider', address: { id: String(proxy.pk) }, name: proxy.name };
    assert.deepEqual(proxyAction.link, { kind: 'command', command: 'opsConfig.copyAsTerraformResource', args: [proxyTarget] });
    assert.deepEqual(action(M.providerRecord(proxy, {}, ctx), 'copyPulumi').link, { ...proxyAction.link, command: 'opsConfig.copyAsPulumiResource' });
    const stage = await client.retrieveStage((await client.listStages()).items[0].pk);
    const stageTarget = { kindId: `authentik.${stage.meta_model_name}`, address: { id: stage.pk }, name: stage.name };
    assert.deepEqual(action(M.stageRecord(stage, ctx)).link, { kind: 'command', command: 'opsConfig.copyAsTerraformResource', args: [stageTarget] });
    // A Honeycomb trigger: its resource with the import block (the kind's export), not an import block alone.
    const trigger = buildRecord(honeycombObjects.find((o) => o.kind === 'trigger')!).model.actions!.find((a) => a.id === 'copyTerraform')!;
    assert.deepEqual(trigger.link, {
      kind: 'command',
      command: 'opsConfig.copyAsTerraformResource',
      args: [{ kindId: 'honeycomb.trigger', address: { env: 'production', dataset: 'api-gateway', id: 'tr1' }, name: 'High 5xx rate' }],
    });
    const dataset = buildRecord(honeycombObjects.find((o) => o.kind === 'dataset')!).model.actions!.find((a) => a.id === 'copyTerraform')!;
    assert.match(dataset.copy!.text, /^data "honeycombio_dataset"/);
  });

  it('Copy ID copies the ID and says whose; Open in the service links the object’s page, or says why not', () => {
    const dataset = buildRecord(honeycombObjects.find((o) => o.kind === 'dataset')!).model;
    assert.deepEqual(dataset.actions!.find((a) => a.id === 'copyId')!.copy, { text: 'api-gateway', what: 'the ID of api-gateway' });
    assert.deepEqual(dataset.actions!.find((a) => a.id === 'openInBrowser')!.link, { kind: 'url', url: 'https://ui.honeycomb.io/acme/environments/production/datasets/api-gateway/home' });
    const local = buildRecord({ ...honeycombObjects.find((o) => o.kind === 'dataset')!, env: { ...env, apiUrl: 'http://127.0.0.1:9' } }).model;
    assert.match(local.actions!.find((a) => a.id === 'openInBrowser')!.unavailable!, /^Cannot open api-gateway in Honeycomb: the API URL http:\/\/127\.0\.0\.1:9 is not a Honeycomb "api\." address/);
    const noId = buildRecord({ kind: 'environment', env, item: { slug: 'production', name: 'Production' } }).model;
    assert.match(noId.actions!.find((a) => a.id === 'copyId')!.unavailable!, /no ID here: environment IDs come with a management key/);
  });

  it('Edit… is left out while writes are off; the other actions stay in their order', () => {
    const trigger = buildRecord(honeycombObjects.find((o) => o.kind === 'trigger')!).model;
    assert.equal(withWrites(trigger, true), trigger);
    const readOnly = withWrites(trigger, false);
    assert.deepEqual(
      readOnly.actions!.map((a) => a.id),
      trigger.actions!.map((a) => a.id).filter((id) => id !== 'edit'),
    );
    assert.ok(
      trigger.actions!.some((a) => a.id === 'edit'),
      'the model itself keeps it, for when writes are on again',
    );
  });

  it('labels fields in words and leaves out internal fields, in every record of every managed kind', async () => {
    assert.equal(fieldLabel('token_uuid'), 'Token UUID');
    assert.equal(fieldLabel('evaluate_on_plan'), 'Evaluate on plan');
    assert.equal(fieldLabel('webhook_url'), 'Webhook URL');
    assert.equal(fieldLabel('jwt_federation_providers'), 'JWT federation providers');
    assert.equal(fieldLabel('nss_uid_offset'), 'NSS UID offset');
    assert.equal(fieldLabel('webhookMappingBody'), 'Webhook mapping body');
    let checked = 0;
    for (const [view, managed] of Object.entries(MANAGED_KIND_OF) as Array<[ObjectRefKind, AuthentikKind]>) {
      const collection = await client.resources(managed);
      for (const item of (await collection.list()).items as Array<Record<string, unknown>>) {
        const model = managedRecord(managedRef(view, managed, item), managed, item, [], recordContext(ui)).model;
        for (const f of model.sections[0].fields) {
          assert.doesNotMatch(f.label, /_|^[a-z]/, `${managed}: "${f.label}" reads as a field name`);
          checked++;
        }
        const labels = model.sections[0].fields.map((f) => f.label);
        for (const internal of ['Policybindingmodel ptr ID', 'Component', 'Meta model name', 'Verbose name plural', 'Stage obj']) {
          assert.ok(!labels.includes(internal), `${managed} shows ${internal}`);
        }
        assert.ok(!JSON.stringify(model).includes('policybindingmodel_ptr_id'), `${managed}: the pointer field is not shown`);
      }
    }
    assert.ok(checked > 100, `${checked} fields checked`);
    const binding = (await (await client.resources('flowStageBinding')).list()).items[0] as Record<string, unknown>;
    assert.ok('policybindingmodel_ptr_id' in binding, 'the stand-in sends the pointer field the record leaves out');
    const labels = managedRecord(managedRef('flowStageBinding', 'flowStageBinding', binding), 'flowStageBinding', binding, [], recordContext(ui)).model.sections[0].fields.map((f) => f.label);
    assert.deepEqual(labels, ['ID', 'Flow', 'Stage', 'Evaluate on plan', 'Re-evaluate policies', 'Order', 'Policy engine mode', 'Invalid response action']);
  });

  it('shows nested values as fields, lists as lists and long text as a block', async () => {
    const nested = valueField('Configuration', { authentik_host: 'https://id.acme.example', kubernetes: { replicas: 2, ports: [9000, 9443] }, labels: {} }, { keys: 'verbatim' });
    assert.deepEqual(nested, {
      label: 'Configuration',
      format: 'fields',
      fields: [
        { label: 'authentik_host', value: 'https://id.acme.example' },
        {
          label: 'kubernetes',
          format: 'fields',
          fields: [
            { label: 'replicas', value: 2 },
            { label: 'ports', format: 'list', list: ['9000', '9443'] },
          ],
        },
        { label: 'labels', value: 'none', dim: true },
      ],
    });
    assert.deepEqual(valueField('Clusters', [{ name: 'prod-eu-1', server: 'https://k8s' }], {}), {
      label: 'Clusters',
      format: 'fields',
      fields: [
        {
          label: 'prod-eu-1',
          format: 'fields',
          fields: [
            { label: 'Name', value: 'prod-eu-1' },
            { label: 'Server', value: 'https://k8s' },
          ],
        },
      ],
    });
    assert.equal(valueField('Text', 'line one\nline two').format, 'block');
    assert.equal(valueField('Hash', 'f'.repeat(128)).format, undefined, 'a long token without spaces is no block');
    // The outpost's configuration: fields, never a JSON string with escaped quotes.
    const outpost = (await client.listOutposts()).items.find((o) => o.name === 'authentik Embedded Outpost')!;
    const config = field(M.outpostRecord(outpost, recordContext(ui)).model, 'Configuration')!;
    assert.equal(config.format, 'fields');
    assert.deepEqual(
      config.fields!.find((f) => f.label === 'log_level'),
      { label: 'log_level', value: 'info' },
    );
    // A blueprint's YAML is a block kept as written.
    const blueprint = (await (await client.resources('blueprint')).list()).items.find((b) => typeof b.content === 'string' && b.content.includes('\n'))!;
    const content = field(managedRecord(managedRef('blueprint', 'blueprint', blueprint), 'blueprint', blueprint, [], recordContext(ui)).model, 'Content')!;
    assert.deepEqual([content.format, content.value], ['block', blueprint.content]);
    // A trigger's query is indented JSON, one field a line.
    const query = field(buildRecord(honeycombObjects.find((o) => o.kind === 'trigger')!).model, 'Query')!;
    assert.equal(query.format, 'json');
    assert.ok(String(query.value).split('\n').length > 5, String(query.value));
  });

  it('names the objects a record refers to, as links, with one list request per kind referred to', async () => {
    const brand = (await client.listBrands()).items.find((b) => b.domain === 'id.acme.example')!;
    const flows = [
      brand.flow_authentication,
      brand.flow_invalidation,
      brand.flow_recovery,
      brand.flow_unenrollment,
      brand.flow_user_settings,
      brand.flow_device_code,
      brand.flow_lockdown,
      brand.flow_user_switch,
      brand.flow_request,
    ];
    assert.ok(flows.filter(Boolean).length >= 3, 'the brand refers to several flows');
    standIn.reset();
    const names = await loadReferenceNames(client, { flow: flows, certificateKeyPair: [brand.web_certificate, ...(brand.client_certificates ?? [])], application: [brand.default_application] });
    const lists = standIn.requests.map((r) => r.path).sort();
    assert.deepEqual(
      lists,
      brand.default_application
        ? ['/api/v3/core/applications/', '/api/v3/crypto/certificatekeypairs/', '/api/v3/flows/instances/']
        : ['/api/v3/crypto/certificatekeypairs/', '/api/v3/flows/instances/'],
    );
    const model = M.brandRecord(brand, { uiBase: ui, where: 'authentik at id.acme.example', names }).model;
    const authentication = field(model, 'Authentication')!;
    const flow = (await client.listFlows({ pageSize: 100 })).items.find((f) => f.pk === brand.flow_authentication)!;
    assert.deepEqual(authentication, { label: 'Authentication', value: flow.slug, link: { kind: 'record', key: recordKeyOf({ kind: 'flow', lookup: flow.slug }) } });
    assert.ok(!JSON.stringify(model.sections).includes(brand.flow_authentication!), 'no flow is shown as its primary key');
    const web = field(model, 'Web certificate')!;
    assert.equal(web.link?.kind, 'record');
    assert.notEqual(web.value, brand.web_certificate);

    // A binding names its stage from the copy it carries (no request), its flow from one list.
    const binding = (await (await client.resources('flowStageBinding')).list()).items[0] as unknown as Record<string, unknown>;
    const known = embeddedNames('flowStageBinding', binding);
    standIn.reset();
    const bindingNames = await loadReferenceNames(client, wantedReferences('flowStageBinding', binding), known);
    assert.deepEqual(
      standIn.requests.map((r) => r.path),
      ['/api/v3/flows/instances/'],
    );
    const ctx: RecordContext = { uiBase: ui, where: 'authentik at id.acme.example', names: bindingNames };
    const bindingModel = managedRecord(managedRef('flowStageBinding', 'flowStageBinding', binding, bindingNames), 'flowStageBinding', binding, [], ctx).model;
    assert.equal(field(bindingModel, 'Stage')?.value, (binding.stage_obj as { name: string }).name);
    assert.equal(field(bindingModel, 'Stage')?.link?.kind, 'record');
    assert.equal(field(bindingModel, 'Flow')?.link?.kind, 'record');

    // A notification rule's transports: a list of names, each a link.
    const rule = (await (await client.resources('eventRule')).list()).items.find((r) => (r.transports ?? []).length > 1) as unknown as Record<string, unknown>;
    const ruleNames = await loadReferenceNames(client, wantedReferences('eventRule', rule), embeddedNames('eventRule', rule));
    const transports = field(managedRecord(managedRef('eventRule', 'eventRule', rule), 'eventRule', rule, [], { ...ctx, names: ruleNames }).model, 'Transports')!;
    assert.equal(transports.format, 'links');
    assert.equal(transports.links!.length, (rule.transports as string[]).length);
    for (const link of transports.links!) {
      assert.equal(link.link?.kind, 'record');
      assert.ok(!(rule.transports as string[]).includes(link.text), `${link.text} is a name`);
    }
  });

  it('names a group’s members, as links to them, from one page of members', async () => {
    const group = (await client.listGroups({ pageSize: 100 })).items.find((g) => (g.users ?? []).length > 5)!;
    const full = await client.retrieveGroup(group.pk);
    const members = await client.listGroupMembers(group.pk, { pageSize: 3 });
    const model = M.groupRecord(full, { users: members.items, count: members.count }, recordContext(ui)).model;
    const section = model.sections.find((s) => s.title.startsWith('Members'))!;
    assert.equal(section.title, `Members (${members.count})`);
    assert.deepEqual(
      section.fields.slice(0, 3).map((f) => [f.value, f.link]),
      members.items.map((u) => [u.username, { kind: 'record', key: recordKeyOf({ kind: 'user', lookup: String(u.pk) }) }]),
    );
    assert.match(String(section.fields[3].value), new RegExp(`^${members.count - 3} more in the Members folder`));
  });
});

/** The kinds table's reference fields are the ones a managed record names. */
describe('records: references the kinds table knows', () => {
  it('every reference field of a managed kind is shown by name when its name is known', () => {
    for (const [kind, spec] of Object.entries(AUTHENTIK_KINDS) as Array<[AuthentikKind, (typeof AUTHENTIK_KINDS)[AuthentikKind]]>) {
      for (const [name, reference] of Object.entries(spec.references)) {
        const object: Record<string, unknown> = { [spec.idField]: 'x', [name]: reference.many ? ['k1'] : 'k1' };
        const names = embeddedNames(kind, object);
        names.add(reference.target, 'k1', { name: 'Known name' });
        const shown = managedRecord(managedRef('eventRule', kind, object), kind, object, [], { uiBase: 'https://ak', where: 'authentik at ak', names }).model.sections[0].fields;
        const text = JSON.stringify(shown.find((f) => f.label === (name === 'target' ? 'Flow' : name === 'app' ? 'Application' : fieldLabel(name))));
        assert.ok(text.includes('Known name') && !text.includes('"k1"'), `${kind}.${name}: ${text}`);
      }
    }
  });
});
