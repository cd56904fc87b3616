import { AuthentikClient } from '../clients/authentik';
import { AuthentikConfig, authentikApiBase, resolveAuthentikConfig } from '../core/config';
import { SecretKeys } from '../core/secrets';
import { readAuthentikSettings, readProxy, readRequestTimeoutMs } from '../core/settings';
import { AuthentikConnectionEntry, DEFAULT_CONNECTION_ID, DEFAULT_CONNECTION_NAME, connectionTokenKey } from './authentikConnectionList';
import { CredentialTarget, StoredCredential } from './credentialOrigins';
import { ServiceConnection } from './serviceConnection';
import { CoreServices } from './services';

/** The saved authentik credentials, as the origin checks name them. */
export const AUTHENTIK_CREDENTIALS = {
  token: { key: SecretKeys.authentikToken, label: 'API token', setCommand: 'authentik: Connect…' },
  headers: { key: SecretKeys.authentikHeaders, label: 'extra headers', setCommand: 'authentik: Set Extra Headers…' },
} satisfies Record<string, StoredCredential>;

/** The token of an added connection, bound to the URL it was checked with like the default one. */
export function connectionTokenCredential(entry: Pick<AuthentikConnectionEntry, 'id' | 'name'>): StoredCredential {
  return { key: connectionTokenKey(entry.id), label: `API token of the connection "${entry.name}"`, setCommand: 'authentik: Add Connection…' };
}

/**
 * One authentik connection. The default one (no `entry`) is what it always was: URL and
 * `insecure` from settings (or AUTHENTIK_*), token and extra headers from SecretStorage (or
 * AUTHENTIK_TOKEN). An added connection (`entry`) takes its URL and TLS choice from the entry
 * and its token from SecretStorage under its own key; it reads no setting or variable, so the
 * default's configuration never leaks into it. `insecure` applies to the connection's own agent
 * only, never to the process.
 */
export class AuthentikConnection extends ServiceConnection<AuthentikConfig, AuthentikClient> {
  constructor(
    services: CoreServices,
    readonly entry?: AuthentikConnectionEntry,
  ) {
    super(services, 'authentik', 'authentik');
  }

  /** `default`, or the added connection's id: part of tree ids, record keys and edit kinds. */
  get id(): string {
    return this.entry?.id ?? DEFAULT_CONNECTION_ID;
  }

  get name(): string {
    return this.entry?.name ?? DEFAULT_CONNECTION_NAME;
  }

  get isDefault(): boolean {
    return !this.entry;
  }

  /**
   * A client for a URL and token that are not saved yet, to check them first. Without
   * `headers`, the saved extra headers go along: asked first when the URL is another origin
   * than they were checked with.
   */
  async candidateClient(candidate: { url: string; token: string; headers?: Record<string, string> }): Promise<AuthentikClient> {
    const current = await this.config().catch(() => undefined);
    this.services.knownSecrets.add(candidate.token);
    if (!candidate.headers && current && Object.keys(current.headers).length > 0) {
      await this.confirmCredentials([AUTHENTIK_CREDENTIALS.headers], { url: candidate.url, urlSource: 'the address you entered', settingName: 'opsConfig.authentik.url' });
    }
    return this.createClient({
      url: candidate.url,
      apiBase: authentikApiBase(candidate.url),
      token: candidate.token,
      insecure: current?.insecure ?? this.entry?.insecure ?? false,
      insecureSource: current?.insecureSource ?? 'default',
      headers: candidate.headers ?? current?.headers ?? {},
    });
  }

  protected hasCredentialsIn(config: AuthentikConfig): boolean {
    return Boolean(config.url || config.token);
  }

  protected storedCredentials(config: AuthentikConfig): StoredCredential[] {
    if (this.entry) return config.token ? [connectionTokenCredential(this.entry)] : [];
    const stored: StoredCredential[] = [];
    if (config.tokenSource === 'secret') stored.push(AUTHENTIK_CREDENTIALS.token);
    // Extra headers come from SecretStorage only.
    if (Object.keys(config.headers).length > 0) stored.push(AUTHENTIK_CREDENTIALS.headers);
    return stored;
  }

  protected credentialTarget(config: AuthentikConfig): CredentialTarget | undefined {
    if (!config.url) return undefined;
    if (this.entry) {
      const where = `the connection "${this.entry.name}"`;
      return { url: config.url, urlSource: where, settingName: `${where} (remove it and add it again)` };
    }
    const fromEnv = config.urlSource === 'env:AUTHENTIK_URL';
    return { url: config.url, urlSource: fromEnv ? 'AUTHENTIK_URL' : 'opsConfig.authentik.url', settingName: fromEnv ? 'AUTHENTIK_URL' : 'opsConfig.authentik.url' };
  }

  protected async load(): Promise<{ config: AuthentikConfig; client?: AuthentikClient }> {
    const config = this.entry ? await this.loadEntry(this.entry) : await this.loadDefault();
    this.services.knownSecrets.add(config.token);
    return { config, client: config.apiBase && config.token ? this.createClient(config) : undefined };
  }

  private async loadDefault(): Promise<AuthentikConfig> {
    const [token, headers] = await Promise.all([this.services.secrets.get(SecretKeys.authentikToken), this.services.secrets.get(SecretKeys.authentikHeaders)]);
    return resolveAuthentikConfig(readAuthentikSettings(), { token, headers }, process.env);
  }

  private async loadEntry(entry: AuthentikConnectionEntry): Promise<AuthentikConfig> {
    const token = await this.services.secrets.get(connectionTokenKey(entry.id));
    // An empty environment: AUTHENTIK_* belong to the default connection.
    return resolveAuthentikConfig({ url: entry.url, insecure: entry.insecure }, { token }, {});
  }

  private createClient(config: AuthentikConfig): AuthentikClient {
    return new AuthentikClient({
      apiBase: config.apiBase!,
      token: config.token,
      headers: config.headers,
      insecure: config.insecure,
      userAgent: this.services.userAgent,
      logger: this.services.logger.child(this.entry ? `authentik:${this.entry.id}` : 'authentik'),
      secrets: this.services.knownSecrets,
      timeoutMs: readRequestTimeoutMs(),
      ...readProxy(),
    });
  }
}
