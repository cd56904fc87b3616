import * as vscode from 'vscode';
import { ServiceError } from '../../core/errors';
import { ErrorPresentation, presentError } from './errorPresentation';
import { TreeNode } from './node';

/** Shown instead of an empty list: "No SLOs in this dataset". */
export class EmptyNode implements TreeNode {
  constructor(
    readonly id: string,
    private readonly parent: TreeNode | undefined,
    private readonly message: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.message, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('info');
    item.contextValue = 'opsConfig.empty';
    return item;
  }

  getParent(): TreeNode | undefined {
    return this.parent;
  }
}

/**
 * A failed load, in the tree where it happened: "Could not reach api.honeycomb.io — Retry".
 * Clicking it does the obvious next step (retry, or sign in again); inline actions offer Retry,
 * Sign in again and View Logs. No popup: the user did not ask for this load.
 */
export class ErrorNode implements TreeNode {
  readonly presentation: ErrorPresentation;

  constructor(
    readonly id: string,
    private readonly parent: TreeNode | undefined,
    readonly error: unknown,
    /** The node to reload on Retry (usually the parent). */
    readonly retryTarget: TreeNode | undefined,
    /** Command that sets the credential again, for auth errors. */
    signInCommand?: string,
  ) {
    this.presentation = presentError(error, signInCommand);
  }

  getTreeItem(): vscode.TreeItem {
    const p = this.presentation;
    const item = new vscode.TreeItem(p.label, vscode.TreeItemCollapsibleState.None);
    item.description = p.description;
    item.tooltip = new vscode.MarkdownString().appendText(p.tooltip);
    item.iconPath = new vscode.ThemeIcon(p.icon, new vscode.ThemeColor(p.kind === 'auth' ? 'problemsWarningIcon.foreground' : 'problemsErrorIcon.foreground'));
    item.contextValue = p.signInCommand ? 'opsConfig.error.auth' : 'opsConfig.error';
    item.command = p.primary === 'signIn' && p.signInCommand ? { command: p.signInCommand, title: 'Sign in again' } : { command: 'opsConfig.retry', title: 'Retry', arguments: [this] };
    item.accessibilityInformation = { label: `${p.label}. ${p.tooltip}` };
    return item;
  }

  getParent(): TreeNode | undefined {
    return this.parent;
  }
}

export function isServiceErrorNode(node: TreeNode): node is ErrorNode {
  return node instanceof ErrorNode && node.error instanceof ServiceError;
}
