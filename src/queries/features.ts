import * as vscode from 'vscode';
import { Logger } from '../core/logger';
import { reportCommandError } from '../ui/commandRunner';
import { prompts } from '../ui/prompts';
import type { PanelHandle, PanelHost } from '../views/panels/panelHost';
import type { HoneycombExplorer } from '../views/honeycomb/explorer';
import type { QueryResultViewModel } from '../views/panels/protocol';
import { QueryFileCodeLenses, QueryFileCompletions, QueryFileDiagnostics } from './fileFeatures';
import { QueryHistory } from './history';
import { openAsQueryFile } from './openFile';
import { pickQuery } from './palette';
import { parseQueryFile } from './queryFile';
import { QueryRunner, RunOutcome } from './runner';

/**
 * Everything behind Honeycomb queries in the editor, loaded as a chunk of its own the first time
 * it is needed (a query command, a query file opened, a results panel restored), so activation
 * stays small. commands/honeycombQueries.ts registers the thin entry points that load it.
 */
export interface QueryFeatures {
  runner: QueryRunner;
  history: QueryHistory;
  diagnostics: QueryFileDiagnostics;
  codeLenses: QueryFileCodeLenses;
  completions: QueryFileCompletions;
  runQuery(): Promise<RunOutcome | undefined>;
  runQueryFile(uri: vscode.Uri): Promise<RunOutcome | undefined>;
  onAction(key: string, action: string, args: unknown, panel: PanelHandle<QueryResultViewModel>): Promise<void>;
}

interface Rendered {
  rows: number;
  paintMs: number;
  visibleRows: string[][];
}

function isRendered(value: unknown): value is Rendered {
  const v = value as Rendered;
  return !!v && typeof v.rows === 'number' && typeof v.paintMs === 'number' && Array.isArray(v.visibleRows);
}

export function createQueryFeatures(deps: { context: vscode.ExtensionContext; explorer: HoneycombExplorer; panels: PanelHost<QueryResultViewModel>; logger: Logger }): QueryFeatures {
  const { context, logger } = deps;
  const explorer = () => deps.explorer;
  const history = new QueryHistory(context.globalState);
  const runner = new QueryRunner(explorer, history, context.workspaceState, logger);
  runner.attach(deps.panels);
  const diagnostics = new QueryFileDiagnostics();
  const codeLenses = new QueryFileCodeLenses();
  const completions = new QueryFileCompletions(explorer);
  context.subscriptions.push(diagnostics);

  return {
    runner,
    history,
    diagnostics,
    codeLenses,
    completions,

    async runQuery() {
      const choice = await pickQuery(explorer(), history.entries());
      if (!choice) return undefined;
      if (choice.action === 'file') {
        await openAsQueryFile(choice.draft);
        return undefined;
      }
      return runner.run(choice.draft);
    },

    async runQueryFile(uri) {
      const document = await vscode.workspace.openTextDocument(uri);
      diagnostics.update(document);
      const parsed = parseQueryFile(document.getText());
      const errors = parsed.problems.filter((p) => p.severity === 'error');
      if (errors.length > 0 || !parsed.draft) {
        const first = errors[0];
        const where = first ? ` (line ${document.positionAt(first.start).line + 1}: ${first.message})` : '';
        const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
        const choice = await prompts.error(
          `${name} has ${errors.length} ${errors.length === 1 ? 'problem' : 'problems'} to fix before it can run${where}. Nothing was sent to Honeycomb.`,
          'Show Problems',
        );
        if (choice === 'Show Problems') await vscode.commands.executeCommand('workbench.actions.view.problems');
        return undefined;
      }
      return runner.run(parsed.draft, QueryRunner.fileKey(uri));
    },

    async onAction(key, action, args, panel) {
      const draft = runner.draftOf(key);
      if (action === 'rendered') {
        if (isRendered(args)) {
          runner.rendered.set(key, args);
          if (logger.enabled('debug')) logger.debug(`Results panel drew ${args.rows} rows in ${args.paintMs.toFixed(0)} ms.`);
        }
      } else if (action === 'rerun' && draft) {
        const before = panel.model;
        panel.post({ type: 'loading', title: 'Running the query again…' });
        try {
          await runner.run(draft, key);
        } catch (error) {
          if (before) panel.show(before);
          await reportCommandError(logger, 'opsConfig.honeycomb.rerunQuery', error, () => 'opsConfig.honeycomb.setApiKey');
        }
      } else if (action === 'openAsFile' && draft) {
        await openAsQueryFile(draft);
      } else if ((action === 'rerun' || action === 'openAsFile') && !draft) {
        await prompts.error('This results panel no longer knows its query (it is older than the last 30 runs). Run the query again from the command palette or its query file.');
      }
    },
  };
}
