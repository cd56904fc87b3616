import * as vscode from 'vscode';
import { RecordSources } from './recordSources';

/**
 * "View as JSON": a record opened as a read-only JSON document (search, folding and copy come
 * free). The document's URI carries the record key, so it can be re-read after a reload.
 */
export const JSON_SCHEME = 'opsconfig-json';

export class JsonDocuments implements vscode.TextDocumentContentProvider {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;

  constructor(private readonly sources: RecordSources) {}

  static uriFor(key: string, name: string): vscode.Uri {
    const safe = name.replace(/[^\w.@-]+/g, '_').slice(0, 80) || 'record';
    return vscode.Uri.from({ scheme: JSON_SCHEME, path: `/${safe}.json`, query: new URLSearchParams({ key }).toString() });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const key = new URLSearchParams(uri.query).get('key');
    if (!key) {
      return '// This document does not name a record.';
    }
    try {
      const loaded = await this.sources.get(key);
      return JSON.stringify(loaded.json, null, 2) + '\n';
    } catch (error) {
      return `// Could not load the record: ${(error as Error).message}\n`;
    }
  }

  async open(key: string, name: string): Promise<vscode.TextEditor> {
    const uri = JsonDocuments.uriFor(key, name);
    this.emitter.fire(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    return vscode.window.showTextDocument(document, { preview: true });
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
