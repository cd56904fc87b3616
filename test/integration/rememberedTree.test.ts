/**
 * The Honeycomb view remembers its tree for the next window, in the real editor: the view drawn
 * by the editor is kept in the extension's globalState (no secret in it), and a window's
 * start-up stand-in for the view — the code activate() registers, with this editor's
 * globalState and SecretStorage — draws it at once, marked as refreshing, before any request,
 * then the live tree in its place. (Reloading the window would end this test run; the benchmark
 * `npm run bench` clicks the view in fresh windows of code-server and times both.)
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { SecretKeys } from '../../src/core/secrets';
import { deferredTree } from '../../src/startup/deferredProviders';
import { EarlySecrets } from '../../src/startup/earlySecrets';
import { checkRememberedTrees } from '../../src/startup/rememberedCheck';
import { REFRESHING_DESCRIPTION, REFRESHING_WORDS, RememberedTrees, rememberedTreeKey } from '../../src/startup/rememberedTrees';
import { Slot } from '../../src/startup/slot';
import type { TreeNode } from '../../src/views/tree/node';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../servers/honeycomb';
import { ExtensionApi, connectHoneycomb, describeNodes, extensionApi, signOutEverywhere, waitFor } from './helpers';

describe('remembered tree (the Honeycomb view in the next window)', function () {
  this.timeout(90_000);
  let api: ExtensionApi;
  let honeycomb: HoneycombStandIn;
  const disposables: vscode.Disposable[] = [];

  before(async () => {
    api = await extensionApi();
    honeycomb = await startHoneycombStandIn();
    await connectHoneycomb(api, honeycomb.url, { apiKey: HONEYCOMB_KEYS.production, managementKey: HONEYCOMB_KEYS.management });
  });
  after(async () => {
    disposables.splice(0).forEach((d) => d.dispose());
    honeycomb.faults.clear();
    await signOutEverywhere(api);
    await honeycomb.stop();
  });
  afterEach(() => assert.deepEqual(honeycomb.violations, []));

  const globalState = () => api.services.context.globalState;
  const remembered = () => globalState().get<{ roots: Array<{ label: string; children?: Array<{ label: string }> }> }>(rememberedTreeKey('honeycomb'));

  /**
   * A window's start-up stand-in for the Honeycomb view, as activate() registers it, before the
   * features load; `features()` loads them: the live provider takes the stand-in's slot.
   */
  function nextWindow() {
    let loads = 0;
    let loaded!: () => void;
    const loading = new Promise<void>((resolve) => (loaded = resolve));
    const early = new EarlySecrets(api.services.context.secrets);
    const slot: Slot<vscode.TreeDataProvider<TreeNode>> = new Slot('tree of the honeycomb view', () => {
      loads++;
      return loading;
    });
    const features = (): void => {
      slot.fill(api.views.providers.honeycomb);
      loaded();
    };
    const trees = new RememberedTrees(
      globalState(),
      ['honeycomb'],
      () => early.peek(),
      async () => checkRememberedTrees,
    );
    const tree = deferredTree(
      slot,
      disposables,
      trees.view('honeycomb', () => true),
    );
    const changes: unknown[] = [];
    disposables.push(
      early,
      tree.onDidChangeTreeData!((e) => changes.push(e)),
    );
    return { tree, features, changes, loads: () => loads };
  }

  it('keeps the tree the editor drew, with nothing secret in globalState', async () => {
    await globalState().update(rememberedTreeKey('honeycomb'), undefined);
    api.views.providers.honeycomb.refresh();
    await vscode.commands.executeCommand('opsConfig.honeycomb.focus');
    // Written a moment after the editor has drawn the team and its environments.
    const tree = await waitFor(() => (remembered()?.roots[0]?.children?.length === 3 ? remembered() : undefined), 'the remembered tree');
    assert.deepEqual(
      tree.roots.map((r) => [r.label, r.children?.map((c) => c.label)]),
      [['Acme Observability', ['Production', 'Staging', 'Dev']]],
    );
    const everything = JSON.stringify(
      globalState()
        .keys()
        .map((key) => [key, globalState().get(key)]),
    );
    const secrets = [HONEYCOMB_KEYS.production, HONEYCOMB_KEYS.management.id, HONEYCOMB_KEYS.management.secret, honeycomb.url, await api.services.context.secrets.get(SecretKeys.rememberedTreeKey)];
    for (const secret of secrets) assert.ok(secret && !everything.includes(secret), `globalState holds no "${secret}"`);
  });

  it('the next window draws it at once, marked as refreshing, then the live tree in its place', async () => {
    assert.ok(remembered(), 'a tree is remembered (previous test)');
    // The server is slow to answer now, and has lost an environment since.
    honeycomb.reset();
    honeycomb.seed.environments = honeycomb.seed.environments.filter((e) => e.slug !== 'dev');
    honeycomb.faults.inject({ kind: 'slow', route: 'GET /1/auth', delayMs: 1_500, times: 1 });

    const window = nextWindow();
    const started = Date.now();
    const roots = (await window.tree.getChildren(undefined)) ?? [];
    const team = await describeNodes(window.tree, roots);
    const environments = await describeNodes(window.tree, (await window.tree.getChildren(roots[0])) ?? []);
    const tookMs = Date.now() - started;
    assert.deepEqual(
      [...team, ...environments].map((r) => `${r.label} · ${r.description}`),
      ['Acme Observability', 'Production', 'Staging', 'Dev'].map((label) => `${label} · ${REFRESHING_DESCRIPTION}`),
    );
    for (const row of [...team, ...environments]) {
      assert.equal(row.item.accessibilityInformation?.label, `${row.label}, ${REFRESHING_WORDS}`);
      assert.equal(row.item.contextValue, undefined, 'no menu on a remembered row');
    }
    assert.equal(team[0].item.collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
    assert.ok(tookMs < 1_000, `drawn at once (${tookMs} ms), not after the slow answer`);
    assert.equal(honeycomb.requests.length, 0, 'drawn before any request');
    assert.equal(window.loads(), 0, 'drawn before the features load');

    // The features load: the live provider takes over, and the editor is told to ask again.
    api.views.providers.honeycomb.refresh();
    window.features();
    assert.deepEqual(window.changes, [undefined]);
    const liveRoots = (await window.tree.getChildren(undefined)) ?? [];
    const liveTeam = await describeNodes(window.tree, liveRoots);
    const liveEnvironments = await describeNodes(window.tree, (await window.tree.getChildren(liveRoots[0])) ?? []);
    assert.deepEqual(
      liveEnvironments.map((r) => `${r.label} · ${r.description}`),
      ['Production · production · API key', 'Staging · staging · no API key'],
      'the live environments, without the deleted one, none marked',
    );
    assert.equal(liveTeam[0].label, 'Acme Observability');
    assert.notEqual(liveTeam[0].description, REFRESHING_DESCRIPTION);
    assert.ok(Date.now() - started >= 1_500, 'the live tree came with the slow answer');
    // What the next window will remember no longer has it either.
    await waitFor(() => (remembered()?.roots[0]?.children?.length === 2 ? true : undefined), 'the tree remembered without Dev');
  });

  it('a window with another key does not draw the tree of the old one', async () => {
    // The view out of sight, so that the editor does not draw (and remember) the new key's tree meanwhile.
    await vscode.commands.executeCommand('workbench.view.explorer');
    const old = remembered();
    assert.ok(old);
    await api.services.secrets.store(SecretKeys.honeycombApiKey, HONEYCOMB_KEYS.staging);
    assert.deepEqual(remembered(), old, 'the old key’s tree is still stored');
    try {
      const window = nextWindow();
      const answering = window.tree.getChildren(undefined);
      await waitFor(() => window.loads() > 0 || undefined, 'the live tree to be asked for');
      window.features();
      const rows = await describeNodes(window.tree, (await answering) ?? []);
      assert.ok(
        rows.every((r) => r.description !== REFRESHING_DESCRIPTION),
        'nothing remembered is drawn',
      );
    } finally {
      await api.services.secrets.store(SecretKeys.honeycombApiKey, HONEYCOMB_KEYS.production);
    }
  });
});
