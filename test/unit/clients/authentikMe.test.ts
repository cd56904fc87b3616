import * as assert from 'node:assert/strict';
import { AuthentikClient } from '../../../src/clients/authentik';
import { authentikApiBase } from '../../../src/core/config';
import { ServiceError } from '../../../src/core/errors';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../../servers/authentik';

describe('authentik client: connection (against the stand-in)', () => {
  let standIn: AuthentikStandIn;
  before(async () => {
    standIn = await startAuthentikStandIn();
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, []);
    standIn.reset();
  });

  const client = (token?: string, extra: Partial<ConstructorParameters<typeof AuthentikClient>[0]> = {}): AuthentikClient =>
    new AuthentikClient({ apiBase: authentikApiBase(standIn.url), token, sleep: async () => undefined, ...extra });

  it('reads the signed-in user and the server version', async () => {
    const c = client(AUTHENTIK_TOKENS.admin);
    const user = await c.getCurrentUser();
    assert.equal(user.username, 'akadmin');
    assert.equal(user.isSuperuser, true);
    const version = await c.getServerVersion();
    assert.equal(version.versionCurrent, '2026.8.3');
    assert.equal(standIn.requests[0].headers?.authorization, 'Bearer [redacted]');
  });

  it('explains authentik\u2019s 403 for a bad, expired or app-password token as a token problem', async () => {
    for (const token of ['not-a-token-at-all', AUTHENTIK_TOKENS.expired, AUTHENTIK_TOKENS.appPassword]) {
      await assert.rejects(client(token).getCurrentUser(), (error: ServiceError) => {
        assert.equal(error.kind, 'auth', token);
        assert.match(
          error.message,
          new RegExp(
            /^authentik getCurrentUser: the credential was rejected \(HTTP 403\)\. The server said: "Token invalid\/expired"/.source +
              /\. authentik answers 403 when the token is missing, expired or not an API token\. Create an API token \(intent "API"\) and connect again with "authentik: Connect…"\.$/.source,
          ),
        );
        return true;
      });
    }
  });

  it('sends the extra headers an auth proxy in front of authentik needs', async () => {
    const proxied = await startAuthentikStandIn({ requiredHeaders: { 'X-Proxy-Auth': 'let-me-in-please' } });
    try {
      const withHeaders = new AuthentikClient({ apiBase: authentikApiBase(proxied.url), token: AUTHENTIK_TOKENS.admin, headers: { 'X-Proxy-Auth': 'let-me-in-please' } });
      assert.equal((await withHeaders.getCurrentUser()).username, 'akadmin');
      const without = new AuthentikClient({ apiBase: authentikApiBase(proxied.url), token: AUTHENTIK_TOKENS.admin, retry: { maxRetries: 0 } });
      await assert.rejects(without.getCurrentUser(), (error: ServiceError) => error.status === 401);
    } finally {
      await proxied.stop();
    }
  });

  it('verifies TLS unless this connection is insecure', async () => {
    const tls = await startAuthentikStandIn({ https: true });
    try {
      const strict = new AuthentikClient({ apiBase: authentikApiBase(tls.url), token: AUTHENTIK_TOKENS.admin, retry: { maxRetries: 0 } });
      await assert.rejects(strict.getCurrentUser(), (error: ServiceError) => error.kind === 'network' && /TLS certificate/.test(error.message));
      const insecure = new AuthentikClient({ apiBase: authentikApiBase(tls.url), token: AUTHENTIK_TOKENS.admin, insecure: true });
      assert.equal((await insecure.getCurrentUser()).username, 'akadmin');
      const withCa = new AuthentikClient({ apiBase: authentikApiBase(tls.url), token: AUTHENTIK_TOKENS.admin, ca: tls.tls!.cert });
      assert.equal((await withCa.getCurrentUser()).username, 'akadmin');
      await assert.rejects(strict.getCurrentUser(), /TLS certificate/, 'the insecure client did not relax the strict one');
    } finally {
      await tls.stop();
    }
  });
});
