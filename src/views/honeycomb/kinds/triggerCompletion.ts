import * as vscode from 'vscode';
import type { RecipientItem } from '../../../clients/honeycomb/recipients';
import { Logger } from '../../../core/logger';
import { EDIT_SCHEME } from '../../../editing/editUris';
import { Editing } from '../../../editing/register';
import { HoneycombExplorer } from '../explorer';
import { BURN_ALERT_KIND_ID, TRIGGER_KIND_ID } from './ids';

/**
 * Completions in trigger (and burn alert) documents from the environment's live data: recipients offered by what
 * people know them by (address, channel, integration or webhook name) and inserted by id, and
 * `query_id` offered as the dataset's saved queries by name. Secrets a recipient carries (a
 * webhook's secret or URL, a PagerDuty key) are never shown.
 */
export function registerTriggerCompletion(context: vscode.ExtensionContext, logger: Logger, editing: Editing, explorer: HoneycombExplorer): void {
  const provider: vscode.CompletionItemProvider = {
    async provideCompletionItems(document, position, token) {
      const parsed = editing.kinds.parse(document.uri.path);
      if (!parsed || (parsed.kindId !== TRIGGER_KIND_ID && parsed.kindId !== BURN_ALERT_KIND_ID)) return undefined;
      // The JSON reader loads with the first completion (it is in the editing chunk, not at start-up).
      const { triggerCompletionPlace } = await import(/* webpackChunkName: "editing-text" */ './triggerCompletionPlace');
      const place = triggerCompletionPlace(document.getText(), document.offsetAt(position));
      // A burn alert has recipients like a trigger's, and no query.
      if (!place || (place.kind === 'queryId' && parsed.kindId !== TRIGGER_KIND_ID)) return undefined;
      const range = place.replace ? new vscode.Range(document.positionAt(place.replace.offset), document.positionAt(place.replace.offset + place.replace.length)) : undefined;
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort());
      try {
        if (place.kind === 'queryId') {
          const saved = await explorer.annotations(parsed.address.env, parsed.address.dataset, abort.signal);
          return saved
            .filter((a) => a.queryId)
            .map((a) => {
              const item = new vscode.CompletionItem({ label: a.name || a.queryId, description: `saved query ${a.queryId}` }, vscode.CompletionItemKind.Value);
              item.insertText = JSON.stringify(a.queryId);
              item.filterText = `"${a.name} ${a.queryId}`;
              item.documentation = a.description || undefined;
              item.range = range;
              return item;
            });
        }
        const recipients = await explorer.recipients(parsed.address.env, abort.signal);
        return recipients.map((r) => {
          const item = new vscode.CompletionItem({ label: recipientName(r), description: `${r.type} · ${r.id}` }, vscode.CompletionItemKind.Value);
          const id = JSON.stringify(r.id);
          item.insertText = place.kind === 'recipientElement' ? `{ "id": ${id} }` : id;
          item.filterText = `${place.kind === 'recipientElement' ? '' : '"'}${recipientName(r)} ${r.type} ${r.id}`;
          item.range = range;
          return item;
        });
      } catch (error) {
        // A completion list that cannot load is empty; the reason goes to the log, not a popup.
        if (!abort.signal.aborted) logger.warn(`Trigger completions could not load: ${(error as Error).message}`);
        return undefined;
      }
    },
  };
  context.subscriptions.push(
    vscode.languages.registerCompletionItemProvider(
      [
        { scheme: EDIT_SCHEME, pattern: '**/*.honeycomb-trigger.json' },
        { scheme: EDIT_SCHEME, pattern: '**/*.honeycomb-burn-alert.json' },
      ],
      provider,
      '"',
      '{',
      '[',
    ),
  );
}

/** What people know a recipient by; never its webhook URL or integration key. */
export function recipientName(r: RecipientItem): string {
  return r.address || r.channel || r.integrationName || r.name || `${r.type} recipient`;
}
