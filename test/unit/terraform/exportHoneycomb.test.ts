import * as assert from 'node:assert/strict';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { boardViewWrites, boardWrites } from '../../../src/clients/honeycomb/boardWrites';
import { listBurnAlerts } from '../../../src/clients/honeycomb/burnAlerts';
import { ENVIRONMENT_WIDE } from '../../../src/clients/honeycomb/paths';
import { ApiObject, columnWrites, derivedColumnWrites, markerSettingWrites, queryAnnotationWrites, sloWrites, triggerWrites } from '../../../src/clients/honeycomb/writes';
import { pulumiFile, terraformFile } from '../../../src/terraform/export/exportFile';
import { readHoneycombEnvironment } from '../../../src/terraform/export/honeycombEnvironment';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { TERRAFORM_NAME, blockNames, readHcl, typeScriptErrors } from '../codegen/parsedCode';
import { changedLines, resourceLabels } from './exportedText';

/**
 * Issue 32, "Export as Terraform…" on a Honeycomb environment: the stand-in's production
 * environment (every kind the provider has a resource for) read with list requests and written
 * as one file, then read back by HashiCorp's own HCL parser: every object is there with its
 * import block (or a comment saying why it cannot have one), every reference names a resource
 * of the file, labels are valid and unique, and exporting again after a change differs only in
 * the changed line. The Pulumi file type-checks.
 */
describe('Export as Terraform: a whole Honeycomb environment (stand-in)', function () {
  this.timeout(60_000);
  let standIn: HoneycombStandIn;
  let client: HoneycombClient;

  before(async () => {
    standIn = await startHoneycombStandIn();
    client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production, sleep: async () => undefined });
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, [], 'the stand-in answered outside the OpenAPI document');
    standIn.reset();
  });

  const exportNow = () => readHoneycombEnvironment(client.api, { title: 'Honeycomb environment “Production” (production)', env: 'production' });

  /** The import IDs the provider takes for every importable object, read here from the API on its own. */
  async function expectedImports(): Promise<string[]> {
    const api = client.api;
    const ids: string[] = [];
    const datasets = api.expectArray<ApiObject>('getDatasets', await api.v1({ operation: 'getDatasets', path: '/1/datasets' })).map((d) => String(d.slug));
    ids.push(...datasets);
    for (const dataset of datasets) {
      ids.push(...(await columnWrites.list(api, dataset)).map((c) => `${dataset}/${String(c.key_name)}`));
      ids.push(...(await derivedColumnWrites.list(api, dataset)).map((d) => `${dataset}/${String(d.alias)}`));
    }
    ids.push(...(await derivedColumnWrites.list(api, ENVIRONMENT_WIDE)).map((d) => String(d.alias)));
    ids.push(...(await triggerWrites.list(api, ENVIRONMENT_WIDE)).map((t) => `${String(t.dataset_slug)}/${String(t.id)}`));
    for (const slo of await sloWrites.list(api, ENVIRONMENT_WIDE)) {
      const slugs = slo.dataset_slugs as string[];
      const dataset = slugs.length === 1 ? slugs[0] : ENVIRONMENT_WIDE;
      const prefix = dataset === ENVIRONMENT_WIDE ? '' : `${dataset}/`;
      ids.push(`${prefix}${String(slo.id)}`);
      ids.push(...(await listBurnAlerts(api, dataset, String(slo.id))).map((a) => `${prefix}${a.id}`));
    }
    ids.push(...api.expectArray<ApiObject>('getRecipients', await api.v1({ operation: 'getRecipients', path: '/1/recipients' })).map((r) => String(r.id)));
    for (const board of await boardWrites.list(api)) {
      ids.push(String(board.id));
      ids.push(...(await boardViewWrites.list(api, String(board.id))).map((v) => `${String(board.id)}/${String(v.id)}`));
    }
    return ids.sort();
  }

  it('writes every object with its import block, and says why the others have none', async () => {
    const contents = await exportNow();
    const text = terraformFile(contents);
    const { json } = await readHcl(text);
    const names = blockNames(json);
    const importIds = ((json.import ?? []) as Array<{ id: string }>).map((i) => i.id).sort();
    assert.deepEqual(importIds, await expectedImports(), 'one import block for each importable object, with the provider’s import ID');
    for (const target of names.imports) assert.ok(names.resources.includes(target), `import of ${target}, which is no resource of the file`);
    const count = (type: string) => names.resources.filter((r) => r.startsWith(`${type}.`)).length;
    // The kinds the provider cannot import: each written, each with the reason in a comment.
    const api = client.api;
    const annotations = (await Promise.all(['api-gateway', 'checkout-service', 'payments', 'frontend-web', 'k8s-events', 'load-test-2024'].map((d) => queryAnnotationWrites.list(api, d)))).flat();
    assert.ok(annotations.length > 0);
    assert.equal(count('honeycombio_query_annotation'), annotations.length);
    assert.equal((text.match(/The honeycombio provider cannot import query annotations/g) ?? []).length, annotations.length);
    const settings = (
      await Promise.all([ENVIRONMENT_WIDE, 'api-gateway', 'checkout-service', 'payments', 'frontend-web', 'k8s-events', 'load-test-2024'].map((d) => markerSettingWrites.list(api, d)))
    ).flat();
    assert.equal(count('honeycombio_marker_setting'), settings.length);
    assert.ok(count('honeycombio_dataset_definition') > 0);
    assert.equal((text.match(/cannot import dataset definitions/g) ?? []).length, count('honeycombio_dataset_definition'));
    assert.match(text, /# - markers: they are events, not configuration/, 'markers are named as left out, with why');
    assert.equal(contents.resources.length, names.resources.length, 'every object read is a resource of the file');
  });

  it('refers to the recipients, SLOs, derived columns, boards and query annotations it writes, by reference', async () => {
    const text = terraformFile(await exportNow());
    const read = await readHcl(text);
    const names = blockNames(read.json);
    const objectReferences = read.references.filter((r) => r.startsWith('honeycombio_'));
    for (const reference of objectReferences) {
      const resource = reference.split('.').slice(0, 2).join('.');
      assert.ok(names.resources.includes(resource), `${reference} names no resource of the file`);
    }
    const kinds = new Set(objectReferences.map((r) => `${r.split('.')[0]}.${r.split('.')[2]}`));
    for (const expected of [
      'honeycombio_email_recipient.id',
      'honeycombio_slack_recipient.id',
      'honeycombio_pagerduty_recipient.id',
      'honeycombio_slo.id',
      'honeycombio_derived_column.alias',
      'honeycombio_flexible_board.id',
      'honeycombio_query_annotation.id',
    ]) {
      assert.ok(kinds.has(expected), `no reference to ${expected} (found ${[...kinds].join(', ')})`);
    }
    // Every trigger's recipient given by id is a reference, not a literal id.
    const triggers = await triggerWrites.list(client.api, ENVIRONMENT_WIDE);
    const byId = triggers.flatMap((t) => (t.recipients as ApiObject[]).filter((r) => r.id));
    const written = Object.values(read.json.resource as Record<string, Record<string, Array<{ recipient?: Array<{ id?: string }> }>>>)
      .flatMap((byLabel) => Object.values(byLabel))
      .flat();
    const triggerRecipients = Object.values((read.json.resource as Record<string, Record<string, Array<{ recipient?: Array<{ id?: string }> }>>>).honeycombio_trigger)
      .flat()
      .flatMap((t) => t.recipient ?? []);
    assert.ok(written.length > 0);
    assert.equal(triggerRecipients.length, byId.length, 'each recipient of each trigger');
    for (const r of triggerRecipients) assert.match(String(r.id), /^\$\{honeycombio_[a-z_]+_recipient\.[a-z0-9_]+\.id\}$/, 'a trigger’s recipient is a reference, not an id');
    // Secrets are variables, sensitive, never values.
    const variables = (read.json.variable ?? {}) as Record<string, Array<{ sensitive?: boolean }>>;
    assert.ok(Object.keys(variables).length > 0);
    for (const [name, [variable]] of Object.entries(variables)) assert.equal(variable.sensitive, true, `variable ${name} is not sensitive`);
    assert.deepEqual(read.evaluated, [], 'nothing else is left for Terraform to evaluate');
  });

  it('gives every resource a valid label, unique within its type', async () => {
    const text = terraformFile(await exportNow());
    const labels = resourceLabels(text);
    assert.ok(labels.length > 100);
    for (const { type, label } of labels) assert.match(label, TERRAFORM_NAME, `${type} label ${label}`);
    const seen = labels.map(({ type, label }) => `${type}.${label}`);
    assert.deepEqual(
      seen.filter((s, i) => seen.indexOf(s) !== i),
      [],
      'a label used twice in one type',
    );
    // The seed has a column name used in several datasets: the later ones get a suffix.
    assert.ok(
      labels.some((l) => /_2$/.test(l.label)),
      'some name is shared, and told apart',
    );
  });

  it('exporting again after a change differs only where the object changed', async () => {
    const before = terraformFile(await exportNow());
    assert.equal(terraformFile(await exportNow()), before, 'the same environment exports the same text');
    // Someone raises one trigger's threshold in Honeycomb's UI.
    const trigger = standIn.seed.content.production.triggers.find((t) => t.name === 'High 5xx rate');
    assert.ok(trigger, 'the seed has the trigger');
    const old = trigger.threshold.value;
    trigger.threshold.value = old + 7;
    const after = terraformFile(await exportNow());
    const { removed, added } = changedLines(before, after);
    assert.equal(removed.length, 1, removed.join('\n'));
    assert.equal(added.length, 1, added.join('\n'));
    assert.match(removed[0], new RegExp(`^ {4}value += ${old}$`));
    assert.match(added[0], new RegExp(`^ {4}value += ${old + 7}$`));
  });

  it('writes the same environment as Pulumi (TypeScript) that type-checks, with references to what is declared above', async () => {
    const text = pulumiFile(await exportNow());
    const errors = typeScriptErrors(new Map([['index.ts', text]])).get('index.ts');
    assert.deepEqual(errors, []);
    assert.match(text, /recipients: \[\n\s+\{\n\s+id: \w+Recipient\.id,/, 'a trigger’s recipient by reference');
    assert.match(text, /sloId: \w+Slo\.id,/, 'a burn alert’s SLO by reference');
    assert.match(text, /sli: \w+DerivedColumn\.alias,/, 'an SLO’s SLI by reference');
    assert.equal((text.match(/\{ import: "/g) ?? []).length, (await expectedImports()).length, 'an import option for each importable object');
  });
});
