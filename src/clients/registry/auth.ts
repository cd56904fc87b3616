import { ServiceError } from '../../core/errors';
import { HttpClient } from '../../core/http';
import { KnownSecrets } from '../../core/redact';
import { AuthChallenge } from './challenge';
import { CredentialLookup, RegistryAuth } from './credentials';
import { realmLoginProblem, realmProblem } from './realm';

/**
 * The distribution token flow for one registry host: answer a `Basic` challenge with the login,
 * a `Bearer` challenge with a token from the realm (anonymous when there is no login), cache
 * tokens per scope until they expire, and once the challenge is known ask for the token of a
 * new scope before the request, so only the first request of a host pays a 401 round trip.
 * Several clients may share one authenticator (the verifications of one command): callers
 * asking at once for the same scope wait for one token request, counted by whoever made it.
 */
export type Actions = 'pull' | 'pull,push';

interface CachedToken {
  header: string;
  expiresAt: number;
}

export class RegistryAuthenticator {
  private challenge?: AuthChallenge;
  private readonly tokens = new Map<string, CachedToken>();
  /** Token requests under way, by scope: callers asking at the same time share one. */
  private readonly pending = new Map<string, Promise<string>>();
  private readonly logins = new Map<string, Promise<RegistryAuth | undefined>>();

  constructor(
    private readonly http: HttpClient,
    private readonly registry: string,
    private readonly credentials: CredentialLookup | undefined,
    private readonly secrets: KnownSecrets,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The Authorization header to send for these scopes, if the host's challenge is known.
   * `countAuthRequest` is called for each token request made on the caller's behalf.
   */
  async headerFor(scopes: string[], repository: string, countAuthRequest: () => void, signal?: AbortSignal): Promise<string | undefined> {
    if (!this.challenge) return undefined;
    if (this.challenge.scheme === 'basic') return this.basicHeader(await this.login(repository));
    const key = scopes.join(' ');
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt > this.now()) return cached.header;
    const shared = this.pending.get(key);
    if (!shared) return this.fetchToken(scopes, repository, countAuthRequest, signal);
    // Cancelled by the caller that made it: this caller, still waiting, asks for its own.
    return shared.catch((error: unknown) => {
      if (error instanceof ServiceError && error.kind === 'cancelled' && !signal?.aborted) return this.fetchToken(scopes, repository, countAuthRequest, signal);
      throw error;
    });
  }

  /** Learns the host's challenge from a 401 and returns the header to retry with. */
  async answer(wwwAuthenticate: AuthChallenge | undefined, scopes: string[], repository: string, countAuthRequest: () => void, signal?: AbortSignal): Promise<string> {
    if (!wwwAuthenticate || (wwwAuthenticate.scheme !== 'basic' && wwwAuthenticate.scheme !== 'bearer')) {
      throw new ServiceError({
        kind: 'auth',
        service: this.http.service,
        operation: 'authenticate',
        summary: 'the registry asked for a login without a challenge this extension can answer',
      });
    }
    this.challenge = wwwAuthenticate;
    this.tokens.delete(scopes.join(' '));
    if (wwwAuthenticate.scheme === 'basic') {
      const header = this.basicHeader(await this.login(repository));
      if (!header) {
        throw new ServiceError({
          kind: 'auth',
          service: this.http.service,
          operation: 'authenticate',
          summary: 'the registry needs a login and none is saved',
          hint: `Add a login for ${this.registry}.`,
        });
      }
      return header;
    }
    return this.fetchToken(scopes, repository, countAuthRequest, signal);
  }

  private basicHeader(auth: RegistryAuth | undefined): string | undefined {
    if (!auth?.password || auth.username === undefined) return undefined;
    const value = Buffer.from(`${auth.username}:${auth.password}`).toString('base64');
    this.secrets.add(value);
    return `Basic ${value}`;
  }

  private login(repository: string): Promise<RegistryAuth | undefined> {
    let pending = this.logins.get(repository);
    if (!pending) {
      pending = (this.credentials?.(this.registry, repository) ?? Promise.resolve(undefined)).then((auth) => {
        // Whatever was loaded is masked from here on, in logs and in messages.
        this.secrets.add(auth?.password);
        this.secrets.add(auth?.identityToken);
        this.secrets.add(auth?.registryToken);
        return auth;
      });
      this.logins.set(repository, pending);
    }
    return pending;
  }

  private fetchToken(scopes: string[], repository: string, countAuthRequest: () => void, signal?: AbortSignal): Promise<string> {
    const key = scopes.join(' ');
    const request = this.requestToken(scopes, repository, countAuthRequest, signal).finally(() => {
      if (this.pending.get(key) === request) this.pending.delete(key);
    });
    this.pending.set(key, request);
    return request;
  }

  private async requestToken(scopes: string[], repository: string, countAuthRequest: () => void, signal?: AbortSignal): Promise<string> {
    const challenge = this.challenge as AuthChallenge;
    const realm = challenge.params.realm;
    const problem = realm ? realmProblem(realm, this.http.baseUrl) : 'the challenge names no token realm';
    if (problem) {
      throw new ServiceError({
        kind: 'invalidResponse',
        service: this.http.service,
        operation: 'token',
        summary: `refused to ask for a token: ${problem}`,
        hint: 'The registry configuration looks wrong, or someone is interfering with the connection.',
      });
    }
    const auth = await this.login(repository);
    if (auth?.registryToken) return this.remember(scopes, auth.registryToken, undefined);
    const basic = this.basicHeader(auth);
    if (auth?.identityToken || basic) {
      const refused = realmLoginProblem(realm, this.http.baseUrl, this.registry, auth?.realmOrigin);
      if (refused) throw new ServiceError({ kind: 'auth', service: this.http.service, operation: 'token', ...refused });
    }
    // The login goes to the realm's origin, which the checks above allowed, and nowhere else.
    const credentialOrigin = new URL(realm).origin;
    const service = challenge.params.service;
    countAuthRequest();
    let response;
    if (auth?.identityToken) {
      const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: auth.identityToken, client_id: 'ops-config-explorer', ...(service ? { service } : {}) });
      for (const scope of scopes) form.append('scope', scope);
      response = await this.http.request<TokenAnswer>({
        operation: 'token',
        method: 'POST',
        path: realm,
        body: form.toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        idempotent: true,
        credentialOrigin,
        signal,
      });
    } else {
      response = await this.http.request<TokenAnswer>({
        operation: 'token',
        path: realm,
        query: { service, scope: scopes, account: auth?.username },
        headers: basic ? { Authorization: basic } : {},
        credentialOrigin,
        signal,
      });
    }
    const token = response.data?.token ?? response.data?.access_token;
    if (typeof token !== 'string' || !token) {
      throw new ServiceError({ kind: 'invalidResponse', service: this.http.service, operation: 'token', summary: 'the token service answered without a token' });
    }
    return this.remember(scopes, token, response.data?.expires_in);
  }

  private remember(scopes: string[], token: string, expiresIn: number | undefined): string {
    this.secrets.add(token);
    const header = `Bearer ${token}`;
    // Tokens without a lifetime last 60 s by the spec; renew a little early.
    const seconds = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 60;
    this.tokens.set(scopes.join(' '), { header, expiresAt: this.now() + Math.max(1, seconds - 10) * 1000 });
    return header;
  }
}

interface TokenAnswer {
  token?: string;
  access_token?: string;
  expires_in?: number;
}
