import * as vscode from 'vscode';

/**
 * Every command package.json declares, registered at start-up as a thin stand-in: running one
 * loads the features, which replace the stand-ins with the real commands (see `loadFeatures`),
 * and then runs the real command with the same arguments. Tree nodes and URIs pass through
 * unchanged: a command run inside the extension host gets its arguments as they are.
 */
export function registerCommandShells(context: vscode.ExtensionContext, loadFeatures: () => Promise<unknown>): vscode.Disposable {
  const manifest = context.extension.packageJSON as { contributes?: { commands?: Array<{ command: string }> } };
  const ids = (manifest.contributes?.commands ?? []).map((c) => c.command);
  return vscode.Disposable.from(
    ...ids.map((id) =>
      vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        await loadFeatures();
        return vscode.commands.executeCommand(id, ...args);
      }),
    ),
  );
}
