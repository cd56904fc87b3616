import { createHash, randomBytes } from 'node:crypto';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { ServiceError, badInput } from '../../core/errors';
import { readIdentityToken } from './identityToken';
import { SigstoreHttpOptions, sigstoreHttp } from './service';

/**
 * The interactive sign-in cosign does: OAuth 2.0 authorization code with PKCE (S256) against the
 * OIDC issuer, the browser sent back to a one-shot loopback server on 127.0.0.1, the code
 * exchanged for an ID token. The verifier, state and nonce are fresh per sign-in; the server
 * answers one callback and closes. Requests to the issuer go through HttpClient.
 */
export const PUBLIC_OIDC_ISSUER = 'https://oauth2.sigstore.dev/auth';
export const PUBLIC_OIDC_CLIENT_ID = 'sigstore';

export interface SignInOptions extends SigstoreHttpOptions {
  issuer: string;
  clientId: string;
  /** Opens the authorization URL in the user's browser. */
  openBrowser: (url: string) => Promise<void> | void;
  /**
   * Maps the loopback callback to an address the browser can reach (VS Code's asExternalUri in a
   * remote window); identity by default.
   */
  externalRedirect?: (uri: string) => Promise<string>;
  signal?: AbortSignal;
  /** How long to wait for the browser to come back. */
  waitMs?: number;
}

interface Discovery {
  issuer?: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
}

export async function interactiveSignIn(options: SignInOptions): Promise<string> {
  const issuer = options.issuer.replace(/\/+$/, '');
  const httpClient = sigstoreHttp('OIDC issuer', issuer, options);
  const discovery = (await httpClient.request<Discovery>({ operation: 'discover endpoints', path: '/.well-known/openid-configuration', signal: options.signal })).data ?? {};
  const authorize = checkedEndpoint(discovery.authorization_endpoint, 'authorization_endpoint', issuer);
  const tokenEndpoint = checkedEndpoint(discovery.token_endpoint, 'token_endpoint', issuer);

  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(16).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');

  const callback = await startCallbackServer(state, options.signal, options.waitMs ?? 5 * 60_000);
  try {
    const redirectUri = await (options.externalRedirect ?? (async (u: string) => u))(`http://localhost:${callback.port}/auth/callback`);
    const url = new URL(authorize);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: options.clientId,
      redirect_uri: redirectUri,
      scope: 'openid email',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      nonce,
    }).toString();
    await options.openBrowser(url.toString());
    const code = await callback.code;
    options.secrets?.add(code);
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: options.clientId, code_verifier: verifier });
    const answer = await httpClient.request<{ id_token?: string }>({
      operation: 'exchange sign-in code',
      method: 'POST',
      path: tokenEndpoint,
      body: form.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      signal: options.signal,
    });
    const idToken = answer.data?.id_token;
    if (typeof idToken !== 'string' || !idToken) {
      throw new ServiceError({ kind: 'invalidResponse', service: httpClient.service, operation: 'exchange sign-in code', summary: 'the issuer answered without an id_token' });
    }
    options.secrets?.add(idToken);
    const identity = readIdentityToken(idToken);
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString('utf8')) as { nonce?: unknown };
    if (claims.nonce !== nonce) throw badInput(httpClient.service, 'sign in', 'the ID token does not carry the nonce of this sign-in (a replayed or foreign token)');
    if (identity.issuer.replace(/\/+$/, '') !== issuer) throw badInput(httpClient.service, 'sign in', `the ID token was issued by ${identity.issuer}, not ${issuer}`);
    return idToken;
  } finally {
    callback.close();
  }
}

function checkedEndpoint(value: unknown, field: string, issuer: string): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  const loopback = url && (url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]');
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback))) {
    throw new ServiceError({ kind: 'invalidResponse', service: `OIDC issuer ${issuer}`, operation: 'discover endpoints', summary: `its ${field} is missing or not an https address` });
  }
  return url.toString();
}

interface CallbackServer {
  port: number;
  code: Promise<string>;
  close(): void;
}

/** One callback: the code when `state` matches, the issuer's error otherwise. */
async function startCallbackServer(state: string, signal: AbortSignal | undefined, waitMs: number): Promise<CallbackServer> {
  let settle!: { resolve: (code: string) => void; reject: (error: Error) => void };
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  code.catch(() => undefined);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/auth/callback') {
      res.writeHead(404).end();
      return;
    }
    const page = (status: number, text: string): void => {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(text);
    };
    if (url.searchParams.get('state') !== state) {
      page(400, 'This sign-in link is not the one VS Code is waiting for. Start the sign-in again from VS Code.');
      settle.reject(badInput('OIDC issuer', 'sign in', 'the browser came back with another sign-in\u2019s state; nothing was accepted'));
      return;
    }
    const error = url.searchParams.get('error');
    if (error) {
      page(400, 'Sign-in was not completed. You can close this tab and return to VS Code.');
      settle.reject(badInput('OIDC issuer', 'sign in', `the issuer said: ${error}${url.searchParams.get('error_description') ? ` (${url.searchParams.get('error_description')})` : ''}`));
      return;
    }
    const received = url.searchParams.get('code');
    if (!received) {
      page(400, 'The sign-in answer had no code. Start the sign-in again from VS Code.');
      settle.reject(badInput('OIDC issuer', 'sign in', 'the browser came back without an authorization code'));
      return;
    }
    page(200, 'Signed in. You can close this tab and return to VS Code.');
    settle.resolve(received);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const timer = setTimeout(
    () => settle.reject(badInput('OIDC issuer', 'sign in', `no answer from the browser within ${Math.round(waitMs / 1000)} s`, 'Start the sign-in again and finish it in the browser.')),
    waitMs,
  );
  const onAbort = (): void => settle.reject(new ServiceError({ kind: 'cancelled', service: 'OIDC issuer', operation: 'sign in', summary: 'cancelled' }));
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    port: (server.address() as AddressInfo).port,
    code,
    close: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      server.close();
      server.closeAllConnections?.();
    },
  };
}
