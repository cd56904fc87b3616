import * as path from 'node:path';
import * as vscode from 'vscode';
import { QUERY_FILE_SUFFIX } from './constants';
import { QueryDraft, queryFileText } from './queryFile';

/**
 * "Open as Query File": the draft as a new, unsaved `*.honeycomb-query.json` document, named
 * after what it asks and placed in the first workspace folder (Save writes it there). The name
 * carries the suffix, so the schema, diagnostics, completion and the Run CodeLens apply at once.
 */
export async function openAsQueryFile(draft: QueryDraft): Promise<vscode.TextEditor> {
  const base = suggestedName(draft);
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  let name = `${base}${QUERY_FILE_SUFFIX}`;
  let uri: vscode.Uri;
  if (folder) {
    // Do not shadow a file that exists: number the new one.
    for (let n = 2; ; n++) {
      const candidate = vscode.Uri.joinPath(folder, name);
      const exists = await vscode.workspace.fs.stat(candidate).then(
        () => true,
        () => false,
      );
      if (!exists && !vscode.workspace.textDocuments.some((d) => d.uri.path === candidate.path)) {
        uri = candidate.with({ scheme: 'untitled' });
        break;
      }
      name = `${base}-${n}${QUERY_FILE_SUFFIX}`;
    }
  } else {
    uri = vscode.Uri.from({ scheme: 'untitled', path: name });
  }
  const document = await vscode.workspace.openTextDocument(uri!);
  const editor = await vscode.window.showTextDocument(document);
  await editor.edit((edit) => edit.replace(new vscode.Range(0, 0, document.lineCount, 0), queryFileText(draft)));
  if (document.languageId !== 'json') await vscode.languages.setTextDocumentLanguage(document, 'json');
  return editor;
}

/** "api-gateway-p99-duration-ms-by-http-route" — short, safe as a file name. */
export function suggestedName(draft: QueryDraft): string {
  const calcs = (draft.query.calculations?.length ? draft.query.calculations : [{ op: 'COUNT' }]).map((c) => [c.op, 'column' in c ? c.column : undefined].filter(Boolean).join('-'));
  const parts = [draft.dataset ?? 'all-datasets', ...calcs.slice(0, 2), ...(draft.query.breakdowns?.length ? ['by', ...draft.query.breakdowns.slice(0, 2)] : [])];
  const slug = parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return path.basename(slug || 'query');
}
