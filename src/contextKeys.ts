import * as vscode from 'vscode';
import { AuthentikConnections } from './connections/authentikConnections';
import { HoneycombConnection } from './connections/honeycombConnection';
import { RegistryCredentialStore } from './connections/registryCredentials';

/**
 * Context keys that drive the welcome content and menus: whether each service has credentials.
 * Computed off the activation path (SecretStorage reads are asynchronous).
 */
export function updateContextKeys(context: vscode.ExtensionContext, honeycomb: HoneycombConnection, authentik: AuthentikConnections, registryLogins: RegistryCredentialStore): void {
  const set = (key: string, value: unknown): Thenable<unknown> => vscode.commands.executeCommand('setContext', key, value);
  const refreshHoneycomb = async (): Promise<void> => {
    await set('opsConfig.honeycomb.connected', await honeycomb.hasCredentials());
  };
  const refreshAuthentik = async (): Promise<void> => {
    await set('opsConfig.authentik.connected', (await authentik.configured()).length > 0);
    await set('opsConfig.authentik.hasAddedConnections', authentik.entries().length > 0);
  };
  const refreshRegistryLogins = async (): Promise<void> => {
    await set('opsConfig.signatures.hasLogins', registryLogins.list().length > 0);
  };
  context.subscriptions.push(honeycomb.onDidChange(refreshHoneycomb), authentik.onDidChange(refreshAuthentik), registryLogins.onDidChange(refreshRegistryLogins));
  void refreshHoneycomb();
  void refreshAuthentik();
  void refreshRegistryLogins();
}
