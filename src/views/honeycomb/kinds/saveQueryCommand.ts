import * as vscode from 'vscode';
import { QUERY_FILE_SUFFIX, isQueryFilePath } from '../../../queries/constants';
import { QueryHistory } from '../../../queries/history';
import type { QueryDraft } from '../../../queries/queryFile';
import { prompts } from '../../../ui/prompts';
import { HoneycombExplorer } from '../explorer';
import { QUERY_ANNOTATION_KIND_ID } from './ids';
import { saveQuery } from './saveQuery';

/**
 * "Save as Honeycomb Query": from a query file (its editor title, or the active editor), or else
 * one of the queries recently run from the palette. After saving, the id can be copied, or the
 * query named at once (a new query annotation for it).
 */
export async function saveQueryCommand(explorer: HoneycombExplorer, history: QueryHistory, arg: unknown): Promise<void> {
  const draft = await draftToSave(history, arg);
  if (!draft) return;
  const saved = await saveQuery(explorer, draft);
  if (!saved) return;
  const choice = await prompts.info(`Saved the query in Honeycomb. Its ID is ${saved.id}.`, 'Name It…', 'Copy ID');
  if (choice === 'Copy ID') {
    await vscode.env.clipboard.writeText(saved.id);
  } else if (choice === 'Name It…') {
    await vscode.commands.executeCommand('opsConfig.newObject', { kindId: QUERY_ANNOTATION_KIND_ID, parent: { env: saved.env, dataset: saved.dataset, queryId: saved.id } });
  }
}

async function draftToSave(history: QueryHistory, arg: unknown): Promise<QueryDraft | undefined> {
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  if (uri && isQueryFilePath(uri.path)) {
    const document = await vscode.workspace.openTextDocument(uri);
    const { parseQueryFile } = await import(/* webpackChunkName: "queries" */ '../../../queries/queryFile');
    const parsed = parseQueryFile(document.getText());
    const errors = parsed.problems.filter((p) => p.severity === 'error');
    if (!parsed.draft || errors.length > 0) {
      throw new Error(`The query file has ${errors.length === 1 ? 'a problem' : `${errors.length} problems`} (${errors[0]?.message ?? 'no query'}); fix it before saving the query.`);
    }
    return parsed.draft;
  }
  const recent = history.entries();
  if (recent.length === 0) {
    throw new Error(`There is no query to save: open a query file (*${QUERY_FILE_SUFFIX}) or run a query with "Ops Config: Run Honeycomb Query…" first.`);
  }
  const picked = await prompts.quickPick(
    recent.map((entry) => ({ label: entry.title, description: `${entry.environmentName}${entry.draft.dataset ? ` · ${entry.draft.dataset}` : ' · all datasets'}`, entry })),
    { title: 'Save as Honeycomb Query', placeHolder: 'Which recent query?' },
  );
  return picked?.entry.draft;
}
