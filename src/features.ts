import * as vscode from 'vscode';
import { registerAuthentikConnectionCommands } from './commands/authentikConnection';
import { registerAuthentikExplorer } from './commands/authentikExplorer';
import { registerHoneycombConnectionCommands } from './commands/honeycombConnection';
import { registerHoneycombExplorer } from './commands/honeycombExplorer';
import { registerExportCommands } from './commands/exportAsCode';
import { createHoneycombExplorer } from './views/honeycomb/register';
import { registerHoneycombQueries } from './commands/honeycombQueries';
import { registerRegistryCommands } from './commands/registryConnection';
import { registerSignatureCommands } from './commands/signatures';
import { registryOptions } from './commands/registryAccess';
import { registerSigningCommands } from './commands/signing';
import { registerViewCommands } from './commands/viewCommands';
import { AuthentikConnections } from './connections/authentikConnections';
import { HoneycombConnection } from './connections/honeycombConnection';
import { RegistryCredentialStore } from './connections/registryCredentials';
import { CoreServices, userAgentFor } from './connections/services';
import { preloadHttpLibrary } from './core/httpTransport';
import { createOutputLogger } from './core/outputLog';
import { KnownSecrets } from './core/redact';
import { maskSecretsInMessages } from './ui/messageText';
import { withCommandTable } from './ui/commandRunner';
import { SecretStore } from './core/secrets';
import { prompts } from './ui/prompts';
import { HoneycombRecords } from './views/honeycomb/records';
import { JSON_SCHEME, JsonDocuments } from './views/panels/jsonDocuments';
import { createRecordPanels } from './views/panels/recordPanel';
import { RecordSources } from './views/panels/recordSources';
import { registerViews } from './views/registerViews';
import type { Shells } from './startup/shells';
import { RECORD_VIEW_TYPE } from './views/panels/recordPanel';
import { PLAN_SCHEME } from './editing/planDocuments';
import { EDIT_SCHEME } from './editing/editUris';
import { SAML_SCHEME } from './views/authentik/samlDocuments';
import { BLUEPRINT_SCHEME } from './views/authentik/blueprintScheme';
import { REPORT_VIEW_TYPE } from './views/signatures/reportPanel';
import { SIGNING_REPORT_VIEW_TYPE } from './views/signatures/signingReport';
import { QUERY_RESULT_VIEW_TYPE } from './queries/constants';
import { BOARD_VIEW_TYPE } from './views/honeycomb/boardPanelState';
import { VerificationHistory } from './views/signatures/history';
import { SigningHistory } from './views/signatures/signingHistory';
import { updateContextKeys } from './contextKeys';
import { registerEditing } from './editing/register';
import { lookupClients } from './lookup/clients';
import { registerLookup } from './lookup/register';
import { registerTerraform } from './terraform/register';
import { honeycombListsOf } from './terraform/honeycombLists';
import { ManagedIndex } from './terraform/managedIndex';

/**
 * The extension's features: builds the services and registers views, panels and commands —
 * nothing else. No request is made here: views load when shown, commands when run. Loaded with
 * `import()` by the start-up chunk (src/extension.ts) the first time something needs it; the
 * stand-ins registered at start-up (`shells`) get their implementations at the end.
 */
export function activateFeatures(editorContext: vscode.ExtensionContext, shells: Shells, storage: vscode.SecretStorage, activationMs: number) {
  const started = performance.now();
  // Commands registered below go behind the stand-ins start-up registered for them.
  const context = withCommandTable(editorContext, shells.commands);
  const knownSecrets = new KnownSecrets();
  const { channel, logger } = createOutputLogger(knownSecrets);
  maskSecretsInMessages(knownSecrets);
  const secrets = new SecretStore(storage, knownSecrets);
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
  // What the workspace's Terraform manages: empty until a `.tf` file, a Terraform command or a save's plan reads it.
  const terraformIndex = new ManagedIndex();
  const records = createRecordPanels(context.extensionUri, sources, json, logger.child('panels'), shells.gate, terraformIndex);
  context.subscriptions.push(json, records);

  const verifications = new VerificationHistory(context.workspaceState);
  const signings = new SigningHistory(context.workspaceState);
  context.subscriptions.push(verifications, signings);
  const editing = registerEditing(context, logger, shells.gate);
  const terraformFeatures = registerTerraform(
    context,
    logger,
    editing,
    terraformIndex,
    async () => (await honeycombExplorer.defaultEnvironment())?.slug,
    // Called only when the command runs, after the signature commands below are registered.
    (image, policy) => signatures.verify(image, policy),
    () => registryOptions(services, registryLogins),
    async (env) => honeycombListsOf(await honeycombExplorer.requireClient(env)),
  );
  const views = registerViews(context, shells.trees, honeycomb, honeycombExplorer, authentikConnections, secrets, registryLogins, verifications, signings, terraformIndex);
  registerViewCommands(context, logger, channel, views, records, json);
  registerHoneycombConnectionCommands(context, logger, secrets, honeycomb);
  const honeycombKinds = registerHoneycombExplorer(context, services, honeycomb, honeycombExplorer, editing, (recordKey) => {
    views.providers.honeycomb.refresh();
    if (recordKey) void reloadRecord(recordKey);
  });
  const queries = registerHoneycombQueries(context, services, honeycombExplorer);
  registerExportCommands(context, logger.child('export'), honeycombExplorer);
  registerAuthentikConnectionCommands(context, logger, secrets, authentikConnections);
  const authentikExplorer = registerAuthentikExplorer(context, services, authentikConnections, views, records, sources, editing);
  registerRegistryCommands(services, registryLogins);
  const signatures = registerSignatureCommands(services, registryLogins, verifications);
  const signing = registerSigningCommands(services, registryLogins, signings);
  registerLookup(context, logger, lookupClients(honeycomb, authentikConnections, signatures), sources, records);
  updateContextKeys(context, honeycomb, authentikConnections);

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

  // The views' first requests need the HTTP library: it compiles now, while the secrets they read
  // first (asked for as this load began, src/extension.ts) are still on their way from the window.
  preloadHttpLibrary();

  shells.provide({
    terraformFeatures,
    fileSystems: { [EDIT_SCHEME]: editing.fileSystem, [SAML_SCHEME]: authentikExplorer.saml, [BLUEPRINT_SCHEME]: authentikExplorer.blueprintFiles },
    documents: { [JSON_SCHEME]: json, [PLAN_SCHEME]: editing.plans },
    panels: {
      [RECORD_VIEW_TYPE]: records.serializer(),
      [REPORT_VIEW_TYPE]: signatures.reports.serializer(),
      [SIGNING_REPORT_VIEW_TYPE]: signing.reports.serializer(),
      [QUERY_RESULT_VIEW_TYPE]: queries.panels.serializer(),
      [BOARD_VIEW_TYPE]: honeycombKinds.boardPanels,
    },
    trees: views.providers,
    queryFeatures: queries.features,
  });

  logger.info(`Activated in ${activationMs.toFixed(1)} ms; the features loaded in ${(performance.now() - started).toFixed(1)} ms.`);
  return { activationMs, services, honeycomb, authentik, authentikConnections, registryLogins, views, records, sources, json, prompts, signatures, authentikExplorer, queries, signing, editing };
}
