import * as vscode from 'vscode';
import { AuthentikClient, CurrentUser, ServerVersion } from '../../clients/authentik';
import { AuthentikConfig } from '../../core/config';
import { RefreshTarget, TreeNode } from '../tree/node';

/** The root of the authentik view: the server, its version and the signed-in user. */
export class AuthentikConnectionNode implements TreeNode {
  readonly id = 'authentik/connection';

  constructor(
    readonly config: AuthentikConfig,
    readonly client: AuthentikClient,
    readonly user: CurrentUser,
    readonly version: ServerVersion | undefined,
    readonly view: RefreshTarget,
  ) {}

  recordKey(): string {
    return 'authentik:connection';
  }

  getTreeItem(): vscode.TreeItem {
    const host = new URL(this.config.url!).host;
    const item = new vscode.TreeItem(host, vscode.TreeItemCollapsibleState.Expanded);
    item.description = [this.version?.versionCurrent ? `authentik ${this.version.versionCurrent}` : undefined, `as ${this.user.username}`].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon('shield');
    item.contextValue = 'opsConfig.authentik.connection';
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown('**authentik** ').appendText(this.config.url!).appendMarkdown('\n\n');
    tooltip.appendMarkdown('Signed in as ').appendText(`${this.user.username}${this.user.name ? ` (${this.user.name})` : ''}${this.user.isSuperuser ? ', superuser' : ''}`);
    if (this.version) {
      tooltip.appendMarkdown('\n\nVersion ').appendText(`${this.version.versionCurrent}${this.version.outdated ? ` — ${this.version.versionLatest} is available` : ''}`);
    }
    if (this.config.insecure) {
      tooltip.appendMarkdown('\n\n$(warning) TLS verification is off for this connection.');
      tooltip.supportThemeIcons = true;
    }
    item.tooltip = tooltip;
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }

  getParent(): undefined {
    return undefined;
  }
}
