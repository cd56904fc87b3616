import * as vscode from 'vscode';
import { EnvironmentItem } from '../../clients/honeycomb';
import { ErrorNode } from '../tree/messageNodes';
import { RefreshTarget, TreeNode } from '../tree/node';
import { EnvironmentNode } from './environmentNode';
import { HoneycombExplorer, Session } from './explorer';
import { EnvironmentInfo } from './objects';

/**
 * The root of the Honeycomb view: the team the configured keys reach. With a management key,
 * the team's environments side by side (`GET /2/teams/{team}/environments`), each expandable
 * when an API key for it is configured; without one, the API key's environment.
 */
export class HoneycombConnectionNode implements TreeNode {
  /** Its label is the team's name: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  readonly id = 'honeycomb/connection';
  private children?: Promise<TreeNode[]>;

  constructor(
    readonly explorer: HoneycombExplorer,
    readonly session: Session,
    readonly view: RefreshTarget,
  ) {}

  get teamName(): string {
    return this.session.team.name || 'Honeycomb';
  }

  get teamSlug(): string {
    return this.session.team.slug;
  }

  recordKey(): string {
    return 'honeycomb:connection';
  }

  recordTitle(): string {
    return this.teamName;
  }

  getTreeItem(): vscode.TreeItem {
    const { config, auth, management } = this.session;
    const item = new vscode.TreeItem(this.teamName, vscode.TreeItemCollapsibleState.Expanded);
    const host = new URL(config.apiUrl).host;
    item.description = [config.managementKey ? 'all environments' : auth ? (auth.environment.classic ? 'Classic' : auth.environment.name) : undefined, host].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon('pulse');
    // `.management`: a management key is set, so environments can be created here.
    item.contextValue = config.managementKey ? 'opsConfig.honeycomb.connection.management' : 'opsConfig.honeycomb.connection';
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendMarkdown('**Honeycomb team** ').appendText(this.teamName).appendMarkdown('\n\n');
    tooltip.appendMarkdown('API URL: ').appendText(config.apiUrl).appendMarkdown('\n\n');
    if (auth) {
      tooltip
        .appendMarkdown('API key: ')
        .appendText(`${auth.id} (${auth.type}) for ${auth.environment.classic ? 'Classic' : auth.environment.name}, from ${describeSource(config.apiKeySource)}`)
        .appendMarkdown('\n\n');
    }
    if (config.managementKey) {
      const about = management ? `${management.name}, scopes ${management.scopes.join(', ') || 'none'}` : config.managementKey.id;
      tooltip.appendMarkdown('Management key: ').appendText(`${about}, from ${describeSource(config.managementKey.source)}`);
    }
    item.tooltip = tooltip;
    return item;
  }

  getChildren(): Promise<TreeNode[]> {
    this.children ??= this.build();
    return this.children;
  }

  private async build(): Promise<TreeNode[]> {
    const { config, auth, authError } = this.session;
    const children: TreeNode[] = [];
    const defaultEnv = await this.explorer.defaultEnvironment();
    if (config.managementKey) {
      let listed: EnvironmentItem[] | undefined;
      try {
        listed = await this.explorer.environments();
      } catch (error) {
        children.push(new ErrorNode(`${this.id}/environments-error`, this, error, this, 'opsConfig.honeycomb.setManagementKey'));
      }
      const infos: EnvironmentInfo[] = (listed ?? []).map((e) => ({
        slug: e.slug,
        name: e.name,
        id: e.id,
        description: e.description,
        color: e.color,
        deleteProtected: e.deleteProtected,
        raw: e.raw,
      }));
      // The API key's environment stays visible even when the listing failed or lacks it.
      if (defaultEnv && !infos.some((i) => i.slug === defaultEnv.slug)) {
        infos.unshift(defaultEnv);
      }
      // Each node reads its environment's stored key: one secret look-up each, all at once.
      children.push(...(await Promise.all(infos.map((info) => this.environmentNode(info)))));
    } else if (defaultEnv) {
      children.push(await this.environmentNode(defaultEnv));
    }
    if (authError) {
      children.push(new ErrorNode(`${this.id}/api-key-error`, this, authError, undefined, 'opsConfig.honeycomb.setApiKey'));
    }
    if (!auth && !config.managementKey) {
      children.push(new ErrorNode(`${this.id}/no-key`, this, new Error('No API key is configured.'), undefined, 'opsConfig.honeycomb.setApiKey'));
    }
    return children;
  }

  private async environmentNode(info: EnvironmentInfo): Promise<EnvironmentNode> {
    const [env, keySource] = await Promise.all([this.explorer.envContext(info.slug), this.explorer.keySource(info.slug)]);
    return new EnvironmentNode(this, this.explorer, { ...env, envName: info.name || env.envName }, info, keySource, this.view);
  }

  invalidate(): void {
    this.children = undefined;
    this.explorer.cache.clear();
  }

  getParent(): undefined {
    return undefined;
  }
}

export function describeSource(source: string | undefined): string {
  if (!source) return 'unknown';
  if (source === 'secret') return 'SecretStorage';
  if (source.startsWith('env:')) return `environment variable ${source.slice(4)}`;
  return source;
}
