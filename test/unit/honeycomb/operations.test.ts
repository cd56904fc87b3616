import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HoneycombClient, NEVER_WRITTEN } from '../../../src/clients/honeycomb';
import { ServiceError } from '../../../src/core/errors';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';

/** Asserts each named field is present with the given JavaScript type ("array" for arrays). */
function hasRequired(record: object, fields: Record<string, 'string' | 'number' | 'boolean' | 'array' | 'object'>): void {
  for (const [name, type] of Object.entries(fields)) {
    const value = (record as Record<string, unknown>)[name];
    assert.ok(value !== undefined && value !== null, `required field ${name} is missing`);
    const actual = Array.isArray(value) ? 'array' : typeof value;
    assert.equal(actual, type, `${name} is ${actual}, not ${type}`);
  }
}

const badInput = (operation: string, pattern: RegExp) => (error: ServiceError) =>
  error instanceof ServiceError && error.kind === 'badInput' && error.operation === operation && pattern.test(error.message);

describe('Honeycomb client: every package operation (against the stand-in)', () => {
  let standIn: HoneycombStandIn;
  let client: HoneycombClient;

  before(async () => {
    standIn = await startHoneycombStandIn();
  });
  after(() => standIn.stop());
  beforeEach(() => {
    client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production, managementKey: HONEYCOMB_KEYS.management, sleep: async () => undefined });
  });
  afterEach(() => {
    assert.deepEqual(standIn.violations, [], 'the stand-in answered outside the OpenAPI document');
    standIn.reset();
  });

  const requests = (): string[] => standIn.requests.map((r) => `${r.method} ${r.path}${Object.keys(r.query).length ? '?' + new URLSearchParams(r.query as Record<string, string>).toString() : ''}`);

  describe('datasets', () => {
    it('getDataset returns the Dataset record with every required field, by slug', async () => {
      const d = await client.getDataset({ slug: 'api-gateway' });
      hasRequired(d, { createdAt: 'string', deleteProtected: 'boolean', description: 'string', expandJsonDepth: 'number', id: 'string', lastWrittenAt: 'string', name: 'string', slug: 'string' });
      assert.equal(d.id, 'api-gateway');
      assert.equal(d.deleteProtected, true);
      assert.equal(d.expandJsonDepth, 2);
      assert.deepEqual(requests(), ['GET /1/datasets/api-gateway']);
    });

    it('getDataset gives the provider’s zero time for a dataset that never received data', async () => {
      const d = await client.getDataset({ slug: 'load-test-2024' });
      assert.equal(d.lastWrittenAt, NEVER_WRITTEN);
    });

    it('getDataset refuses a missing slug before any request', async () => {
      await assert.rejects(client.getDataset({ slug: ' ' }), badInput('getDataset', /the input "slug" is required/));
      assert.equal(standIn.requests.length, 0);
    });

    it('getDatasets returns parallel names and slugs and a stable id', async () => {
      const all = await client.getDatasets();
      hasRequired(all, { id: 'string', names: 'array', slugs: 'array' });
      assert.deepEqual(all.slugs, ['api-gateway', 'checkout-service', 'payments', 'frontend-web', 'k8s-events', 'load-test-2024']);
      assert.equal(all.names.length, all.slugs.length);
      assert.equal((await client.getDatasets()).id, all.id, 'same result, same id');
      assert.deepEqual(requests(), ['GET /1/datasets', 'GET /1/datasets']);
    });

    it('getDatasets filters with detail filters and echoes them', async () => {
      const filters = [
        { name: 'delete_protected', value: 'true' },
        { name: 'name', operator: 'does-not-contain', value: 'pay' },
      ];
      const out = await client.getDatasets({ detailFilters: filters });
      assert.deepEqual(out.slugs, ['api-gateway', 'checkout-service']);
      assert.deepEqual(out.detailFilters, filters);
      const deep = await client.getDatasets({ detailFilters: [{ name: 'expandJsonDepth', operator: '>', value: '1' }] });
      assert.deepEqual(deep.slugs, ['api-gateway', 'k8s-events']);
    });

    it('getDatasets keeps the deprecated startsWith (a prefix on the name) and refuses it with filters', async () => {
      assert.deepEqual((await client.getDatasets({ startsWith: 'pay' })).names, ['payments']);
      await assert.rejects(client.getDatasets({ startsWith: 'a', detailFilters: [{ name: 'name', value: 'a' }] }), badInput('getDatasets', /startsWith cannot be combined with detailFilters/));
    });
  });

  describe('columns', () => {
    it('getColumn looks a column up by name with ?key_name= and returns every required field', async () => {
      const c = await client.getColumn({ dataset: 'api-gateway', name: 'duration_ms' });
      hasRequired(c, { createdAt: 'string', dataset: 'string', description: 'string', hidden: 'boolean', id: 'string', lastWrittenAt: 'string', name: 'string', type: 'string', updatedAt: 'string' });
      assert.equal(c.type, 'float');
      assert.equal(c.dataset, 'api-gateway');
      assert.deepEqual(requests(), ['GET /1/columns/api-gateway?key_name=duration_ms']);
    });

    it('getColumn by id checks that the name agrees', async () => {
      const byName = await client.getColumn({ dataset: 'api-gateway', name: 'client.address' });
      assert.equal(byName.hidden, true);
      const byId = await client.getColumn({ dataset: 'api-gateway', name: 'client.address', id: byName.id });
      assert.deepEqual(byId, byName);
      await assert.rejects(client.getColumn({ dataset: 'api-gateway', name: 'other', id: byName.id }), badInput('getColumn', /is named "client\.address", not "other"/));
    });

    it('getColumn reports an unknown column as not found, with Honeycomb’s words', async () => {
      await assert.rejects(client.getColumn({ dataset: 'api-gateway', name: 'nope' }), (error: ServiceError) => error.kind === 'notFound' && /Column not found/.test(error.message));
    });

    it('getColumn and getColumns require a dataset', async () => {
      await assert.rejects(client.getColumn({ dataset: '', name: 'x' }), badInput('getColumn', /"dataset" is required/));
      await assert.rejects(client.getColumns({ dataset: '' }), badInput('getColumns', /"dataset" is required/));
    });

    it('getColumns returns names, optionally only those starting with startsWith', async () => {
      const all = await client.getColumns({ dataset: 'payments' });
      hasRequired(all, { dataset: 'string', id: 'string', names: 'array' });
      assert.ok(all.names.includes('payment.amount'));
      const some = await client.getColumns({ dataset: 'payments', startsWith: 'payment.' });
      assert.deepEqual(some.names, ['payment.provider', 'payment.amount', 'payment.currency', 'payment.declined']);
      assert.equal(some.startsWith, 'payment.');
      assert.notEqual(some.id, all.id);
    });
  });

  describe('derived columns', () => {
    it('getDerivedColumn looks up by alias in a dataset (?alias=)', async () => {
      const d = await client.getDerivedColumn({ dataset: 'api-gateway', alias: 'sli.availability' });
      hasRequired(d, { alias: 'string', description: 'string', expression: 'string', id: 'string' });
      assert.equal(d.dataset, 'api-gateway');
      assert.match(d.expression, /^IF\(EXISTS/);
      assert.deepEqual(requests(), ['GET /1/derived_columns/api-gateway?alias=sli.availability']);
    });

    it('getDerivedColumn without a dataset looks environment-wide (__all__) and has no dataset', async () => {
      const d = await client.getDerivedColumn({ alias: 'is_slow' });
      assert.equal(d.dataset, undefined);
      assert.deepEqual(requests(), ['GET /1/derived_columns/__all__?alias=is_slow']);
    });

    it('CHOICE names: getDerivedColumns gives aliases in names (the provider gives IDs) and the IDs in ids', async () => {
      const out = await client.getDerivedColumns({ dataset: 'api-gateway' });
      hasRequired(out, { id: 'string', names: 'array' });
      assert.deepEqual(out.names, ['sli.availability', 'sli.latency_300ms', 'route_family']);
      assert.equal(out.ids.length, 3);
      for (const [i, id] of out.ids.entries()) {
        const one = await client.getDerivedColumn({ dataset: 'api-gateway', alias: out.names[i] });
        assert.equal(one.id, id, 'ids run parallel to names');
      }
    });

    it('getDerivedColumns startsWith keeps aliases with that prefix', async () => {
      assert.deepEqual((await client.getDerivedColumns({ dataset: 'api-gateway', startsWith: 'sli.' })).names, ['sli.availability', 'sli.latency_300ms']);
    });
  });

  describe('environments (v2, management key)', () => {
    it('getEnvironments lists the team’s environments by ID, using the team slug it is given', async () => {
      client.api.useTeamSlug('acme');
      const out = await client.getEnvironments();
      hasRequired(out, { id: 'string', ids: 'array' });
      assert.equal(out.ids.length, 3);
      assert.ok(out.ids.every((id) => id.startsWith('hcxen_')));
      assert.deepEqual(requests(), ['GET /2/teams/acme/environments?page%5Bsize%5D=100']);
    });

    it('finds the team slug with /2/auth once when it is not known', async () => {
      await client.getEnvironments();
      await client.getEnvironments();
      assert.deepEqual(
        requests().map((r) => r.split('?')[0]),
        ['GET /2/auth', 'GET /2/teams/acme/environments', 'GET /2/teams/acme/environments'],
      );
    });

    it('getEnvironment by id returns the Environment record with every required field', async () => {
      const ids = (await client.getEnvironments()).ids;
      const env = await client.getEnvironment({ id: ids[1] });
      hasRequired(env, { color: 'string', deleteProtected: 'boolean', description: 'string', id: 'string', name: 'string', slug: 'string' });
      assert.equal(env.slug, 'staging');
      assert.equal(env.color, 'gold');
    });

    it('getEnvironment with detail filters needs exactly one match and echoes the filters', async () => {
      const filters = [{ name: 'color', value: 'red' }];
      const prod = await client.getEnvironment({ detailFilters: filters });
      assert.equal(prod.slug, 'production');
      assert.deepEqual(prod.detailFilters, filters);
      await assert.rejects(client.getEnvironment({ detailFilters: [{ name: 'name', value: 'Nowhere' }] }), /No Environments found/);
      await assert.rejects(client.getEnvironment({ detailFilters: [{ name: 'delete_protected', value: 'false' }] }), /Multiple Environments found \(staging, dev\)/);
      await assert.rejects(client.getEnvironment({ id: 'x', detailFilters: filters }), badInput('getEnvironment', /id cannot be combined with detailFilters/));
    });

    it('getEnvironments filters, e.g. by slug prefix', async () => {
      const out = await client.getEnvironments({ detailFilters: [{ name: 'slug', operator: 'starts-with', value: 'st' }] });
      assert.equal(out.ids.length, 1);
      assert.deepEqual(out.detailFilters, [{ name: 'slug', operator: 'starts-with', value: 'st' }]);
    });
  });

  describe('SLOs', () => {
    it('getSlo returns the SLO record: datasets, SLI alias, tags and targetPercentage from per-million', async () => {
      const ids = (await client.getSlos({ dataset: 'api-gateway' })).ids;
      const slo = await client.getSlo({ id: ids[0] });
      hasRequired(slo, { dataset: 'string', datasets: 'array', description: 'string', id: 'string', name: 'string', sli: 'string', tags: 'object', targetPercentage: 'number', timePeriod: 'number' });
      assert.equal(slo.name, 'Gateway availability');
      assert.equal(slo.targetPercentage, 99.9);
      assert.equal(slo.timePeriod, 30);
      assert.equal(slo.sli, 'sli.availability');
      assert.deepEqual(slo.tags, { team: 'platform', tier: 'one' });
      assert.deepEqual(slo.datasets, ['api-gateway']);
      assert.equal(slo.dataset, '', 'the deprecated dataset echoes the (absent) input');
      assert.equal(requests()[1], `GET /1/slos/__all__/${ids[0]}`);
    });

    it('getSlo with the deprecated dataset looks in that dataset and echoes it', async () => {
      const ids = (await client.getSlos({ dataset: 'payments' })).ids;
      const slo = await client.getSlo({ id: ids[0], dataset: 'payments' });
      assert.equal(slo.dataset, 'payments');
      assert.equal(requests()[1], `GET /1/slos/payments/${ids[0]}`);
    });

    it('getSlos leaves multi-dataset SLOs out (the seed does not support them); without a dataset lists the environment', async () => {
      const payments = await client.getSlos({ dataset: 'payments' });
      hasRequired(payments, { id: 'string', ids: 'array' });
      // payments has two SLOs; "Checkout success" also covers checkout-service, so it is left out.
      const listed = await client.listSlos('payments');
      assert.equal(listed.length, 2);
      const multi = listed.find((s) => s.datasets.length > 1);
      assert.equal(multi?.name, 'Checkout success');
      assert.deepEqual(
        payments.ids,
        listed.filter((s) => s !== multi).map((s) => s.id),
      );
      assert.equal((await client.getSlos()).ids.length, 4, 'five SLOs in the environment, one of them multi-dataset');
      assert.equal(requests()[2], 'GET /1/slos/__all__');
    });

    it('getSlos filters on tags (contains key:value), target and time period', async () => {
      assert.equal((await client.getSlos({ detailFilters: [{ name: 'tags', operator: 'contains', value: 'team:platform' }] })).ids.length, 2);
      assert.equal((await client.getSlos({ detailFilters: [{ name: 'target_percentage', value: '98.99' }] })).ids.length, 1, 'CHOICE float: 989900 per million = 98.99');
      assert.equal((await client.getSlos({ detailFilters: [{ name: 'time_period', operator: '<', value: '28' }] })).ids.length, 2);
      assert.equal((await client.getSlos({ detailFilters: [{ name: 'datasets', operator: 'contains', value: 'payments' }] })).ids.length, 1, 'the multi-dataset one is left out');
    });

    it('getSlo requires an id', async () => {
      await assert.rejects(client.getSlo({ id: '' }), badInput('getSlo', /"id" is required/));
    });
  });

  describe('recipients', () => {
    it('getRecipients lists IDs of one type, or of every type', async () => {
      const slack = await client.getRecipients({ type: 'slack' });
      hasRequired(slack, { id: 'string', ids: 'array' });
      assert.equal(slack.ids.length, 2);
      assert.equal(slack.type, 'slack');
      assert.equal((await client.getRecipients()).ids.length, 9);
    });

    it('getRecipient returns each type with its required fields', async () => {
      const email = await client.getRecipient({ type: 'email', detailFilter: { name: 'address', value: 'oncall@acme.example' } });
      hasRequired(email, { id: 'string', type: 'string', address: 'string' });
      const slack = await client.getRecipient({ type: 'slack', detailFilter: { name: 'channel', value: '#alerts-prod' } });
      hasRequired(slack, { channel: 'string' });
      const pd = await client.getRecipient({ type: 'pagerduty', detailFilter: { name: 'integration_name', value: 'Acme Production' } });
      hasRequired(pd, { integrationKey: 'string', integrationName: 'string' });
      assert.equal(pd.integrationKey?.length, 32);
      const hook = await client.getRecipient({ type: 'webhook' });
      hasRequired(hook, { name: 'string', secret: 'string', url: 'string' });
      const teams = await client.getRecipient({ type: 'msteams' });
      hasRequired(teams, { name: 'string', url: 'string' });
      const workflow = await client.getRecipient({ type: 'msteams_workflow', detailFilter: { name: 'url', valueRegex: 'logic' } });
      hasRequired(workflow, { name: 'string', url: 'string' });
      assert.deepEqual(workflow.detailFilter, { name: 'url', valueRegex: 'logic' }, 'the filter is echoed');
    });

    it('getRecipient by id must be of the asked type', async () => {
      const id = (await client.getRecipients({ type: 'email' })).ids[0];
      assert.equal((await client.getRecipient({ type: 'email', id })).id, id);
      await assert.rejects(client.getRecipient({ type: 'slack', id }), badInput('getRecipient', /is of type email, not slack/));
    });

    it('getRecipient keeps the deprecated target (the type’s main field) and ignores the deprecated dataset', async () => {
      const r = await client.getRecipient({ type: 'slack', target: '#payments-oncall', dataset: 'whatever' });
      assert.equal(r.channel, '#payments-oncall');
      assert.equal(r.target, '#payments-oncall');
      assert.equal(r.dataset, 'whatever');
      await assert.rejects(client.getRecipient({ type: 'slack', target: 'x', detailFilter: { name: 'channel', value: 'x' } }), badInput('getRecipient', /target cannot be combined/));
    });

    it('getRecipient says when no or several recipients match, in the provider’s words', async () => {
      await assert.rejects(client.getRecipient({ type: 'email', detailFilter: { name: 'address', value: 'nobody@acme.example' } }), /your recipient query returned no results/);
      await assert.rejects(client.getRecipient({ type: 'email' }), /your recipient query returned more than one result \(2 email recipients\)/);
    });

    it('refuses an unknown type, an unknown filter field and a filter without a name', async () => {
      await assert.rejects(client.getRecipient({ type: 'carrier-pigeon' }), badInput('getRecipient', /"carrier-pigeon" is not a recipient type/));
      await assert.rejects(client.getRecipients({ type: 'email', detailFilter: { name: 'colour', value: 'x' } }), badInput('getRecipients', /"colour" is not a recipient field/));
      await assert.rejects(client.getRecipients({ detailFilter: { name: '' } }), badInput('getRecipients', /detailFilter\.name is required/));
      assert.equal(standIn.requests.length, 0);
    });
  });

  describe('getTriggerRecipient (deprecated)', () => {
    it('still finds the first recipient with that type and target on the dataset’s triggers', async () => {
      const out = await client.getTriggerRecipient({ dataset: 'api-gateway', type: 'slack', target: '#alerts-prod' });
      hasRequired(out, { dataset: 'string', id: 'string', type: 'string' });
      assert.equal(out.id, (await client.getRecipient({ type: 'slack', detailFilter: { name: 'channel', value: '#alerts-prod' } })).id);
      assert.equal(out.target, '#alerts-prod');
      assert.equal(requests()[0], 'GET /1/triggers/api-gateway');
    });

    it('target defaults to "" (a recipient given by ID only)', async () => {
      const out = await client.getTriggerRecipient({ dataset: 'api-gateway', type: 'pagerduty' });
      assert.equal(out.id, (await client.getRecipient({ type: 'pagerduty', detailFilter: { name: 'integration_name', value: 'Acme Production' } })).id);
      assert.equal(out.target, undefined);
    });

    it('says what it could not find, in the provider’s words', async () => {
      await assert.rejects(
        client.getTriggerRecipient({ dataset: 'api-gateway', type: 'email', target: 'x@acme.example' }),
        (error: ServiceError) => error.kind === 'notFound' && error.message.includes('could not find a trigger recipient in "api-gateway" with type = "email" and target = "x@acme.example"'),
      );
    });

    it('is marked @deprecated on the client, so editors strike it through', () => {
      const source = fs.readFileSync(path.resolve(__dirname, '../../../../src/clients/honeycomb/index.ts'), 'utf8');
      assert.match(source, /@deprecated Use getRecipient[^/]*\*\/\s*getTriggerRecipient\(/);
    });
  });

  describe('lists the views use', () => {
    it('triggers of a dataset and of the environment, and the triggers that use a recipient', async () => {
      const onGateway = await client.listTriggers('api-gateway');
      assert.deepEqual(
        onGateway.map((t) => t.name),
        ['High 5xx rate', 'Rate limit exhaustion'],
      );
      const all = await client.listTriggers('__all__');
      assert.equal(all.length, 6);
      assert.ok(
        all.some((t) => t.dataset === '__all__'),
        'an environment-wide trigger keeps its __all__ dataset',
      );
      const slackId = (await client.getRecipient({ type: 'slack', detailFilter: { name: 'channel', value: '#alerts-prod' } })).id;
      const using = await client.listRecipientTriggers(slackId);
      assert.deepEqual(using.map((t) => `${t.dataset}/${t.name}`).sort(), ['api-gateway/High 5xx rate', 'api-gateway/Staging smoke errors'], 'team-wide: the staging trigger too');
    });

    it('datasets and columns come with all their details in one request each', async () => {
      const datasets = await client.listDatasets();
      assert.equal(datasets.find((d) => d.slug === 'api-gateway')?.regularColumnsCount, 18);
      const columns = await client.listColumns('api-gateway');
      assert.equal(columns.length, 18);
      assert.deepEqual(requests(), ['GET /1/datasets', 'GET /1/columns/api-gateway']);
    });
  });
});
