/**
 * The tree kit in the real editor: the per-view filter (persisted, with "Showing N of M") and
 * a registry login listed in the Image Signatures view.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { json, startTestServer } from '../unit/helpers/testServer';
import { ExtensionApi, describeNodes, extensionApi, scriptPrompts } from './helpers';

describe('tree kit in the editor', () => {
  let api: ExtensionApi;
  before(async () => {
    api = await extensionApi();
  });

  it('adds a registry login after checking it, lists it, filters it, and removes it', async () => {
    const good = 'Basic ' + Buffer.from('ci-bot:registry-password-1').toString('base64');
    const registry = await startTestServer((req, res) => (req.headers.authorization === good ? json(res, 200, {}) : json(res, 401, {}, { 'WWW-Authenticate': 'Basic realm="test"' })));
    const host = registry.url.replace('http://', '');
    try {
      const wrong = scriptPrompts(api, [host, 'ci-bot', 'not-the-password']);
      await vscode.commands.executeCommand('opsConfig.signatures.addRegistryLogin');
      wrong.restore();
      assert.match(wrong.shown.error[0] ?? '', new RegExp(`^The login for ${host.replace(/\./g, '\\.')} was not saved\\. Registry .* login: the credential was rejected \\(HTTP 401\\)`));
      assert.deepEqual(api.registryLogins.list(), []);

      const right = scriptPrompts(api, [host, 'ci-bot', 'registry-password-1']);
      await vscode.commands.executeCommand('opsConfig.signatures.addRegistryLogin');
      right.restore();
      assert.deepEqual(right.shown.info, [`Signed in to ${host} as ci-bot; the login was saved.`]);
      assert.deepEqual(api.registryLogins.list(), [{ host, username: 'ci-bot' }]);

      const provider = api.views.providers.signatures;
      const [folder] = await provider.getChildren();
      const logins = await describeNodes(provider, await provider.getChildren(folder));
      assert.deepEqual(
        logins.map((l) => [l.label, l.description]),
        [[host, 'ci-bot']],
      );

      await provider.filter.set('no-such-registry');
      const filtered = await describeNodes(provider, await provider.getChildren(folder));
      assert.deepEqual(
        filtered.map((l) => l.label),
        ['No loaded items match “no-such-registry”'],
      );
      assert.equal(api.views.treeViews.signatures.message, 'Filter “no-such-registry”: showing 0 of 1 loaded items');
      assert.equal(api.services.context.workspaceState.get('opsConfig.filter.opsConfig.signatures'), 'no-such-registry', 'the filter is persisted');
      await provider.filter.set('');
      assert.equal(api.views.treeViews.signatures.message, undefined);

      await vscode.commands.executeCommand('opsConfig.signatures.removeRegistryLogin', logins[0].node);
      assert.deepEqual(api.registryLogins.list(), []);
    } finally {
      await registry.close();
    }
  });
});
