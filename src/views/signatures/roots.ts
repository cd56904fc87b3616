import * as vscode from 'vscode';
import { RegistryCredentialStore, RegistryLogin } from '../../connections/registryCredentials';
import { FixedFolderNode } from '../tree/fixedFolderNode';
import { TreeNode } from '../tree/node';
import { VerificationEntry, VerificationHistory } from './history';
import { shortName } from './reportModel';
import { SigningHistory } from './signingHistory';
import { signingRoots } from './signingNodes';

/**
 * The Image Signatures view: the registry logins saved in this editor, and recent verifications
 * (newest first, each opens its report). With neither, the view shows its welcome content.
 */
export function signatureRoots(store: RegistryCredentialStore, history: VerificationHistory, signing: SigningHistory): TreeNode[] {
  const roots: TreeNode[] = [];
  const logins = store.list();
  if (logins.length > 0) {
    roots.push(new FixedFolderNode('signatures/registries', { label: 'Registry logins', icon: 'package' }, logins, (folder, login) => new RegistryLoginNode(folder, login)));
  }
  const entries = history.list();
  if (entries.length > 0) {
    roots.push(
      new FixedFolderNode(
        'signatures/recent',
        { label: 'Recent verifications', icon: 'history', contextValue: 'opsConfig.verificationHistory' },
        entries,
        (folder, entry) => new VerificationNode(folder, entry),
      ),
    );
  }
  roots.push(...signingRoots(signing));
  return roots;
}

export class VerificationNode implements TreeNode {
  readonly id: string;

  constructor(
    private readonly parent: TreeNode,
    readonly entry: VerificationEntry,
  ) {
    this.id = `${parent.id}/${entry.key}`;
  }

  getTreeItem(): vscode.TreeItem {
    const verified = this.entry.verdict === 'verified';
    const item = new vscode.TreeItem(shortName(this.entry.checkedRef ?? this.entry.verifiedRef), vscode.TreeItemCollapsibleState.None);
    item.description = `${verified ? 'verified' : 'not verified'} · ${new Date(this.entry.checkedAt).toLocaleString()}`;
    item.iconPath = new vscode.ThemeIcon(verified ? 'pass' : 'error', new vscode.ThemeColor(verified ? 'testing.iconPassed' : 'testing.iconFailed'));
    item.tooltip = new vscode.MarkdownString()
      .appendText(`${this.entry.image}\n${this.entry.checkedRef ?? this.entry.verifiedRef}\n${verified ? 'Verified' : 'Not verified'} against ${this.entry.policySource}`)
      .appendText(this.entry.report.reasons.length ? `\n\n${this.entry.report.reasons[0]}` : '');
    item.contextValue = 'opsConfig.verification';
    item.command = { command: 'opsConfig.signatures.openReport', title: 'Open Report', arguments: [this.entry.key] };
    return item;
  }

  filterText(): string {
    return `${this.entry.image} ${this.entry.checkedRef ?? this.entry.verifiedRef} ${this.entry.verdict}`;
  }

  getParent(): TreeNode {
    return this.parent;
  }
}

export class RegistryLoginNode implements TreeNode {
  readonly id: string;

  constructor(
    private readonly parent: TreeNode,
    readonly login: RegistryLogin,
  ) {
    this.id = `${parent.id}/${login.host}`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.login.host, vscode.TreeItemCollapsibleState.None);
    item.description = this.login.username;
    item.iconPath = new vscode.ThemeIcon('account');
    item.contextValue = 'opsConfig.registryLogin';
    item.tooltip = `Signed in to ${this.login.host} as ${this.login.username}; the password is kept in the editor's secret storage.`;
    return item;
  }

  filterText(): string {
    return `${this.login.host} ${this.login.username}`;
  }

  getParent(): TreeNode {
    return this.parent;
  }
}
