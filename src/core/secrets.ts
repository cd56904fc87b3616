import * as vscode from 'vscode';
import { SecretRegistry } from './redact';

/**
 * Every credential lives in VS Code's SecretStorage (the OS keychain on desktop, the browser's
 * encrypted store in code-server), never in settings. Values read or written here are also
 * registered with the redactor, so they are masked if they ever show up in a log line.
 */

export const SecretKeys = {
  honeycombApiKey: 'opsConfig.honeycomb.apiKey',
  honeycombApiKeyId: 'opsConfig.honeycomb.apiKeyId',
  honeycombApiKeySecret: 'opsConfig.honeycomb.apiKeySecret',
  authentikToken: 'opsConfig.authentik.token',
  authentikHeaders: 'opsConfig.authentik.headers',
  /** Per registry host: JSON `{username, password}`. */
  registryPrefix: 'opsConfig.registry.',
} as const;

export class SecretStore {
  constructor(
    private readonly storage: vscode.SecretStorage,
    private readonly registry: SecretRegistry,
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

  async store(key: string, value: string): Promise<void> {
    this.register(key, value);
    try {
      await this.storage.store(key, value);
    } catch (error) {
      throw new Error(`The editor's secret storage refused to save the credential (${(error as Error).message}). On Linux this usually means no keyring is running.`);
    }
  }

  async delete(key: string): Promise<void> {
    await this.storage.delete(key);
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
            this.registry.addHeaderName(name);
          }
          if (typeof item === 'string') {
            this.registry.add(item);
          }
        }
      } catch {
        this.registry.add(value);
      }
      return;
    }
    this.registry.add(value);
  }
}
