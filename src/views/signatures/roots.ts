import * as vscode from 'vscode';
import { RegistryCredentialStore, RegistryLogin } from '../../connections/registryCredentials';
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
    roots.push(new RegistryLoginsFolder(logins));
  }
  const entries = history.list();
  if (entries.length > 0) {
    roots.push(new RecentVerificationsFolder(entries));
  }
  roots.push(...signingRoots(signing));
  return roots;
}

class RecentVerificationsFolder implements TreeNode {
  readonly id = 'signatures/recent';

  constructor(private readonly entries: VerificationEntry[]) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Recent verifications', vscode.TreeItemCollapsibleState.Expanded);
    item.iconPath = new vscode.ThemeIcon('history');
    item.description = `${this.entries.length}`;
    item.contextValue = 'opsConfig.verificationHistory';
    return item;
  }

  getChildren(): TreeNode[] {
    return this.entries.map((entry) => new VerificationNode(this, entry));
  }

  getParent(): undefined {
    return undefined;
  }
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

class RegistryLoginsFolder implements TreeNode {
  readonly id = 'signatures/registries';

  constructor(private readonly logins: RegistryLogin[]) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Registry logins', vscode.TreeItemCollapsibleState.Expanded);
    item.iconPath = new vscode.ThemeIcon('package');
    item.description = `${this.logins.length}`;
    return item;
  }

  getChildren(): TreeNode[] {
    return this.logins.map((login) => new RegistryLoginNode(this, login));
  }

  getParent(): undefined {
    return undefined;
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
