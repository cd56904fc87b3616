import * as vscode from 'vscode';
import { registerAuthentikConnectionCommands } from './commands/authentikConnection';
import { registerAuthentikExplorer } from './commands/authentikExplorer';
import { registerHoneycombConnectionCommands } from './commands/honeycombConnection';
import { registerHoneycombExplorer } from './commands/honeycombExplorer';
import { createHoneycombExplorer } from './views/honeycomb/register';
import { registerHoneycombQueries } from './commands/honeycombQueries';
import { registerRegistryCommands } from './commands/registryConnection';
import { registerSignatureCommands } from './commands/signatures';
import { registerSigningCommands } from './commands/signing';
import { registerViewCommands } from './commands/viewCommands';
import { AuthentikConnections } from './connections/authentikConnections';
import { HoneycombConnection } from './connections/honeycombConnection';
import { RegistryCredentialStore } from './connections/registryCredentials';
import { CoreServices, userAgentFor } from './connections/services';
import { createOutputLogger } from './core/outputLog';
import { KnownSecrets } from './core/redact';
import { maskSecretsInMessages } from './ui/messageText';
import { SecretStore } from './core/secrets';
import { prompts } from './ui/prompts';
import { HoneycombRecords } from './views/honeycomb/records';
import { JSON_SCHEME, JsonDocuments } from './views/panels/jsonDocuments';
import { createRecordPanels } from './views/panels/recordPanel';
import { RecordSources } from './views/panels/recordSources';
import { registerViews } from './views/registerViews';
import { VerificationHistory } from './views/signatures/history';
import { SigningHistory } from './views/signatures/signingHistory';
import { updateContextKeys } from './contextKeys';
import { registerEditing } from './editing/register';
import { lookupClients } from './lookup/clients';
import { registerLookup } from './lookup/register';

/**
 * Builds the services, registers views, panels and commands — nothing else. No request is made
 * here: views load when shown, commands when run.
 */
export function activate(context: vscode.ExtensionContext) {
  const started = performance.now();
  const knownSecrets = new KnownSecrets();
  const { channel, logger } = createOutputLogger(knownSecrets);
  maskSecretsInMessages(knownSecrets);
  const secrets = new SecretStore(context.secrets, knownSecrets);
  const services: CoreServices = { context, logger, channel, knownSecrets, secrets, userAgent: userAgentFor(context) };

  const honeycomb = new HoneycombConnection(services);
  // The default authentik connection (settings) and the named ones added beside it.
  const authentikConnections = new AuthentikConnections(services, context.globalState);
  const authentik = authentikConnections.default;
  const registryLogins = new RegistryCredentialStore(context.globalState, secrets);
  context.subscriptions.push(channel, honeycomb, authentikConnections, registryLogins);

  // One explorer per connection, handed to the view, records, commands and queries that use it.
  const honeycombExplorer = createHoneycombExplorer(context, services, honeycomb);
  const sources = new RecordSources();
  sources.register('honeycomb', new HoneycombRecords(honeycomb, honeycombExplorer));
  const json = new JsonDocuments(sources);
  const records = createRecordPanels(context.extensionUri, sources, json, logger.child('panels'));
  context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(JSON_SCHEME, json), json, records, records.registerSerializer());

  const verifications = new VerificationHistory(context.workspaceState);
  const signings = new SigningHistory(context.workspaceState);
  context.subscriptions.push(verifications, signings);
  const editing = registerEditing(context, logger);
  const views = registerViews(context, honeycomb, honeycombExplorer, authentikConnections, registryLogins, verifications, signings);
  registerViewCommands(context, logger, channel, views, records, json);
  registerHoneycombConnectionCommands(context, logger, secrets, honeycomb);
  registerHoneycombExplorer(context, services, honeycomb, honeycombExplorer, editing, (recordKey) => {
    views.providers.honeycomb.refresh();
    if (recordKey) void reloadRecord(recordKey);
  });
  const queries = registerHoneycombQueries(context, services, honeycombExplorer);
  registerAuthentikConnectionCommands(context, logger, secrets, authentikConnections);
  const authentikExplorer = registerAuthentikExplorer(context, services, authentikConnections, views, records, sources, editing);
  registerRegistryCommands(services, registryLogins);
  const signatures = registerSignatureCommands(services, registryLogins, verifications);
  const signing = registerSigningCommands(services, registryLogins, signings);
  registerLookup(context, logger, lookupClients(honeycomb, authentikConnections, signatures), sources, records);
  updateContextKeys(context, honeycomb, authentikConnections, registryLogins);

  /** An open record of a changed object shows the server's version (or why it cannot). */
  async function reloadRecord(key: string): Promise<void> {
    const panel = records.get(key);
    if (!panel) return;
    try {
      panel.show((await sources.load(key)).model);
    } catch (error) {
      panel.post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }

  const activationMs = performance.now() - started;
  logger.info(`Activated in ${activationMs.toFixed(1)} ms.`);
  // The internals go to the test host only (integration tests, in-editor benchmarks): another
  // extension calling activate() gets nothing it could reach secrets or services through.
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return { activationMs, services, honeycomb, authentik, authentikConnections, registryLogins, views, records, sources, json, prompts, signatures, authentikExplorer, queries, signing, editing };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
