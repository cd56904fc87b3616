import * as vscode from 'vscode';
import { formatDocument } from './document';
import { JsonObject } from './kind';

/**
 * Read-only documents for the two sides of a diff: the object on the server and what a save
 * would send (the plan), or the server's version next to the user's (a conflict). Kept in memory
 * under a counter; nothing is written anywhere.
 */
export const PLAN_SCHEME = 'opsconfig-plan';

export class PlanDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private counter = 0;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? '// This comparison is no longer available.\n';
  }

  /** A read-only document holding `object`, named like the file it stands for. */
  add(label: string, object: JsonObject): vscode.Uri {
    const path = `/${++this.counter}/${label.replace(/[/\\]+/g, '_')}.json`;
    this.texts.set(path, formatDocument(object));
    // Only the last few comparisons are kept; older ones are closed or long forgotten.
    if (this.texts.size > 20) this.texts.delete(this.texts.keys().next().value as string);
    return vscode.Uri.from({ scheme: PLAN_SCHEME, path });
  }

  dispose(): void {
    this.texts.clear();
  }
}
