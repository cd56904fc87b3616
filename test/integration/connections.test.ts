/**
 * The foundation in the real extension host: credentials are checked before they are saved,
 * land in SecretStorage and nowhere else, and the views show what the keys reach.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { SecretKeys } from '../../src/core/secrets';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../servers/honeycomb';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../servers/authentik';
import { ExtensionApi, describeNodes, extensionApi, scriptPrompts, setGlobal, settingsFiles, signOutEverywhere } from './helpers';

describe('connections', () => {
  let api: ExtensionApi;
  let honeycomb: HoneycombStandIn;
  let authentik: AuthentikStandIn;

  before(async () => {
    api = await extensionApi();
    honeycomb = await startHoneycombStandIn();
    authentik = await startAuthentikStandIn();
  });
  after(async () => {
    await signOutEverywhere(api);
    await honeycomb.stop();
    await authentik.stop();
  });
  beforeEach(async () => {
    await signOutEverywhere(api);
    honeycomb.reset();
    authentik.reset();
  });
  afterEach(() => {
    assert.deepEqual(honeycomb.violations, []);
    assert.deepEqual(authentik.violations, []);
  });

  it('activates on demand and registers its commands and views', async () => {
    const commands = await vscode.commands.getCommands(true);
    for (const id of [
      'opsConfig.honeycomb.setApiKey',
      'opsConfig.authentik.connect',
      'opsConfig.signatures.addRegistryLogin',
      'opsConfig.honeycomb.focus',
      'opsConfig.authentik.focus',
      'opsConfig.signatures.focus',
    ]) {
      assert.ok(commands.includes(id), `${id} is registered`);
    }
    assert.ok(api.activationMs >= 0);
  });

  it('shows no tree (so the welcome content shows) while nothing is configured', async () => {
    assert.deepEqual(await api.views.providers.honeycomb.getChildren(), []);
    assert.deepEqual(await api.views.providers.authentik.getChildren(), []);
    assert.deepEqual(await api.views.providers.signatures.getChildren(), []);
  });

  it('sets a Honeycomb API key through the command: checked, saved in SecretStorage only, and shown in the view', async () => {
    await setGlobal('honeycomb.apiUrl', honeycomb.url);
    const { shown, asked, restore } = scriptPrompts(api, [HONEYCOMB_KEYS.production]);
    try {
      await vscode.commands.executeCommand('opsConfig.honeycomb.setApiKey');
    } finally {
      restore();
    }
    assert.equal(asked[0].password, true, 'the key is typed into a password box');
    assert.deepEqual(shown.error, []);
    assert.deepEqual(shown.info, ['Honeycomb API key saved: team Acme Observability, environment Production.']);
    assert.equal(await api.services.secrets.get(SecretKeys.honeycombApiKey), HONEYCOMB_KEYS.production);
    assert.deepEqual(
      honeycomb.requests.map((r) => `${r.method} ${r.path}`),
      ['GET /1/auth'],
      'the key was checked with Honeycomb',
    );
    for (const file of settingsFiles(api)) {
      assert.ok(!fs.readFileSync(file, 'utf8').includes(HONEYCOMB_KEYS.production), `${file} must not hold the key`);
    }
    assert.ok(settingsFiles(api).length > 0, 'the user settings file exists (it holds apiUrl)');

    const roots = await describeNodes(api.views.providers.honeycomb, await api.views.providers.honeycomb.getChildren());
    assert.equal(roots.length, 1);
    assert.equal(roots[0].label, 'Acme Observability');
    assert.match(roots[0].description, /^Production · 127\.0\.0\.1:\d+$/);
    const children = await describeNodes(api.views.providers.honeycomb, await api.views.providers.honeycomb.getChildren(roots[0].node));
    assert.ok(
      children.some((c) => c.label === 'Production'),
      'the environment the key reaches is listed',
    );
  });

  it('refuses a key Honeycomb rejects, says why, and stores nothing', async () => {
    await setGlobal('honeycomb.apiUrl', honeycomb.url);
    const wrongKey = 'hcxlk_01jwrong0key0000000000001';
    const { shown, restore } = scriptPrompts(api, [wrongKey]);
    try {
      await vscode.commands.executeCommand('opsConfig.honeycomb.setApiKey');
    } finally {
      restore();
    }
    assert.equal(shown.info.length, 0);
    assert.equal(shown.error.length, 1);
    assert.equal(
      shown.error[0],
      'The Honeycomb API key was not saved. Honeycomb getAuthMetadata: the credential was rejected (HTTP 401). ' +
        'The server said: "unknown API key - check your credentials". Honeycomb refused the API key. Set it again with "Honeycomb: Set API Key…".',
    );
    assert.ok(!shown.error[0].includes(wrongKey));
    assert.equal(await api.services.secrets.get(SecretKeys.honeycombApiKey), undefined);
    assert.deepEqual(await api.views.providers.honeycomb.getChildren(), []);
  });

  it('refuses an ingest key: it cannot read configuration', async () => {
    await setGlobal('honeycomb.apiUrl', honeycomb.url);
    const { shown, restore } = scriptPrompts(api, [HONEYCOMB_KEYS.ingestProduction]);
    try {
      await vscode.commands.executeCommand('opsConfig.honeycomb.setApiKey');
    } finally {
      restore();
    }
    assert.match(shown.error[0] ?? '', /it is an ingest key: it can send events and cannot read configuration\. It was not saved\./);
    assert.equal(await api.services.secrets.get(SecretKeys.honeycombApiKey), undefined);
  });

  it('sets a management key pasted as ID:secret and shows its scopes', async () => {
    await setGlobal('honeycomb.apiUrl', honeycomb.url);
    const { shown, restore } = scriptPrompts(api, [`${HONEYCOMB_KEYS.management.id}:${HONEYCOMB_KEYS.management.secret}`]);
    try {
      await vscode.commands.executeCommand('opsConfig.honeycomb.setManagementKey');
    } finally {
      restore();
    }
    assert.deepEqual(shown.error, []);
    assert.match(shown.info[0], /^Honeycomb management key ".+" saved: team Acme Observability, .*environments:read/);
    assert.equal(await api.services.secrets.get(SecretKeys.honeycombApiKeyId), HONEYCOMB_KEYS.management.id);
    assert.equal(await api.services.secrets.get(SecretKeys.honeycombApiKeySecret), HONEYCOMB_KEYS.management.secret);
    for (const file of settingsFiles(api)) {
      assert.ok(!fs.readFileSync(file, 'utf8').includes(HONEYCOMB_KEYS.management.secret));
    }
    const roots = await describeNodes(api.views.providers.honeycomb, await api.views.providers.honeycomb.getChildren());
    assert.equal(roots[0].label, 'Acme Observability');
  });

  it('uses HONEYCOMB_API_KEY and HONEYCOMB_API_ENDPOINT from the environment when nothing is saved', async () => {
    process.env.HONEYCOMB_API_ENDPOINT = honeycomb.url;
    process.env.HONEYCOMB_API_KEY = HONEYCOMB_KEYS.staging;
    api.honeycomb.invalidate();
    const roots = await describeNodes(api.views.providers.honeycomb, await api.views.providers.honeycomb.getChildren());
    assert.equal(roots[0].label, 'Acme Observability');
    assert.match(roots[0].description, /^Staging/);
    // Markdown escapes spaces and underscores; read the tooltip as the user sees it.
    const tooltip = (roots[0].item.tooltip as vscode.MarkdownString).value.replace(/&nbsp;/g, ' ').replace(/\\(.)/g, '$1');
    assert.match(tooltip, /from environment variable HONEYCOMB_API_KEY/);
  });

  it('shows a failed load as an error node with Retry, and Retry recovers', async () => {
    await setGlobal('honeycomb.apiUrl', honeycomb.url);
    await api.services.secrets.store(SecretKeys.honeycombApiKey, HONEYCOMB_KEYS.production);
    api.honeycomb.invalidate();
    honeycomb.faults.inject({ kind: 'reset', route: 'GET /1/auth' });
    const failed = await describeNodes(api.views.providers.honeycomb, await api.views.providers.honeycomb.getChildren());
    assert.equal(failed.length, 1);
    assert.equal(failed[0].label, 'Could not reach Honeycomb');
    assert.equal(failed[0].description, 'Retry');
    assert.equal(failed[0].item.contextValue, 'opsConfig.error');
    assert.equal(failed[0].item.command?.command, 'opsConfig.retry');
    honeycomb.faults.clear();
    await vscode.commands.executeCommand('opsConfig.retry', failed[0].node);
    const recovered = await describeNodes(api.views.providers.honeycomb, await api.views.providers.honeycomb.getChildren());
    assert.equal(recovered[0].label, 'Acme Observability');
  });

  it('offers Sign in again when a saved key stops working', async () => {
    await setGlobal('honeycomb.apiUrl', honeycomb.url);
    await api.services.secrets.store(SecretKeys.honeycombApiKey, 'hcxlk_01jrevoked0key00000000001');
    api.honeycomb.invalidate();
    const [node] = await describeNodes(api.views.providers.honeycomb, await api.views.providers.honeycomb.getChildren());
    assert.equal(node.label, 'Honeycomb refused the credential');
    assert.equal(node.description, 'Sign in again…');
    assert.equal(node.item.command?.command, 'opsConfig.honeycomb.setApiKey');
    assert.equal(node.item.contextValue, 'opsConfig.error.auth');
  });

  it('connects to authentik: token checked, URL saved as a setting, token in SecretStorage', async () => {
    const { shown, restore } = scriptPrompts(api, [authentik.url, AUTHENTIK_TOKENS.admin]);
    try {
      await vscode.commands.executeCommand('opsConfig.authentik.connect');
    } finally {
      restore();
    }
    assert.deepEqual(shown.error, []);
    assert.deepEqual(shown.info, [`Connected to authentik at ${authentik.url} as akadmin.`]);
    assert.equal(vscode.workspace.getConfiguration('opsConfig').get('authentik.url'), authentik.url);
    assert.equal(await api.services.secrets.get(SecretKeys.authentikToken), AUTHENTIK_TOKENS.admin);
    for (const file of settingsFiles(api)) {
      assert.ok(!fs.readFileSync(file, 'utf8').includes(AUTHENTIK_TOKENS.admin));
    }
    const roots = await describeNodes(api.views.providers.authentik, await api.views.providers.authentik.getChildren());
    assert.equal(roots[0].label, new URL(authentik.url).host);
    assert.equal(roots[0].description, 'authentik 2026.8.3 · as akadmin');
  });

  it('refuses an authentik token the server rejects and changes nothing', async () => {
    const { shown, restore } = scriptPrompts(api, [authentik.url, AUTHENTIK_TOKENS.expired]);
    try {
      await vscode.commands.executeCommand('opsConfig.authentik.connect');
    } finally {
      restore();
    }
    assert.equal(shown.error.length, 1);
    assert.match(shown.error[0], /^Not connected to authentik; nothing was saved\. authentik getCurrentUser: the credential was rejected \(HTTP 403\)\. The server said: "Token invalid\/expired"\./);
    assert.ok(!shown.error[0].includes(AUTHENTIK_TOKENS.expired));
    assert.equal(await api.services.secrets.get(SecretKeys.authentikToken), undefined);
    assert.equal(vscode.workspace.getConfiguration('opsConfig').inspect('authentik.url')?.globalValue, undefined);
  });

  it('sends the authentik extra headers, kept in SecretStorage', async () => {
    const proxied = await startAuthentikStandIn({ requiredHeaders: { 'X-Proxy-Auth': 'proxy-secret-value-77' } });
    try {
      await setGlobal('authentik.url', proxied.url);
      await api.services.secrets.store(SecretKeys.authentikToken, AUTHENTIK_TOKENS.admin);
      const { shown, restore } = scriptPrompts(api, ['{"X-Proxy-Auth": "proxy-secret-value-77"}']);
      try {
        await vscode.commands.executeCommand('opsConfig.authentik.setHeaders');
      } finally {
        restore();
      }
      assert.deepEqual(shown.error, []);
      assert.deepEqual(shown.info, ['Saved 1 extra authentik header(s): X-Proxy-Auth.']);
      const roots = await describeNodes(api.views.providers.authentik, await api.views.providers.authentik.getChildren());
      assert.match(roots[0].description, /as akadmin/);
      for (const file of settingsFiles(api)) {
        assert.ok(!fs.readFileSync(file, 'utf8').includes('proxy-secret-value-77'));
      }
    } finally {
      await proxied.stop();
    }
  });

  it('uses AUTHENTIK_URL and AUTHENTIK_TOKEN from the environment', async () => {
    process.env.AUTHENTIK_URL = authentik.url;
    process.env.AUTHENTIK_TOKEN = AUTHENTIK_TOKENS.readOnly;
    api.authentik.invalidate();
    const roots = await describeNodes(api.views.providers.authentik, await api.views.providers.authentik.getChildren());
    assert.match(roots[0].description, /as terraform-readonly/);
  });
});
