import * as vscode from 'vscode';
import { CommandTable } from './commandTable';
import { CommandManifest, commandsReachableBeforeFeatures } from './reachableCommands';

/**
 * A stand-in for every command a user can run before the features load (see
 * `commandsReachableBeforeFeatures`), registered at start-up. Each stays registered and runs the
 * handler the features put in the returned table, loading the features first when they have not
 * loaded yet. Tree nodes and URIs pass through unchanged: a command run inside the extension host
 * gets its arguments as they are. The commands named only on tree nodes are registered by the
 * features themselves.
 */
export function registerCommandShells(context: vscode.ExtensionContext, loadFeatures: () => Promise<unknown>, namedAtStartUp: readonly string[]): CommandTable {
  const table = new CommandTable(commandsReachableBeforeFeatures(context.extension.packageJSON as CommandManifest, namedAtStartUp));
  for (const id of table.standIns) {
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        let handler = table.handler(id);
        if (!handler) {
          await loadFeatures();
          handler = table.handler(id);
        }
        if (!handler) throw new Error(`The extension's features loaded without the command ${id}.`);
        return handler(...args);
      }),
    );
  }
  return table;
}
