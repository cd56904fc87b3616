import * as vscode from 'vscode';
import { RegistryCredentials } from '../clients/registry/login';
import { normalizeHost } from '../core/config';
import { SecretKeys, SecretStore } from '../core/secrets';

export { normalizeHost };

/**
 * Registry logins saved by the user. The password (or token) is in SecretStorage under the
 * registry host; the list of hosts and usernames, which are not secret, is in global state so
 * the view can list them without touching the keychain.
 */
const INDEX_KEY = 'opsConfig.registryLogins';

export interface RegistryLogin {
  host: string;
  username: string;
}

export class RegistryCredentialStore {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;

  constructor(
    private readonly state: vscode.Memento,
    private readonly secrets: SecretStore,
  ) {}

  list(): RegistryLogin[] {
    return this.state.get<RegistryLogin[]>(INDEX_KEY, []);
  }

  async get(host: string): Promise<RegistryCredentials | undefined> {
    const raw = await this.secrets.get(SecretKeys.registryPrefix + normalizeHost(host));
    if (!raw) {
      return undefined;
    }
    try {
      const parsed = JSON.parse(raw) as RegistryCredentials;
      return typeof parsed.username === 'string' && typeof parsed.password === 'string' ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  async save(host: string, credentials: RegistryCredentials): Promise<void> {
    const key = normalizeHost(host);
    await this.secrets.store(SecretKeys.registryPrefix + key, JSON.stringify(credentials));
    const others = this.list().filter((l) => l.host !== key);
    await this.state.update(
      INDEX_KEY,
      [...others, { host: key, username: credentials.username }].sort((a, b) => a.host.localeCompare(b.host)),
    );
    this.emitter.fire();
  }

  async remove(host: string): Promise<void> {
    const key = normalizeHost(host);
    await this.secrets.delete(SecretKeys.registryPrefix + key);
    await this.state.update(
      INDEX_KEY,
      this.list().filter((l) => l.host !== key),
    );
    this.emitter.fire();
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
