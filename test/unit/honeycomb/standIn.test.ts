import * as assert from 'node:assert/strict';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { exampleText } from '../../servers/examples';
import { HONEYCOMB_KEYS, HOSTILE_DATASET, HoneycombStandIn, createHoneycombSeed, startHoneycombStandIn } from '../../servers/honeycomb';
import { SCALE } from '../../servers/honeycomb/scale';
import { request } from '../servers/http';

/** The Honeycomb stand-in's configuration endpoints: seeded data, published bodies, paging, scale. */
describe('Honeycomb stand-in: configuration endpoints', function () {
  this.timeout(30_000);

  describe('seeded Acme data', () => {
    let hc: HoneycombStandIn;
    before(async () => {
      hc = await startHoneycombStandIn();
    });
    after(() => hc.stop());
    afterEach(() => {
      assert.deepEqual(hc.violations, []);
      hc.reset();
    });

    const get = (path: string, token: string = HONEYCOMB_KEYS.production) => request(`${hc.url}${path}`, { headers: { 'X-Honeycomb-Team': token } });

    it('serves every endpoint the explorer reads, each answer validated against the document', async () => {
      const seed = hc.seed;
      const prod = seed.content.production;
      const column = prod.columns['api-gateway'][0];
      const derived = prod.derivedColumns['api-gateway'][0];
      const slo = prod.slos[0];
      const trigger = prod.triggers[0];
      const recipient = seed.recipients[0];
      for (const path of [
        '/1/datasets',
        '/1/datasets/api-gateway',
        '/1/columns/api-gateway',
        '/1/columns/__all__',
        `/1/columns/api-gateway/${column.id}`,
        `/1/columns/api-gateway?key_name=${encodeURIComponent(column.key_name)}`,
        '/1/derived_columns/api-gateway',
        '/1/derived_columns/__all__',
        `/1/derived_columns/api-gateway/${derived.id}`,
        `/1/derived_columns/api-gateway?alias=${encodeURIComponent(derived.alias)}`,
        '/1/slos/api-gateway',
        '/1/slos/__all__',
        `/1/slos/api-gateway/${slo.id}`,
        '/1/triggers/api-gateway',
        '/1/triggers/__all__',
        `/1/triggers/api-gateway/${trigger.id}`,
        '/1/recipients',
        `/1/recipients/${recipient.id}`,
        `/1/recipients/${recipient.id}/triggers`,
      ]) {
        const r = await get(path);
        assert.equal(r.status, 200, `${path} → ${r.status} ${r.text.slice(0, 200)}`);
      }
      assert.equal(hc.requests.length, 19);
    });

    it('has realistic content: the named services, every recipient type, triggers wired to real recipients', () => {
      const seed = hc.seed;
      assert.deepEqual(seed.content.production.datasets.map((d) => d.slug).slice(0, 5), ['api-gateway', 'checkout-service', 'payments', 'frontend-web', 'k8s-events']);
      assert.deepEqual([...new Set(seed.recipients.map((r) => r.type))].sort(), ['email', 'msteams', 'msteams_workflow', 'pagerduty', 'slack', 'webhook']);
      const ids = new Set(seed.recipients.map((r) => r.id));
      for (const content of Object.values(seed.content)) {
        for (const t of content.triggers) {
          for (const r of t.recipients) assert.ok(ids.has(r.id), `${t.name} notifies unknown recipient ${r.id}`);
        }
        for (const s of content.slos) {
          for (const ds of s.dataset_slugs) {
            const sli = [...(content.derivedColumns[ds] ?? []), ...(content.derivedColumns.__all__ ?? [])].some((d) => d.alias === s.sli.alias);
            assert.ok(sli, `SLO ${s.name}: SLI ${s.sli.alias} is not a derived column of ${ds}`);
          }
        }
      }
      assert.ok(
        seed.content.production.columns['api-gateway'].some((c) => c.hidden),
        'some columns are hidden',
      );
    });

    it('answers each key from its own environment', async () => {
      const staging = (await get('/1/datasets', HONEYCOMB_KEYS.staging)).json();
      assert.deepEqual(
        staging.map((d: { slug: string }) => d.slug),
        ['api-gateway', 'checkout-service'],
      );
      assert.equal((await get('/1/datasets', HONEYCOMB_KEYS.dev)).json().length, 1);
    });

    it('serves the published example bodies verbatim to the docs’ example key', async () => {
      const key = HONEYCOMB_KEYS.published.environment;
      for (const [path, file] of [
        ['/1/datasets', 'GET_1_datasets.json'],
        ['/1/columns/my-dataset', 'GET_1_columns_DATASET.json'],
        ['/1/columns/my-dataset?key_name=my_column', 'GET_1_columns_DATASET.key_name.json'],
        ['/1/columns/my-dataset/yUheCUmgZ8p', 'GET_1_columns_DATASET_COLUMN_ID.json'],
        ['/1/derived_columns/my-dataset/yUheCUmgZ8p', 'GET_1_derived_columns_DATASET_DERIVED_COLUMN_ID.json'],
        ['/1/slos/my-dataset/bZ1aRHAUsjG', 'GET_1_slos_DATASET_SLO_ID.json'],
        ['/1/slos/my-dataset/bZ1aRHAUsjG?detailed', 'GET_1_slos_DATASET_SLO_ID.detailed.json'],
        ['/1/recipients', 'GET_1_recipients.json'],
        ['/1/recipients/yUheCUmgZ8p', 'GET_1_recipients_RECIPIENT_ID.json'],
      ]) {
        const r = await get(path, key);
        assert.equal(r.status, 200, path);
        assert.equal(r.text, exampleText('honeycomb', file), `${path} is not ${file} verbatim`);
      }
    });

    it('the client reads the published bodies (the PagerDuty recipient of the docs)', async () => {
      const client = new HoneycombClient({ apiUrl: hc.url, apiKey: HONEYCOMB_KEYS.published.environment });
      const pd = await client.getRecipient({ type: 'pagerduty' });
      assert.equal(pd.integrationName, 'Example PagerDuty Service');
      const ds = await client.getDatasets();
      assert.deepEqual(ds.slugs, ['my-dataset-', 'another-dataset']);
    });

    it('refuses unknown keys with the published 401, and limited keys on SLOs and triggers with 403', async () => {
      const unknown = await get('/1/datasets', 'notAKeyAtAll000000000x');
      assert.equal(unknown.status, 401);
      assert.equal(unknown.text, exampleText('honeycomb', 'errors/401.legacy.json'));
      assert.equal((await get('/1/slos/api-gateway', HONEYCOMB_KEYS.productionLimited)).status, 403);
      assert.equal((await get('/1/triggers/api-gateway', HONEYCOMB_KEYS.productionLimited)).status, 403);
      assert.equal((await get('/1/datasets', HONEYCOMB_KEYS.productionLimited)).status, 200, 'the document declares no 403 for datasets: not enforced');
    });

    it('answers unknown objects with 404 problems built on the host called', async () => {
      const r = await get('/1/datasets/nope');
      assert.equal(r.status, 404);
      assert.equal(r.json().type, `${hc.url}/problems/not-found`);
      assert.equal((await get('/1/columns/api-gateway/nope')).status, 404);
      assert.equal((await get('/1/recipients/nope/triggers')).status, 404);
    });
  });

  describe('environments (v2) paging', () => {
    it('pages with page[size] and links.next, and the client follows every page', async () => {
      const hc = await startHoneycombStandIn({ environmentPageSize: 1 });
      try {
        const client = new HoneycombClient({ apiUrl: hc.url, managementKey: HONEYCOMB_KEYS.management });
        const envs = await client.listEnvironments();
        assert.deepEqual(
          envs.map((e) => e.slug),
          ['production', 'staging', 'dev'],
        );
        const pages = hc.requests.filter((r) => r.route === 'GET /2/teams/{teamSlug}/environments');
        assert.equal(pages.length, 3);
        assert.equal(pages[0].query['page[size]'], '100');
        assert.ok(pages[1].query['page[after]'], 'the second page follows the cursor of links.next');
        assert.deepEqual(hc.violations, []);
      } finally {
        await hc.stop();
      }
    });
  });

  describe('scale mode', () => {
    let hc: HoneycombStandIn;
    before(async () => {
      hc = await startHoneycombStandIn({ scale: true });
    });
    after(() => hc.stop());

    it(`has ${SCALE.datasets} datasets, one with ${SCALE.wideColumns} columns, ${SCALE.slos} SLOs and ${SCALE.recipients} recipients, all served validly`, async () => {
      const client = new HoneycombClient({ apiUrl: hc.url, apiKey: HONEYCOMB_KEYS.production });
      assert.equal((await client.listDatasets()).length, SCALE.datasets);
      const wide = await client.listColumns(SCALE.wideDataset);
      assert.equal(wide.length, SCALE.wideColumns);
      assert.ok(wide.some((c) => c.hidden) && wide.some((c) => c.type === 'boolean'));
      assert.equal((await client.listSlos(undefined)).length, SCALE.slos);
      assert.equal((await client.listRecipients()).length, SCALE.recipients);
      assert.deepEqual(hc.violations, []);
    });

    it('is the same on every start (deterministic)', () => {
      const a = createHoneycombSeed({ scale: true });
      const b = createHoneycombSeed({ scale: true });
      assert.deepEqual(
        a.content.production.columns[SCALE.wideDataset].map((c) => c.id),
        b.content.production.columns[SCALE.wideDataset].map((c) => c.id),
      );
      assert.equal(new Set(a.content.production.columns[SCALE.wideDataset].map((c) => c.id)).size, SCALE.wideColumns, 'column IDs are unique');
    });
  });

  describe('hostile names (test-only seed)', () => {
    it('serves a dataset whose name is markup, unchanged', async () => {
      const hc = await startHoneycombStandIn({ hostileNames: true });
      try {
        const client = new HoneycombClient({ apiUrl: hc.url, apiKey: HONEYCOMB_KEYS.production });
        const d = await client.getDataset({ slug: HOSTILE_DATASET.slug });
        assert.equal(d.name, '<img src=x onerror=alert(1)>');
        assert.deepEqual(hc.violations, []);
      } finally {
        await hc.stop();
      }
    });
  });
});
