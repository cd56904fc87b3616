import * as vscode from 'vscode';
import { RegistryCredentialStore, RegistryLogin } from '../../connections/registryCredentials';
import { TreeNode } from '../tree/node';

/** The Image Signatures view: the registry logins saved in this editor. */
export function signatureRoots(store: RegistryCredentialStore): TreeNode[] {
  const logins = store.list();
  if (logins.length === 0) {
    return [];
  }
  const folder = new RegistryLoginsFolder(logins);
  return [folder];
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
