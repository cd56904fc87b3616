import * as vscode from 'vscode';
import { isOriginKey } from '../core/secrets';
import { affects } from '../core/settings';
import { prompts } from '../ui/prompts';
import { CredentialTarget, SEND_ANSWER, StoredCredential, declinedError, isDeclined, planBindings, sendQuestion } from './credentialOrigins';
import { CoreServices } from './services';

interface State<Config, Client> {
  config: Config;
  client?: Client;
  /** Per set of credentials, the answer to "may they go to this URL?" (asked once per state). */
  confirmations: Map<string, Promise<void>>;
}

/**
 * What every service connection of this window shares: the resolved config and client, built
 * lazily and kept until something they depend on changes — a secret of the service (set in
 * another window too), one of its settings, the request timeout or VS Code's proxy — and an
 * event so views redraw. A failed resolution is not kept: the next call tries again.
 *
 * Before a saved credential leaves with a request, its binding is checked (credentialOrigins.ts):
 * bound to another origin than the URL in effect, the user is asked once; "No" leaves the
 * connection unconnected, with that answer kept until a setting or a secret changes.
 */
export abstract class ServiceConnection<Config, Client> implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private cached?: Promise<State<Config, Client>>;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    protected readonly services: CoreServices,
    /** The service's part of the setting and secret names: "honeycomb", "authentik". */
    section: string,
    /** How messages name the service: "Honeycomb", "authentik". */
    private readonly serviceName: string,
  ) {
    this.disposables.push(
      services.secrets.onDidChange((event) => {
        // A binding written here (first use, or the user said Send) changes nothing to reload.
        if (event.key.startsWith(`opsConfig.${section}.`) && !isOriginKey(event.key)) {
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

  /** The saved credentials (SecretStorage, not the environment) the config's client sends. */
  protected abstract storedCredentials(config: Config): StoredCredential[];

  /** Where the config's client sends them. */
  protected abstract credentialTarget(config: Config): CredentialTarget | undefined;

  /** The resolved config; throws a ConfigError for a malformed setting or a half-set credential. */
  async config(): Promise<Config> {
    return (await this.state()).config;
  }

  /**
   * The client, or undefined when no credential is configured anywhere. Asks first when a saved
   * credential would go to another origin than it was checked with; throws if the user says No.
   */
  async client(): Promise<Client | undefined> {
    const state = await this.state();
    if (state.client) {
      await this.confirm(state, this.storedCredentials(state.config));
    }
    return state.client;
  }

  /**
   * A saved credential of this service that is read outside the config (a per-environment key),
   * checked against the URL in effect like the others; undefined when none is saved.
   */
  async storedCredential(credential: StoredCredential): Promise<string | undefined> {
    const value = await this.services.secrets.get(credential.key);
    if (value) {
      await this.confirm(await this.state(), [credential]);
    }
    return value;
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
    this.disposables.forEach((d) => {
      d.dispose();
    });
  }

  private confirm(state: State<Config, Client>, credentials: StoredCredential[]): Promise<void> {
    const target = this.credentialTarget(state.config);
    if (!target || credentials.length === 0) return Promise.resolve();
    const id = credentials.map((c) => c.key).join('\n');
    let answer = state.confirmations.get(id);
    if (!answer) {
      answer = this.confirmCredentials(credentials, target);
      state.confirmations.set(id, answer);
      // Only the user's No is kept; a failure to read the secret storage is tried again next time.
      answer.catch((error) => {
        if (!isDeclined(error)) state.confirmations.delete(id);
      });
    }
    return answer;
  }

  /**
   * Binds unbound credentials to `target`, and asks before sending moved ones there; throws the
   * "not connected" error when the user says No. Also for a URL the user typed, not yet in effect.
   */
  protected async confirmCredentials(credentials: StoredCredential[], target: CredentialTarget): Promise<void> {
    const secrets = this.services.secrets;
    const bound = await Promise.all(credentials.map(async (c) => ({ ...c, boundOrigin: await secrets.boundOrigin(c.key) })));
    const plan = planBindings(bound, target.url);
    for (const credential of plan.unbound) {
      await secrets.bindOrigin(credential.key, target.url);
    }
    for (const { from, credentials: moved } of plan.moved) {
      const question = sendQuestion(this.serviceName, moved, from, target);
      // A question the editor could not show (another dialog, a closing window) counts as No.
      const answer = await Promise.resolve(prompts.warn(question.message, { modal: true, detail: question.detail }, SEND_ANSWER)).catch(() => undefined);
      if (answer !== SEND_ANSWER) {
        throw declinedError(this.serviceName, moved, from, target);
      }
      for (const credential of moved) {
        await secrets.bindOrigin(credential.key, target.url);
      }
    }
  }

  private state(): Promise<State<Config, Client>> {
    this.cached ??= this.load().then((loaded) => ({ ...loaded, confirmations: new Map<string, Promise<void>>() }));
    const pending = this.cached;
    pending.catch(() => {
      if (this.cached === pending) {
        this.cached = undefined;
      }
    });
    return pending;
  }
}
