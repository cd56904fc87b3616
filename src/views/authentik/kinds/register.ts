import * as vscode from 'vscode';
import type { AuthentikClient } from '../../../clients/authentik';
import { AuthentikConnection } from '../../../connections/authentikConnection';
import { ServiceError } from '../../../core/errors';
import { Editing } from '../../../editing/register';
import type { AuthentikDialogs } from './editorKinds';
import { AUTHENTIK_EDIT_PREFIX } from './ids';

/**
 * authentik's 13 managed kinds on the editing mechanism. Only a loader is registered at
 * activation: the kinds table, schemas and backends load with the first edit of any of them.
 * After a create, update or delete the authentik view reloads and `onChanged` redraws open records.
 */
export const authentikDialogs: AuthentikDialogs = {
  openFile: (options) => vscode.window.showOpenDialog(options),
};

export function registerAuthentikKinds(context: vscode.ExtensionContext, editing: Editing, connection: AuthentikConnection, onChanged: (kindId: string) => void): void {
  let location = 'authentik';
  const client = async (): Promise<AuthentikClient> => {
    const [config, current] = await Promise.all([connection.config(), connection.client()]);
    if (!current || !config.url) throw new ServiceError({ kind: 'auth', service: 'authentik', operation: 'edit', summary: 'not connected', hint: 'Run "authentik: Connect…".' });
    location = `authentik at ${new URL(config.url).host}`;
    return current;
  };
  editing.kinds.registerLoader(AUTHENTIK_EDIT_PREFIX, async (id) => {
    await client().catch(() => undefined); // names the server in confirmations when connected
    const { loadAuthentikKind } = await import(/* webpackChunkName: "authentik-kinds" */ './editorKinds');
    return loadAuthentikKind(id, { client, location: () => location, dialogs: authentikDialogs, run: (command, ...args) => vscode.commands.executeCommand(command, ...args) });
  });
  context.subscriptions.push(
    editing.files.onDidChangeObject((change) => {
      if (change.kindId.startsWith(AUTHENTIK_EDIT_PREFIX)) onChanged(change.kindId);
    }),
  );
}
