import { AuthentikClient } from '../clients/authentik';
import { AuthentikConfig, authentikApiBase, resolveAuthentikConfig } from '../core/config';
import { SecretKeys } from '../core/secrets';
import { readAuthentikSettings, readProxy, readRequestTimeoutMs } from '../core/settings';
import { CredentialTarget, StoredCredential } from './credentialOrigins';
import { ServiceConnection } from './serviceConnection';
import { CoreServices } from './services';

/** The saved authentik credentials, as the origin checks name them. */
export const AUTHENTIK_CREDENTIALS = {
  token: { key: SecretKeys.authentikToken, label: 'API token', setCommand: 'authentik: Connect…' },
  headers: { key: SecretKeys.authentikHeaders, label: 'extra headers', setCommand: 'authentik: Set Extra Headers…' },
} satisfies Record<string, StoredCredential>;

/**
 * The authentik connection of this window: URL and `insecure` from settings (or AUTHENTIK_*),
 * token and extra headers from SecretStorage (or AUTHENTIK_TOKEN). `insecure` applies to this
 * connection's own agent only, never to the process.
 */
export class AuthentikConnection extends ServiceConnection<AuthentikConfig, AuthentikClient> {
  constructor(services: CoreServices) {
    super(services, 'authentik', 'authentik');
  }

  /**
   * A client for a URL and token that are not saved yet, to check them first. Without
   * `headers`, the saved extra headers go along: asked first when the URL is another origin
   * than they were checked with.
   */
  async candidateClient(candidate: { url: string; token: string; headers?: Record<string, string> }): Promise<AuthentikClient> {
    const current = await this.config().catch(() => undefined);
    this.services.registry.add(candidate.token);
    if (!candidate.headers && current && Object.keys(current.headers).length > 0) {
      await this.confirmCredentials([AUTHENTIK_CREDENTIALS.headers], { url: candidate.url, urlSource: 'the address you entered', settingName: 'opsConfig.authentik.url' });
    }
    return this.createClient({
      url: candidate.url,
      apiBase: authentikApiBase(candidate.url),
      token: candidate.token,
      insecure: current?.insecure ?? false,
      insecureSource: current?.insecureSource ?? 'default',
      headers: candidate.headers ?? current?.headers ?? {},
    });
  }

  protected hasCredentialsIn(config: AuthentikConfig): boolean {
    return Boolean(config.url || config.token);
  }

  protected storedCredentials(config: AuthentikConfig): StoredCredential[] {
    const stored: StoredCredential[] = [];
    if (config.tokenSource === 'secret') stored.push(AUTHENTIK_CREDENTIALS.token);
    // Extra headers come from SecretStorage only.
    if (Object.keys(config.headers).length > 0) stored.push(AUTHENTIK_CREDENTIALS.headers);
    return stored;
  }

  protected credentialTarget(config: AuthentikConfig): CredentialTarget | undefined {
    if (!config.url) return undefined;
    const fromEnv = config.urlSource === 'env:AUTHENTIK_URL';
    return { url: config.url, urlSource: fromEnv ? 'AUTHENTIK_URL' : 'opsConfig.authentik.url', settingName: fromEnv ? 'AUTHENTIK_URL' : 'opsConfig.authentik.url' };
  }

  protected async load(): Promise<{ config: AuthentikConfig; client?: AuthentikClient }> {
    const [token, headers] = await Promise.all([this.services.secrets.get(SecretKeys.authentikToken), this.services.secrets.get(SecretKeys.authentikHeaders)]);
    const config = resolveAuthentikConfig(readAuthentikSettings(), { token, headers }, process.env);
    this.services.registry.add(config.token);
    return { config, client: config.apiBase && config.token ? this.createClient(config) : undefined };
  }

  private createClient(config: AuthentikConfig): AuthentikClient {
    return new AuthentikClient({
      apiBase: config.apiBase!,
      token: config.token,
      headers: config.headers,
      insecure: config.insecure,
      userAgent: this.services.userAgent,
      logger: this.services.logger.child('authentik'),
      secrets: this.services.registry,
      timeoutMs: readRequestTimeoutMs(),
      ...readProxy(),
    });
  }
}
