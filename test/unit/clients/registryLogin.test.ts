import * as assert from 'node:assert/strict';
import { parseChallenge, registryBaseUrl } from '../../../src/clients/registry/challenge';
import { checkRegistryLogin } from '../../../src/clients/registry/login';
import { ServiceError } from '../../../src/core/errors';
import { json, startTestServer } from '../helpers/testServer';

describe('registry login check', () => {
  it('parses Basic and Bearer challenges', () => {
    assert.deepEqual(parseChallenge('Bearer realm="https://auth.docker.io/token",service="registry.docker.io",scope="repository:library/nginx:pull"'), {
      scheme: 'bearer',
      params: { realm: 'https://auth.docker.io/token', service: 'registry.docker.io', scope: 'repository:library/nginx:pull' },
    });
    assert.deepEqual(parseChallenge('Basic realm="Registry Realm"'), { scheme: 'basic', params: { realm: 'Registry Realm' } });
    assert.equal(parseChallenge(undefined), undefined);
  });

  it('uses plain HTTP only for loopback registries', () => {
    assert.equal(registryBaseUrl('127.0.0.1:5000'), 'http://127.0.0.1:5000');
    assert.equal(registryBaseUrl('localhost:5000'), 'http://localhost:5000');
    assert.equal(registryBaseUrl('ghcr.io'), 'https://ghcr.io');
  });

  it('checks Basic credentials against /v2/', async () => {
    const good = 'Basic ' + Buffer.from('alice:correct-horse').toString('base64');
    const server = await startTestServer((req, res) => {
      if (req.headers.authorization === good) return json(res, 200, {});
      json(res, 401, { errors: [{ code: 'UNAUTHORIZED' }] }, { 'WWW-Authenticate': 'Basic realm="Registry"' });
    });
    try {
      const host = server.url.replace('http://', '');
      assert.deepEqual(await checkRegistryLogin(host, { username: 'alice', password: 'correct-horse' }), { scheme: 'basic' });
      await assert.rejects(checkRegistryLogin(host, { username: 'alice', password: 'wrong' }), (e: ServiceError) => e.kind === 'auth' && /Registry 127\.0\.0\.1:\d+ login/.test(e.message));
    } finally {
      await server.close();
    }
  });

  it('checks credentials through a Bearer token realm', async () => {
    const good = 'Basic ' + Buffer.from('bob:s3cret-token').toString('base64');
    let realm = '';
    const server = await startTestServer((req, res) => {
      if (req.url.startsWith('/token')) {
        return req.headers.authorization === good ? json(res, 200, { token: 'registry-bearer-token' }) : json(res, 401, { details: 'bad creds' });
      }
      json(res, 401, {}, { 'WWW-Authenticate': `Bearer realm="${realm}",service="test-registry"` });
    });
    realm = `${server.url}/token`;
    try {
      const host = server.url.replace('http://', '');
      assert.deepEqual(await checkRegistryLogin(host, { username: 'bob', password: 's3cret-token' }), { scheme: 'bearer', realmOrigin: server.url });
      assert.match(server.requests[1].url, /^\/token\?service=test-registry&account=bob$/);
      await assert.rejects(checkRegistryLogin(host, { username: 'bob', password: 'nope' }), (e: ServiceError) => e.kind === 'auth');
    } finally {
      await server.close();
    }
  });

  it('says so when the registry needs no login', async () => {
    const server = await startTestServer((_req, res) => json(res, 200, {}));
    try {
      assert.deepEqual(await checkRegistryLogin(server.url.replace('http://', ''), { username: 'x', password: 'y' }), { scheme: 'none' });
    } finally {
      await server.close();
    }
  });
});
