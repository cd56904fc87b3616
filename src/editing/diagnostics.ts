import * as vscode from 'vscode';
import { validateDocument } from './validate';
import { Address, EditableKind, JsonObject, Problem } from './kind';

/**
 * Problems of edit documents, on the lines they are about: the kind's schema and rules while the
 * user types (so a bad frequency is underlined before any save), and what the server refused on
 * the last save. Server problems stay until the text changes: a 422 must not vanish before the
 * user has read it.
 */
export class EditDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('opsConfig.edit');
  private readonly serverProblems = new Map<string, Problem[]>();
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(private readonly contextOf: (uri: vscode.Uri) => { kind: EditableKind; baseline?: JsonObject; address?: Address } | undefined) {}

  /** Checks a document now (on open, and after each change with a short delay). */
  async check(document: vscode.TextDocument): Promise<Problem[]> {
    const context = this.contextOf(document.uri);
    if (!context) return [];
    const text = document.getText();
    const { parseDocument } = await import(/* webpackChunkName: "editing-text" */ './parseDocument');
    const parsed = parseDocument(text);
    const problems = 'problems' in parsed ? parsed.problems : await validateDocument(context.kind, parsed.value, context.baseline, context.address);
    await this.show(document, [...problems, ...(this.serverProblems.get(document.uri.toString()) ?? [])]);
    return problems;
  }

  scheduleCheck(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    // The user typed: what the server said about the previous text no longer applies to it.
    this.serverProblems.delete(key);
    clearTimeout(this.pending.get(key));
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        void this.check(document);
      }, 250),
    );
  }

  /** Problems found at save time (client or server), shown at once. */
  async setSaveProblems(uri: vscode.Uri, text: string, problems: Problem[], fromServer: boolean): Promise<void> {
    if (fromServer) this.serverProblems.set(uri.toString(), problems);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    await this.showText(uri, text, problems, document);
  }

  clear(uri: vscode.Uri): void {
    this.serverProblems.delete(uri.toString());
    this.collection.delete(uri);
  }

  private show(document: vscode.TextDocument, problems: Problem[]): Promise<void> {
    return this.showText(document.uri, document.getText(), problems, document);
  }

  private async showText(uri: vscode.Uri, text: string, problems: Problem[], document: vscode.TextDocument | undefined): Promise<void> {
    const { spanOf } = await import(/* webpackChunkName: "editing-text" */ './problemRanges');
    const positionAt = (offset: number): vscode.Position => (document && document.getText() === text ? document.positionAt(offset) : positionIn(text, offset));
    this.collection.set(
      uri,
      problems.map((problem) => {
        const span = spanOf(text, problem);
        const diagnostic = new vscode.Diagnostic(
          new vscode.Range(positionAt(span.offset), positionAt(span.offset + span.length)),
          problem.message,
          problem.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
        );
        diagnostic.source = 'Ops Config';
        return diagnostic;
      }),
    );
  }

  dispose(): void {
    this.pending.forEach((timer) => clearTimeout(timer));
    this.collection.dispose();
  }
}

function positionIn(text: string, offset: number): vscode.Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return new vscode.Position(line, offset - (before.lastIndexOf('\n') + 1));
}
