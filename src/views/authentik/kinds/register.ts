import * as vscode from 'vscode';
import type { AuthentikClient } from '../../../clients/authentik';
import { AuthentikConnections } from '../../../connections/authentikConnections';
import { ServiceError } from '../../../core/errors';
import { Editing } from '../../../editing/register';
import type { AuthentikDialogs } from './editorKinds';
import { AUTHENTIK_EDIT_PREFIX, connectionOfKindId } from './ids';
import { connectionLocation } from '../connectionScope';

/**
 * authentik's 13 managed kinds on the editing mechanism. Only a loader is registered at
 * activation: the kinds table, schemas and backends load with the first edit of any of them.
 * After a create, update or delete the authentik view reloads and `onChanged` redraws open records.
 */
export const authentikDialogs: AuthentikDialogs = {
  openFile: (options) => vscode.window.showOpenDialog(options),
};

/** Why an object of the tree has no editor (the built-in source): said by Edit… and Delete… instead of a bare id. */
export async function whyNotEditable(id: string): Promise<string | undefined> {
  return (await import(/* webpackChunkName: "authentik-kinds" */ './refusalNotes')).whyNotEditable(id);
}

export function registerAuthentikKinds(context: vscode.ExtensionContext, editing: Editing, connections: AuthentikConnections, onChanged: (kindId: string) => void): void {
  editing.kinds.registerLoader(
    AUTHENTIK_EDIT_PREFIX,
    async (id) => {
      // Each kind id names its connection (`authentik.flow@staging`); its objects live there only.
      const connectionId = connectionOfKindId(id);
      let location = 'authentik';
      const client = async (): Promise<AuthentikClient> => {
        const connection = connections.get(connectionId);
        if (!connection)
          throw new ServiceError({
            kind: 'badInput',
            service: 'authentik',
            operation: 'edit',
            summary: `the connection "${connectionId}" was removed`,
            hint: 'Add it again with "authentik: Add Connection…".',
          });
        const [config, current] = await Promise.all([connection.config(), connection.client()]);
        if (!current || !config.url) throw new ServiceError({ kind: 'auth', service: 'authentik', operation: 'edit', summary: 'not connected', hint: 'Run "authentik: Connect…".' });
        location = connectionLocation(config.url, connection.isDefault ? undefined : connection.name);
        return current;
      };
      await client().catch(() => undefined); // names the server in confirmations when connected
      const { loadAuthentikKind } = await import(/* webpackChunkName: "authentik-kinds" */ './editorKinds');
      return loadAuthentikKind(id, { client, location: () => location, dialogs: authentikDialogs, run: (command, ...args) => vscode.commands.executeCommand(command, ...args) });
    },
    whyNotEditable,
  );
  context.subscriptions.push(
    editing.files.onDidChangeObject((change) => {
      if (change.kindId.startsWith(AUTHENTIK_EDIT_PREFIX)) onChanged(change.kindId);
    }),
  );
}
