import * as vscode from 'vscode';
import { isEditable } from '../editing/editableKinds';
import type { AuthentikClient } from '../clients/authentik';
import { AuthentikConnection } from '../connections/authentikConnection';
import { AuthentikConnections } from '../connections/authentikConnections';
import { CoreServices } from '../connections/services';
import { ServiceError } from '../core/errors';
import { Editing } from '../editing/register';
import { registerPlanNotices } from '../editing/planNotices';
import { registerCommand } from '../ui/commandRunner';
import type { BlueprintManagement } from '../views/authentik/blueprintManagedNotes';
import type { SecretCommandDeps } from './authentikSecrets';
import { copyToClipboard } from '../ui/copyToClipboard';
import { prompts } from '../ui/prompts';
import { TreeNode, ViewAccessByName, lazyFileSystem } from '../views/api';
import {
  AuthentikDialogs,
  AuthentikRecords,
  BLUEPRINT_SCHEME,
  BlueprintDocuments,
  ObjectRef,
  SamlMetadataDocuments,
  SearchableFolder,
  adminUrl,
  authentikDialogs,
  bindingOfNode,
  connectionRoots,
  editKindId,
  loadBlueprintDocuments,
  objectOfNode,
  parentKeyOfNode,
  pulumiSnippet,
  recordKeyOf,
  registerAuthentikKinds,
  searchableFolderOfNode,
  terraformSnippet,
} from '../views/authentik/api';
import type { RecordPanels, RecordSources } from '../views/panels/api';

/**
 * The authentik explorer's commands: server-side search on a folder, Copy ID / JSON, Open in
 * authentik, Copy as Terraform / Pulumi, SAML metadata as XML, and loading a certificate's
 * private key on request. Object commands take a tree node or a record key (record panels pass
 * keys). Also registers the authentik record source.
 */
export interface AuthentikExplorer {
  records: AuthentikRecords;
  saml: SamlMetadataDocuments;
  /** The file system of blueprint contents (its implementation loads on first use). */
  blueprintFiles: vscode.FileSystemProvider;
  /** File pickers of the authentik commands, replaceable by tests. */
  dialogs: AuthentikDialogs;
}

export function registerAuthentikExplorer(
  context: vscode.ExtensionContext,
  services: CoreServices,
  connections: AuthentikConnections,
  views: ViewAccessByName,
  panels: RecordPanels,
  sources: RecordSources,
  editing: Editing,
): AuthentikExplorer {
  const logger = services.logger;
  const records = new AuthentikRecords(connections, services.knownSecrets);
  sources.register('authentik', records);
  // Objects a blueprint manages say so on their record and in their edit plan (blueprintManagedNotes.ts, loaded on first use).
  const blueprintNotes = lazyBlueprintNotes((id) => connections.get(id)?.client() ?? Promise.resolve(undefined));
  records.annotate = async (connectionId, kind, loaded) => {
    const { withBlueprintNotes } = await loadBlueprintNotes();
    return { ...loaded, model: withBlueprintNotes(loaded.model, await (await blueprintNotes()).notes(connectionId, kind, loaded.json), connectionId) };
  };
  context.subscriptions.push(registerPlanNotices(async (kind, address, object) => (await loadBlueprintNotes()).blueprintPlanNotices(blueprintNotes)(kind, address, object)));
  const saml = new SamlMetadataDocuments(connections);
  // Its file system (and the blueprints') is registered at start-up (src/startup/shells.ts).
  context.subscriptions.push(
    saml,
    connections.onDidChange(() => sources.forget('authentik')),
  );
  const signIn = (): string => 'opsConfig.authentik.connect';

  // After a create, update or delete: the view reloads and open authentik records show the server's version.
  const changed = (): void => {
    void blueprintNotes.loaded?.then((b) => b.forget());
    views.view('authentik').refresh();
    for (const key of panels.keys().filter((k) => k.startsWith('authentik:'))) {
      sources.load(key).then(
        (loaded) => panels.get(key)?.show(loaded.model),
        (error) => panels.get(key)?.post({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
      );
    }
  };
  registerAuthentikKinds(context, editing, connections, changed);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as registerCommand
  const command = (id: string, handler: (...args: any[]) => unknown) => registerCommand(context, logger, id, handler, signIn);

  /** The ObjectRef behind a node or a record key. */
  const refOf = async (target: unknown): Promise<ObjectRef> => {
    const shown = objectOfNode(target);
    if (shown) {
      records.remember(shown.recordKey, shown.ref);
      return shown.ref;
    }
    if (typeof target === 'string') return records.refOf(target);
    throw new ServiceError({ kind: 'badInput', service: 'authentik', operation: 'command', summary: 'pick an object in the authentik view first' });
  };
  const refOfKind = async (target: unknown, kind: ObjectRef['kind']): Promise<ObjectRef> => {
    const ref = await refOf(target);
    if (ref.kind !== kind) throw new ServiceError({ kind: 'badInput', service: 'authentik', operation: 'command', summary: `this command takes a ${kind}, not a ${ref.kind}` });
    return ref;
  };
  /** The record key of a node's object, or the key itself (record panels pass keys). */
  const recordKeyOfTarget = (target: unknown): string => objectOfNode(target)?.recordKey ?? String(target ?? '');
  /** The connection a node's or a record key's object lives in. */
  const connectionOf = (target: unknown): AuthentikConnection => records.connectionOf(recordKeyOfTarget(target));
  const copy = (text: string, what: string): Promise<void> => copyToClipboard(text, `Copied ${what}`);

  command('opsConfig.authentik.search', async (folder?: TreeNode) => {
    const target = searchableFolderOfNode(folder) ?? (await pickFolder(views));
    if (!target) return;
    const text = await prompts.inputBox({
      title: `Search ${target.label} on the server`,
      prompt: 'Text to look for (authentik also takes DjangoQL, e.g. username = "jane"). Leave empty to list everything again.',
      value: target.search,
    });
    if (text === undefined) return;
    target.setSearch(text);
    await views.view('authentik').reveal(target.node, { expand: true, select: false, focus: false });
  });
  command('opsConfig.authentik.clearSearch', (folder?: TreeNode) => searchableFolderOfNode(folder)?.setSearch(''));

  command('opsConfig.authentik.copyId', async (target?: unknown) => {
    const ref = await refOf(target);
    await copy(ref.id, `the ID of ${ref.name}`);
  });
  command('opsConfig.authentik.copyJson', async (target?: unknown) => {
    const loaded = await sources.get(recordKeyOfTarget(target));
    await copy(JSON.stringify(loaded.json, null, 2), 'the record as JSON');
  });
  command('opsConfig.authentik.openInAuthentik', async (target?: unknown) => {
    const ref = await refOf(target);
    const client = await connectionOf(target).client();
    if (!client) throw new ServiceError({ kind: 'auth', service: 'authentik', operation: 'openInAuthentik', summary: 'not connected' });
    await vscode.env.openExternal(vscode.Uri.parse(adminUrl(client.api.uiBase, ref), true));
  });
  for (const [id, make, language] of [
    ['opsConfig.authentik.copyAsTerraform', terraformSnippet, 'Terraform'],
    ['opsConfig.authentik.copyAsPulumi', pulumiSnippet, 'Pulumi'],
  ] as const) {
    command(id, async (target?: unknown) => {
      const ref = await refOf(target);
      const snippet = make(ref);
      if (typeof snippet !== 'string') {
        await prompts.info(snippet.none);
        return;
      }
      await copy(snippet, `a ${language} lookup of ${ref.name}`);
    });
  }
  command('opsConfig.authentik.copyValue', (value?: string, what?: string) => (typeof value === 'string' ? copy(value, what ?? 'the value') : undefined));

  command('opsConfig.authentik.openSamlMetadata', async (target?: unknown, name?: string, connectionId?: string) => {
    if (typeof target === 'number') return saml.open(target, name ?? `provider-${target}`, connectionId);
    const ref = await refOf(target);
    return saml.open(Number(ref.id), ref.name, connectionOf(target).id);
  });

  command('opsConfig.authentik.loadPrivateKey', async (target?: unknown) => {
    const ref = await refOf(target);
    const key = objectOfNode(target)?.recordKey ?? recordKeyOf(ref, connectionOf(target).id);
    const choice = await prompts.warn(
      `Load the private key of "${ref.name}"? authentik records every view of a private key in its event log. The key stays hidden until you click Reveal.`,
      { modal: true },
      'Load Key',
    );
    if (choice !== 'Load Key') return;
    records.allowPrivateKey(key);
    const loaded = await sources.load(key);
    const panel = panels.get(key);
    if (panel) panel.show(loaded.model);
    else panels.open(key, loaded.model);
  });

  // "New…" of the kinds that live under another object: a flow's binding, an application's
  // entitlement, a connector's enrollment token.
  // The child is made in the connection of the node it is made under.
  const newChild = (id: string, kind: Parameters<typeof editKindId>[0], parentOf: (node: unknown) => string | undefined, what: string) =>
    command(id, async (node?: unknown) => {
      const parent = parentOf(node);
      if (!parent) throw new ServiceError({ kind: 'badInput', service: 'authentik', operation: 'newObject', summary: `pick ${what} in the authentik view first` });
      const kindId = editKindId(kind, objectOfNode(node)?.connectionId);
      await vscode.commands.executeCommand('opsConfig.newObject', { kindId, parent: { parent } });
    });
  newChild('opsConfig.authentik.newBinding', 'flowStageBinding', parentKeyOfNode.flow, 'a flow');
  newChild('opsConfig.authentik.newEntitlement', 'applicationEntitlement', parentKeyOfNode.application, 'an application');
  newChild('opsConfig.authentik.newEnrollmentToken', 'enrollmentToken', parentKeyOfNode.agentConnector, 'an agent connector');

  // Secrets: set from a file or a hidden prompt, revealed only to the clipboard (authentikSecrets.ts, loaded on first use).
  // Each command works in the connection of the object it is given; one without an object, in the first connection.
  const clientOf = (connection: AuthentikConnection) => async (): Promise<AuthentikClient> => {
    const current = await connection.client();
    if (!current) throw new ServiceError({ kind: 'auth', service: 'authentik', operation: 'command', summary: `not connected to ${connection.name}`, hint: 'Run "authentik: Connect…".' });
    return current;
  };
  const whereOf = (connection: AuthentikConnection) => async () => `authentik "${connection.name}" at ${new URL((await connection.config()).url ?? 'http://unknown').host}`;
  const depsOf = (connection: AuthentikConnection): SecretCommandDeps & { connectionId: string } => ({
    client: clientOf(connection),
    dialogs: authentikDialogs,
    where: whereOf(connection),
    changed,
    checkWrites: () => editing.gate.check(),
    connectionId: connection.id,
  });
  const depsFor = (target: unknown) => depsOf(target === undefined ? connections.default : connectionOf(target));
  const secretCommands = () => import(/* webpackChunkName: "authentik-kinds" */ './authentikSecrets');
  command('opsConfig.authentik.replacePrivateKey', async (target?: unknown) => (await secretCommands()).replacePrivateKey(depsFor(target), await refOf(target)));
  command('opsConfig.authentik.installLicense', async () => (await secretCommands()).installLicense(depsOf(connections.default)));
  command('opsConfig.authentik.copyEnrollmentKey', async (target?: unknown) => (await secretCommands()).copyEnrollmentKey(depsFor(target), await refOf(target)));
  command('opsConfig.authentik.generateCertificate', async () => (await secretCommands()).generateCertificate(depsOf(connections.default)));
  command('opsConfig.authentik.replaceCredentials', async (target?: unknown) => (await secretCommands()).replaceCredentials(depsFor(target), await refOf(target)));
  command('opsConfig.authentik.setWebhookUrl', async (target?: unknown) => (await secretCommands()).setWebhookUrl(depsFor(target), await refOf(target)));
  command('opsConfig.authentik.setSecretField', async (target?: unknown) => {
    if (!isEditable(target)) throw new ServiceError({ kind: 'badInput', service: 'authentik', operation: 'command', summary: 'pick an object in the authentik view first' });
    await (await secretCommands()).setSecretField(depsFor(target), target.editTarget());
  });

  // A blueprint's content as YAML, validated by the server on every save (blueprintDocuments.ts, loaded on first use).
  let blueprintDocuments: Promise<BlueprintDocuments> | undefined;
  const blueprints = () => (blueprintDocuments ??= loadBlueprintDocuments().then((m) => new m.BlueprintDocuments((id) => depsOf(connections.get(id) ?? connections.default), editing.gate, changed)));
  const blueprintFiles = lazyFileSystem(blueprints);
  context.subscriptions.push(
    vscode.workspace.onDidCloseTextDocument((d) => d.uri.scheme === BLUEPRINT_SCHEME && void blueprintDocuments?.then((b) => b.forget(d.uri))),
    { dispose: () => void blueprintDocuments?.then((b) => b.dispose()) },
  );
  command('opsConfig.authentik.editBlueprintContent', async (target?: unknown) => {
    const ref = await refOfKind(target, 'blueprint');
    await (await blueprints()).open(ref.id, ref.name, connectionOf(target).id);
  });

  // Object actions (authentikActions.ts, loaded on first use).
  const actionDeps = (target: unknown) => ({ ...depsFor(target), editing });
  const actions = () => import(/* webpackChunkName: "authentik-kinds" */ './authentikActions');
  const move = (direction: 'up' | 'down') => async (node?: unknown) => {
    const binding = bindingOfNode(node);
    if (!binding) {
      throw new ServiceError({ kind: 'badInput', service: 'authentik', operation: 'moveBinding', summary: 'pick a stage binding under a flow in the authentik view first' });
    }
    await (await actions()).moveBinding(actionDeps(node), binding.flow, binding.bindingPk, direction);
  };
  command('opsConfig.authentik.moveBindingUp', move('up'));
  command('opsConfig.authentik.moveBindingDown', move('down'));
  command('opsConfig.authentik.sendTestNotification', async (target?: unknown) => (await actions()).sendTestNotification(actionDeps(target), await refOfKind(target, 'eventTransport')));
  command('opsConfig.authentik.chooseRuleTransports', async (target?: unknown) => (await actions()).chooseRuleTransports(actionDeps(target), await refOfKind(target, 'eventRule')));
  command('opsConfig.authentik.applyBlueprint', async (target?: unknown) => (await actions()).applyBlueprint(actionDeps(target), await refOfKind(target, 'blueprint')));
  command('opsConfig.authentik.exportFlowBlueprint', async (target?: unknown) => (await actions()).exportFlowBlueprint(await depsFor(target).client(), await refOfKind(target, 'flow')));

  // Relations as actions: group membership, policy bindings, stages at a position, role permissions (authentikRelations.ts, loaded on first use).
  const relations = () => import(/* webpackChunkName: "authentik-kinds" */ './authentikRelations');
  command('opsConfig.authentik.addGroupMember', async (target?: unknown) => (await relations()).addGroupMember(depsFor(target), await refOfKind(target, 'group')));
  command('opsConfig.authentik.removeGroupMember', async (target?: unknown) => (await relations()).removeGroupMember(depsFor(target), await refOfKind(target, 'group')));
  command('opsConfig.authentik.addUserToGroup', async (target?: unknown) => (await relations()).addUserToGroup(depsFor(target), await refOfKind(target, 'user')));
  command('opsConfig.authentik.removeUserFromGroup', async (target?: unknown) => (await relations()).removeUserFromGroup(depsFor(target), await refOfKind(target, 'user')));
  const bindingTargetOf = async (target: unknown): Promise<ObjectRef> => {
    const ref = await refOf(target);
    if (ref.kind !== 'application' && ref.kind !== 'flow')
      throw new ServiceError({ kind: 'badInput', service: 'authentik', operation: 'command', summary: `this command takes an application or a flow, not a ${ref.kind}` });
    return ref;
  };
  command('opsConfig.authentik.bindPolicy', async (target?: unknown) => (await relations()).bindPolicy(depsFor(target), await bindingTargetOf(target)));
  command('opsConfig.authentik.removePolicyBinding', async (target?: unknown) => (await relations()).removePolicyBinding(depsFor(target), await bindingTargetOf(target)));
  command('opsConfig.authentik.addStageAtPosition', async (target?: unknown) => (await relations()).addStageAtPosition(depsFor(target), await refOfKind(target, 'flow')));
  command('opsConfig.authentik.removeStageFromFlow', async (target?: unknown) => {
    const binding = bindingOfNode(target);
    if (binding) return (await relations()).removeStageFromFlow(depsFor(target), binding.flow, binding.bindingPk);
    const flow = await refOfKind(target, 'flow');
    return (await relations()).removeStageFromFlow(depsFor(target), { pk: flow.id, slug: flow.slug ?? flow.lookup });
  });
  command('opsConfig.authentik.assignPermissionToRole', async (target?: unknown) => (await relations()).changeRolePermission(depsFor(target), 'assign', await refOfKind(target, 'permission')));
  command('opsConfig.authentik.unassignPermissionFromRole', async (target?: unknown) => (await relations()).changeRolePermission(depsFor(target), 'unassign', await refOfKind(target, 'permission')));

  return { records, saml, blueprintFiles, dialogs: authentikDialogs };
}

/** From the command palette: which folder to search (of which connection, when there are several). */
async function pickFolder(views: ViewAccessByName): Promise<SearchableFolder | undefined> {
  const roots = connectionRoots(await views.view('authentik').roots());
  if (roots.length === 0) {
    await prompts.info('Connect to authentik first ("authentik: Connect…").');
    return undefined;
  }
  const connection =
    roots.length === 1
      ? roots[0]
      : (
          await prompts.quickPick(
            roots.map((r) => ({ label: r.label, description: r.url, root: r })),
            { title: 'authentik: Search', placeHolder: 'Which connection?' },
          )
        )?.root;
  if (!connection) return undefined;
  const folders = connection.folders();
  const picked = await prompts.quickPick(
    folders.map((f) => ({ label: f.label, folder: f })),
    { title: 'authentik: Search', placeHolder: 'Which list to search on the server?' },
  );
  return picked?.folder;
}

/** The blueprint notes, built with the first record or plan that asks for them. */
function lazyBlueprintNotes(clientOf: (connectionId: string) => Promise<AuthentikClient | undefined>): (() => Promise<BlueprintManagement>) & { loaded?: Promise<BlueprintManagement> } {
  const get = (): Promise<BlueprintManagement> => (get.loaded ??= loadBlueprintNotes().then((m) => new m.BlueprintManagement(clientOf)));
  get.loaded = undefined as Promise<BlueprintManagement> | undefined;
  return get;
}

const loadBlueprintNotes = () => import(/* webpackChunkName: "authentik-records" */ '../views/authentik/blueprintManagedNotes');
