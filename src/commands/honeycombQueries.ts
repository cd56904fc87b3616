import * as vscode from 'vscode';
import { CoreServices } from '../connections/services';
import type { HoneycombExplorer } from '../views/honeycomb/api';
import { ServiceError, badInput } from '../core/errors';
import { QUERY_FILE_SUFFIX, QUERY_RESULT_VIEW_TYPE, isQueryFilePath } from '../queries/constants';
import type { QueryFeatures } from '../queries/features';
import { registerCommand } from '../ui/commandRunner';
import { createPanels } from '../views/panels/api';
import type { PanelHost, QueryResultViewModel } from '../views/panels/api';

/**
 * Honeycomb queries in the editor: "Ops Config: Run Honeycomb Query…" (quick picks, or a recent
 * query), "Run Query File" (the CodeLens of every `*.honeycomb-query.json`), the results panel
 * (restored after a reload), and the query files' diagnostics and completion.
 *
 * Only thin entry points live here; the features (and their JSON parser) load as a chunk of
 * their own on first use — a command, a query file opened, a panel restored.
 */
export interface HoneycombQueries {
  panels: PanelHost<QueryResultViewModel>;
  /** The query features, loading them if needed (integration tests reach the runner here). */
  features(): Promise<QueryFeatures>;
}

/** Which command fixes a missing or refused key. */
function signInFor(error: ServiceError): string {
  return /for environment/.test(error.summary) ? 'opsConfig.honeycomb.setEnvironmentApiKey' : 'opsConfig.honeycomb.setApiKey';
}

export function registerHoneycombQueries(context: vscode.ExtensionContext, services: CoreServices, explorer: HoneycombExplorer): HoneycombQueries {
  const logger = services.logger.child('queries');
  let loading: Promise<QueryFeatures> | undefined;
  const features = (): Promise<QueryFeatures> => {
    loading ??= import(/* webpackChunkName: "honeycomb-query-features" */ '../queries/features').then((m) => m.createQueryFeatures({ context, explorer, panels, logger }));
    return loading;
  };

  const panels: PanelHost<QueryResultViewModel> = createPanels<QueryResultViewModel>(
    context.extensionUri,
    {
      viewType: QUERY_RESULT_VIEW_TYPE,
      script: 'queryResult.js',
      load: async (key, signal) => (await features()).runner.load(key, signal),
      title: (model) => `Query: ${model.title.length > 48 ? `${model.title.slice(0, 47)}…` : model.title}`,
      onAction: async (key, action, args, panel) => (await features()).onAction(key, action, args, panel),
    },
    logger,
  );

  // The panel serializer, the query files' CodeLens and completion, and waking the features when
  // a query file is open are registered at start-up (src/startup/queryFileShells.ts).
  context.subscriptions.push(panels);

  registerCommand(context, logger, 'opsConfig.honeycomb.runQuery', async () => (await features()).runQuery(), signInFor);

  registerCommand(
    context,
    logger,
    'opsConfig.honeycomb.runQueryFile',
    async (arg?: unknown) => {
      const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
      if (!uri || !isQueryFilePath(uri.path)) {
        throw badInput('Honeycomb', 'runQueryFile', `this runs a query file (*${QUERY_FILE_SUFFIX})`, 'Open one, or build a query with "Ops Config: Run Honeycomb Query…".');
      }
      return (await features()).runQueryFile(uri);
    },
    signInFor,
  );

  registerCommand(context, logger, 'opsConfig.honeycomb.clearQueryHistory', async () => {
    await (await features()).history.clear();
    void vscode.window.setStatusBarMessage('Cleared the recent Honeycomb queries', 3000);
  });

  return { panels, features };
}
