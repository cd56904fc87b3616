import * as vscode from 'vscode';
import { ENVIRONMENT_WIDE } from '../../clients/honeycomb/paths';
import type { MarkerItem, MarkerSettingItem } from '../../clients/honeycomb/markers';
import { CreatableNode, CreateTarget, EditTarget, EditableNode } from '../../editing/editableKinds';
import { InfoNode, TreeNode } from '../tree/node';
import { MARKER_KIND_ID, MARKER_SETTING_KIND_ID } from './kinds/markerIds';
import { OneRequestFolderNode, accessible, folderItem } from './oneRequestFolderNode';
import { EnvScope } from './scope';
import { ago } from './time';

/**
 * Markers of a dataset, or the environment-wide ones (`__all__`): the newest first, at most
 * MARKER_LIST_LIMIT of them (a dataset gathers a deploy marker per deploy, for years), then the
 * marker settings (type → colour) of the same place. One request for the markers; the settings
 * load when their folder opens. Each opens as a document; the folder offers New… and Add Deploy
 * Marker….
 */
export class MarkersFolderNode extends OneRequestFolderNode<MarkerItem> implements CreatableNode {
  /** A fixed label: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  private total = 0;

  constructor(
    parent: TreeNode,
    scope: EnvScope,
    /** undefined: the environment-wide markers. */
    readonly dataset: string | undefined,
  ) {
    super(`${parent.id}/markers`, parent, scope);
  }

  private where(): string {
    return this.dataset ?? ENVIRONMENT_WIDE;
  }

  getTreeItem(): vscode.TreeItem {
    return folderItem(this.dataset ? 'Markers' : 'Markers (environment-wide)', 'milestone', this.countText(), 'opsConfig.honeycomb.folder.markers.creatable');
  }

  createTarget(): CreateTarget {
    return { kindId: MARKER_KIND_ID, parent: { env: this.scope.env.envSlug, dataset: this.where() } };
  }

  protected async load(signal: AbortSignal): Promise<MarkerItem[]> {
    const env = this.scope.env.envSlug;
    const listed = await this.scope.explorer.cache.get(
      this.cacheKey(),
      async (s) => (await import(/* webpackChunkName: "honeycomb-writes" */ '../../clients/honeycomb/markers')).listMarkers((await this.scope.explorer.requireClient(env)).api, this.where(), s),
      signal,
    );
    this.total = listed.total;
    return listed.items;
  }

  protected toNodes(items: MarkerItem[]): TreeNode[] {
    const nodes: TreeNode[] = [new MarkerSettingsFolderNode(this, this.scope, this.where())];
    nodes.push(...items.map((item) => new MarkerNode(this, this.scope, this.where(), item)));
    if (this.total > items.length) {
      nodes.push(new InfoNode(`${this.id}/older`, this, `${(this.total - items.length).toLocaleString('en-US')} older markers not shown`, { icon: new vscode.ThemeIcon('info') }));
    }
    return nodes;
  }

  protected override countText(): string | undefined {
    return this.total > 0 ? this.total.toLocaleString('en-US') : super.countText();
  }

  protected emptyMessage(): string {
    return 'No markers';
  }

  protected cacheKey(): string {
    return `${this.scope.env.envSlug}|markers|${this.where()}`;
  }
}

export class MarkerNode implements TreeNode, EditableNode {
  readonly id: string;

  constructor(
    private readonly parent: TreeNode,
    private readonly scope: EnvScope,
    private readonly dataset: string,
    readonly item: MarkerItem,
  ) {
    this.id = `${parent.id}/${item.id}`;
  }

  private name(): string {
    return this.item.message || this.item.type || this.item.id;
  }

  getTreeItem(): vscode.TreeItem {
    const m = this.item;
    const item = new vscode.TreeItem(this.name(), vscode.TreeItemCollapsibleState.None);
    const when = m.startTime === undefined ? undefined : ago(new Date(m.startTime * 1000).toISOString());
    item.description = [m.type || undefined, when].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon('milestone');
    const lines = [`Marker ${m.id}: ${this.name()}`];
    if (m.type) lines.push(`Type ${m.type}${m.color ? ` (${m.color})` : ''}`);
    if (m.startTime !== undefined) lines.push(`At ${new Date(m.startTime * 1000).toISOString()}${m.endTime !== undefined ? ` until ${new Date(m.endTime * 1000).toISOString()}` : ''}`);
    if (m.url) lines.push(m.url);
    item.tooltip = lines.join('\n');
    item.contextValue = 'opsConfig.honeycomb.marker.editable';
    item.command = { command: 'opsConfig.edit', title: 'Open', arguments: [this] };
    return accessible(item);
  }

  editTarget(): EditTarget {
    return { kindId: MARKER_KIND_ID, address: { env: this.scope.env.envSlug, dataset: this.dataset, id: this.item.id }, name: this.name() };
  }

  filterText(): string {
    return `${this.item.message} ${this.item.type} ${this.item.url}`;
  }

  getParent(): TreeNode {
    return this.parent;
  }
}

/** The marker settings of a dataset or of the environment: which colour each marker type is drawn in. */
export class MarkerSettingsFolderNode extends OneRequestFolderNode<MarkerSettingItem> implements CreatableNode {
  readonly rememberable = true;

  constructor(
    parent: TreeNode,
    scope: EnvScope,
    private readonly dataset: string,
  ) {
    super(`${parent.id}/settings`, parent, scope);
  }

  getTreeItem(): vscode.TreeItem {
    return folderItem('Marker Settings', 'symbol-color', this.countText(), 'opsConfig.honeycomb.folder.markerSettings.creatable');
  }

  createTarget(): CreateTarget {
    return { kindId: MARKER_SETTING_KIND_ID, parent: { env: this.scope.env.envSlug, dataset: this.dataset } };
  }

  protected async load(signal: AbortSignal): Promise<MarkerSettingItem[]> {
    const env = this.scope.env.envSlug;
    return this.scope.explorer.cache.get(
      this.cacheKey(),
      async (s) => (await import(/* webpackChunkName: "honeycomb-writes" */ '../../clients/honeycomb/markers')).listMarkerSettings((await this.scope.explorer.requireClient(env)).api, this.dataset, s),
      signal,
    );
  }

  protected toNodes(items: MarkerSettingItem[]): TreeNode[] {
    return items.map((item) => new MarkerSettingNode(this, this.scope, this.dataset, item));
  }

  protected emptyMessage(): string {
    return 'No marker settings: every type has its default colour';
  }

  protected cacheKey(): string {
    return `${this.scope.env.envSlug}|markerSettings|${this.dataset}`;
  }
}

export class MarkerSettingNode implements TreeNode, EditableNode {
  readonly id: string;

  constructor(
    private readonly parent: TreeNode,
    private readonly scope: EnvScope,
    private readonly dataset: string,
    readonly item: MarkerSettingItem,
  ) {
    this.id = `${parent.id}/${item.id}`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.item.type, vscode.TreeItemCollapsibleState.None);
    item.description = this.item.color;
    item.iconPath = new vscode.ThemeIcon('symbol-color');
    item.tooltip = `Markers of type ${this.item.type} are drawn in ${this.item.color}`;
    item.contextValue = 'opsConfig.honeycomb.markerSetting.editable';
    item.command = { command: 'opsConfig.edit', title: 'Open', arguments: [this] };
    return accessible(item);
  }

  editTarget(): EditTarget {
    return { kindId: MARKER_SETTING_KIND_ID, address: { env: this.scope.env.envSlug, dataset: this.dataset, id: this.item.id }, name: this.item.type };
  }

  filterText(): string {
    return `${this.item.type} ${this.item.color}`;
  }

  getParent(): TreeNode {
    return this.parent;
  }
}
