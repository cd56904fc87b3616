import * as vscode from 'vscode';
import { ENVIRONMENT_WIDE } from '../../../clients/honeycomb/paths';
import { Logger } from '../../../core/logger';
import { EDIT_SCHEME } from '../../../editing/editUris';
import { Editing } from '../../../editing/register';
import { HoneycombExplorer } from '../explorer';
import { SLO_KIND_ID } from './ids';

/**
 * Completion of an SLO's SLI (`sli.alias`) from the environment's derived columns: the SLO's own
 * dataset's and the environment-wide ones. An SLO over several datasets (addressed `__all__`)
 * takes only an environment-wide one: the provider says the SLI "must be in the same dataset as
 * the SLO" unless it is environment-wide (slo_resource.go, `dataset`).
 */
export function registerSloCompletion(context: vscode.ExtensionContext, logger: Logger, editing: Editing, explorer: HoneycombExplorer): void {
  const provider: vscode.CompletionItemProvider = {
    async provideCompletionItems(document, position, token) {
      const parsed = editing.kinds.parse(document.uri.path);
      if (!parsed || parsed.kindId !== SLO_KIND_ID) return undefined;
      const { sliAliasPlace } = await import(/* webpackChunkName: "editing-text" */ './sloCompletionPlace');
      const place = sliAliasPlace(document.getText(), document.offsetAt(position));
      if (!place) return undefined;
      const range = place.replace ? new vscode.Range(document.positionAt(place.replace.offset), document.positionAt(place.replace.offset + place.replace.length)) : undefined;
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort());
      const { env, dataset } = parsed.address;
      try {
        const scopes = dataset === ENVIRONMENT_WIDE ? [undefined] : [dataset, undefined];
        const lists = await Promise.all(scopes.map((scope) => explorer.derivedColumns(env, scope, abort.signal)));
        return lists.flatMap((columns, i) =>
          columns.map((c) => {
            const where = scopes[i] === undefined ? 'environment-wide derived column' : `derived column of ${scopes[i]}`;
            const item = new vscode.CompletionItem({ label: c.alias, description: where }, vscode.CompletionItemKind.Value);
            item.insertText = JSON.stringify(c.alias);
            item.filterText = `"${c.alias}`;
            item.detail = c.expression;
            item.documentation = c.description || undefined;
            item.range = range;
            return item;
          }),
        );
      } catch (error) {
        // A completion list that cannot load is empty; the reason goes to the log, not a popup.
        if (!abort.signal.aborted) logger.warn(`SLI completions could not load: ${(error as Error).message}`);
        return undefined;
      }
    },
  };
  context.subscriptions.push(vscode.languages.registerCompletionItemProvider({ scheme: EDIT_SCHEME, pattern: '**/*.honeycomb-slo.json' }, provider, '"'));
}
