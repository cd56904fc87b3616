import '../honeycomb/vscodeShim';
import * as assert from 'node:assert/strict';
import { AuthentikClient } from '../../../src/clients/authentik';
import { AuthentikConfig, authentikApiBase } from '../../../src/core/config';
import { AuthentikConnectionNode } from '../../../src/views/authentik/connectionNode';
import { AuthentikTreeContext } from '../../../src/views/authentik/context';
import { FOLDERS, SearchableFolderNode } from '../../../src/views/authentik/folders';
import { GroupNode } from '../../../src/views/authentik/directoryNodes';
import { ExplorerProvider } from '../../../src/views/tree/explorerProvider';
import { TreeNode } from '../../../src/views/tree/node';
import { LoadMoreNode } from '../../../src/views/tree/pagedFolderNode';
import { MAX_LABEL_CHARS } from '../../../src/views/tree/treeText';
import { ViewFilter } from '../../../src/views/tree/viewFilter';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../../servers/authentik';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { child, explorerHarness } from '../honeycomb/explorerHarness';
import { renderedIcons, vscodeShim } from '../honeycomb/vscodeShim';

type Item = InstanceType<typeof vscodeShim.TreeItem>;
type Markdown = InstanceType<typeof vscodeShim.MarkdownString>;

/** Polls until `check` holds, for at most `ms` (the slow answers below take 5 s, so a miss shows). */
async function until(what: string, check: () => boolean, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A view as the editor drives it: the provider, a tree view that reports collapses, and the change events. */
function viewOf(roots: () => TreeNode[]) {
  const memento = { get: (_key: string, fallback?: unknown) => fallback, update: async () => undefined, keys: () => [] };
  const provider = new ExplorerProvider('test.view', roots, new ViewFilter(memento as never, 'test.view'));
  const collapses = new vscodeShim.EventEmitter<{ element: TreeNode }>();
  provider.attach({ onDidCollapseElement: collapses.event } as never);
  const changed: Array<TreeNode | undefined> = [];
  provider.onDidChangeTreeData((node) => changed.push(node));
  return { provider, changed, collapse: (element: TreeNode) => collapses.fire({ element }) };
}

const labelsOf = async (provider: ExplorerProvider, nodes: TreeNode[]): Promise<string[]> => Promise.all(nodes.map(async (n) => String((await provider.getTreeItem(n)).label)));

describe('trees under pressure', function () {
  this.timeout(20_000);

  describe('authentik: paged folders and objects', () => {
    let standIn: AuthentikStandIn;
    let client: AuthentikClient;
    before(async () => {
      standIn = await startAuthentikStandIn();
      client = new AuthentikClient({ apiBase: authentikApiBase(standIn.url), token: AUTHENTIK_TOKENS.admin });
    });
    after(() => standIn.stop());
    afterEach(() => {
      assert.deepEqual(standIn.violations, []);
      standIn.reset();
    });

    const groupsPath = '/api/v3/core/groups/';
    const groupRequests = () => standIn.requests.filter((r) => r.path === groupsPath);

    /** The Groups folder under a root, in a view; pages of `pageSize` groups. */
    function groupsView(pageSize = 100) {
      let provider!: ExplorerProvider;
      const root: TreeNode = { id: 'authentik/connection', getTreeItem: () => new vscodeShim.TreeItem('root') as never, getParent: () => undefined, getChildren: () => [folder] };
      const ctx: AuthentikTreeContext = { client, view: { refresh: (n) => provider.refresh(n), redraw: (n) => provider.redraw(n) }, pageSize: () => pageSize };
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it (FOLDERS is a union of folder kinds)
      const folder = new SearchableFolderNode(root, ctx, FOLDERS.find((f) => f.key === 'groups')! as never);
      const view = viewOf(() => [root]);
      provider = view.provider;
      return { ...view, root, folder, ctx };
    }

    it('collapsing a folder aborts its first page; expanding again loads it', async () => {
      const { provider, folder, collapse, changed } = groupsView();
      standIn.faults.inject({ kind: 'slow', route: `GET ${groupsPath}`, delayMs: 5_000, times: 1 });
      const expanding = provider.getChildren(folder);
      await until('the page is asked for', () => groupRequests().length === 1);
      collapse(folder);
      await until('the server sees the client hang up', () => groupRequests()[0].clientClosed === true);
      assert.deepEqual(await expanding, [], 'a cancelled load shows no error');
      await until('the folder is marked for a reload', () => changed.includes(folder));
      const rows = await labelsOf(provider, await provider.getChildren(folder));
      assert.ok(rows.includes('Engineering'), rows.join(', '));
      assert.equal(groupRequests().length, 2);
    });

    it('collapsing aborts a "Load more" page and keeps the pages loaded', async () => {
      const { provider, folder, collapse, changed } = groupsView(5);
      const first = await provider.getChildren(folder);
      assert.equal(first.length, 6);
      const more = first[5] as LoadMoreNode;
      assert.ok(more instanceof LoadMoreNode);
      standIn.faults.inject({ kind: 'slow', route: `GET ${groupsPath}`, delayMs: 5_000, times: 1 });
      const loading = more.loadMore();
      await until('page 2 is asked for', () => groupRequests().length === 2);
      assert.equal(groupRequests()[1].query.page, '2');
      collapse(folder);
      await until('the server sees the client hang up', () => groupRequests()[1].clientClosed === true);
      await loading;
      const after = await provider.getChildren(folder);
      assert.equal(after.length, 6, 'page 1 and "Load more" again');
      assert.ok(after[5] instanceof LoadMoreNode, 'no error node for a cancelled page');
      assert.equal(folder.loadedCount, 5);
      await until('the folder is redrawn', () => changed.includes(folder));
    });

    it('a new search while page 1 loads aborts it, and whoever waited sees only the search results', async () => {
      const { provider, folder } = groupsView();
      standIn.faults.inject({ kind: 'slow', route: `GET ${groupsPath}`, delayMs: 5_000, times: 1 });
      const expanding = provider.getChildren(folder);
      await until('the page is asked for', () => groupRequests().length === 1);
      folder.setSearch('Sales'); // invalidates and refreshes the folder
      await until('the server sees the client hang up', () => groupRequests()[0].clientClosed === true);
      const shown = await labelsOf(provider, await expanding);
      assert.deepEqual(shown.sort(), ['Sales', 'Sales Americas', 'Sales EMEA']);
      assert.equal(groupRequests()[1].query.search, 'Sales');
    });

    it('refreshing the view aborts what its old nodes load', async () => {
      const { provider, folder } = groupsView();
      standIn.faults.inject({ kind: 'slow', route: `GET ${groupsPath}`, delayMs: 5_000, times: 1 });
      const expanding = provider.getChildren(folder);
      await until('the page is asked for', () => groupRequests().length === 1);
      provider.refresh();
      await until('the server sees the client hang up', () => groupRequests()[0].clientClosed === true);
      assert.deepEqual(await expanding, []);
    });

    it('collapsing a node aborts the loads below it; collapsing an object aborts its own', async () => {
      const { provider, root, folder, collapse, ctx } = groupsView();
      standIn.faults.inject({ kind: 'slow', route: `GET ${groupsPath}`, delayMs: 5_000, times: 1 });
      const expanding = provider.getChildren(folder);
      await until('the page is asked for', () => groupRequests().length === 1);
      collapse(root);
      await until('the server sees the client hang up', () => groupRequests()[0].clientClosed === true);
      assert.deepEqual(await expanding, []);

      const engineering = standIn.seed.directory.groups.find((g) => g.name === 'Engineering')!;
      const group = new GroupNode(folder, ctx, { pk: engineering.pk, name: engineering.name });
      const detail = `${groupsPath}${engineering.pk}/`;
      standIn.faults.inject({ kind: 'slow', route: `GET ${detail}`, delayMs: 5_000, times: 1 });
      const opening = provider.getChildren(group);
      await until('the group is asked for', () => standIn.requests.some((r) => r.path === detail));
      collapse(group);
      await until('the server sees the client hang up', () => standIn.requests.find((r) => r.path === detail)?.clientClosed === true);
      assert.deepEqual(await opening, []);
      assert.deepEqual(await labelsOf(provider, await provider.getChildren(group)), ['Parents', 'Children', 'Members']);
    });

    it('shows a hostile group name disarmed: no reordering, shortened, $(…) as text, full name in the tooltip', async () => {
      const hostile = `$(alert) Admins \u202Enimda\u202C ${'x'.repeat(200)}`;
      standIn.seed.directory.groups.find((g) => g.name === 'Engineering')!.name = hostile;
      const { provider, folder } = groupsView();
      const rows = await provider.getChildren(folder);
      const items = await Promise.all(rows.map(async (n) => (await provider.getTreeItem(n)) as unknown as Item));
      const shown = items.find((i) => i.label.startsWith('$(alert) Admins'))!;
      assert.ok(shown, 'listed');
      assert.equal(Array.from(shown.label).length, MAX_LABEL_CHARS);
      assert.match(shown.label, /^\$\(alert\) Admins \[U\+202E\]nimda\[U\+202C\] x+…$/);
      const texts = items.flatMap((i) => [i.label, i.description, i.tooltip, (i.accessibilityInformation as { label?: string } | undefined)?.label]);
      assert.doesNotMatch(JSON.stringify(texts), /[\u202A-\u202E\u2066-\u2069]/, 'no bidirectional control reaches the tree');
      assert.equal(String(shown.tooltip).split('\n')[0], hostile.replace('\u202E', '[U+202E]').replace('\u202C', '[U+202C]'));
    });

    it('keeps $(…) in the connection tooltip as text (icons are on before the server text goes in)', () => {
      const config = { url: standIn.url, insecure: true } as AuthentikConfig;
      const user = { pk: 1, username: '$(alert) root', name: '$(bug)', isSuperuser: true } as never;
      const node = new AuthentikConnectionNode(config, client, user, { versionCurrent: '$(flame)', outdated: false } as never, { refresh: () => undefined, redraw: () => undefined });
      const tooltip = node.getTreeItem().tooltip as unknown as Markdown;
      assert.deepEqual(renderedIcons(tooltip), ['warning'], 'only our own TLS warning icon');
      assert.match(tooltip.value, /root/);
    });
  });

  describe('Honeycomb: list folders', () => {
    let standIn: HoneycombStandIn;
    before(async () => {
      standIn = await startHoneycombStandIn();
    });
    after(() => standIn.stop());
    afterEach(() => {
      assert.deepEqual(standIn.violations, []);
      standIn.reset();
    });

    const datasetRequests = () => standIn.requests.filter((r) => r.path === '/1/datasets');

    async function datasetsView() {
      const h = explorerHarness(standIn.url, { apiKey: HONEYCOMB_KEYS.production });
      const { root, children } = await h.open();
      const production = children[0];
      const datasets = await child(production, 'Datasets');
      standIn.reset();
      return { h, root, production, datasets, ...viewOf(() => [root]) };
    }

    it('collapsing Datasets aborts its request; expanding again loads it', async () => {
      const { provider, datasets, collapse, changed } = await datasetsView();
      standIn.faults.inject({ kind: 'slow', route: 'GET /1/datasets', delayMs: 5_000, times: 1 });
      const expanding = provider.getChildren(datasets);
      await until('the list is asked for', () => datasetRequests().length === 1);
      collapse(datasets);
      await until('the server sees the client hang up', () => datasetRequests()[0].clientClosed === true);
      assert.deepEqual(await expanding, []);
      await until('the folder is marked for a reload', () => changed.includes(datasets));
      assert.ok((await labelsOf(provider, await provider.getChildren(datasets))).includes('api-gateway'));
      assert.equal(datasetRequests().length, 2);
    });

    it('a collapse does not abort a list someone else waits for (a completion list, a record)', async () => {
      const { h, provider, datasets, collapse } = await datasetsView();
      standIn.faults.inject({ kind: 'slow', route: 'GET /1/datasets', delayMs: 300, times: 1 });
      const completions = h.explorer.datasets('production');
      const expanding = provider.getChildren(datasets);
      await until('the list is asked for', () => datasetRequests().length === 1);
      collapse(datasets);
      assert.deepEqual(await expanding, []);
      assert.ok((await completions).some((d) => d.slug === 'api-gateway'));
      assert.notEqual(datasetRequests()[0].clientClosed, true);
      assert.equal(datasetRequests()[0].status, 200);
    });

    it('Refresh while the list loads aborts it and shows only the new list, also to whoever waited', async () => {
      const { provider, datasets } = await datasetsView();
      standIn.faults.inject({ kind: 'slow', route: 'GET /1/datasets', delayMs: 5_000, times: 1 });
      const expanding = provider.getChildren(datasets);
      await until('the list is asked for', () => datasetRequests().length === 1);
      standIn.seed.content.production.datasets.find((d) => d.slug === 'api-gateway')!.name = 'api-gateway (renamed)';
      provider.refresh(datasets);
      await until('the server sees the client hang up', () => datasetRequests()[0].clientClosed === true);
      const shown = await labelsOf(provider, await expanding);
      assert.ok(shown.includes('api-gateway (renamed)'), shown.join(', '));
      assert.deepEqual(await labelsOf(provider, await provider.getChildren(datasets)), shown);
      assert.equal(datasetRequests().length, 2);
    });

    it('shows hostile dataset names disarmed and a team name with $(…) as text', async () => {
      standIn.seed.team.name = '$(alert) Acme';
      const { provider, datasets, root } = await datasetsView(); // the team name is read on opening
      const gateway = standIn.seed.content.production.datasets.find((d) => d.slug === 'api-gateway')!;
      gateway.name = `\u2066$(key) gateway\u2069 ${'y'.repeat(200)}`;
      const rows = await provider.getChildren(datasets);
      const shown = (await provider.getTreeItem(rows.find((n) => n.id.endsWith('/api-gateway'))!)) as unknown as Item;
      assert.match(shown.label, /^\[U\+2066\]\$\(key\) gateway\[U\+2069\] y+…$/);
      assert.equal(Array.from(shown.label).length, MAX_LABEL_CHARS);
      assert.match(String(shown.tooltip), /^\[U\+2066\]\$\(key\) gateway\[U\+2069\] y{200} \(api-gateway\)/, 'the full name is in the tooltip');
      const rootItem = (await provider.getTreeItem(root)) as unknown as Item;
      assert.equal(rootItem.label, '$(alert) Acme');
      assert.deepEqual(renderedIcons(rootItem.tooltip as Markdown), []);
    });
  });
});
