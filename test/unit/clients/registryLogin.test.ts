import * as assert from 'node:assert/strict';
import { parseChallenge, registryBaseUrl } from '../../../src/clients/registry/challenge';
import { checkRegistryLogin } from '../../../src/clients/registry/login';
import { realmLoginProblem } from '../../../src/clients/registry/realm';
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

  it('will not send the login to a token realm on another internal address', async () => {
    const server = await startTestServer((_req, res) => json(res, 401, {}, { 'WWW-Authenticate': 'Bearer realm="http://127.0.0.2:9/token",service="x"' }));
    try {
      await assert.rejects(checkRegistryLogin(server.url.replace('http://', ''), { username: 'bob', password: 'internal-pass' }), (e: ServiceError) => {
        assert.match(e.message, /refused to send the login: the token realm 127\.0\.0\.2:9 is an internal address other than the registry itself/);
        return true;
      });
      assert.equal(server.requests.length, 1);
    } finally {
      await server.close();
    }
  });

  it('sends an unchecked login to the registry itself, or to Docker Hub\u2019s own token service', () => {
    assert.equal(realmLoginProblem('https://ghcr.io/token', 'https://ghcr.io', 'ghcr.io', undefined), undefined);
    assert.equal(realmLoginProblem('https://auth.docker.io/token', 'https://index.docker.io', 'index.docker.io', undefined), undefined);
    assert.match(
      realmLoginProblem('https://gitlab.com/jwt/auth', 'https://registry.gitlab.com', 'registry.gitlab.com', undefined)?.summary ?? '',
      /at https:\/\/gitlab\.com, another origin than https:\/\/registry\.gitlab\.com/,
    );
    assert.ok(realmLoginProblem('https://auth.docker.io:8443/token', 'https://index.docker.io', 'index.docker.io', undefined), 'another port is another origin');
    assert.equal(realmLoginProblem('https://gitlab.com/jwt/auth', 'https://registry.gitlab.com', 'registry.gitlab.com', 'https://gitlab.com'), undefined, 'checked with it when saved');
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
