import * as vscode from 'vscode';
import { AuthMetadata } from '../../clients/honeycomb';
import { TreeNode } from '../tree/node';

/** One Honeycomb environment reached by a configured API key. */
export class EnvironmentNode implements TreeNode {
  readonly id: string;

  constructor(
    private readonly parent: TreeNode,
    readonly slug: string,
    readonly name: string,
    readonly auth: AuthMetadata,
  ) {
    this.id = `${parent.id}/env/${slug}`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.name, vscode.TreeItemCollapsibleState.None);
    item.description = this.auth.environment.classic ? 'Classic environment' : this.slug;
    item.iconPath = new vscode.ThemeIcon('server-environment');
    item.contextValue = 'opsConfig.honeycomb.environment';
    const granted = Object.entries(this.auth.apiKeyAccess)
      .filter(([, on]) => on)
      .map(([name]) => name);
    item.tooltip = `Environment ${this.name} (${this.slug})\nThe API key may: ${granted.join(', ') || 'nothing'}`;
    return item;
  }

  filterText(): string {
    return `${this.name} ${this.slug}`;
  }

  getParent(): TreeNode {
    return this.parent;
  }
}
