import * as vscode from 'vscode';
import { FixedFolderNode } from '../tree/fixedFolderNode';
import { TreeNode } from '../tree/node';
import { shortName } from './reportModel';
import { SigningEntry, SigningHistory } from './signingHistory';

/** "Recent signing" in the Image Signatures view: each sign, attest or copy, opening its report. */
export function signingRoots(history: SigningHistory): TreeNode[] {
  const entries = history.list();
  return entries.length > 0
    ? [new FixedFolderNode('signatures/signing', { label: 'Recent signing', icon: 'edit', contextValue: 'opsConfig.signingHistory' }, entries, (folder, entry) => new SigningNode(folder, entry))]
    : [];
}

const VERBS: Record<SigningEntry['operation'], string> = { sign: 'signed', attest: 'attested', copy: 'copied' };

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
