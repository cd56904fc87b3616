import * as vscode from 'vscode';
import { ENVIRONMENT_WIDE } from '../../clients/honeycomb';
import { EditTarget, EditableNode } from '../../editing/editableKinds';
import { ENVIRONMENT_KIND_ID } from './kinds/environmentKind';
import { InfoNode, RefreshTarget, TreeNode } from '../tree/node';
import { DatasetsFolderNode } from './datasetNodes';
import { accessible } from './oneRequestFolderNode';
import { BoardsFolderNode } from './boardNodes';
import { DerivedColumnsFolderNode } from './derivedColumnNodes';
import { HoneycombExplorer, KeySource } from './explorer';
import { EnvContext, EnvironmentInfo, HoneycombObject } from './objects';
import { RecipientsFolderNode } from './recipientNodes';
import { ObjectLeafNode } from './scope';
import { SlosFolderNode } from './sloNodes';
import { TriggersFolderNode } from './triggerNodes';
import { SavedQueriesFolderNode } from './annotationNodes';
import { MarkersFolderNode } from './markerNodes';
import { ApiKeysFolderNode } from './apiKeyNodes';

/**
 * One Honeycomb environment. With an API key for it (the configured one, or one set for this
 * environment) it opens onto its datasets, environment-wide derived columns, SLOs and triggers,
 * and the team's recipients; without one it offers to set a key.
 */
export class EnvironmentNode extends ObjectLeafNode implements EditableNode {
  /** Its label is the object's name: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  private children?: TreeNode[];
  private keysFolder?: ApiKeysFolderNode;

  constructor(
    parent: TreeNode,
    readonly explorer: HoneycombExplorer,
    readonly env: EnvContext,
    readonly info: EnvironmentInfo,
    /** Where this environment's API key comes from; undefined when there is none. */
    readonly keySource: KeySource | undefined,
    private readonly view?: RefreshTarget,
  ) {
    super(`${parent.id}/env/${info.slug}`, parent);
  }

  getTreeItem(): vscode.TreeItem {
    const e = this.info;
    const item = new vscode.TreeItem(e.name || e.slug, vscode.TreeItemCollapsibleState.Collapsed);
    const key = this.keySource === 'stored' ? 'own API key' : this.keySource === 'default' ? 'API key' : 'no API key';
    item.description = `${this.env.classic ? 'Classic' : e.slug} · ${key}`;
    item.iconPath = new vscode.ThemeIcon('server-environment', this.keySource ? undefined : new vscode.ThemeColor('disabledForeground'));
    const lines = [`Environment ${e.name} (${e.slug})`];
    if (e.description) lines.push(e.description);
    lines.push(
      this.keySource === 'stored'
        ? 'Read with the API key set for this environment.'
        : this.keySource === 'default'
          ? 'Read with the configured API key.'
          : 'No API key for this environment yet: use "Set API Key for Environment…".',
    );
    item.tooltip = lines.join('\n');
    // Flags after the kind, for menus: `.managed` (has an ID: listed with the management key, so
    // `.editable` with its protection state), `.storedKey` (a key to clear), `.noKey`.
    item.contextValue = [
      'opsConfig.honeycomb.environment',
      ...(e.id ? ['managed', 'editable', e.deleteProtected ? 'protected' : 'unprotected'] : []),
      this.keySource === 'stored' ? 'storedKey' : undefined,
      this.keySource ? undefined : 'noKey',
    ]
      .filter(Boolean)
      .join('.');
    return accessible(item);
  }

  getChildren(): TreeNode[] {
    if (!this.keySource) {
      return [
        new InfoNode(`${this.id}/set-key`, this, 'Set an API key to browse this environment…', {
          icon: new vscode.ThemeIcon('key'),
          tooltip: 'Honeycomb configuration keys belong to one environment. The key is checked with Honeycomb and kept in secret storage.',
          command: { command: 'opsConfig.honeycomb.setEnvironmentApiKey', title: 'Set API Key for Environment…', arguments: [this] },
          contextValue: 'opsConfig.honeycomb.setKeyInvite',
        }),
        ...this.apiKeysFolder(),
      ];
    }
    if (!this.children) {
      const scope = { explorer: this.explorer, env: this.env, keySource: this.keySource, view: this.view };
      this.children = [
        new DatasetsFolderNode(this, scope),
        new DerivedColumnsFolderNode(this, scope, undefined),
        new SlosFolderNode(this, scope, undefined),
        new TriggersFolderNode(this, scope, ENVIRONMENT_WIDE),
        new SavedQueriesFolderNode(this, scope, ENVIRONMENT_WIDE),
        new MarkersFolderNode(this, scope, undefined),
        new RecipientsFolderNode(this, scope),
        new BoardsFolderNode(this, scope),
        ...this.apiKeysFolder(),
      ];
    }
    return this.children;
  }

  /** The environment's API keys, read with the management key: only an environment it listed (with an ID) has them. */
  private apiKeysFolder(): TreeNode[] {
    if (!this.info.id) return [];
    this.keysFolder ??= new ApiKeysFolderNode(this, { explorer: this.explorer, env: this.env, keySource: this.keySource ?? 'default', view: this.view }, this.info.id);
    return [this.keysFolder];
  }

  invalidate(): void {
    this.children = undefined;
    this.keysFolder?.invalidate();
    this.keysFolder = undefined;
    this.explorer.cache.deletePrefix(`${this.info.slug}|`);
  }

  /** Only an environment listed with the management key has the ID its v2 address needs. */
  editTarget(): EditTarget {
    if (!this.info.id) throw new Error(`Environment ${this.info.name || this.info.slug} is edited with a management key: set one with "Honeycomb: Set Management Key…".`);
    return { kindId: ENVIRONMENT_KIND_ID, address: { team: this.env.teamSlug, id: this.info.id }, name: this.info.name || this.info.slug };
  }

  object(): HoneycombObject {
    return { kind: 'environment', env: this.env, item: this.info };
  }

  recordTitle(): string {
    return this.info.name || this.info.slug;
  }
}
