import * as vscode from 'vscode';
import { AuthMetadata, HoneycombClient, ManagementKeyInfo } from '../../clients/honeycomb';
import { HoneycombConfig } from '../../core/config';
import { ErrorNode } from '../tree/messageNodes';
import { RefreshTarget, TreeNode } from '../tree/node';
import { EnvironmentNode } from './environmentNode';

/**
 * The root of the Honeycomb view: the team the configured keys reach. With an API key its
 * environment; with a management key the key's name and scopes.
 */
export class HoneycombConnectionNode implements TreeNode {
  readonly id = 'honeycomb/connection';

  constructor(
    readonly config: HoneycombConfig,
    readonly client: HoneycombClient,
    readonly auth: AuthMetadata | undefined,
    readonly managementKey: ManagementKeyInfo | undefined,
    /** Failures of the other key, shown as children (e.g. a good API key and a refused management key). */
    private readonly failures: Array<{ error: unknown; signIn: string }>,
    readonly view: RefreshTarget,
  ) {}

  get teamName(): string {
    return this.auth?.team.name || this.managementKey?.teamName || 'Honeycomb';
  }

  get teamSlug(): string {
    return this.auth?.team.slug || this.managementKey?.teamSlug || '';
  }

  recordKey(): string {
    return 'honeycomb:connection';
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.teamName, vscode.TreeItemCollapsibleState.Expanded);
    const host = new URL(this.config.apiUrl).host;
    const env = this.auth ? (this.auth.environment.classic ? 'Classic' : this.auth.environment.name) : undefined;
    item.description = [env, host].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon('pulse');
    item.contextValue = 'opsConfig.honeycomb.connection';
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendMarkdown(`**Honeycomb team** `).appendText(this.teamName).appendMarkdown('\n\n');
    tooltip.appendMarkdown('API URL: ').appendText(this.config.apiUrl).appendMarkdown('\n\n');
    if (this.auth) {
      tooltip.appendMarkdown('API key: ').appendText(`${this.auth.id} (${this.auth.type}), from ${describeSource(this.config.apiKeySource)}`).appendMarkdown('\n\n');
    }
    if (this.managementKey) {
      tooltip
        .appendMarkdown('Management key: ')
        .appendText(`${this.managementKey.name} — scopes ${this.managementKey.scopes.join(', ') || 'none'}, from ${describeSource(this.config.managementKey?.source)}`);
    }
    item.tooltip = tooltip;
    return item;
  }

  getChildren(): TreeNode[] {
    const children: TreeNode[] = [];
    if (this.auth) {
      children.push(new EnvironmentNode(this, this.auth.environment.slug || 'classic', this.auth.environment.name || 'Classic', this.auth));
    }
    if (this.managementKey) {
      const scopes = this.managementKey.scopes.join(', ') || 'no scopes';
      children.push(new ManagementKeyNode(this, this.managementKey.name, scopes));
    }
    this.failures.forEach((failure, index) => children.push(new ErrorNode(`${this.id}/failure-${index}`, this, failure.error, undefined, failure.signIn)));
    return children;
  }

  getParent(): undefined {
    return undefined;
  }
}

class ManagementKeyNode implements TreeNode {
  readonly id: string;

  constructor(
    private readonly parent: HoneycombConnectionNode,
    private readonly name: string,
    private readonly scopes: string,
  ) {
    this.id = `${parent.id}/management-key`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(`Management key: ${this.name}`, vscode.TreeItemCollapsibleState.None);
    item.description = this.scopes;
    item.iconPath = new vscode.ThemeIcon('key');
    return item;
  }

  getParent(): TreeNode {
    return this.parent;
  }
}

export function describeSource(source: string | undefined): string {
  if (!source) return 'unknown';
  if (source === 'secret') return 'SecretStorage';
  if (source.startsWith('env:')) return `environment variable ${source.slice(4)}`;
  return source;
}
