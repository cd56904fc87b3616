import * as vscode from 'vscode';
import { HoneycombClient } from '../clients/honeycomb';
import { HoneycombConfig, resolveHoneycombConfig } from '../core/config';
import { Logger } from '../core/logger';
import { isDebugLevel } from '../core/outputLog';
import { SecretKeys } from '../core/secrets';
import { affects, readHoneycombSettings, readProxy, readRequestTimeoutMs } from '../core/settings';
import { CoreServices } from './services';

/**
 * The Honeycomb connection of this window: resolves settings, SecretStorage and environment
 * into a config, builds the client lazily, and tells the views when any of it changes (a key set
 * in another window, a setting edited by hand).
 */
export class HoneycombConnection implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private cached?: Promise<{ config: HoneycombConfig; client?: HoneycombClient }>;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly services: CoreServices) {
    this.disposables.push(
      services.secrets.onDidChange((event) => {
        if (event.key.startsWith('opsConfig.honeycomb.')) {
          this.invalidate();
        }
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (affects(event, 'honeycomb') || affects(event, 'requestTimeoutSeconds') || event.affectsConfiguration('http.proxy')) {
          this.invalidate();
        }
      }),
    );
  }

  /** The resolved config; throws a ConfigError for a malformed setting or a half-set key. */
  async config(): Promise<HoneycombConfig> {
    return (await this.state()).config;
  }

  /** The client, or undefined when no credential is configured anywhere. */
  async client(): Promise<HoneycombClient | undefined> {
    return (await this.state()).client;
  }

  async hasCredentials(): Promise<boolean> {
    try {
      const config = await this.config();
      return Boolean(config.apiKey || config.managementKey);
    } catch {
      // A broken config still counts as "set up": the view shows the error instead of the welcome.
      return true;
    }
  }

  /** A client for keys that are not saved yet, used to check them before saving. */
  async candidateClient(candidate: { apiKey?: string; managementKey?: { id: string; secret: string } }): Promise<HoneycombClient> {
    const config = await this.config().catch(() => undefined);
    const settings = readHoneycombSettings();
    const apiUrl = config?.apiUrl ?? resolveHoneycombConfig({ apiUrl: settings.apiUrl }, {}, {}).apiUrl;
    this.services.registry.add(candidate.apiKey);
    this.services.registry.add(candidate.managementKey?.secret);
    return this.createClient(apiUrl, candidate.apiKey, candidate.managementKey, config?.debug ?? false);
  }

  invalidate(): void {
    this.cached = undefined;
    this.emitter.fire();
  }

  dispose(): void {
    this.emitter.dispose();
    this.disposables.forEach((d) => d.dispose());
  }

  private state(): Promise<{ config: HoneycombConfig; client?: HoneycombClient }> {
    this.cached ??= this.load();
    const pending = this.cached;
    // Do not keep a failed resolution: the next call tries again.
    pending.catch(() => {
      if (this.cached === pending) {
        this.cached = undefined;
      }
    });
    return pending;
  }

  private async load(): Promise<{ config: HoneycombConfig; client?: HoneycombClient }> {
    const secrets = this.services.secrets;
    const [apiKey, apiKeyId, apiKeySecret] = await Promise.all([
      secrets.get(SecretKeys.honeycombApiKey),
      secrets.get(SecretKeys.honeycombApiKeyId),
      secrets.get(SecretKeys.honeycombApiKeySecret),
    ]);
    const config = resolveHoneycombConfig(readHoneycombSettings(), { apiKey, apiKeyId, apiKeySecret }, process.env);
    this.services.registry.add(config.apiKey);
    this.services.registry.add(config.managementKey?.secret);
    const client =
      config.apiKey || config.managementKey ? this.createClient(config.apiUrl, config.apiKey, config.managementKey, config.debug) : undefined;
    return { config, client };
  }

  private createClient(apiUrl: string, apiKey: string | undefined, managementKey: { id: string; secret: string } | undefined, debug: boolean): HoneycombClient {
    const base = this.services.logger.child('honeycomb');
    // The seed's `debug` setting shows request logs even when the channel is at Info.
    const logger: Logger = debug && !isDebugLevel(this.services.channel) ? base.promoted() : base;
    return new HoneycombClient({
      apiUrl,
      apiKey,
      managementKey,
      userAgent: this.services.userAgent,
      logger,
      secrets: this.services.registry,
      timeoutMs: readRequestTimeoutMs(),
      ...readProxy(),
    });
  }
}
