import '../honeycomb/vscodeShim';
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { HoneycombConfig, resolveHoneycombConfig } from '../../../src/core/config';
import { KnownSecrets } from '../../../src/core/redact';
import { SecretKeys } from '../../../src/core/secretKeys';
import { readHoneycombSettings } from '../../../src/core/settings';
import { deferredTree } from '../../../src/startup/deferredProviders';
import { EarlySecrets } from '../../../src/startup/earlySecrets';
import { checkRememberedTrees } from '../../../src/startup/rememberedCheck';
import { RememberedTree, parseRememberedTree } from '../../../src/startup/rememberedTree';
import { REFRESHING_DESCRIPTION, REFRESHING_WORDS, RememberedTrees, rememberedTreeKey } from '../../../src/startup/rememberedTrees';
import { Slot } from '../../../src/startup/slot';
import { HoneycombExplorer, environmentKeyName } from '../../../src/views/honeycomb/explorer';
import { currentHoneycombFingerprint, honeycombFingerprint } from '../../../src/views/honeycomb/rememberedConnection';
import { honeycombRoots } from '../../../src/views/honeycomb/roots';
import { ExplorerProvider } from '../../../src/views/tree/explorerProvider';
import type { TreeNode } from '../../../src/views/tree/node';
import { TreeMemory } from '../../../src/views/tree/treeMemory';
import { ViewFilter } from '../../../src/views/tree/viewFilter';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { shimSettings } from '../honeycomb/vscodeShim';
import { CountingSecrets } from '../helpers/countingSecrets';

/**
 * The Honeycomb view remembers its tree for the next window (src/views/tree/treeMemory.ts) and
 * a new window draws it before the features load (src/startup/remembered*.ts): what is kept,
 * that it is tied to the connection it was read with, that nothing secret is kept, and that the
 * live tree replaces it. Each "window" below has the editor's globalState and SecretStorage of
 * the same profile, and is driven as the editor drives a view.
 */

/** globalState as the editor keeps it: values go in and come out as JSON. */
function memoryState(): vscode.Memento & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    keys: () => [...data.keys()],
    get: <T>(key: string, fallback?: T) => (data.has(key) ? (JSON.parse(data.get(key)!) as T) : fallback),
    update: async (key: string, value: unknown) => {
      if (value === undefined) data.delete(key);
      else data.set(key, JSON.stringify(value));
    },
  };
}

/** A profile: what every window of it shares. */
interface Profile {
  state: ReturnType<typeof memoryState>;
  secrets: CountingSecrets;
}

const CANARY = {
  apiKey: 'CanaryApiKeyZq7Xw3Mm9',
  management: { id: 'hcxmk_01jcanary0mgmt0000000000099', secret: 'CanaryMgmtSecretQv5Tn8Lp2Rs4Wx6Y' },
  /** In a recipient's e-mail address, drawn as its row's label, and in a webhook's URL. */
  recipientToken: 'CanaryRecipientJf3Kd9',
};
const ENVIRONMENT_VARIABLES = ['HONEYCOMB_API_KEY', 'HONEYCOMBIO_APIKEY', 'HONEYCOMB_KEY_ID', 'HONEYCOMB_KEY_SECRET', 'HONEYCOMB_API_ENDPOINT'];

/** A row as drawn: its depth, label, description, and the item itself. */
interface Row {
  depth: number;
  label: string;
  description?: string;
  item: vscode.TreeItem;
}

/**
 * Draws a view as the editor does: the roots, then the rows below every row the editor shows
 * expanded (its own state) and below those whose labels are in `expand` (the user opened them).
 */
async function draw(provider: vscode.TreeDataProvider<TreeNode>, expand: string[] = [], parent?: TreeNode, depth = 0): Promise<Row[]> {
  const rows: Row[] = [];
  for (const node of (await provider.getChildren(parent)) ?? []) {
    const item = await provider.getTreeItem(node);
    const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
    rows.push({ depth, label, description: typeof item.description === 'string' ? item.description : undefined, item });
    if (item.collapsibleState === vscode.TreeItemCollapsibleState.Expanded || expand.includes(label)) {
      rows.push(...(await draw(provider, expand, node, depth + 1)));
    }
  }
  return rows;
}

const outline = (rows: Row[]): string[] => rows.map((r) => `${'  '.repeat(r.depth)}${r.label}`);

describe('remembered trees (the Honeycomb view drawn at once in the next window)', function () {
  this.timeout(20_000);
  let standIn: HoneycombStandIn;
  const savedEnvironment: Record<string, string | undefined> = {};
  const disposables: Array<{ dispose(): void }> = [];

  before(async () => {
    standIn = await startHoneycombStandIn();
    for (const name of ENVIRONMENT_VARIABLES) {
      savedEnvironment[name] = process.env[name];
      delete process.env[name];
    }
  });
  after(async () => {
    for (const name of ENVIRONMENT_VARIABLES) {
      if (savedEnvironment[name] === undefined) delete process.env[name];
      else process.env[name] = savedEnvironment[name];
    }
    await standIn.stop();
  });
  beforeEach(() => {
    standIn.reset();
    // Keys of our own, so that their text can be looked for in what is stored.
    standIn.seed.environmentKeys.push({
      id: 'hcxlk_01jcanary0cfg0production099',
      name: 'Canary',
      token: CANARY.apiKey,
      type: 'configuration',
      environment: 'production',
      access: { ...standIn.seed.environmentKeys[0].access },
    });
    standIn.seed.managementKeys.push({ ...standIn.seed.managementKeys[0], id: CANARY.management.id, secret: CANARY.management.secret });
    standIn.seed.recipients.find((r) => r.type === 'email')!.details.email_address = `${CANARY.recipientToken}@acme.example`;
    standIn.seed.recipients.find((r) => r.type === 'webhook')!.details.webhook_url = `https://hooks.acme.example/${CANARY.recipientToken}`;
    shimSettings.clear();
    shimSettings.set('opsConfig.honeycomb.apiUrl', standIn.url);
  });
  afterEach(() => {
    disposables.splice(0).forEach((d) => d.dispose());
    assert.deepEqual(standIn.violations, []);
  });

  function profile(keys: { apiKey?: string; management?: { id: string; secret: string } } = { apiKey: CANARY.apiKey, management: CANARY.management }): Profile {
    const secrets = new CountingSecrets();
    if (keys.apiKey) secrets.values.set(SecretKeys.honeycombApiKey, keys.apiKey);
    if (keys.management) {
      secrets.values.set(SecretKeys.honeycombApiKeyId, keys.management.id);
      secrets.values.set(SecretKeys.honeycombApiKeySecret, keys.management.secret);
    }
    return { state: memoryState(), secrets };
  }

  /** The connection's config as HoneycombConnection resolves it: settings, stored keys, environment. */
  async function configOf({ secrets }: Profile): Promise<HoneycombConfig> {
    const [apiKey, apiKeyId, apiKeySecret] = [secrets.values.get(SecretKeys.honeycombApiKey), secrets.values.get(SecretKeys.honeycombApiKeyId), secrets.values.get(SecretKeys.honeycombApiKeySecret)];
    return resolveHoneycombConfig(readHoneycombSettings(), { apiKey, apiKeyId, apiKeySecret }, process.env);
  }

  /** The live view as the features build it: explorer, roots, provider, and its memory. */
  function liveView(p: Profile): { provider: ExplorerProvider; memory: TreeMemory } {
    const known = new KnownSecrets();
    const sleep = async (): Promise<void> => undefined;
    const config = () => configOf(p);
    const explorer = new HoneycombExplorer({
      config,
      client: async () => {
        const c = await config();
        return c.apiKey || c.managementKey ? new HoneycombClient({ apiUrl: c.apiUrl, apiKey: c.apiKey, managementKey: c.managementKey, secrets: known, sleep }) : undefined;
      },
      clientForKey: async (apiKey) => new HoneycombClient({ apiUrl: (await config()).apiUrl, apiKey, secrets: known, sleep }),
      storedKey: async (slug) => p.secrets.get(environmentKeyName(slug)),
    });
    const connection = { hasCredentials: async () => Boolean((await config()).apiKey || (await config()).managementKey), config };
    // Written when the test says (write()), not after a delay.
    const memory = new TreeMemory(p.state, 'honeycomb', async () => honeycombFingerprint(await config(), p.secrets), 60_000);
    const provider: ExplorerProvider = new ExplorerProvider('opsConfig.honeycomb', () => honeycombRoots(connection, explorer, provider), new ViewFilter(p.state, 'opsConfig.honeycomb'), memory);
    disposables.push(provider);
    return { provider, memory };
  }

  /** A first window: the view drawn live with `expand` opened, and its tree remembered. */
  async function firstWindow(p: Profile, expand: string[]): Promise<Row[]> {
    const { provider, memory } = liveView(p);
    const rows = await draw(provider, expand);
    await memory.write();
    return rows;
  }

  /**
   * A later window before its features load: the view's start-up stand-in, the remembered trees
   * of the profile, and how often the features were asked to load. `features()` loads them: the
   * live view fills the stand-in's slot.
   */
  function laterWindow(p: Profile, unaskedMs = 50) {
    let loads = 0;
    const early = new EarlySecrets(p.secrets);
    const slot: Slot<vscode.TreeDataProvider<TreeNode>> = new Slot('tree of the honeycomb view', async () => {
      loads++;
      features();
    });
    const remembered = new RememberedTrees(
      p.state,
      ['honeycomb'],
      () => early.peek(),
      async () => checkRememberedTrees,
      unaskedMs,
    );
    const subscriptions: vscode.Disposable[] = [];
    disposables.push(early, { dispose: () => subscriptions.forEach((s) => s.dispose()) });
    const tree = deferredTree(
      slot,
      subscriptions,
      remembered.view('honeycomb', () => true),
    );
    const changes: Array<TreeNode | undefined> = [];
    tree.onDidChangeTreeData!((e) => changes.push(e as TreeNode | undefined));
    let live: ReturnType<typeof liveView> | undefined;
    function features(): ReturnType<typeof liveView> {
      if (!live) {
        live = liveView(p);
        remembered.wentLive();
        slot.fill(live.provider);
      }
      return live;
    }
    return { tree, remembered, changes, features, loads: () => loads };
  }

  const stored = (p: Profile): RememberedTree | undefined => parseRememberedTree(p.state.get(rememberedTreeKey('honeycomb')));

  it('keeps the team, its environments and the folders that were open — labels, icons and ids only', async () => {
    const p = profile();
    const drawn = await firstWindow(p, ['Production', 'Datasets', 'Recipients', 'Webhook']);
    const tree = stored(p);
    assert.ok(tree, 'the tree is remembered');
    const rows: string[] = [];
    const walk = (items: RememberedTree['roots'], depth: number): void => {
      for (const item of items) {
        rows.push(`${'  '.repeat(depth)}${item.label}`);
        assert.deepEqual(
          Object.keys(item).filter((k) => !['id', 'label', 'icon', 'iconColor', 'expandable', 'children'].includes(k)),
          [],
          `${item.label} keeps nothing else`,
        );
        walk(item.children ?? [], depth + 1);
      }
    };
    walk(tree.roots, 0);
    // What was drawn, less what is below Recipients: its rows are addresses, channels and
    // webhook URLs, not names of objects.
    const recipients = drawn.findIndex((r) => r.label === 'Recipients');
    const belowRecipients = (i: number): boolean => i > recipients && drawn.slice(recipients + 1, i + 1).every((r) => r.depth > drawn[recipients].depth);
    assert.ok(
      drawn.some((_row, i) => belowRecipients(i)),
      'recipients were drawn',
    );
    assert.deepEqual(
      rows,
      outline(drawn).filter((_line, i) => !belowRecipients(i)),
    );
    assert.deepEqual(
      tree.roots.map((r) => [r.label, r.children?.map((c) => c.label)]),
      [['Acme Observability', ['Production', 'Staging', 'Dev']]],
    );
    const production = tree.roots[0].children![0];
    assert.deepEqual(
      production.children?.map((c) => [c.label, c.children !== undefined]),
      [
        ['Datasets', true],
        ['Derived columns (environment-wide)', false],
        ['SLOs (all datasets)', false],
        ['Triggers (all datasets)', false],
        ['Saved queries (all datasets)', false],
        ['Markers (environment-wide)', false],
        ['Recipients', false],
        ['Boards', false],
        ['API Keys', false],
      ],
      'open folders keep their rows; closed ones, and the recipients, do not',
    );
    assert.ok(
      production.children?.[0].children?.some((d) => d.label === 'checkout-service'),
      'the datasets are kept by name',
    );
    assert.equal(tree.roots[0].children![1].children, undefined, 'Staging was not opened');
  });

  it('never keeps a secret: no key, management secret, recipient address, webhook URL or address of the service', async () => {
    const p = profile();
    const drawn = await firstWindow(p, ['Production', 'Datasets', 'Recipients', 'Webhook', 'Email', 'PagerDuty']);
    assert.ok(
      drawn.some((r) => r.label.includes(CANARY.recipientToken)),
      'the e-mail address was drawn in the live tree',
    );
    const everything = JSON.stringify([...p.state.data]);
    assert.ok(stored(p), 'the tree is remembered');
    const secretsAndAddresses = [
      CANARY.apiKey,
      CANARY.management.id,
      CANARY.management.secret,
      CANARY.recipientToken,
      'sre-leads@acme.example',
      'acmePdKeyProduction',
      standIn.url,
      new URL(standIn.url).host,
      p.secrets.values.get(SecretKeys.rememberedTreeKey)!,
    ];
    for (const text of secretsAndAddresses) assert.ok(text && !everything.includes(text), `globalState holds no "${text}"`);
    assert.ok(p.secrets.values.get(SecretKeys.rememberedTreeKey), 'the fingerprint key is in SecretStorage');
  });

  it('ties the tree to the connection: the writing and the reading window agree, another address or key differs', async () => {
    const p = profile();
    const now = (): Promise<string | undefined> => currentHoneycombFingerprint(p.secrets);
    assert.equal(await now(), undefined, 'no fingerprint key yet: nothing to compare');
    const written = await honeycombFingerprint(await configOf(p), p.secrets);
    assert.ok(written);
    assert.equal(await now(), written, 'the next window reads the same fingerprint');

    const differs = async (what: string, change: () => void | PromiseLike<void>, undo: () => void | PromiseLike<void>): Promise<void> => {
      await change();
      assert.notEqual(await now(), written, `${what} changes the fingerprint`);
      await undo();
      assert.equal(await now(), written, `${what} undone`);
    };
    await differs(
      'another address',
      () => void shimSettings.set('opsConfig.honeycomb.apiUrl', `${standIn.url}/other`),
      () => void shimSettings.set('opsConfig.honeycomb.apiUrl', standIn.url),
    );
    await differs(
      'another API key',
      () => p.secrets.store(SecretKeys.honeycombApiKey, HONEYCOMB_KEYS.production),
      () => p.secrets.store(SecretKeys.honeycombApiKey, CANARY.apiKey),
    );
    await differs(
      'another management secret',
      () => p.secrets.store(SecretKeys.honeycombApiKeySecret, HONEYCOMB_KEYS.management.secret),
      () => p.secrets.store(SecretKeys.honeycombApiKeySecret, CANARY.management.secret),
    );
    await differs(
      'a key of its own for an environment',
      () => p.secrets.store(environmentKeyName('staging'), HONEYCOMB_KEYS.staging),
      () => p.secrets.delete(environmentKeyName('staging')),
    );
    await differs(
      'the API key from the environment instead of a stored one',
      async () => {
        await p.secrets.delete(SecretKeys.honeycombApiKey);
        process.env.HONEYCOMB_API_KEY = HONEYCOMB_KEYS.production;
      },
      () => {
        delete process.env.HONEYCOMB_API_KEY;
        return p.secrets.store(SecretKeys.honeycombApiKey, CANARY.apiKey);
      },
    );
    const fingerprintKey = p.secrets.values.get(SecretKeys.rememberedTreeKey)!;
    await differs(
      'a new fingerprint key (a keychain reset)',
      () => p.secrets.store(SecretKeys.rememberedTreeKey, Buffer.alloc(32, 7).toString('base64')),
      () => p.secrets.store(SecretKeys.rememberedTreeKey, fingerprintKey),
    );
  });

  it('a later window draws the remembered rows at once, marked as refreshing, then the live rows in their place', async () => {
    const p = profile();
    const first = await firstWindow(p, ['Production', 'Datasets']);
    // Meanwhile, on the server: an environment and a dataset are deleted.
    standIn.seed.environments = standIn.seed.environments.filter((e) => e.slug !== 'dev');
    standIn.seed.content.production.datasets = standIn.seed.content.production.datasets.filter((d) => d.slug !== 'checkout-service');
    const requests = standIn.requests.length;

    const later = laterWindow(p);
    const remembered = await draw(later.tree, ['Production', 'Datasets']);
    assert.deepEqual(outline(remembered), outline(first), 'the tree as it was');
    assert.equal(standIn.requests.length, requests, 'drawn with no request');
    assert.equal(later.loads(), 0, 'drawn before the features load');
    for (const row of remembered) {
      assert.equal(row.description, REFRESHING_DESCRIPTION, `${row.label} says it is refreshing`);
      assert.equal(row.item.accessibilityInformation?.label, `${row.label}, ${REFRESHING_WORDS}`);
      assert.equal(row.item.contextValue, undefined, `${row.label} has no menu`);
      assert.equal(row.item.command, undefined, `${row.label} does nothing when clicked`);
    }
    assert.ok(outline(remembered).includes('      checkout-service') && outline(remembered).includes('  Dev'));

    later.features();
    assert.deepEqual(later.changes, [undefined], 'the editor is told to ask for the whole tree again');
    const live = await draw(later.tree, ['Production', 'Datasets']);
    assert.ok(!live.some((r) => r.description === REFRESHING_DESCRIPTION), 'no row is left marked as refreshing');
    assert.ok(!outline(live).includes('  Dev'), 'the deleted environment is gone');
    assert.ok(!outline(live).includes('      checkout-service'), 'the deleted dataset is gone');
    assert.ok(outline(live).includes('      payments'));
    assert.ok(outline(live).includes('  Staging'));

    // The next window remembers the live tree, without them.
    await later.features().memory.write();
    const labels = JSON.stringify(stored(p));
    assert.ok(!labels.includes('"Dev"') && !labels.includes('checkout-service'), 'the remembered tree has lost them too');
  });

  it('a window with another connection does not draw the old tree', async () => {
    const p = profile();
    await firstWindow(p, ['Production']);
    assert.ok(stored(p));
    await p.secrets.store(SecretKeys.honeycombApiKey, HONEYCOMB_KEYS.staging);
    const later = laterWindow(p);
    const rows = await draw(later.tree);
    assert.equal(later.loads(), 1, 'the live tree is what is drawn first');
    assert.ok(!rows.some((r) => r.description === REFRESHING_DESCRIPTION), 'no remembered row');
    assert.ok(rows.length > 0);

    // Another address, with the same keys: the same.
    const q = profile();
    await firstWindow(q, ['Production']);
    shimSettings.set('opsConfig.honeycomb.apiUrl', `${standIn.url}/`.replace('127.0.0.1', 'localhost'));
    const elsewhere = laterWindow(q);
    await elsewhere.remembered.quiet();
    assert.equal(await elsewhere.remembered.roots('honeycomb'), undefined, 'nothing remembered is drawn for another address');
  });

  it('an error of the live answer replaces the remembered rows, as it shows today', async () => {
    const p = profile({ apiKey: CANARY.apiKey });
    await firstWindow(p, []);
    // The key is revoked on the server.
    standIn.seed.environmentKeys = standIn.seed.environmentKeys.filter((k) => k.token !== CANARY.apiKey);
    const later = laterWindow(p);
    const remembered = await draw(later.tree);
    assert.equal(remembered[0].description, REFRESHING_DESCRIPTION);
    later.features();
    const live = await draw(later.tree);
    assert.equal(live.length, 1);
    assert.equal(live[0].item.contextValue, 'opsConfig.error.auth', `the error node (${live[0].label})`);
    // And the next window remembers nothing: it shows what it would show today.
    await later.features().memory.write();
    assert.equal(p.state.get(rememberedTreeKey('honeycomb')), undefined);
  });

  it('holds the features back until a shown view has drawn its remembered rows; reads nothing when nothing is stored', async () => {
    const nothing = profile();
    const quiet = new RememberedTrees(
      nothing.state,
      ['honeycomb'],
      () => new EarlySecrets(nothing.secrets).peek(),
      async () => checkRememberedTrees,
      5_000,
    );
    quiet.view('honeycomb', () => true);
    const started = Date.now();
    await quiet.quiet();
    assert.ok(Date.now() - started < 1_000, 'no wait');
    assert.equal(nothing.secrets.reads + nothing.secrets.keyLists, 0, 'no secret read');

    const p = profile();
    await firstWindow(p, ['Production']);
    const later = laterWindow(p, 5_000);
    let settled = false;
    const holding = later.remembered.quiet().then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    const roots = await later.tree.getChildren(undefined);
    await new Promise((r) => setTimeout(r, 10));
    assert.equal(settled, false, 'still held: the team was drawn expanded, its environments not asked for yet');
    const team = await later.tree.getChildren(roots![0]);
    const production = team!.find((n) => n.id.endsWith('/env/production'))!;
    await later.tree.getChildren(production);
    await holding;
    assert.equal(settled, true);
  });

  it('compares ahead of the view when a tree is stored, and again when a key or a setting changes before the view asks', async () => {
    const settingsChanged = new vscode.EventEmitter<vscode.ConfigurationChangeEvent>();
    disposables.push(settingsChanged);
    const prepare = (window: ReturnType<typeof laterWindow>, p: Profile): void => {
      disposables.push(window.remembered.prepare({ secrets: p.secrets.onDidChange, settings: settingsChanged.event }));
    };
    const nothing = profile();
    const idle = laterWindow(nothing);
    prepare(idle, nothing);
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(nothing.secrets.reads + nothing.secrets.keyLists, 0, 'nothing stored: no secret read at activation');

    const p = profile();
    await firstWindow(p, ['Production']);
    const ahead = laterWindow(p);
    const before = p.secrets.reads;
    prepare(ahead, p);
    await new Promise((r) => setTimeout(r, 20));
    assert.ok(p.secrets.reads > before, 'the keys are read before the view asks');
    assert.equal((await draw(ahead.tree))[0].description, REFRESHING_DESCRIPTION, 'the rows compared ahead are drawn');

    // The key changes in another window between activation and the first click: not that tree.
    const rekeyed = laterWindow(p);
    prepare(rekeyed, p);
    await new Promise((r) => setTimeout(r, 20));
    p.secrets.changeElsewhere(SecretKeys.honeycombApiKey, 'AnotherKeyEntirely42');
    assert.equal(await rekeyed.remembered.roots('honeycomb'), undefined, 'compared again with the new key: nothing drawn');

    // The same with a setting: another address.
    const q = profile();
    await firstWindow(q, ['Production']);
    const moved = laterWindow(q);
    prepare(moved, q);
    await new Promise((r) => setTimeout(r, 20));
    shimSettings.set('opsConfig.honeycomb.apiUrl', `${standIn.url}/`.replace('127.0.0.1', 'localhost'));
    settingsChanged.fire({ affectsConfiguration: (section: string) => 'opsConfig.honeycomb.apiUrl'.startsWith(section) });
    assert.equal(await moved.remembered.roots('honeycomb'), undefined, 'compared again with the new address: nothing drawn');
  });

  it('reads back only what it wrote: anything else in globalState is no tree', () => {
    const item = { id: 'a', label: 'A', expandable: false };
    assert.ok(parseRememberedTree({ version: 1, fingerprint: 'f', roots: [item] }));
    for (const broken of [
      undefined,
      null,
      'text',
      { version: 2, fingerprint: 'f', roots: [item] },
      { version: 1, roots: [item] },
      { version: 1, fingerprint: 'f', roots: [] },
      { version: 1, fingerprint: 'f', roots: [{ ...item, label: 3 }] },
      { version: 1, fingerprint: 'f', roots: [{ ...item, children: {} }] },
    ]) {
      assert.equal(parseRememberedTree(broken), undefined, JSON.stringify(broken));
    }
  });
});
