import * as vscode from 'vscode';
import type { AuthentikClient, ListOptions, ListPage } from '../../clients/authentik';
import type { CreateTarget } from '../../editing/editableKinds';
import { TreeNode } from '../tree/node';
import { Page } from '../tree/pageLoader';
import { PagedFolderNode } from '../tree/pagedFolderNode';
import { AuthentikTreeContext, SIGN_IN_COMMAND } from './context';
import { editKindId, kindIdInConnection } from './kinds/ids';
import { AgentConnectorNode, EventTransportNode, blueprintNode, browserConnectorNode, eventRuleNode, licenseNode } from './managedNodes';
import { CertificateNode } from './certificateNode';
import { GroupNode, UserNode } from './directoryNodes';
import { FlowNode, StageNode } from './flowNodes';
import { brandNode, mappingNode, outpostNode, permissionNode, serviceConnectionNode, sourceNode } from './leafNodes';
import { applicationNode, ProviderNode } from './providerNodes';

/**
 * A top-level folder of the authentik view (Flows, Groups, Users…). It pages lazily from the
 * server — the first page on expand, one more per "Load more (100 of 52,310)" — and can show the
 * server's answer to a search instead of the whole list ("Search…" on the folder). The view's
 * filter applies on top, to what is loaded.
 */
export interface FolderSpec<T> {
  key: string;
  label: string;
  icon: string;
  /** "No groups": shown when the list is empty. */
  noun: string;
  list(client: AuthentikClient, options: ListOptions): Promise<ListPage<T>>;
  toNode(parent: TreeNode, ctx: AuthentikTreeContext, item: T): TreeNode;
  /** The editable kind "New…" makes in this folder, when it has one. */
  creates?: string;
  /** A folder of a polymorphic list (`provider`): "New…" asks which type first. */
  family?: string;
}

export class SearchableFolderNode<T> extends PagedFolderNode<T, number> {
  /** The server-side search in force, if any. */
  private searchText = '';
  /** Set only for folders of a managed kind: the editing commands look for this function. */
  readonly createTarget?: () => CreateTarget;

  constructor(
    parent: TreeNode,
    private readonly ctx: AuthentikTreeContext,
    readonly spec: FolderSpec<T>,
  ) {
    super(`${parent.id}/${spec.key}`, parent, ctx.view);
    const kindId = spec.creates && kindIdInConnection(spec.creates, ctx.connectionId);
    const family = spec.family;
    if (kindId) this.createTarget = () => ({ kindId, parent: {} });
    else if (family)
      this.createTarget = () => ({
        kindId: '',
        parent: {},
        chooseKind: async () => (await import(/* webpackChunkName: "authentik-kinds" */ './kinds/chooseKind')).chooseKind(family, ctx.connectionId),
      });
  }

  get label(): string {
    return this.spec.label;
  }

  get search(): string {
    return this.searchText;
  }

  /** Shows the server's matches for `text` (empty: the whole list again) and reloads. */
  setSearch(text: string): void {
    this.searchText = text.trim();
    this.invalidate();
    this.ctx.view.refresh(this);
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.spec.label, vscode.TreeItemCollapsibleState.Collapsed);
    const total = this.total !== undefined ? this.total.toLocaleString('en-US') : undefined;
    item.description = this.searchText ? `search “${this.searchText}”${total !== undefined ? `: ${total} found` : ''}` : total;
    item.iconPath = new vscode.ThemeIcon(this.searchText ? 'search' : this.spec.icon);
    item.contextValue = `opsConfig.authentik.folder${this.searchText ? '.searched' : ''}${this.createTarget ? `.${this.spec.key}.creatable` : ''}`;
    // A folder that makes one kind says, when its tooltip is first shown, whether the API refuses New….
    item.tooltip = this.spec.creates ? undefined : this.tooltip();
    return item;
  }

  private tooltip(): string {
    return this.searchText ? `${this.spec.label} matching “${this.searchText}” on the server` : `${this.spec.label}: loaded a page at a time`;
  }

  async resolveTreeItem(item: vscode.TreeItem): Promise<vscode.TreeItem> {
    const kindId = this.createTarget?.().kindId;
    const lines = kindId ? (await import(/* webpackChunkName: "authentik-kinds" */ './kinds/refusalNotes')).refusalLines(kindId, ['create']) : [];
    item.tooltip = [this.tooltip(), ...lines].join('\n');
    return item;
  }

  protected async fetchPage(cursor: number | undefined, signal: AbortSignal): Promise<Page<T, number>> {
    const page = await this.spec.list(this.ctx.client, { page: cursor ?? 1, pageSize: this.ctx.pageSize(), search: this.searchText || undefined, signal });
    return { items: page.items, total: page.count, next: page.next };
  }

  protected toNode(item: T): TreeNode {
    return this.spec.toNode(this, this.ctx, item);
  }

  protected emptyMessage(): string {
    return this.searchText ? `No ${this.spec.noun} match “${this.searchText}”` : `No ${this.spec.noun}`;
  }

  protected override signInCommand(): string {
    return SIGN_IN_COMMAND;
  }
}

function spec<T>(s: FolderSpec<T>): FolderSpec<T> {
  return s;
}

/** The folders under the connection; those of managed kinds offer "New…". */
export const FOLDERS = [
  spec({ key: 'brands', label: 'Brands', icon: 'globe', noun: 'brands', list: (c, o) => c.listBrands(o), toNode: brandNode, creates: editKindId('brand') }),
  spec({ key: 'flows', label: 'Flows', icon: 'list-ordered', noun: 'flows', list: (c, o) => c.listFlows(o), toNode: (p, ctx, f) => new FlowNode(p, ctx, f), creates: editKindId('flow') }),
  spec({ key: 'groups', label: 'Groups', icon: 'organization', noun: 'groups', list: (c, o) => c.listGroups(o), toNode: (p, ctx, g) => new GroupNode(p, ctx, g), creates: editKindId('Group') }),
  spec({ key: 'users', label: 'Users', icon: 'person', noun: 'users', list: (c, o) => c.listUsers(o), toNode: (p, ctx, u) => new UserNode(p, ctx, u), creates: editKindId('User') }),
  spec({ key: 'applications', label: 'Applications', icon: 'window', noun: 'applications', list: (c, o) => c.listApplications(o), toNode: applicationNode, creates: editKindId('application') }),
  spec({ key: 'providers', label: 'Providers', icon: 'plug', noun: 'providers', list: (c, o) => c.listProviders(o), toNode: (p, ctx, x) => new ProviderNode(p, ctx, x), family: 'provider' }),
  spec({ key: 'sources', label: 'Sources', icon: 'cloud-download', noun: 'sources', list: (c, o) => c.listSources(o), toNode: sourceNode, family: 'source' }),
  spec({ key: 'stages', label: 'Stages', icon: 'debug-stackframe', noun: 'stages', list: (c, o) => c.listStages(o), toNode: (p, ctx, s) => new StageNode(p, ctx, s), family: 'stage' }),
  spec({
    key: 'propertyMappings',
    label: 'Property mappings',
    icon: 'symbol-property',
    noun: 'property mappings',
    list: (c, o) => c.listPropertyMappings(o),
    toNode: mappingNode,
    family: 'propertyMapping',
  }),
  spec({
    key: 'certificates',
    label: 'Certificates',
    icon: 'workspace-trusted',
    noun: 'certificates',
    list: (c, o) => c.listCertificates(o),
    toNode: (p, ctx, x) => new CertificateNode(p, ctx, x),
    creates: editKindId('certificateKeyPair'),
  }),
  spec({
    key: 'blueprints',
    label: 'Blueprints',
    icon: 'file-code',
    noun: 'blueprints',
    list: async (c, o) => (await c.resources('blueprint')).list(o),
    toNode: blueprintNode,
    creates: editKindId('blueprint'),
  }),
  spec({
    key: 'eventRules',
    label: 'Event rules',
    icon: 'bell',
    noun: 'notification rules',
    list: async (c, o) => (await c.resources('eventRule')).list(o),
    toNode: eventRuleNode,
    creates: editKindId('eventRule'),
  }),
  spec({
    key: 'eventTransports',
    label: 'Event transports',
    icon: 'send',
    noun: 'notification transports',
    list: async (c, o) => (await c.resources('eventTransport')).list(o),
    toNode: (p, ctx, t) => new EventTransportNode(p, ctx, t),
    creates: editKindId('eventTransport'),
  }),
  spec({
    key: 'agentConnectors',
    label: 'Endpoint agent connectors',
    icon: 'device-desktop',
    noun: 'agent connectors',
    list: async (c, o) => (await c.resources('connectorAgent')).list(o),
    toNode: (p, ctx, x) => new AgentConnectorNode(p, ctx, x),
    creates: editKindId('connectorAgent'),
  }),
  spec({
    key: 'browserConnectors',
    label: 'Endpoint browser connectors',
    icon: 'browser',
    noun: 'Google Chrome connectors',
    list: async (c, o) => (await c.resources('browserConnector')).list(o),
    toNode: browserConnectorNode,
    creates: editKindId('browserConnector'),
  }),
  spec({
    key: 'licenses',
    label: 'Enterprise licenses',
    icon: 'verified',
    noun: 'licenses',
    list: async (c, o) => (await c.resources('license')).list(o),
    toNode: (p, ctx, l) => licenseNode(p, ctx, l),
    creates: editKindId('license'),
  }),
  spec({ key: 'outposts', label: 'Outposts', icon: 'server', noun: 'outposts', list: (c, o) => c.listOutposts(o), toNode: outpostNode, creates: editKindId('Outpost') }),
  spec({
    key: 'serviceConnections',
    label: 'Service connections',
    icon: 'server-environment',
    noun: 'service connections',
    list: (c, o) => c.listServiceConnections(o),
    toNode: serviceConnectionNode,
    family: 'serviceConnection',
  }),
  spec({ key: 'permissions', label: 'Permissions', icon: 'key', noun: 'permissions', list: (c, o) => c.listPermissions(o), toNode: permissionNode, creates: editKindId('Permission') }),
] as const;
