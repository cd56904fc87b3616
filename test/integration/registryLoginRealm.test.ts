/**
 * "Add Registry Login…" against a registry whose tokens come from a token service on another
 * origin: the login is checked there and saved with that service's origin, the only place it
 * is sent later (src/clients/registry/realm.ts).
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { json, startTestServer } from '../unit/helpers/testServer';
import { extensionApi, scriptPrompts } from './helpers';

describe('registry login with a separate token service', () => {
  it('saves the login with the origin of the token service it was checked with', async () => {
    const api = await extensionApi();
    const good = 'Basic ' + Buffer.from('ci-bot:realm-password-1').toString('base64');
    const tokens = await startTestServer((req, res) => (req.headers.authorization === good ? json(res, 200, { token: 'realm-issued-token-1' }) : json(res, 401, {})));
    // By host name: a realm on another loopback IP address than the registry's is refused.
    const realmOrigin = tokens.url.replace('127.0.0.1', 'localhost');
    const registry = await startTestServer((_req, res) => json(res, 401, {}, { 'WWW-Authenticate': `Bearer realm="${realmOrigin}/token",service="test"` }));
    const host = registry.url.replace('http://', '');
    try {
      const prompts = scriptPrompts(api, [host, 'ci-bot', 'realm-password-1']);
      await vscode.commands.executeCommand('opsConfig.signatures.addRegistryLogin');
      prompts.restore();
      assert.deepEqual(prompts.shown.info, [`Signed in to ${host} as ci-bot; the login was saved.`]);
      assert.deepEqual(await api.registryLogins.get(host), { username: 'ci-bot', password: 'realm-password-1', realmOrigin });
      assert.equal(tokens.requests[0].headers.authorization, good);
    } finally {
      await api.registryLogins.remove(host);
      await registry.close();
      await tokens.close();
    }
  });
});
