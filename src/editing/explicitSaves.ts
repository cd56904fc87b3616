import * as vscode from 'vscode';

/**
 * Lets a file system provider tell a save the user asked for from an automatic one. VS Code
 * passes no reason to `writeFile`, but announces each save (with its reason) just before it
 * writes; the last announcement for a document is the reason of its next write.
 */
export class ExplicitSaves implements vscode.Disposable {
  private readonly reasons = new Map<string, vscode.TextDocumentSaveReason>();
  private readonly listener: vscode.Disposable;

  constructor(private readonly scheme: string) {
    this.listener = vscode.workspace.onWillSaveTextDocument((event) => {
      if (event.document.uri.scheme === this.scheme) this.reasons.set(event.document.uri.toString(), event.reason);
    });
  }

  /**
   * Throws for an automatic save (after a delay, on focus or window change). Auto-save (the
   * default in VS Code for the web) would otherwise send half-typed objects to a server a second
   * after each pause. The refusal keeps the text dirty, and VS Code then skips further auto-saves
   * of the document until the user saves it.
   */
  refuseAutomatic(uri: vscode.Uri): void {
    const key = uri.toString();
    const reason = this.reasons.get(key);
    this.reasons.delete(key);
    if (reason !== undefined && reason !== vscode.TextDocumentSaveReason.Manual) {
      throw vscode.FileSystemError.Unavailable('Not saved automatically: live configuration changes only when you save it yourself (Ctrl+S), after you have seen the plan. Your edits are kept.');
    }
  }

  dispose(): void {
    this.listener.dispose();
  }
}
