import { AuthentikClient } from '../clients/authentik';
import { AuthentikConfig, authentikApiBase, resolveAuthentikConfig } from '../core/config';
import { SecretKeys } from '../core/secrets';
import { readAuthentikSettings, readProxy, readRequestTimeoutMs } from '../core/settings';
import { ServiceConnection } from './serviceConnection';
import { CoreServices } from './services';

/**
 * The authentik connection of this window: URL and `insecure` from settings (or AUTHENTIK_*),
 * token and extra headers from SecretStorage (or AUTHENTIK_TOKEN). `insecure` applies to this
 * connection's own agent only, never to the process.
 */
export class AuthentikConnection extends ServiceConnection<AuthentikConfig, AuthentikClient> {
  constructor(services: CoreServices) {
    super(services, 'authentik');
  }

  /** A client for a URL and token that are not saved yet, to check them first. */
  async candidateClient(candidate: { url: string; token: string; headers?: Record<string, string> }): Promise<AuthentikClient> {
    const current = await this.config().catch(() => undefined);
    this.services.registry.add(candidate.token);
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
