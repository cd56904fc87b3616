import * as vscode from 'vscode';
import { RedactingLogger } from '../core/logger';
import { registerCommand } from '../ui/commandRunner';
import { PanelHost } from '../views/panels/panelHost';
import { RecordViewModel } from '../views/panels/protocol';
import { RecordSources } from '../views/panels/recordSources';
import type { LookupClients } from './operation';

/**
 * Registers "Look Up…" and its record source. Everything else — the catalog of the seeds'
 * operations, the input flow, the code snippets — loads on first use, so start-up pays for
 * none of it.
 */
export function registerLookup(context: vscode.ExtensionContext, logger: RedactingLogger, clients: LookupClients, sources: RecordSources, records: PanelHost<RecordViewModel>): void {
  const log = logger.child('lookup');
  let loaded: Promise<ReturnType<typeof import('./lookupCommands').lookupCommands>> | undefined;
  const commands = () => (loaded ??= import(/* webpackChunkName: "lookup" */ './lookupCommands').then((m) => m.lookupCommands(context, log, clients, sources, records)));

  sources.register('lookup', { load: async (key, signal) => (await commands()).loadRecord(key, signal) });
  registerCommand(context, log, 'opsConfig.lookUp', async (arg?: unknown) => (await commands()).lookUp(arg));
  for (const [id, service] of [
    ['opsConfig.honeycomb.lookUp', 'honeycomb'],
    ['opsConfig.authentik.lookUp', 'authentik'],
    ['opsConfig.signatures.lookUp', 'cosign'],
  ] as const) {
    registerCommand(context, log, id, async () => (await commands()).lookUp(service));
  }
  registerCommand(context, log, 'opsConfig.lookUp.copyTerraform', async (key: string) => (await commands()).copy(key, 'terraform'));
  registerCommand(context, log, 'opsConfig.lookUp.copyPulumi', async (key: string) => (await commands()).copy(key, 'pulumi'));
}
