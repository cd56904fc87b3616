import * as vscode from 'vscode';
import { QUERY_FILE_SUFFIX, isQueryFilePath } from '../queries/constants';
import type { QueryFeatures } from '../queries/features';
import { Slot } from './slot';

const selector: vscode.DocumentSelector = [{ language: 'json', pattern: `**/*${QUERY_FILE_SUFFIX}` }];

/**
 * What a Honeycomb query file (`*.honeycomb-query.json`) gets from the moment the extension
 * starts: its CodeLens and completion, and — when one is open or gets opened — the query
 * features, which then check it and watch documents themselves. The slot holds the features'
 * loader (they come in a chunk of their own, after the extension's features).
 */
export function registerQueryFileShells(slot: Slot<() => Promise<QueryFeatures>>, subscriptions: vscode.Disposable[]): void {
  const features = async (): Promise<QueryFeatures> => (await slot.get())();
  const wake = (document: vscode.TextDocument): void => {
    if (isQueryFilePath(document.uri.path)) features().catch(() => undefined); // a failed load is reported where it happens
  };
  vscode.workspace.textDocuments.forEach(wake);
  subscriptions.push(
    vscode.workspace.onDidOpenTextDocument(wake),
    vscode.languages.registerCodeLensProvider(selector, { provideCodeLenses: async (document) => (await features()).codeLenses.provideCodeLenses(document) }),
    vscode.languages.registerCompletionItemProvider(selector, { provideCompletionItems: async (document, position) => (await features()).completions.provideCompletionItems(document, position) }, '"'),
  );
}
