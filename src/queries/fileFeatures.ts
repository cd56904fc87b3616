import { Node as JsonNode, findNodeAtLocation, getLocation, parseTree } from 'jsonc-parser';
import * as vscode from 'vscode';
import { ENVIRONMENT_WIDE } from '../clients/honeycomb';
import { calculationLabel } from '../clients/honeycomb/queryJson';
import type { HoneycombExplorer } from '../views/honeycomb/explorer';
import { isQueryFilePath } from './constants';
import { parseQueryFile } from './queryFile';

/**
 * What a `*.honeycomb-query.json` file gets in the editor beyond the JSON Schema (fields and
 * operators, contributed in package.json): diagnostics from the same validator the client uses,
 * while typing; completion of column names of the file's dataset (and of dataset and
 * environment slugs) when a key is configured; and a "Run query" CodeLens.
 */

export function isQueryFile(document: vscode.TextDocument): boolean {
  return isQueryFilePath(document.uri.path);
}

function toRange(document: vscode.TextDocument, start: number, end: number): vscode.Range {
  return new vscode.Range(document.positionAt(start), document.positionAt(Math.max(end, start + 1)));
}

/** Diagnostics while typing (debounced), cleared when the file closes. */
export class QueryFileDiagnostics implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('honeycomb-query');
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly delayMs = 250) {
    this.subscriptions = [
      vscode.workspace.onDidOpenTextDocument((d) => this.update(d)),
      vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document)),
      vscode.workspace.onDidCloseTextDocument((d) => {
        this.collection.delete(d.uri);
        clearTimeout(this.timers.get(d.uri.toString()));
      }),
    ];
    vscode.workspace.textDocuments.forEach((d) => this.update(d));
  }

  private schedule(document: vscode.TextDocument): void {
    if (!isQueryFile(document)) return;
    const id = document.uri.toString();
    clearTimeout(this.timers.get(id));
    this.timers.set(
      id,
      setTimeout(() => {
        this.timers.delete(id);
        this.update(document);
      }, this.delayMs),
    );
  }

  update(document: vscode.TextDocument): void {
    if (!isQueryFile(document) || document.isClosed) return;
    const parsed = parseQueryFile(document.getText());
    this.collection.set(
      document.uri,
      parsed.problems.map((p) => {
        const d = new vscode.Diagnostic(toRange(document, p.start, p.end), p.message, p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning);
        d.source = 'Honeycomb query';
        return d;
      }),
    );
  }

  dispose(): void {
    this.timers.forEach((t) => clearTimeout(t));
    this.subscriptions.forEach((s) => {
      s.dispose();
    });
    this.collection.dispose();
  }
}

/** "▶ Run query" on the first line of every query file, and what it will run against. */
export class QueryFileCodeLenses implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!isQueryFile(document)) return [];
    const parsed = parseQueryFile(document.getText());
    const at = new vscode.Range(0, 0, 0, 0);
    const lenses = [
      new vscode.CodeLens(at, { title: '$(play) Run query', tooltip: 'Run this query in Honeycomb and show the results', command: 'opsConfig.honeycomb.runQueryFile', arguments: [document.uri] }),
    ];
    const errors = parsed.problems.filter((p) => p.severity === 'error').length;
    if (errors > 0) {
      lenses.push(new vscode.CodeLens(at, { title: `$(error) ${errors} ${errors === 1 ? 'problem' : 'problems'} to fix first`, command: 'workbench.actions.view.problems' }));
    } else if (parsed.draft) {
      const d = parsed.draft;
      const what = (d.query.calculations?.length ? d.query.calculations : [{ op: 'COUNT' }]).map(calculationLabel).join(', ');
      lenses.push(new vscode.CodeLens(at, { title: `${what} on ${d.dataset ?? 'all datasets'}${d.environment ? ` in ${d.environment}` : ''}`, command: '' }));
    }
    return lenses;
  }
}

/** The string value of `name` at the file's top level, even while the file has other errors. */
function topLevel(root: JsonNode | undefined, name: string): string | undefined {
  const node = root ? findNodeAtLocation(root, [name]) : undefined;
  return node?.type === 'string' && String(node.value).trim() ? String(node.value) : undefined;
}

/** JSON paths whose value is a column name. */
function isColumnPath(path: Array<string | number>): boolean {
  if (path[0] !== 'query') return false;
  const p = path.slice(1);
  const last = p[p.length - 1];
  if (p.length === 2 && p[0] === 'breakdowns' && typeof last === 'number') return true;
  if (last !== 'column') return false;
  return (p.length === 3 && ['calculations', 'filters', 'orders', 'havings'].includes(String(p[0]))) || (p.length === 5 && p[0] === 'calculations' && p[2] === 'filters');
}

/** Column names of the file's dataset, dataset slugs and environment slugs, when connected. */
export class QueryFileCompletions implements vscode.CompletionItemProvider {
  constructor(private readonly explorer: () => HoneycombExplorer) {}

  async provideCompletionItems(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.CompletionItem[]> {
    if (!isQueryFile(document)) return [];
    const text = document.getText();
    const offset = document.offsetAt(position);
    const location = getLocation(text, offset);
    if (location.isAtPropertyKey) return [];
    const root = parseTree(text, [], { allowTrailingComma: true });
    const explorer = this.explorer();
    let env: string | undefined;
    try {
      env = topLevel(root, 'environment') ?? (await explorer.defaultEnvironment())?.slug;
    } catch {
      return []; // not connected: the schema's completions still apply
    }
    if (!env) return [];
    const dataset = topLevel(root, 'dataset');
    const names: Array<{ name: string; detail: string; documentation?: string; kind: vscode.CompletionItemKind }> = [];
    try {
      if (location.path.length === 1 && location.path[0] === 'dataset') {
        for (const d of await explorer.datasets(env))
          names.push({ name: d.slug, detail: d.name === d.slug ? 'dataset' : `dataset ${d.name}`, documentation: d.description, kind: vscode.CompletionItemKind.Module });
      } else if (location.path.length === 1 && location.path[0] === 'environment') {
        for (const e of await explorer.environments()) names.push({ name: e.slug, detail: `environment ${e.name}`, documentation: e.description, kind: vscode.CompletionItemKind.Folder });
      } else if (isColumnPath(location.path)) {
        for (const c of await explorer.columns(env, dataset ?? ENVIRONMENT_WIDE)) {
          if (!c.hidden) names.push({ name: c.name, detail: `${c.type} column`, documentation: c.description, kind: vscode.CompletionItemKind.Field });
        }
        for (const d of await explorer.derivedColumns(env, dataset).catch(() => []))
          names.push({ name: d.alias, detail: 'derived column', documentation: d.expression, kind: vscode.CompletionItemKind.Function });
      } else {
        return [];
      }
    } catch {
      return [];
    }
    // Replace the whole string the cursor is in, quotes included.
    const node = location.previousNode;
    const range = node && node.type === 'string' && offset >= node.offset && offset <= node.offset + node.length ? toRange(document, node.offset, node.offset + node.length) : undefined;
    const seen = new Set<string>();
    return names
      .filter((n) => !seen.has(n.name) && seen.add(n.name))
      .map((n, i) => {
        const item = new vscode.CompletionItem({ label: n.name, description: n.detail }, n.kind);
        item.insertText = JSON.stringify(n.name);
        item.filterText = JSON.stringify(n.name);
        item.sortText = String(i).padStart(5, '0');
        if (n.documentation) item.documentation = n.documentation;
        if (range) item.range = range;
        return item;
      });
  }
}
