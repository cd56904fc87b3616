import * as vscode from 'vscode';
import { TreeNode } from '../tree/node';
import { shortName } from './reportModel';
import { SigningEntry, SigningHistory } from './signingHistory';

/** "Recent signing" in the Image Signatures view: each sign, attest or copy, opening its report. */
export function signingRoots(history: SigningHistory): TreeNode[] {
  const entries = history.list();
  return entries.length > 0 ? [new RecentSigningFolder(entries)] : [];
}

const VERBS: Record<SigningEntry['operation'], string> = { sign: 'signed', attest: 'attested', copy: 'copied' };

class RecentSigningFolder implements TreeNode {
  readonly id = 'signatures/signing';

  constructor(private readonly entries: SigningEntry[]) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Recent signing', vscode.TreeItemCollapsibleState.Expanded);
    item.iconPath = new vscode.ThemeIcon('edit');
    item.description = `${this.entries.length}`;
    item.contextValue = 'opsConfig.signingHistory';
    return item;
  }

  getChildren(): TreeNode[] {
    return this.entries.map((entry) => new SigningNode(this, entry));
  }

  getParent(): undefined {
    return undefined;
  }
}

export class SigningNode implements TreeNode {
  readonly id: string;

  constructor(
    private readonly parent: TreeNode,
    readonly entry: SigningEntry,
  ) {
    this.id = `${parent.id}/${entry.key}`;
  }

  getTreeItem(): vscode.TreeItem {
    const verified = this.entry.verification?.verdict === 'verified';
    const skipped = this.entry.result.written.length === 0;
    const item = new vscode.TreeItem(shortName(this.entry.ref), vscode.TreeItemCollapsibleState.None);
    item.description =
      `${skipped ? 'nothing written' : VERBS[this.entry.operation]} · ` +
      `${verified ? 'verified' : this.entry.verification ? 'not verified' : 'not checked'} · ${new Date(this.entry.at).toLocaleString()}`;
    item.iconPath = new vscode.ThemeIcon(verified ? 'verified-filled' : 'warning', new vscode.ThemeColor(verified ? 'testing.iconPassed' : 'testing.iconQueued'));
    item.tooltip = new vscode.MarkdownString().appendText(
      `${this.entry.operation} ${this.entry.ref}\n${this.entry.result.written.map((w) => `${w.location}: ${w.detail}`).join('\n') || this.entry.result.skipped || ''}`,
    );
    item.contextValue = 'opsConfig.signingResult';
    item.command = { command: 'opsConfig.signing.openResult', title: 'Open Result', arguments: [this.entry.key] };
    return item;
  }

  filterText(): string {
    return `${this.entry.operation} ${this.entry.ref}`;
  }

  getParent(): TreeNode {
    return this.parent;
  }
}
