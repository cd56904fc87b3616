import * as assert from 'assert';
import { AuthentikConnectionList, CONNECTION_LIST_KEY, StateStore, connectionIdFor, connectionNameProblem, connectionTokenKey } from '../../../src/connections/authentikConnectionList';

/** globalState as a map, like the editor's: values go in and come out as JSON. */
function memoryState(initial: Record<string, unknown> = {}): StateStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial).map(([k, v]) => [k, JSON.stringify(v)]));
  return {
    data,
    get: <T>(key: string) => (data.has(key) ? (JSON.parse(data.get(key)!) as T) : undefined),
    update: async (key: string, value: unknown) => void data.set(key, JSON.stringify(value)),
  };
}

describe('authentik connection list', () => {
  it('adds named connections in order, with ids from their names, and keeps no secret', async () => {
    const state = memoryState();
    const list = new AuthentikConnectionList(state);
    const staging = await list.add({ name: ' Staging EU ', url: 'https://auth.staging.example.com/', insecure: true });
    const production = await list.add({ name: 'Production', url: 'https://auth.example.com', insecure: false });
    assert.deepEqual(staging, { id: 'staging-eu', name: 'Staging EU', url: 'https://auth.staging.example.com', insecure: true });
    assert.deepEqual(list.list(), [staging, production]);
    assert.deepEqual(new AuthentikConnectionList(state).get('production'), production, 'a new window reads the same list');
    // Names, URLs and the TLS choice only: the token goes to SecretStorage under the id.
    assert.deepEqual(Object.keys(JSON.parse(state.data.get(CONNECTION_LIST_KEY)!)[0]).sort(), ['id', 'insecure', 'name', 'url']);
    assert.equal(connectionTokenKey(staging.id), 'opsConfig.authentik.connections.staging-eu.token');
  });

  it('refuses a taken name (the default connection’s too), an empty one, or a URL with a password', async () => {
    const list = new AuthentikConnectionList(memoryState());
    await list.add({ name: 'staging', url: 'https://a.example.com', insecure: false });
    await assert.rejects(list.add({ name: 'STAGING', url: 'https://b.example.com', insecure: false }), /A connection named "STAGING" exists already/);
    await assert.rejects(list.add({ name: 'authentik', url: 'https://b.example.com', insecure: false }), /exists already/);
    await assert.rejects(list.add({ name: '  ', url: 'https://b.example.com', insecure: false }), /Enter a name/);
    await assert.rejects(
      list.add({ name: 'prod', url: 'https://admin:hunter2@b.example.com', insecure: false }),
      (error: Error) => /user name or password/.test(error.message) && !error.message.includes('hunter2'),
    );
    await assert.rejects(list.add({ name: 'prod', url: 'ftp://b.example.com', insecure: false }), /must start with https:\/\//);
    assert.equal(connectionNameProblem('a\u202eb', []), 'Use visible characters only.');
    assert.equal(connectionNameProblem('x'.repeat(41), []), 'Use at most 40 characters.');
    assert.deepEqual(
      list.list().map((e) => e.name),
      ['staging'],
    );
  });

  it('gives every connection its own id, never the default one’s', () => {
    assert.equal(connectionIdFor('Default', []), 'default-2');
    assert.equal(connectionIdFor('prod', [{ id: 'prod' }, { id: 'prod-2' }]), 'prod-3');
    assert.equal(connectionIdFor('Ünïcode ✓', []), 'n-code');
    assert.equal(connectionIdFor('✓✓', []), 'connection');
  });

  it('removes a connection and says whether it was there', async () => {
    const list = new AuthentikConnectionList(memoryState());
    const a = await list.add({ name: 'a', url: 'https://a.example.com', insecure: false });
    const b = await list.add({ name: 'b', url: 'https://b.example.com', insecure: false });
    assert.equal(await list.remove(a.id), true);
    assert.equal(await list.remove(a.id), false);
    assert.deepEqual(list.list(), [b]);
  });

  it('skips stored entries that are not well formed instead of failing the view', () => {
    const list = new AuthentikConnectionList(
      memoryState({
        [CONNECTION_LIST_KEY]: [
          { id: 'ok', name: 'ok', url: 'https://ok.example.com', insecure: false },
          { id: 'ok', name: 'twice', url: 'https://twice.example.com', insecure: false },
          { id: 'default', name: 'shadow', url: 'https://x.example.com', insecure: false },
          { id: 'Bad Id', name: 'x', url: 'https://x.example.com', insecure: false },
          { id: 'nourl', name: 'x', url: 'not a url', insecure: false },
          { id: 'noflag', name: 'x', url: 'https://x.example.com' },
          'junk',
          null,
        ],
      }),
    );
    assert.deepEqual(
      list.list().map((e) => e.name),
      ['ok'],
    );
    assert.deepEqual(new AuthentikConnectionList(memoryState({ [CONNECTION_LIST_KEY]: { not: 'a list' } })).list(), []);
  });
});
