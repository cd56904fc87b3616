/**
 * Several authentik connections in the real extension host: the default one (settings and the
 * token saved by Connect…) browses a "staging" stand-in, an added connection named "production"
 * browses a second stand-in with other data and its own token. Each root reads from its own
 * server only; records, edits and their saves go to the server the node came from; removing the
 * connection deletes its token.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { connectionTokenKey } from '../../src/connections/authentikConnectionList';
import { SecretKeys } from '../../src/core/secrets';
import type { TreeNode } from '../../src/views/tree/node';
import { AUTHENTIK_TOKENS, AuthentikStandIn, createAuthentikSeed, startAuthentikStandIn } from '../servers/authentik';
import { ExtensionApi, extensionApi, scriptPrompts, setGlobal, signOutEverywhere, treeReader, waitFor } from './helpers';

/** The production server's own admin token: the staging token is refused there. */
const PRODUCTION_TOKEN = 'akTestProductionAdminToken8c1e4b7a2d5f40c9b3e6a1d4f7c0b3e6a9d2f5c8b1e4a7d0';
const PRODUCTION_GROUP = 'production-on-call';

describe('several authentik connections', () => {
  let api: ExtensionApi;
  let staging: AuthentikStandIn;
  let production: AuthentikStandIn;

  const provider = () => api.views.providers.authentik;
  const { children, child } = treeReader(provider);
  const removeAdded = async () => {
    for (const entry of api.authentikConnections.entries()) await api.authentikConnections.remove(entry.id);
  };
  const paths = (standIn: AuthentikStandIn, method = 'GET') => standIn.requests.filter((r) => r.method === method).map((r) => r.path);

  before(async () => {
    api = await extensionApi();
    staging = await startAuthentikStandIn();
    production = await startAuthentikStandIn({
      seed: () => {
        const seed = createAuthentikSeed();
        seed.version.current = '2026.2.1';
        seed.tokens.find((t) => t.key === AUTHENTIK_TOKENS.admin)!.key = PRODUCTION_TOKEN;
        seed.directory.groups[0].name = PRODUCTION_GROUP;
        return seed;
      },
    });
    await signOutEverywhere(api);
    await removeAdded();
    // The default connection is configured as before: the setting and the saved token.
    await setGlobal('authentik.url', staging.url);
    await api.services.secrets.store(SecretKeys.authentikToken, AUTHENTIK_TOKENS.admin);
    api.authentik.invalidate();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await removeAdded();
    await signOutEverywhere(api);
    await staging.stop();
    await production.stop();
  });
  afterEach(() => {
    assert.deepEqual(staging.violations, []);
    assert.deepEqual(production.violations, []);
  });

  it('Add Connection… checks the token with the server first: a refused one saves nothing', async () => {
    // The staging token is not valid on production.
    const script = scriptPrompts(api, ['production', production.url, AUTHENTIK_TOKENS.admin]);
    try {
      assert.equal(await vscode.commands.executeCommand('opsConfig.authentik.addConnection'), false);
    } finally {
      script.restore();
    }
    assert.equal(script.shown.error.length, 1);
    assert.match(script.shown.error[0], /^The connection "production" was not added; nothing was saved\./);
    assert.ok(!script.shown.error[0].includes(AUTHENTIK_TOKENS.admin), 'the token is not in the message');
    assert.deepEqual(api.authentikConnections.entries(), []);
    assert.equal(await api.services.secrets.get(connectionTokenKey('production')), undefined);
  });

  it('an added connection is a second root beside the default one, each browsing its own server', async () => {
    const script = scriptPrompts(api, ['production', production.url, PRODUCTION_TOKEN]);
    try {
      assert.equal(await vscode.commands.executeCommand('opsConfig.authentik.addConnection'), true);
    } finally {
      script.restore();
    }
    assert.deepEqual(script.shown.info, [`Added the authentik connection "production" at ${production.url}, signed in as akadmin.`]);
    assert.deepEqual(api.authentikConnections.entries(), [{ id: 'production', name: 'production', url: production.url, insecure: false }]);
    assert.equal(await api.services.secrets.get(connectionTokenKey('production')), PRODUCTION_TOKEN);
    // The default connection's settings and token are untouched.
    assert.equal(vscode.workspace.getConfiguration('opsConfig').inspect('authentik.url')?.globalValue, staging.url);
    assert.equal(await api.services.secrets.get(SecretKeys.authentikToken), AUTHENTIK_TOKENS.admin);

    staging.reset();
    production.reset();
    provider().refresh();
    const roots = await waitFor(async () => {
      const all = await children();
      return all.length === 2 ? all : undefined;
    }, 'two roots');
    const stagingHost = new URL(staging.url).host;
    assert.deepEqual(
      roots.map((r) => `${r.label} [${r.description}]`),
      [`${stagingHost} [authentik 2026.8.3 · as akadmin]`, `production [${new URL(production.url).host} · authentik 2026.2.1 · as akadmin]`],
    );

    const groupsOf = async (root: TreeNode) => (await children((await child(root, 'Groups')).node)).map((g) => g.label);
    const stagingGroups = await groupsOf(roots[0].node);
    const productionGroups = await groupsOf(roots[1].node);
    assert.ok(productionGroups.includes(PRODUCTION_GROUP), `production lists ${PRODUCTION_GROUP}`);
    assert.ok(!stagingGroups.includes(PRODUCTION_GROUP), `staging does not list ${PRODUCTION_GROUP}`);
    // Each server was asked once for its groups, with its own token.
    assert.deepEqual(
      paths(staging).filter((p) => p === '/api/v3/core/groups/'),
      ['/api/v3/core/groups/'],
    );
    assert.deepEqual(
      paths(production).filter((p) => p === '/api/v3/core/groups/'),
      ['/api/v3/core/groups/'],
    );
    assert.ok(
      production.requests.every((r) => r.status !== 403 && r.status !== 401),
      'production never got the staging token',
    );
  });

  it('a record opened under the added connection loads from its server and links within it', async () => {
    const root = (await children())[1];
    const group = await child((await child(root.node, 'Groups')).node, PRODUCTION_GROUP);
    const key = (group.node as unknown as { recordKey(): string }).recordKey();
    assert.match(key, /^authentik:production\/group:/);
    staging.reset();
    production.reset();
    const loaded = await api.sources.load(key);
    assert.equal(loaded.model.title, PRODUCTION_GROUP);
    assert.equal(loaded.model.key, key);
    assert.ok(
      paths(production).some((p) => p.startsWith('/api/v3/core/groups/')),
      'read from production',
    );
    assert.deepEqual(paths(staging), [], 'staging was not asked');
    // Copy ID from the panel copies the id of the same connection's object.
    const copyId = loaded.model.actions?.find((a) => a.id === 'copyId');
    assert.equal(copyId?.copy?.text, (group.node as unknown as { ref: { id: string } }).ref.id);
    // The tree's Copy ID, given the record's key, acts on the same connection's record too.
    await vscode.commands.executeCommand('opsConfig.authentik.copyId', key);
    assert.equal(await vscode.env.clipboard.readText(), (group.node as unknown as { ref: { id: string } }).ref.id);
  });

  it('an edit opened under the added connection is saved to its server, and the confirmation names it', async () => {
    const root = (await children())[1];
    const flow = await child((await child(root.node, 'Flows')).node, 'default-authentication-flow');
    await vscode.commands.executeCommand('opsConfig.edit', flow.node);
    const editor = await waitFor(() => {
      const e = vscode.window.activeTextEditor;
      return e?.document.uri.scheme === 'opsconfig-edit' && e.document.getText().includes('Welcome to authentik!') ? e : undefined;
    }, 'the edit document of the production flow');
    assert.match(editor.document.uri.path, /^\/authentik\.flow@production\//);
    const before = '"title": "Welcome to authentik!"';
    const at = editor.document.getText().indexOf(before);
    assert.ok(at >= 0, `the document holds ${before}`);
    const range = new vscode.Range(editor.document.positionAt(at), editor.document.positionAt(at + before.length));
    assert.ok(await editor.edit((b) => b.replace(range, '"title": "Welcome to production"')));

    const prompts = api.prompts as unknown as Record<string, unknown>;
    const original = { ...prompts };
    const asked: Array<{ message: string; detail: string }> = [];
    prompts.warn = async (message: string, options: vscode.MessageOptions | undefined) => {
      asked.push({ message, detail: options?.detail ?? '' });
      return 'Update';
    };
    prompts.info = async () => undefined;
    staging.reset();
    production.reset();
    try {
      assert.equal(await editor.document.save(), true, 'saved');
    } finally {
      Object.assign(prompts, original);
    }
    assert.equal(asked.length, 1, 'one confirmation');
    assert.match(asked[0].detail, new RegExp(`authentik "production" at ${new URL(production.url).host.replace(/\./g, '\\.')}`));
    assert.deepEqual(paths(production, 'PATCH'), ['/api/v3/flows/instances/default-authentication-flow/']);
    assert.deepEqual(
      staging.requests.filter((r) => r.method !== 'GET'),
      [],
      'nothing was written to staging',
    );
    assert.equal(production.seed.directory.flows.find((f) => f.slug === 'default-authentication-flow')?.title, 'Welcome to production');
    assert.equal(staging.seed.directory.flows.find((f) => f.slug === 'default-authentication-flow')?.title, 'Welcome to authentik!');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a blueprint opened under the added connection is read from its server, not the first one', async () => {
    const root = (await children())[1];
    const blueprint = production.seed.directory.blueprints.find((b) => b.content && !b.path && b.status !== 'error')!;
    const node = await child((await child(root.node, 'Blueprints')).node, blueprint.name);
    staging.reset();
    production.reset();
    await vscode.commands.executeCommand('opsConfig.authentik.editBlueprintContent', node.node);
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.scheme === 'opsconfig-blueprint' ? vscode.window.activeTextEditor : undefined), 'the blueprint YAML');
    assert.equal(editor.document.uri.authority, 'production');
    assert.equal(editor.document.getText(), blueprint.content);
    assert.ok(
      paths(production).some((p) => p.includes(`/managed/blueprints/${blueprint.pk}/`)),
      `read from production: ${paths(production).join(', ')}`,
    );
    assert.ok(!paths(staging).some((p) => p.includes('/managed/blueprints/')), 'staging was not asked');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Remove Connection… asks first, then deletes the token and leaves the default connection alone', async () => {
    const root = (await children())[1];
    const prompts = api.prompts as unknown as Record<string, unknown>;
    const original = { ...prompts };
    const asked: string[] = [];
    prompts.confirmDestructive = async (question: { title: string; action: string }) => {
      asked.push(question.title);
      return question.action === 'Remove';
    };
    prompts.info = async () => undefined;
    try {
      assert.equal(await vscode.commands.executeCommand('opsConfig.authentik.removeConnection', root.node), true);
    } finally {
      Object.assign(prompts, original);
    }
    assert.deepEqual(asked, ['Remove the authentik connection "production"?']);
    assert.deepEqual(api.authentikConnections.entries(), []);
    assert.equal(await api.services.secrets.get(connectionTokenKey('production')), undefined);
    const roots = await waitFor(async () => {
      const all = await children();
      return all.length === 1 ? all : undefined;
    }, 'one root again');
    assert.equal(roots[0].label, new URL(staging.url).host);
    assert.equal(await api.services.secrets.get(SecretKeys.authentikToken), AUTHENTIK_TOKENS.admin);
  });
});
