import * as vscode from 'vscode';
import type { ApiKeyItem } from '../../clients/honeycomb/apiKeys';
import { CreatableNode, CreateTarget, EditTarget, EditableNode } from '../../editing/editableKinds';
import { TreeNode } from '../tree/node';
import { API_KEY_KIND_ID } from './kinds/apiKey';
import { OneRequestFolderNode, accessible, folderItem } from './oneRequestFolderNode';
import { EnvScope } from './scope';

/**
 * An environment's API keys (management key): one request lists the team's keys
 * (`GET /2/teams/{team}/api-keys`, all pages, shared by every environment's folder), of which the
 * folder shows this environment's. Each opens as a document (never with a secret: Honeycomb
 * answers it once, at creation); the folder offers New….
 */
export class ApiKeysFolderNode extends OneRequestFolderNode<ApiKeyItem> implements CreatableNode {
  /** A fixed label: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;

  constructor(
    parent: TreeNode,
    scope: EnvScope,
    /** The environment's ID: the keys' relationship names it. */
    private readonly environmentId: string,
  ) {
    super(`${parent.id}/api-keys`, parent, scope);
  }

  getTreeItem(): vscode.TreeItem {
    return folderItem('API Keys', 'key', this.countText(), 'opsConfig.honeycomb.folder.apiKeys.creatable');
  }

  createTarget(): CreateTarget {
    return { kindId: API_KEY_KIND_ID, parent: { team: this.scope.env.teamSlug, environment: this.environmentId } };
  }

  protected async load(signal: AbortSignal): Promise<ApiKeyItem[]> {
    const all = await this.scope.explorer.cache.get(
      this.cacheKey(),
      async (s) => (await import(/* webpackChunkName: "honeycomb-writes" */ '../../clients/honeycomb/apiKeys')).listApiKeys((await this.scope.explorer.start()).client.api, s),
      signal,
    );
    return all.filter((k) => k.environmentId === this.environmentId);
  }

  protected toNodes(items: ApiKeyItem[]): TreeNode[] {
    return items.map((item) => new ApiKeyNode(this, this.scope, this.environmentId, item));
  }

  protected emptyMessage(): string {
    return 'No API keys in this environment';
  }

  protected override signInCommand(): string {
    return 'opsConfig.honeycomb.setManagementKey';
  }

  protected cacheKey(): string {
    return 'team|apiKeys';
  }
}

export class ApiKeyNode implements TreeNode, EditableNode {
  readonly id: string;

  constructor(
    private readonly parent: TreeNode,
    private readonly scope: EnvScope,
    private readonly environmentId: string,
    readonly item: ApiKeyItem,
  ) {
    this.id = `${parent.id}/${item.id}`;
  }

  getTreeItem(): vscode.TreeItem {
    const k = this.item;
    const item = new vscode.TreeItem(k.name || k.id, vscode.TreeItemCollapsibleState.None);
    item.description = [k.keyType === 'ingest' ? 'ingest' : k.keyType === 'configuration' ? 'configuration' : k.keyType, k.disabled ? 'disabled' : undefined].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon('key', k.disabled ? new vscode.ThemeColor('disabledForeground') : undefined);
    const what = k.keyType === 'ingest' ? 'Ingest key: sends events.' : 'Configuration key: reads and changes configuration.';
    item.tooltip = [`API key ${k.name} (${k.id})`, what, ...(k.disabled ? ['Disabled: Honeycomb refuses it.'] : [])].join('\n');
    item.contextValue = `opsConfig.honeycomb.apiKey.editable.${k.disabled ? 'disabled' : 'enabled'}`;
    item.command = { command: 'opsConfig.edit', title: 'Open', arguments: [this] };
    return accessible(item);
  }

  editTarget(): EditTarget {
    return { kindId: API_KEY_KIND_ID, address: { team: this.scope.env.teamSlug, environment: this.environmentId, id: this.item.id }, name: this.item.name || this.item.id };
  }

  filterText(): string {
    return `${this.item.name} ${this.item.id} ${this.item.keyType}`;
  }

  getParent(): TreeNode {
    return this.parent;
  }
}
