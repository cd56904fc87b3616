import { ServiceError } from '../../core/errors';
import { HttpClient } from '../../core/http';
import { parseChallenge, registryBaseUrl } from './challenge';
import type { RegistryClientOptions } from './client';
import { realmProblem } from './realm';

/**
 * Checks registry credentials before they are saved, the way `docker login` does: ask `/v2/`,
 * then answer its challenge — Basic directly, or Bearer by asking the token realm for a token
 * with the credentials. For Bearer, the realm's origin is returned to be saved with the login.
 */
export interface RegistryCredentials {
  username: string;
  password: string;
  /** The origin of the token service the login was checked with (Bearer registries): it goes nowhere else. */
  realmOrigin?: string;
}

/** The transport options of a registry client; the credentials to check are passed on their own. */
export type LoginCheckOptions = Omit<RegistryClientOptions, 'credentials' | 'baseUrlFor'>;

/** How the registry took the login; for Bearer, the token service's origin to save with it. */
export type LoginResult = { scheme: 'basic' } | { scheme: 'bearer'; realmOrigin: string } | { scheme: 'none' };

export async function checkRegistryLogin(host: string, credentials: RegistryCredentials, options: LoginCheckOptions = {}, signal?: AbortSignal): Promise<LoginResult> {
  const service = `Registry ${host}`;
  const basic = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  options.secrets?.add(credentials.password);
  options.secrets?.add(basic.slice(6));
  const http = new HttpClient({
    service,
    baseUrl: registryBaseUrl(host),
    userAgent: options.userAgent,
    logger: options.logger,
    secrets: options.secrets,
    timeoutMs: options.timeoutMs,
    tls: { insecure: options.insecure },
    proxy: options.proxy,
    noProxy: options.noProxy,
  });
  const probe = await http.request({ operation: 'login', path: '/v2/', acceptStatus: [401], signal, responseType: 'text' });
  if (probe.status !== 401) {
    return { scheme: 'none' };
  }
  const challenge = parseChallenge(probe.headers['www-authenticate']);
  if (challenge?.scheme === 'basic') {
    await http.request({ operation: 'login', path: '/v2/', headers: { Authorization: basic }, signal, responseType: 'text' });
    return { scheme: 'basic' };
  }
  if (challenge?.scheme === 'bearer' && challenge.params.realm) {
    const realm = challenge.params.realm;
    const problem = realmProblem(realm, http.baseUrl);
    if (problem) {
      throw new ServiceError({
        kind: 'invalidResponse',
        service,
        operation: 'login',
        summary: `refused to send the login: ${problem}`,
        hint: 'The registry configuration looks wrong, or someone is interfering with the connection.',
      });
    }
    // The user is here to confirm this registry and its token service; the realm's origin is
    // saved with the login, which is later sent to that origin only (realm.ts).
    const realmOrigin = new URL(realm).origin;
    const token = await http.request<{ token?: string; access_token?: string }>({
      operation: 'login',
      path: realm,
      query: { service: challenge.params.service, account: credentials.username },
      headers: { Authorization: basic },
      credentialOrigin: realmOrigin,
      signal,
    });
    if (!token.data?.token && !token.data?.access_token) {
      throw new ServiceError({ kind: 'invalidResponse', service, operation: 'login', summary: 'the token service answered without a token' });
    }
    options.secrets?.add(token.data.token ?? token.data.access_token);
    return { scheme: 'bearer', realmOrigin };
  }
  throw new ServiceError({
    kind: 'invalidResponse',
    service,
    operation: 'login',
    summary: `the registry asked for an authentication scheme this extension does not speak (${probe.headers['www-authenticate'] ?? 'none given'})`,
  });
}
