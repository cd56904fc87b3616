import * as assert from 'node:assert/strict';
import { RegistryClient } from '../../../src/clients/registry/client';
import { RegistryAuth } from '../../../src/clients/registry/credentials';
import { sha256Digest } from '../../../src/clients/registry/digest';
import { checkRegistryLogin } from '../../../src/clients/registry/login';
import { ServiceError } from '../../../src/core/errors';
import { timedFailure } from '../helpers/misbehaving';
import { RecordedRequest, TestServer, json, startTestServer } from '../helpers/testServer';

/**
 * Where a registry client sends credentials when the registry's answers point elsewhere: blob
 * downloads redirected to storage, upload locations, token realms. A scripted registry on
 * 127.0.0.1, and a second server on another port as "elsewhere".
 */
const USER = { username: 'alice', password: 'alice-origin-pass' };
const BASIC = `Basic ${Buffer.from(`${USER.username}:${USER.password}`).toString('base64')}`;
const TOKEN = 'registry-bearer-token-0001';
const BLOB = Buffer.from('blob bytes kept in storage elsewhere');

/** A token service: a token for the right Basic login, or an anonymous one; 401 otherwise. */
function tokenService(req: RecordedRequest, res: import('node:http').ServerResponse): void {
  const auth = req.headers.authorization;
  if (auth !== undefined && auth !== BASIC) return json(res, 401, { details: 'wrong login' });
  json(res, 200, { token: auth ? TOKEN : 'anonymous-token-0001', expires_in: 300 });
}

describe('registry client: credentials stay with their origin', () => {
  let registry: TestServer;
  let elsewhere: TestServer;
  afterEach(async () => {
    await registry?.close();
    await elsewhere?.close();
  });

  /** A registry that wants `Bearer <token>` and names `realm()` in its challenge. */
  async function bearerRegistry(realm: () => string, routes: (req: RecordedRequest, res: import('node:http').ServerResponse) => boolean = () => false): Promise<TestServer> {
    return startTestServer((req, res) => {
      if (req.url.startsWith('/token')) return tokenService(req, res);
      if (!req.headers.authorization?.startsWith('Bearer ')) {
        return json(res, 401, { errors: [{ code: 'UNAUTHORIZED' }] }, { 'WWW-Authenticate': `Bearer realm="${realm()}",service="test"` });
      }
      if (routes(req, res)) return;
      json(res, 404, { errors: [{ code: 'MANIFEST_UNKNOWN' }] });
    });
  }

  /**
   * Another origin for a token service: by host name, since a realm on another loopback IP
   * address than the registry's is refused outright (realm.ts).
   */
  const away = (server: TestServer) => server.url.replace('127.0.0.1', 'localhost');
  const lookup = (auth: RegistryAuth | undefined) => async () => auth;
  const client = (auth?: RegistryAuth) => new RegistryClient(registry.url.replace('http://', ''), { credentials: lookup(auth) });

  it('follows a blob download to storage on another origin without the registry token', async () => {
    elsewhere = await startTestServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.end(BLOB);
    });
    registry = await bearerRegistry(
      () => `${registry.url}/token`,
      (req, res) => {
        if (!req.url.includes('/blobs/')) return false;
        res.writeHead(307, { Location: `${elsewhere.url}/storage/blob?signature=abc` });
        res.end();
        return true;
      },
    );
    const bytes = await client(USER).getBlob('team/app', sha256Digest(BLOB));
    assert.deepEqual(bytes, BLOB);
    assert.equal(registry.requests.at(-1)?.headers.authorization, `Bearer ${TOKEN}`);
    assert.equal(elsewhere.requests.length, 1);
    assert.equal(elsewhere.requests[0].headers.authorization, undefined, 'storage never sees the registry token');
  });

  it('refuses an upload location on another origin instead of sending it the token', async () => {
    elsewhere = await startTestServer((_req, res) => json(res, 201, {}));
    registry = await bearerRegistry(
      () => `${registry.url}/token`,
      (req, res) => {
        if (req.method === 'HEAD') return (json(res, 404, {}), true);
        if (req.method === 'POST' && req.url.includes('/blobs/uploads/')) {
          res.writeHead(202, { Location: `${elsewhere.url}/v2/team/app/blobs/uploads/session-1` });
          res.end();
          return true;
        }
        return false;
      },
    );
    const { error } = await timedFailure<ServiceError>(client(USER).putBlob('team/app', Buffer.from('new layer')));
    assert.equal(error.kind, 'invalidResponse');
    assert.match(error.message, new RegExp(`upload blob: refused to send the credential for ${registry.url.replace(/\./g, '\\.')} to ${elsewhere.url.replace(/\./g, '\\.')}, another origin`));
    assert.equal(elsewhere.requests.length, 0);
  });

  describe('token realms', () => {
    it('sends a saved login to the token service it was checked with, on another origin', async () => {
      elsewhere = await startTestServer(tokenService);
      registry = await bearerRegistry(() => `${away(elsewhere)}/token`);
      const host = registry.url.replace('http://', '');
      const checked = await checkRegistryLogin(host, USER);
      assert.deepEqual(checked, { scheme: 'bearer', realmOrigin: away(elsewhere) });
      assert.equal(await client({ ...USER, realmOrigin: away(elsewhere) }).findManifest('team/app', 'v1'), undefined);
      assert.equal(elsewhere.requests.at(-1)?.headers.authorization, BASIC);
    });

    it('refuses a saved login when the registry now names another token service, and says to add it again', async () => {
      const moved = await startTestServer(tokenService);
      try {
        elsewhere = await startTestServer(tokenService);
        registry = await bearerRegistry(() => `${away(moved)}/token`);
        const { error } = await timedFailure<ServiceError>(client({ ...USER, realmOrigin: away(elsewhere) }).getManifest('team/app', 'v1'));
        assert.equal(error.kind, 'auth');
        assert.equal(
          error.message,
          `Registry ${registry.url.replace('http://', '')} token: the login for ${registry.url.replace('http://', '')} ` +
            `was checked with the token service at ${away(elsewhere)}, but the registry now asks for it at ${away(moved)}; it was not sent there. ` +
            `If ${registry.url.replace('http://', '')} really moved its token service, remove the login and add it again (Image Signatures: Add Registry Login\u2026).`,
        );
        assert.equal(moved.requests.length, 0);
      } finally {
        await moved.close();
      }
    });

    it('sends a login from Docker config.json only to a token service on the registry itself', async () => {
      elsewhere = await startTestServer(tokenService);
      registry = await bearerRegistry(() => `${away(elsewhere)}/token`);
      const { error } = await timedFailure<ServiceError>(client(USER).getManifest('team/app', 'v1'));
      assert.equal(error.kind, 'auth');
      assert.match(
        error.message,
        new RegExp(
          `the registry asks for the login at ${away(elsewhere)}, another origin than ${registry.url.replace(/\./g, '\\.')}; ` +
            "a login that was not checked with that token service \\(from Docker's config\\.json, or saved before this check existed\\) is only sent to the registry itself\\. " +
            'Add the login in the editor with "Image Signatures: Add Registry Login…"',
        ),
      );
      assert.equal(elsewhere.requests.length, 0);
      // A refresh token (identitytoken) is held to the same rule.
      await timedFailure(client({ identityToken: 'refresh-token-0001' }).getManifest('team/app', 'v1'));
      assert.equal(elsewhere.requests.length, 0);
    });

    it('uses a Docker config.json login with a token service on the registry itself', async () => {
      registry = await bearerRegistry(() => `${registry.url}/token`);
      assert.equal(await client(USER).findManifest('team/app', 'v1'), undefined);
      assert.ok(registry.requests.some((r) => r.url.startsWith('/token') && r.headers.authorization === BASIC));
    });

    it('asks any allowed token service for an anonymous token when there is no login', async () => {
      elsewhere = await startTestServer(tokenService);
      registry = await bearerRegistry(() => `${away(elsewhere)}/token`);
      assert.equal(await client(undefined).findManifest('team/app', 'v1'), undefined);
      assert.equal(elsewhere.requests.length, 1);
      assert.equal(elsewhere.requests[0].headers.authorization, undefined);
    });
  });
});
