import * as assert from 'node:assert/strict';
import { interactiveSignIn } from '../../../src/clients/sigstore/oidcSignIn';
import { readIdentityToken } from '../../../src/clients/sigstore/identityToken';
import { RedactingLogger } from '../../../src/core/logger';
import { KnownSecrets } from '../../../src/core/redact';
import { OidcStandIn, followInBrowser, startOidcStandIn } from '../../sigstore/oidcServer';

describe('interactive OIDC sign-in (authorization code + PKCE, loopback redirect)', function () {
  this.timeout(30_000);
  let oidc: OidcStandIn;
  before(async () => (oidc = await startOidcStandIn()));
  after(async () => oidc?.stop());

  it('opens the authorization URL, takes the code from the loopback callback and exchanges it with the PKCE verifier', async () => {
    const lines: string[] = [];
    const secrets = new KnownSecrets();
    const logger = new RedactingLogger((_level, message) => lines.push(message), secrets);
    let opened = '';
    let page = { status: 0, text: '' };
    const token = await interactiveSignIn({
      issuer: oidc.issuer,
      clientId: 'sigstore',
      logger,
      secrets,
      openBrowser: async (url) => {
        opened = url;
        page = await followInBrowser(url);
      },
    });
    const authorize = new URL(opened);
    assert.equal(authorize.searchParams.get('client_id'), 'sigstore');
    assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
    assert.match(authorize.searchParams.get('redirect_uri') ?? '', /^http:\/\/localhost:\d+\/auth\/callback$/);
    assert.equal(page.status, 200);
    assert.match(page.text, /Signed in\. You can close this tab/);
    assert.deepEqual(oidc.exchanges.at(-1), { pkce: true, clientId: 'sigstore' });
    const identity = readIdentityToken(token);
    assert.equal(identity.issuer, oidc.issuer);
    assert.equal(identity.subject, 'dev@example.com');
    assert.ok(
      lines.some((l) => l.includes('/token')),
      'the token request is logged',
    );
    assert.ok(!lines.some((l) => l.includes(token) || l.includes(token.split('.')[1])), 'but never the token');
  });

  it('a declined sign-in ends with the issuer\u2019s reason, and no code is exchanged', async () => {
    const before = oidc.exchanges.length;
    oidc.next.error = 'access_denied';
    try {
      await assert.rejects(interactiveSignIn({ issuer: oidc.issuer, clientId: 'sigstore', openBrowser: (url) => void followInBrowser(url) }), /the issuer said: access_denied \(the user declined\)/);
    } finally {
      oidc.next.error = undefined;
    }
    assert.equal(oidc.exchanges.length, before);
  });

  it('a callback with another sign-in\u2019s state is refused', async () => {
    await assert.rejects(
      interactiveSignIn({
        issuer: oidc.issuer,
        clientId: 'sigstore',
        openBrowser: async (url) => {
          const callback = new URL(url).searchParams.get('redirect_uri') as string;
          await fetch(`${callback.replace('//localhost:', '//127.0.0.1:')}?code=stolen&state=not-this-one`);
        },
      }),
      /another sign-in.s state; nothing was accepted/,
    );
  });

  it('gives up when the browser never comes back', async () => {
    await assert.rejects(
      interactiveSignIn({ issuer: oidc.issuer, clientId: 'sigstore', waitMs: 300, openBrowser: () => undefined }),
      /no answer from the browser within 0 s|no answer from the browser/,
    );
  });
});
