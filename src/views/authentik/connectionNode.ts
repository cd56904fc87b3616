import * as vscode from 'vscode';
import { AuthentikClient, CurrentUser, ServerVersion } from '../../clients/authentik';
import { MAX_PAGE_SIZE } from '../../clients/authentik/api';
import { AuthentikConfig } from '../../core/config';
import { readPageSize } from '../../core/settings';
import { RefreshTarget, TreeNode } from '../tree/node';
import { AuthentikTreeContext } from './context';
import { FOLDERS, ListFolderNode } from './folders';

/**
 * The root of the authentik view: the server, its version and the signed-in user; under it the
 * folders of the directory. Folders are made once, so their pages and searches survive
 * collapsing and re-expanding (Refresh reloads them).
 */
export class AuthentikConnectionNode implements TreeNode {
  readonly id = 'authentik/connection';
  private folders?: ListFolderNode<unknown>[];

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
    // Icons are on from the start: appendText escapes `$(…)` in the server's text only then.
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendMarkdown('**authentik** ').appendText(this.config.url!).appendMarkdown('\n\n');
    tooltip.appendMarkdown('Signed in as ').appendText(`${this.user.username}${this.user.name ? ` (${this.user.name})` : ''}${this.user.isSuperuser ? ', superuser' : ''}`);
    if (this.version) {
      tooltip.appendMarkdown('\n\nVersion ').appendText(`${this.version.versionCurrent}${this.version.outdated ? ` — ${this.version.versionLatest} is available` : ''}`);
    }
    if (this.config.insecure) {
      tooltip.appendMarkdown('\n\n$(warning) TLS verification is off for this connection.');
    }
    item.tooltip = tooltip;
    return item;
  }

  getChildren(): TreeNode[] {
    // authentik serves at most 100 per page (larger page_size values are silently capped).
    const ctx: AuthentikTreeContext = { client: this.client, view: this.view, pageSize: () => Math.min(readPageSize(), MAX_PAGE_SIZE) };
    this.folders ??= FOLDERS.map((spec) => new ListFolderNode(this, ctx, spec as never));
    return this.folders;
  }

  /** A top-level folder by key ("groups", "users"…), for commands and tests. */
  folder(key: string): ListFolderNode<unknown> | undefined {
    return this.getChildren().find((f): f is ListFolderNode<unknown> => f instanceof ListFolderNode && f.spec.key === key);
  }

  getParent(): undefined {
    return undefined;
  }
}
