import * as vscode from 'vscode';
import { affects } from '../core/settings';
import { CoreServices } from './services';

/**
 * What every service connection of this window shares: the resolved config and client, built
 * lazily and kept until something they depend on changes — a secret of the service (set in
 * another window too), one of its settings, the request timeout or VS Code's proxy — and an
 * event so views redraw. A failed resolution is not kept: the next call tries again.
 */
export abstract class ServiceConnection<Config, Client> implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private cached?: Promise<{ config: Config; client?: Client }>;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    protected readonly services: CoreServices,
    /** The service's part of the setting and secret names: "honeycomb", "authentik". */
    section: string,
  ) {
    this.disposables.push(
      services.secrets.onDidChange((event) => {
        if (event.key.startsWith(`opsConfig.${section}.`)) {
          this.invalidate();
        }
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (affects(event, section) || affects(event, 'requestTimeoutSeconds') || event.affectsConfiguration('http.proxy')) {
          this.invalidate();
        }
      }),
    );
  }

  /** Reads settings, secrets and environment into a config and a client (none without credentials). */
  protected abstract load(): Promise<{ config: Config; client?: Client }>;

  /** Whether the config names a credential (decides between the welcome content and the tree). */
  protected abstract hasCredentialsIn(config: Config): boolean;

  /** The resolved config; throws a ConfigError for a malformed setting or a half-set credential. */
  async config(): Promise<Config> {
    return (await this.state()).config;
  }

  /** The client, or undefined when no credential is configured anywhere. */
  async client(): Promise<Client | undefined> {
    return (await this.state()).client;
  }

  async hasCredentials(): Promise<boolean> {
    try {
      return this.hasCredentialsIn(await this.config());
    } catch {
      // A broken config still counts as "set up": the view shows the error instead of the welcome.
      return true;
    }
  }

  invalidate(): void {
    this.cached = undefined;
    this.emitter.fire();
  }

  dispose(): void {
    this.emitter.dispose();
    this.disposables.forEach((d) => d.dispose());
  }

  private state(): Promise<{ config: Config; client?: Client }> {
    this.cached ??= this.load();
    const pending = this.cached;
    pending.catch(() => {
      if (this.cached === pending) {
        this.cached = undefined;
      }
    });
    return pending;
  }
}
