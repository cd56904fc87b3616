import * as vscode from 'vscode';
import { BLUEPRINT_SCHEME } from '../views/authentik/blueprintScheme';
import type { BlueprintLanguage } from '../views/authentik/blueprintLanguage/provider';
import { looksLikeBlueprint } from './blueprintRecognition';

/**
 * Which YAML documents are authentik blueprints, and their language features from the moment the
 * extension starts (the features and the generated schema load, in chunks of their own, with the
 * first one). A blueprint is: a blueprint instance's content opened from the authentik view, or a
 * YAML document that looks like one (./blueprintRecognition.ts). No other extension is needed:
 * VS Code knows YAML.
 */
export function isBlueprintDocument(document: vscode.TextDocument): boolean {
  if (document.uri.scheme === BLUEPRINT_SCHEME) return true;
  if (document.languageId !== 'yaml') return false;
  return looksLikeBlueprint(document.uri.path, document.getText());
}

export function registerBlueprintShells(subscriptions: vscode.Disposable[]): void {
  let language: Promise<BlueprintLanguage> | undefined;
  const load = (): Promise<BlueprintLanguage> => {
    language ??= import(/* webpackChunkName: "authentik-blueprint-language" */ '../views/authentik/blueprintLanguage/provider').then((m) => {
      return m.loadBlueprintLanguage().then((loaded) => {
        subscriptions.push(loaded);
        return loaded;
      });
    });
    return language;
  };
  const wake = (document: vscode.TextDocument): void => {
    if (isBlueprintDocument(document)) void load().then((l) => l.check(document));
  };
  vscode.workspace.textDocuments.forEach(wake);
  const selector: vscode.DocumentSelector = [{ language: 'yaml' }, { scheme: BLUEPRINT_SCHEME }];
  subscriptions.push(
    vscode.workspace.onDidOpenTextDocument(wake),
    vscode.workspace.onDidChangeTextDocument(({ document }) => {
      if (isBlueprintDocument(document)) void load().then((l) => l.checkSoon(document));
      else if (language) void language.then((l) => l.forget(document));
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      if (language) void language.then((l) => l.forget(document));
    }),
    vscode.languages.registerCompletionItemProvider(
      selector,
      { provideCompletionItems: async (document, position) => (isBlueprintDocument(document) ? (await load()).provideCompletionItems(document, position) : undefined) },
      ':',
      ' ',
      '!',
      '[',
    ),
    vscode.languages.registerHoverProvider(selector, { provideHover: async (document, position) => (isBlueprintDocument(document) ? (await load()).provideHover(document, position) : undefined) }),
  );
}
