import * as vscode from 'vscode';
import { KnownSecrets } from './redact';
import { SecretKeys, originKey } from './secretKeys';

export { SecretKeys, isOriginKey, originKey } from './secretKeys';

/**
 * Every credential lives in VS Code's SecretStorage (the OS keychain on desktop, the browser's
 * encrypted store in code-server), never in settings. Values read or written here are also
 * registered with the redactor, so they are masked if they ever show up in a log line.
 */

export class SecretStore {
  constructor(
    private readonly storage: vscode.SecretStorage,
    private readonly knownSecrets: KnownSecrets,
  ) {}

  get onDidChange(): vscode.Event<vscode.SecretStorageChangeEvent> {
    return this.storage.onDidChange;
  }

  async get(key: string): Promise<string | undefined> {
    let value: string | undefined;
    try {
      value = await this.storage.get(key);
    } catch (error) {
      throw new Error(`The editor's secret storage could not be read (${(error as Error).message}). On Linux this usually means no keyring is running.`);
    }
    this.register(key, value);
    return value;
  }

  /**
   * Saves a credential. `checkedWith` is the URL the service accepted it at: the credential is
   * bound to that URL's origin and is not sent to another one without asking (see
   * connections/credentialOrigins.ts). Saved without it, the credential is unbound.
   */
  async store(key: string, value: string, checkedWith?: string): Promise<void> {
    this.register(key, value);
    try {
      await this.storage.store(key, value);
      if (checkedWith) {
        await this.storage.store(originKey(key), new URL(checkedWith).origin);
      } else {
        await this.storage.delete(originKey(key));
      }
    } catch (error) {
      throw new Error(`The editor's secret storage refused to save the credential (${(error as Error).message}). On Linux this usually means no keyring is running.`);
    }
  }

  /** The names of every secret this extension has stored (never their values). */
  async keys(): Promise<string[]> {
    try {
      return await this.storage.keys();
    } catch (error) {
      throw new Error(`The editor's secret storage could not be read (${(error as Error).message}). On Linux this usually means no keyring is running.`);
    }
  }

  /** Deletes a credential and its binding. */
  async delete(key: string): Promise<void> {
    await this.storage.delete(key);
    await this.storage.delete(originKey(key));
  }

  /** The origin the credential under `key` is bound to, if any. Not a secret: not registered with the redactor. */
  async boundOrigin(key: string): Promise<string | undefined> {
    try {
      return await this.storage.get(originKey(key));
    } catch (error) {
      throw new Error(`The editor's secret storage could not be read (${(error as Error).message}). On Linux this usually means no keyring is running.`);
    }
  }

  /** Binds the credential under `key` to the origin of `url` (the user agreed to send it there). */
  async bindOrigin(key: string, url: string): Promise<void> {
    await this.storage.store(originKey(key), new URL(url).origin);
  }

  private register(key: string, value: string | undefined): void {
    if (!value) {
      return;
    }
    if (key === SecretKeys.authentikHeaders || key.startsWith(SecretKeys.registryPrefix)) {
      // JSON maps: every string inside is secret.
      try {
        const parsed = JSON.parse(value) as Record<string, unknown>;
        for (const [name, item] of Object.entries(parsed)) {
          if (key === SecretKeys.authentikHeaders) {
            this.knownSecrets.addHeaderName(name);
          }
          if (typeof item === 'string') {
            this.knownSecrets.add(item);
          }
        }
      } catch {
        this.knownSecrets.add(value);
      }
      return;
    }
    this.knownSecrets.add(value);
  }
}
