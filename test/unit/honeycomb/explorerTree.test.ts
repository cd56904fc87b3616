import * as assert from 'node:assert/strict';
import { ExplorerHarness, child, explorerHarness, labels } from './explorerHarness';
import { vscodeShim } from './vscodeShim';
import { HIDDEN_COLUMN_SCHEME } from '../../../src/views/honeycomb/columnNodes';
import { EnvironmentNode } from '../../../src/views/honeycomb/environmentNode';
import { isObjectNode } from '../../../src/views/honeycomb/scope';
import { ErrorNode } from '../../../src/views/tree/messageNodes';
import { TreeNode } from '../../../src/views/tree/node';
import { HONEYCOMB_KEYS, HOSTILE_DATASET, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';

type Item = InstanceType<typeof vscodeShim.TreeItem>;
const item = async (node: TreeNode): Promise<Item> => (await node.getTreeItem()) as unknown as Item;

/**
 * The Honeycomb tree on Node (tree items through a minimal vscode shim), against the stand-in:
 * what each view action costs in requests, and what the nodes show.
 */
describe('Honeycomb explorer tree', function () {
  this.timeout(20_000);
  let standIn: HoneycombStandIn;
  before(async () => {
    standIn = await startHoneycombStandIn({ hostileNames: true });
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, []);
    standIn.reset();
  });

  const paths = (): string[] => standIn.requests.map((r) => `${r.method} ${r.path}`);

  describe('opening the view costs at most two requests', () => {
    it('an API key only: one request (/1/auth); its environment is shown', async () => {
      const { children } = await explorerHarness(standIn.url, { apiKey: HONEYCOMB_KEYS.production }).open();
      assert.deepEqual(paths(), ['GET /1/auth']);
      assert.deepEqual(await Promise.all(children.map(async (c) => (await item(c)).label)), ['Production']);
    });

    it('an API key and a management key: /1/auth names the team, then the environments (2)', async () => {
      const { root, children } = await explorerHarness(standIn.url, { apiKey: HONEYCOMB_KEYS.production, managementKey: HONEYCOMB_KEYS.management }).open();
      assert.deepEqual(paths(), ['GET /1/auth', 'GET /2/teams/acme/environments']);
      assert.equal((await item(root)).label, 'Acme Observability');
      assert.deepEqual(await Promise.all(children.map(async (c) => (await item(c)).label)), ['Production', 'Staging', 'Dev']);
      const [prod, staging] = children as EnvironmentNode[];
      assert.equal(prod.keySource, 'default');
      assert.equal(staging.keySource, undefined, 'no key for staging yet');
      assert.match(String((await item(staging)).description), /no API key/);
    });

    it('a management key only: /2/auth names the team, then the environments (2)', async () => {
      const { children } = await explorerHarness(standIn.url, { managementKey: HONEYCOMB_KEYS.management }).open();
      assert.deepEqual(paths(), ['GET /2/auth', 'GET /2/teams/acme/environments']);
      assert.equal(children.length, 3);
      assert.ok((children as EnvironmentNode[]).every((c) => c.keySource === undefined));
    });
  });

  describe('expanding', () => {
    let h: ExplorerHarness;
    let production: TreeNode;
    beforeEach(async () => {
      h = explorerHarness(standIn.url, { apiKey: HONEYCOMB_KEYS.production, managementKey: HONEYCOMB_KEYS.management });
      production = (await h.open()).children[0];
      standIn.reset();
    });

    it('an environment shows its folders without a request; Datasets costs one', async () => {
      assert.deepEqual(await labels(production), [
        'Datasets',
        'Derived columns (environment-wide)',
        'SLOs (all datasets)',
        'Triggers (all datasets)',
        'Saved queries (all datasets)',
        'Markers (environment-wide)',
        'Recipients',
        'Boards',
        'API Keys',
      ]);
      assert.deepEqual(paths(), []);
      const datasets = await child(production, 'Datasets');
      const names = await labels(datasets);
      assert.ok(names.includes('api-gateway') && names.includes(HOSTILE_DATASET.name));
      assert.deepEqual(paths(), ['GET /1/datasets']);
    });

    it('a dataset’s Columns cost exactly one request, and expanding again costs none', async () => {
      const gateway = await child(await child(production, 'Datasets'), 'api-gateway');
      const gatewayItem = await item(gateway);
      assert.match(String(gatewayItem.description), /^api-gateway · written (just now|\d+ min ago)$/);
      standIn.reset();
      assert.deepEqual(await labels(gateway), ['Columns', 'Derived columns', 'SLOs', 'Triggers', 'Saved queries', 'Markers', 'Dataset definitions']);
      const columns = await child(gateway, 'Columns');
      assert.equal((await item(columns)).description, '18', 'the count comes with the dataset list');
      const names = await labels(columns);
      assert.equal(names.length, 18);
      assert.deepEqual(paths(), ['GET /1/columns/api-gateway']);
      await labels(columns);
      assert.equal(standIn.requests.length, 1, 'cached');
    });

    it('triggers say threshold, frequency and state, and offer Edit and Enable or Disable by their state', async () => {
      const triggers = await child(await child(await child(production, 'Datasets'), 'api-gateway'), 'Triggers');
      assert.equal((await item(triggers)).contextValue, 'opsConfig.honeycomb.folder.triggers.creatable');
      const high = await item(await child(triggers, 'High 5xx rate'));
      assert.equal(high.description, '> 50 · every 5 min · triggered');
      assert.equal(high.contextValue, 'opsConfig.honeycomb.trigger.editable.enabled');
      const node = await child(triggers, 'High 5xx rate');
      const target = (node as unknown as { editTarget(): { kindId: string; address: Record<string, string> } }).editTarget();
      assert.equal(target.kindId, 'honeycomb.trigger');
      assert.equal(target.address.dataset, 'api-gateway');
    });

    it('a dataset’s Saved queries are its query annotations, by name, in one request', async () => {
      const saved = await child(await child(await child(production, 'Datasets'), 'api-gateway'), 'Saved queries');
      standIn.reset();
      // The trigger's query, and the twelve behind the seeded board's query panels (boardSeed.ts).
      assert.deepEqual(await labels(saved), [
        'Average latency',
        'Distinct traces',
        'Errors',
        'Gateway 5xx',
        'Latency P50',
        'Latency P95 by service',
        'Latency P99',
        'Rate limit headroom',
        'Requests',
        'Requests by route',
        'Requests by status',
        'Slowest routes',
        'Upstreams',
      ]);
      assert.deepEqual(paths(), ['GET /1/query_annotations/api-gateway']);
      const gateway5xx = await item(await child(saved, 'Gateway 5xx'));
      assert.equal(gateway5xx.contextValue, 'opsConfig.honeycomb.queryAnnotation.editable');
      assert.equal(gateway5xx.command?.command, 'opsConfig.edit');
    });

    it('Boards lists the environment’s boards in one request; a board opens as a document and expands to its views', async () => {
      const boards = await child(production, 'Boards');
      standIn.reset();
      assert.deepEqual(await labels(boards), ['Gateway overview', 'Payments notes']);
      assert.deepEqual(paths(), ['GET /1/boards']);
      const gateway = await child(boards, 'Gateway overview');
      const row = await item(gateway);
      assert.equal(row.description, '14 panels');
      assert.equal(row.contextValue, 'opsConfig.honeycomb.board.editable.views');
      assert.equal(row.command?.command, 'opsConfig.edit');
      assert.deepEqual(await labels(gateway), ['Errors only']);
      assert.match(paths()[1], /^GET \/1\/boards\/[^/]+\/views$/);
      assert.equal((await item(await child(gateway, 'Errors only'))).contextValue, 'opsConfig.honeycomb.boardView.editable');
    });

    it('columns show a type icon and hidden ones are dimmed', async () => {
      const columns = await child(await child(await child(production, 'Datasets'), 'api-gateway'), 'Columns');
      const duration = await item(await child(columns, 'duration_ms'));
      assert.equal((duration.iconPath as InstanceType<typeof vscodeShim.ThemeIcon>).id, 'symbol-number');
      assert.equal(duration.description, 'float');
      assert.equal(duration.resourceUri, undefined);
      const status = await item(await child(columns, 'http.response.status_code'));
      assert.equal((status.iconPath as InstanceType<typeof vscodeShim.ThemeIcon>).id, 'symbol-number');
      const error = await item(await child(columns, 'error'));
      assert.equal((error.iconPath as InstanceType<typeof vscodeShim.ThemeIcon>).id, 'symbol-boolean');
      const hidden = await item(await child(columns, 'client.address'));
      assert.equal(hidden.description, 'string · hidden');
      assert.equal(hidden.resourceUri?.scheme, HIDDEN_COLUMN_SCHEME, 'the decoration provider dims items with this scheme');
      assert.equal(hidden.command?.command, 'opsConfig.openRecord');
    });

    it('SLOs show target and period; the environment-wide list also the datasets', async () => {
      const slos = await child(await child(await child(production, 'Datasets'), 'api-gateway'), 'SLOs');
      const availability = await item(await child(slos, 'Gateway availability'));
      assert.equal(availability.description, '99.9 % · 30 days');
      const all = await child(production, 'SLOs (all datasets)');
      const checkout = await item(await child(all, 'Checkout success'));
      assert.equal(checkout.description, '99.5 % · 28 days · multi-dataset · checkout-service, payments');
    });

    it('recipients are grouped by type, and a recipient lists the triggers that use it (one request)', async () => {
      const recipients = await child(production, 'Recipients');
      assert.deepEqual(await labels(recipients), ['Email', 'Slack', 'PagerDuty', 'Webhook', 'Microsoft Teams']);
      assert.deepEqual(paths(), ['GET /1/recipients']);
      const slack = await child(recipients, 'Slack');
      assert.equal((await item(slack)).description, '2');
      const alerts = await child(slack, '#alerts-prod');
      standIn.reset();
      assert.deepEqual((await labels(alerts)).sort(), ['High 5xx rate', 'Staging smoke errors']);
      assert.equal(standIn.requests.length, 1);
      assert.match(standIn.requests[0].path, /^\/1\/recipients\/\w+\/triggers$/);
      const teams = await labels(await child(recipients, 'Microsoft Teams'));
      assert.deepEqual(teams.sort(), ['Ops channel (legacy)', 'Platform workflow']);
    });

    it('a dataset named like markup is a plain label (the tree never renders it)', async () => {
      const datasets = await child(production, 'Datasets');
      const hostile = await item(await child(datasets, HOSTILE_DATASET.name));
      assert.equal(hostile.label, '<img src=x onerror=alert(1)>');
    });

    it('filtering for a column keeps the dataset that has it once its columns are loaded', async () => {
      const datasets = await child(production, 'Datasets');
      const gateway = await child(datasets, 'api-gateway');
      assert.doesNotMatch(gateway.filterText!(), /ratelimit/);
      await labels(await child(gateway, 'Columns'));
      assert.match(gateway.filterText!(), /ratelimit\.remaining/);
    });

    it('Refresh on a folder drops its list: the next expand asks again', async () => {
      const columns = await child(await child(await child(production, 'Datasets'), 'payments'), 'Columns');
      await labels(columns);
      standIn.reset();
      columns.invalidate!();
      await labels(columns);
      assert.deepEqual(paths(), ['GET /1/columns/payments']);
    });

    it('a failed load is an error node with Retry, and Retry recovers', async () => {
      const triggers = await child(await child(await child(production, 'Datasets'), 'payments'), 'Triggers');
      standIn.faults.inject({ kind: 'serverError', route: 'GET /1/triggers/{datasetSlug}', times: 4 });
      const [failed] = await triggers.getChildren!();
      assert.ok(failed instanceof ErrorNode);
      const failedItem = await item(failed);
      assert.equal(failedItem.label, 'Failed to load from Honeycomb');
      assert.equal(failedItem.command?.command, 'opsConfig.retry');
      assert.equal(failed.retryTarget, triggers);
      // What the Retry command does: refresh the target (invalidate) and load again.
      failed.retryTarget.invalidate!();
      assert.deepEqual(await labels(triggers), ['Decline spike']);
    });

    it('items of every kind are object nodes the copy and snippet commands can use', async () => {
      const gateway = await child(await child(production, 'Datasets'), 'api-gateway');
      for (const node of [production, gateway, ...(await child(gateway, 'Columns').then((c) => c.getChildren!()))].slice(0, 4)) {
        assert.ok(isObjectNode(node), node.id);
      }
      assert.match(String((await item(production)).contextValue), /^opsConfig\.honeycomb\.environment\.managed\b/);
    });
  });

  describe('environments as editable objects (management key)', () => {
    it('with a management key each environment is editable with its v2 address and says whether it is delete-protected; the connection can create one', async () => {
      const { root, children } = await explorerHarness(standIn.url, { apiKey: HONEYCOMB_KEYS.production, managementKey: HONEYCOMB_KEYS.management }).open();
      const [prod, staging] = children as EnvironmentNode[];
      assert.deepEqual(prod.editTarget(), { kindId: 'honeycomb.environment', address: { team: 'acme', id: 'hcxen_01jacme0env0production0001' }, name: 'Production' });
      assert.match(String((await item(prod)).contextValue), /^opsConfig\.honeycomb\.environment\.managed\.editable\.protected\b/);
      assert.match(String((await item(staging)).contextValue), /^opsConfig\.honeycomb\.environment\.managed\.editable\.unprotected\.noKey$/);
      assert.equal((await item(root)).contextValue, 'opsConfig.honeycomb.connection.management');
    });

    it('without a management key the environment has no ID, so it is neither editable nor offered as such', async () => {
      const { root, children } = await explorerHarness(standIn.url, { apiKey: HONEYCOMB_KEYS.production }).open();
      const [prod] = children as EnvironmentNode[];
      assert.doesNotMatch(String((await item(prod)).contextValue), /\.editable\b/);
      assert.throws(() => prod.editTarget(), /management key/);
      assert.equal((await item(root)).contextValue, 'opsConfig.honeycomb.connection');
    });
  });

  describe('API keys (management key)', () => {
    it("an environment's API Keys folder lists its keys (one request for the team's keys, shared), each editable; without a key of its own the folder is still there", async () => {
      const { children } = await explorerHarness(standIn.url, { apiKey: HONEYCOMB_KEYS.production, managementKey: HONEYCOMB_KEYS.management }).open();
      const [prod, staging] = children as EnvironmentNode[];
      standIn.reset();
      const prodKeys = await child(prod, 'API Keys');
      assert.deepEqual(await labels(prodKeys), ['Terraform production', 'Deploy markers', 'OTel collector production']);
      assert.deepEqual(paths(), ['GET /2/teams/acme/api-keys']);
      const [first] = await prodKeys.getChildren!();
      const firstItem = await item(first);
      assert.equal(firstItem.description, 'configuration');
      assert.equal(firstItem.contextValue, 'opsConfig.honeycomb.apiKey.editable.enabled');
      assert.deepEqual((first as unknown as { editTarget(): unknown }).editTarget(), {
        kindId: 'honeycomb.apiKey',
        address: { team: 'acme', environment: 'hcxen_01jacme0env0production0001', id: 'hcxlk_01jacme0cfg0production0001' },
        name: 'Terraform production',
      });
      assert.equal(staging.keySource, undefined);
      assert.deepEqual(await labels(await child(staging, 'API Keys')), ['Terraform staging']);
      assert.deepEqual(paths(), ['GET /2/teams/acme/api-keys'], 'the team list is asked once');
    });

    it('without a management key there is no API Keys folder', async () => {
      const { children } = await explorerHarness(standIn.url, { apiKey: HONEYCOMB_KEYS.production }).open();
      assert.ok(!(await labels(children[0])).includes('API Keys'));
    });
  });

  describe('per-environment API keys', () => {
    it('an environment without a key invites to set one; with a stored key it opens with that key', async () => {
      const h = explorerHarness(standIn.url, { apiKey: HONEYCOMB_KEYS.production, managementKey: HONEYCOMB_KEYS.management });
      let staging = (await h.open()).children[1] as EnvironmentNode;
      const [invite] = staging.getChildren();
      const inviteItem = await item(invite);
      assert.equal(inviteItem.label, 'Set an API key to browse this environment…');
      assert.equal(inviteItem.command?.command, 'opsConfig.honeycomb.setEnvironmentApiKey');
      assert.deepEqual(inviteItem.command?.arguments, [staging]);

      h.storedKeys.set('staging', HONEYCOMB_KEYS.staging);
      staging = (await h.open()).children[1] as EnvironmentNode;
      assert.equal(staging.keySource, 'stored');
      assert.match(String((await item(staging)).contextValue), /\.storedKey\b/);
      standIn.reset();
      assert.deepEqual(await labels(await child(staging, 'Datasets')), ['api-gateway', 'checkout-service']);
      assert.equal(standIn.requests[0].credential, 'configuration:staging:Terraform staging', 'read with the staging key');
    });

    it('several environments side by side, each with its own key', async () => {
      const h = explorerHarness(standIn.url, { apiKey: HONEYCOMB_KEYS.production, managementKey: HONEYCOMB_KEYS.management });
      h.storedKeys.set('dev', HONEYCOMB_KEYS.dev);
      const [prod, , dev] = (await h.open()).children;
      const [prodSets, devSets] = await Promise.all([labels(await child(prod, 'Datasets')), labels(await child(dev, 'Datasets'))]);
      assert.ok(prodSets.includes('payments'));
      assert.deepEqual(devSets, ['sandbox']);
    });
  });
});
