import { HoneycombClient } from '../clients/honeycomb';
import { HoneycombConfig, resolveHoneycombConfig } from '../core/config';
import { Logger } from '../core/logger';
import { isDebugLevel } from '../core/outputLog';
import { SecretKeys } from '../core/secrets';
import { readHoneycombSettings, readProxy, readRequestTimeoutMs } from '../core/settings';
import { CredentialTarget, StoredCredential } from './credentialOrigins';
import { ServiceConnection } from './serviceConnection';
import { CoreServices } from './services';

/** The saved Honeycomb credentials, as the origin checks name them. */
export const HONEYCOMB_CREDENTIALS = {
  apiKey: { key: SecretKeys.honeycombApiKey, label: 'API key', setCommand: 'Honeycomb: Set API Key…' },
  // The secret half is what matters; the key ID is bound with it when saved.
  managementKey: { key: SecretKeys.honeycombApiKeySecret, label: 'management key', setCommand: 'Honeycomb: Set Management Key…' },
} satisfies Record<string, StoredCredential>;

/** A per-environment API key, bound like the others. */
export function environmentCredential(key: string, environment: string): StoredCredential {
  return { key, label: `API key for environment ${environment}`, setCommand: 'Honeycomb: Set API Key for Environment…' };
}

function honeycombTarget(url: string, source: HoneycombConfig['apiUrlSource']): CredentialTarget {
  const variable = source.startsWith('env:') ? source.slice(4) : undefined;
  const urlSource = source === 'setting' ? 'opsConfig.honeycomb.apiUrl' : (variable ?? 'the default address');
  return { url, urlSource, settingName: variable ?? 'opsConfig.honeycomb.apiUrl' };
}

/**
 * The Honeycomb connection of this window: the API URL from settings (or
 * HONEYCOMB_API_ENDPOINT), an API key and a management key from SecretStorage (or the
 * HONEYCOMB_* variables).
 */
export class HoneycombConnection extends ServiceConnection<HoneycombConfig, HoneycombClient> {
  constructor(services: CoreServices) {
    super(services, 'honeycomb', 'Honeycomb');
  }

  /** A client for keys that are not saved yet, used to check them before saving. */
  async candidateClient(candidate: { apiKey?: string; managementKey?: { id: string; secret: string } }): Promise<HoneycombClient> {
    const config = await this.config().catch(() => undefined);
    const apiUrl = config?.apiUrl ?? resolveHoneycombConfig({ apiUrl: readHoneycombSettings().apiUrl }, {}, {}).apiUrl;
    this.services.knownSecrets.add(candidate.apiKey);
    this.services.knownSecrets.add(candidate.managementKey?.secret);
    return this.createClient(apiUrl, candidate.apiKey, candidate.managementKey, config?.debug ?? false);
  }

  protected hasCredentialsIn(config: HoneycombConfig): boolean {
    return Boolean(config.apiKey || config.managementKey);
  }

  protected storedCredentials(config: HoneycombConfig): StoredCredential[] {
    const stored: StoredCredential[] = [];
    if (config.apiKeySource === 'secret') stored.push(HONEYCOMB_CREDENTIALS.apiKey);
    if (config.managementKey?.source === 'secret') stored.push(HONEYCOMB_CREDENTIALS.managementKey);
    return stored;
  }

  protected credentialTarget(config: HoneycombConfig): CredentialTarget {
    return honeycombTarget(config.apiUrl, config.apiUrlSource);
  }

  protected async load(): Promise<{ config: HoneycombConfig; client?: HoneycombClient }> {
    const secrets = this.services.secrets;
    const [apiKey, apiKeyId, apiKeySecret] = await Promise.all([secrets.get(SecretKeys.honeycombApiKey), secrets.get(SecretKeys.honeycombApiKeyId), secrets.get(SecretKeys.honeycombApiKeySecret)]);
    const config = resolveHoneycombConfig(readHoneycombSettings(), { apiKey, apiKeyId, apiKeySecret }, process.env);
    this.services.knownSecrets.add(config.apiKey);
    this.services.knownSecrets.add(config.managementKey?.secret);
    const client = this.hasCredentialsIn(config) ? this.createClient(config.apiUrl, config.apiKey, config.managementKey, config.debug) : undefined;
    return { config, client };
  }

  private createClient(apiUrl: string, apiKey: string | undefined, managementKey: { id: string; secret: string } | undefined, debug: boolean): HoneycombClient {
    const base = this.services.logger.child('honeycomb');
    // The provider's `debug` setting shows request logs even when the channel is at Info.
    const logger: Logger = debug && !isDebugLevel(this.services.channel) ? base.promoted() : base;
    return new HoneycombClient({
      apiUrl,
      apiKey,
      managementKey,
      userAgent: this.services.userAgent,
      logger,
      secrets: this.services.knownSecrets,
      timeoutMs: readRequestTimeoutMs(),
      ...readProxy(),
    });
  }
}
