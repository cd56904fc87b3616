import { createHash, randomBytes } from 'node:crypto';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * A stand-in OIDC issuer for the interactive sign-in: discovery, an authorization endpoint that
 * "signs the user in" at once (redirecting back with a code, or with an error when told to),
 * and a token endpoint that checks the PKCE verifier, the client and the redirect address the
 * way an issuer must, then issues an ID token carrying the sign-in's nonce.
 */
export interface OidcStandIn {
  issuer: string;
  /** Token requests: whether the PKCE check passed. */
  exchanges: Array<{ pkce: boolean; clientId: string | null }>;
  /** What the next authorization answers: a code (default) or an OAuth error. */
  next: { error?: string };
  stop(): Promise<void>;
}

export async function startOidcStandIn(subject = 'dev@example.com'): Promise<OidcStandIn> {
  const codes = new Map<string, { challenge: string; redirect: string; nonce: string; clientId: string }>();
  const exchanges: OidcStandIn['exchanges'] = [];
  const next: OidcStandIn['next'] = {};
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (req.method === 'GET' && url.pathname === '/auth/.well-known/openid-configuration') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token` }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/auth/authorize') {
      const redirect = url.searchParams.get('redirect_uri') ?? '';
      const back = new URL(redirect);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (!/^http:\/\/localhost:\d+\/auth\/callback$/.test(redirect) || url.searchParams.get('code_challenge_method') !== 'S256' || url.searchParams.get('response_type') !== 'code') {
        res.writeHead(400).end('bad authorization request');
        return;
      }
      if (next.error) {
        back.searchParams.set('error', next.error);
        back.searchParams.set('error_description', 'the user declined');
      } else {
        const code = randomBytes(12).toString('hex');
        codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirect, nonce: url.searchParams.get('nonce') ?? '', clientId: url.searchParams.get('client_id') ?? '' });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { Location: back.toString() }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/auth/token') {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(text);
        const grant = codes.get(form.get('code') ?? '');
        const pkce =
          !!grant &&
          createHash('sha256')
            .update(form.get('code_verifier') ?? '')
            .digest('base64url') === grant.challenge;
        exchanges.push({ pkce, clientId: form.get('client_id') });
        if (!grant || !pkce || form.get('redirect_uri') !== grant.redirect || form.get('client_id') !== grant.clientId || form.get('grant_type') !== 'authorization_code') {
          res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant', error_description: 'PKCE verification failed' }));
          return;
        }
        codes.delete(form.get('code') ?? '');
        const now = Math.floor(Date.now() / 1000);
        const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
        const claims = { iss: issuer, sub: subject, email: subject, email_verified: true, aud: grant.clientId, nonce: grant.nonce, iat: now, exp: now + 300 };
        const idToken = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}.c2lnbmF0dXJl`;
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ access_token: randomBytes(8).toString('hex'), token_type: 'bearer', id_token: idToken }));
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/auth`;
  return { issuer, exchanges, next, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A "browser": follows the authorization URL and its redirect back to the loopback callback. */
export async function followInBrowser(url: string): Promise<{ status: number; text: string }> {
  const first = await fetch(url, { redirect: 'manual' });
  const location = first.headers.get('location');
  if (!location) return { status: first.status, text: await first.text() };
  const back = await fetch(location.replace('//localhost:', '//127.0.0.1:'));
  return { status: back.status, text: await back.text() };
}
