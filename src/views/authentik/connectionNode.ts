import * as vscode from 'vscode';
import { AuthentikClient, CurrentUser, ServerVersion } from '../../clients/authentik';
import { MAX_PAGE_SIZE } from '../../clients/authentik/api';
import { DEFAULT_CONNECTION_ID } from '../../connections/authentikConnectionList';
import { AuthentikConfig } from '../../core/config';
import { readPageSize } from '../../core/settings';
import { RefreshTarget, TreeNode } from '../tree/node';
import { AuthentikTreeContext } from './context';
import { FOLDERS, SearchableFolderNode } from './folders';
import { connectionRecordKey } from './objectRef';

/** Which connection a root shows; the default one when absent. */
export interface ConnectionIdentity {
  id: string;
  name: string;
}

/** The tree id of a connection's root: `authentik/connection` for the default, as it always was. */
export function connectionNodeId(connectionId: string | undefined): string {
  return !connectionId || connectionId === DEFAULT_CONNECTION_ID ? 'authentik/connection' : `authentik/connections/${connectionId}`;
}

/**
 * A root of the authentik view: one server, its version and the signed-in user; under it the
 * folders of the directory. The default connection is labelled with its host, an added one with
 * its name. Folders are made once, so their pages and searches survive collapsing and
 * re-expanding (Refresh reloads them).
 */
export class AuthentikConnectionNode implements TreeNode {
  readonly id: string;
  private folders?: SearchableFolderNode<unknown>[];

  constructor(
    readonly config: AuthentikConfig,
    readonly client: AuthentikClient,
    readonly user: CurrentUser,
    readonly version: ServerVersion | undefined,
    readonly view: RefreshTarget,
    readonly connection?: ConnectionIdentity,
  ) {
    this.id = connectionNodeId(connection?.id);
  }

  get connectionId(): string {
    return this.connection?.id ?? DEFAULT_CONNECTION_ID;
  }

  private get isAdded(): boolean {
    return this.connectionId !== DEFAULT_CONNECTION_ID;
  }

  recordKey(): string {
    return connectionRecordKey(this.connectionId);
  }

  recordTitle(): string {
    return this.isAdded ? this.connection!.name : 'connection';
  }

  getTreeItem(): vscode.TreeItem {
    const host = new URL(this.config.url!).host;
    const item = new vscode.TreeItem(this.isAdded ? this.connection!.name : host, vscode.TreeItemCollapsibleState.Expanded);
    item.description = [this.isAdded ? host : undefined, this.version?.versionCurrent ? `authentik ${this.version.versionCurrent}` : undefined, `as ${this.user.username}`].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon('shield');
    // `.added`: an added connection offers "Remove Connection…" instead of Connect… and headers.
    item.contextValue = this.isAdded ? 'opsConfig.authentik.connection.added' : 'opsConfig.authentik.connection';
    // Icons are on from the start: appendText escapes `$(…)` in the server's text only then.
    const tooltip = new vscode.MarkdownString(undefined, true);
    if (this.isAdded) tooltip.appendMarkdown('**Connection** ').appendText(this.connection!.name).appendMarkdown('\n\n');
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
    const ctx: AuthentikTreeContext = { client: this.client, connectionId: this.connectionId, view: this.view, pageSize: () => Math.min(readPageSize(), MAX_PAGE_SIZE) };
    this.folders ??= FOLDERS.map((spec) => new SearchableFolderNode(this, ctx, spec as never));
    return this.folders;
  }

  /** A top-level folder by key ("groups", "users"…), for commands and tests. */
  folder(key: string): SearchableFolderNode<unknown> | undefined {
    return this.getChildren().find((f): f is SearchableFolderNode<unknown> => f instanceof SearchableFolderNode && f.spec.key === key);
  }

  getParent(): undefined {
    return undefined;
  }
}
