import * as vscode from 'vscode';
import { HoneycombConnection, environmentCredential } from '../../connections/honeycombConnection';
import { CoreServices } from '../../connections/services';
import { isOriginKey } from '../../core/secrets';
import { HIDDEN_COLUMN_SCHEME } from './columnNodes';
import { ENVIRONMENT_KEY_PREFIX, HoneycombExplorer, environmentKeyName } from './explorer';

/**
 * Creates the explorer of the Honeycomb connection from the editor's services (settings and
 * keys through the connection, per-environment keys from SecretStorage) and the decoration
 * that dims hidden columns. No request is made here.
 */
export function createHoneycombExplorer(context: vscode.ExtensionContext, services: CoreServices, connection: HoneycombConnection): HoneycombExplorer {
  const explorer = new HoneycombExplorer({
    config: () => connection.config(),
    client: () => connection.client(),
    clientForKey: (apiKey) => connection.candidateClient({ apiKey }),
    // Checked against the URL in effect like the connection's own keys (asks when it moved).
    storedKey: (envSlug) => connection.storedCredential(environmentCredential(environmentKeyName(envSlug), envSlug)),
    // One look-up of the names instead of one per environment when the view opens.
    storedKeyEnvironments: async () =>
      (await services.secrets.keys()).filter((key) => key.startsWith(ENVIRONMENT_KEY_PREFIX) && !isOriginKey(key)).map((key) => key.slice(ENVIRONMENT_KEY_PREFIX.length)),
  });
  context.subscriptions.push(
    vscode.window.registerFileDecorationProvider(new HiddenColumnDecorations()),
    // The cached session and lists belong to the keys and URL they were read with: forget them
    // on every change, even while the view is hidden (queries and commands use them too).
    connection.onDidChange(() => explorer.reset()),
  );
  return explorer;
}

/**
 * Tree items cannot be styled directly; a file decoration on the item's resource URI colours
 * its label. Hidden columns get such a URI, and this draws them dimmed.
 */
class HiddenColumnDecorations implements vscode.FileDecorationProvider {
  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== HIDDEN_COLUMN_SCHEME) {
      return undefined;
    }
    const decoration = new vscode.FileDecoration(undefined, 'Hidden column: not offered in query builders', new vscode.ThemeColor('disabledForeground'));
    decoration.propagate = false;
    return decoration;
  }
}
