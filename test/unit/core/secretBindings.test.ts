import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { KnownSecrets } from '../../../src/core/redact';
import { SecretStore } from '../../../src/core/secrets';

/** SecretStorage as a map, with its change events recorded. */
function memoryStorage(): vscode.SecretStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get: async (key: string) => entries.get(key),
    store: async (key: string, value: string) => void entries.set(key, value),
    delete: async (key: string) => void entries.delete(key),
    keys: async () => [...entries.keys()],
    onDidChange: () => ({ dispose: () => undefined }),
  };
}

describe('core/secrets: a credential and the origin it was checked with', () => {
  const KEY = 'opsConfig.honeycomb.apiKey';

  it('keeps the origin beside the credential, and the origin is not masked in logs', async () => {
    const storage = memoryStorage();
    const knownSecrets = new KnownSecrets();
    const secrets = new SecretStore(storage, knownSecrets);
    await secrets.store(KEY, 'hcxlk_bound_key_value_1', 'https://api.eu1.honeycomb.io/1/auth');
    assert.equal(await secrets.get(KEY), 'hcxlk_bound_key_value_1');
    assert.equal(await secrets.boundOrigin(KEY), 'https://api.eu1.honeycomb.io');
    await secrets.boundOrigin(KEY);
    const line = knownSecrets.redactText('GET https://api.eu1.honeycomb.io/1/auth with hcxlk_bound_key_value_1');
    assert.ok(line.startsWith('GET https://api.eu1.honeycomb.io/1/auth with '), line);
    assert.ok(!line.includes('hcxlk_bound_key_value_1'), line);
  });

  it('saves a credential stored without a check unbound, even over a bound one', async () => {
    const secrets = new SecretStore(memoryStorage(), new KnownSecrets());
    await secrets.store(KEY, 'hcxlk_first_value_0001', 'https://api.honeycomb.io');
    await secrets.store(KEY, 'hcxlk_other_value_0002');
    assert.equal(await secrets.boundOrigin(KEY), undefined, 'the old binding does not carry over to another value');
  });

  it('rebinds when the user agrees, and forgets the binding with the credential', async () => {
    const storage = memoryStorage();
    const secrets = new SecretStore(storage, new KnownSecrets());
    await secrets.store(KEY, 'hcxlk_first_value_0001', 'https://api.honeycomb.io');
    await secrets.bindOrigin(KEY, 'http://127.0.0.1:9090/x');
    assert.equal(await secrets.boundOrigin(KEY), 'http://127.0.0.1:9090');
    await secrets.delete(KEY);
    assert.deepEqual([...storage.entries.keys()], []);
  });
});
