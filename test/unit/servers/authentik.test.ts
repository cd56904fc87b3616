import * as assert from 'node:assert/strict';
import { AUTHENTIK_TOKENS as T, startAuthentikStandIn, type AuthentikStandIn } from '../../servers/authentik';
import { openApiValidator } from '../../servers/openapi/validator';
import { request, requestError } from './http';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const ME = '/api/v3/core/users/me/';

describe('authentik stand-in', function () {
  this.timeout(20_000);
  let ak: AuthentikStandIn;

  before(async function () {
    ak = await startAuthentikStandIn();
  });
  after(() => ak.stop());
  afterEach(function () {
    assert.deepEqual(ak.violations, []);
    ak.reset();
  });

  describe('GET /api/v3/core/users/me/', function () {
    it('answers the admin token with akadmin as a SessionUser', async function () {
      const r = await request(`${ak.url}${ME}`, { headers: auth(T.admin) });
      assert.equal(r.status, 200);
      const body = r.json();
      assert.equal(body.user.username, 'akadmin');
      assert.equal(body.user.is_superuser, true);
      assert.equal(body.user.pk, 4);
      assert.match(body.user.uid, /^[0-9a-f]{64}$/);
      assert.equal(body.original, undefined);
      const errors = openApiValidator('authentik').validateResponse({ method: 'GET', path: ME, status: 200, contentType: 'application/json', body });
      assert.deepEqual(errors, []);
    });

    it('answers the read-only service account token', async function () {
      const body = (await request(`${ak.url}${ME}`, { headers: auth(T.readOnly) })).json();
      assert.equal(body.user.username, 'terraform-readonly');
      assert.equal(body.user.is_superuser, false);
      assert.equal(body.user.type, 'service_account');
    });

    for (const name of ['expired', 'appPassword', 'inactiveUser'] as const) {
      it(`rejects the ${name} token with 403 "Token invalid/expired"`, async function () {
        const r = await request(`${ak.url}${ME}`, { headers: auth(T[name]) });
        assert.equal(r.status, 403);
        assert.equal(r.text, '{"detail":"Token invalid/expired"}');
      });
    }

    it('rejects an unknown token the same way, never with 401', async function () {
      const r = await request(`${ak.url}${ME}`, { headers: auth('not-a-token') });
      assert.equal(r.status, 403);
      assert.deepEqual(r.json(), { detail: 'Token invalid/expired' });
    });

    it('answers a missing header or another scheme with "credentials were not provided"', async function () {
      for (const headers of [{}, { Authorization: `Token ${T.admin}` }, { Authorization: `Basic ${Buffer.from('akadmin:x').toString('base64')}` }] as Array<Record<string, string>>) {
        const r = await request(`${ak.url}${ME}`, { headers });
        assert.equal(r.status, 403);
        assert.equal(r.text, '{"detail":"Authentication credentials were not provided."}');
      }
    });

    it('answers "Bearer" without a token as a malformed header', async function () {
      const r = await request(`${ak.url}${ME}`, { headers: { Authorization: 'Bearer ' } });
      assert.deepEqual([r.status, r.json()], [403, { detail: 'Malformed header' }]);
    });
  });

  describe('GET /api/v3/admin/version/ and /api/v3/root/config/', function () {
    it('reports version 2026.8.3 to an authenticated client', async function () {
      const r = await request(`${ak.url}/api/v3/admin/version/`, { headers: auth(T.admin) });
      assert.equal(r.status, 200);
      assert.deepEqual({ current: r.json().version_current, outdated: r.json().outdated }, { current: '2026.8.3', outdated: false });
      assert.equal((await request(`${ak.url}/api/v3/admin/version/`)).status, 403);
    });

    it('serves the public config anonymously but still rejects a bad token', async function () {
      const anon = await request(`${ak.url}/api/v3/root/config/`);
      assert.equal(anon.status, 200);
      assert.equal(anon.json().cache_timeout, 300);
      const bad = await request(`${ak.url}/api/v3/root/config/`, { headers: auth('bogus') });
      assert.deepEqual([bad.status, bad.json()], [403, { detail: 'Token invalid/expired' }]);
    });
  });

  describe('faults in authentik shapes', function () {
    it('429 as DRF throttling, Retry-After in seconds', async function () {
      ak.faults.inject({ kind: 'rateLimit', times: 1, retryAfterSeconds: 3 });
      const r = await request(`${ak.url}${ME}`, { headers: auth(T.admin) });
      assert.equal(r.status, 429);
      assert.equal(r.headers['retry-after'], '3');
      assert.deepEqual(r.json(), { detail: 'Request was throttled. Expected available in 3 seconds.' });
    });

    it("500 as Django's HTML error page", async function () {
      ak.faults.inject({ kind: 'serverError', times: 1 });
      const r = await request(`${ak.url}${ME}`, { headers: auth(T.admin) });
      assert.equal(r.status, 500);
      assert.match(String(r.headers['content-type']), /^text\/html/);
      assert.match(r.text, /<h1>Server Error \(500\)<\/h1>/);
    });
  });

  describe('behind an auth proxy that requires a header', function () {
    let proxied: AuthentikStandIn;
    before(async function () {
      proxied = await startAuthentikStandIn({ requiredHeaders: { 'X-Proxy-Auth': 'proxy-pass-1234' } });
    });
    after(() => proxied.stop());

    it("refuses a request without the header with the proxy's HTML 401", async function () {
      const r = await request(`${proxied.url}${ME}`, { headers: auth(T.admin) });
      assert.equal(r.status, 401);
      assert.equal(r.headers['content-type'], 'text/html');
      assert.match(r.text, /401 Authorization Required/);
      assert.equal(proxied.requests[0].gated, true);
      assert.deepEqual(proxied.violations, []);
    });

    it('passes a request with the header to authentik, and keeps the header value out of the log', async function () {
      const r = await request(`${proxied.url}${ME}`, { headers: { ...auth(T.admin), 'X-Proxy-Auth': 'proxy-pass-1234' } });
      assert.equal(r.status, 200);
      const entry = proxied.requests.at(-1)!;
      assert.equal(entry.headers['x-proxy-auth'], '[redacted]');
      assert.equal(entry.credential, 'token:akadmin-vscode');
      assert.ok(!JSON.stringify(proxied.requests).includes('proxy-pass-1234'));
      assert.ok(!JSON.stringify(proxied.requests).includes(T.admin));
    });

    it('refuses a wrong header value', async function () {
      const r = await request(`${proxied.url}${ME}`, { headers: { ...auth(T.admin), 'X-Proxy-Auth': 'guess' } });
      assert.equal(r.status, 401);
    });
  });

  describe('over HTTPS (for the insecure option)', function () {
    let secure: AuthentikStandIn;
    before(async function () {
      secure = await startAuthentikStandIn({ https: true });
    });
    after(() => secure.stop());

    it('fails certificate verification by default and works with verification off', async function () {
      const e = await requestError(`${secure.url}${ME}`, { headers: auth(T.admin) });
      assert.equal(e.code, 'DEPTH_ZERO_SELF_SIGNED_CERT');
      const r = await request(`${secure.url}${ME}`, { headers: auth(T.admin), rejectUnauthorized: false });
      assert.equal(r.status, 200);
    });
  });
});
