import * as vscode from 'vscode';
import { AuthentikConnections } from './connections/authentikConnections';
import { HoneycombConnection } from './connections/honeycombConnection';

/**
 * Context keys that drive menus: whether each service has credentials. Computed off the
 * activation path (SecretStorage reads are asynchronous) once the features load, which is after
 * start-up; until then `opsConfig.credentialsKnown` is unset, and palette entries that need a
 * connection show rather than hide (run then, they load the features and say what is missing).
 */
export const CREDENTIALS_KNOWN = 'opsConfig.credentialsKnown';

export function updateContextKeys(context: vscode.ExtensionContext, honeycomb: HoneycombConnection, authentik: AuthentikConnections): void {
  const set = (key: string, value: unknown): Thenable<unknown> => vscode.commands.executeCommand('setContext', key, value);
  const refreshHoneycomb = async (): Promise<void> => {
    await set('opsConfig.honeycomb.connected', await honeycomb.hasCredentials());
  };
  const refreshAuthentik = async (): Promise<void> => {
    await set('opsConfig.authentik.connected', (await authentik.configured()).length > 0);
    await set('opsConfig.authentik.hasAddedConnections', authentik.entries().length > 0);
  };
  context.subscriptions.push(honeycomb.onDidChange(refreshHoneycomb), authentik.onDidChange(refreshAuthentik));
  void Promise.allSettled([refreshHoneycomb(), refreshAuthentik()]).then(() => set(CREDENTIALS_KNOWN, true));
}
