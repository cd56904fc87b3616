import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { QueryRun, QueryRunEvent } from '../clients/honeycomb';
import { ServiceError } from '../core/errors';
import { Logger } from '../core/logger';
import { withCancellableProgress } from '../ui/commandRunner';
import type { HoneycombExplorer } from '../views/honeycomb/explorer';
import type { PanelHost } from '../views/panels/panelHost';
import type { QueryResultViewModel } from '../views/panels/protocol';
import { QueryHistory } from './history';
import { progressText } from './progressText';
import type { QueryDraft } from './queryFile';
import { buildResultModel } from './resultModel';
import { resolveTarget } from './target';

/**
 * Runs queries for the editor: progress with Cancel (a rate-limit wait counts down), the results
 * panel, the history, and what a panel needs to come back after a window reload. A panel's key
 * maps to its draft and result ID in workspace state; reopening reads the result again by ID
 * (Honeycomb keeps it a day, and reading spends none of the 10-a-minute budget) and runs the
 * query anew only when that result is gone.
 */

const STORE_KEY = 'opsConfig.honeycomb.queryPanels';
const STORED_PANELS = 30;
/** Models kept in memory (a 10,000-group result is a few MB); older panels read theirs again. */
const MODELS_IN_MEMORY = 12;

interface StoredPanel {
  draft: QueryDraft;
  resultId: string;
  queryId: string;
  ranAt: string;
}

export interface RunOutcome {
  key: string;
  model: QueryResultViewModel;
  run: QueryRun;
}

export class QueryRunner {
  private readonly models = new Map<string, QueryResultViewModel>();
  private panels?: PanelHost<QueryResultViewModel>;
  /** What each panel reported after drawing (rows, paint time), for logs and tests. */
  readonly rendered = new Map<string, { rows: number; paintMs: number; visibleRows: string[][] }>();

  constructor(
    private readonly explorer: () => HoneycombExplorer,
    private readonly history: QueryHistory,
    private readonly workspaceState: vscode.Memento,
    private readonly logger: Logger,
  ) {}

  attach(panels: PanelHost<QueryResultViewModel>): void {
    this.panels = panels;
  }

  /** A new panel key for a palette run; query files use one key per file. */
  static newKey(): string {
    return `honeycomb-query:${randomUUID()}`;
  }

  static fileKey(uri: vscode.Uri): string {
    return `honeycomb-query:file:${uri.toString()}`;
  }

  draftOf(key: string): QueryDraft | undefined {
    return this.stored()[key]?.draft;
  }

  /** Runs with a progress notification (Cancel stops waiting and polling) and shows the panel. */
  async run(draft: QueryDraft, key = QueryRunner.newKey()): Promise<RunOutcome> {
    const target = await resolveTarget(this.explorer(), draft.environment);
    const title = `Honeycomb query on ${draft.dataset ?? 'all datasets'} (${target.envName})`;
    const run = await withCancellableProgress(title, async (signal, progress) => {
      let ticker: NodeJS.Timeout | undefined;
      const onEvent = (event: QueryRunEvent) => {
        if (ticker) clearInterval(ticker);
        ticker = undefined;
        progress.report({ message: progressText(event) });
        if (event.kind === 'waiting') {
          const until = Date.now() + event.waitMs;
          ticker = setInterval(() => progress.report({ message: progressText(event, until - Date.now()) }), 1000);
        }
      };
      try {
        return await target.client.runQuery({ query: draft.query, dataset: draft.dataset }, { signal, onEvent });
      } finally {
        if (ticker) clearInterval(ticker);
      }
    });
    const model = buildResultModel(run, { key, draft, environmentName: target.envName, ranAt: new Date() });
    this.logger.info(`Query "${model.title}" on ${draft.dataset ?? 'all datasets'} (${target.envName}): ${model.rows.length} groups; ${model.stats}.`);
    this.keep(key, model);
    await this.remember(key, { draft, resultId: run.record.id, queryId: run.record.queryId, ranAt: model.ranAt });
    await this.history.add(draft, target.envName);
    this.panels?.open(key, model);
    return { key, model, run };
  }

  /** The PanelKind loader: the model in memory, else the stored result read again, else a new run. */
  async load(key: string, signal: AbortSignal): Promise<QueryResultViewModel> {
    const known = this.models.get(key);
    if (known) return known;
    const stored = this.stored()[key];
    if (!stored) {
      throw new ServiceError({
        kind: 'notFound',
        service: 'Honeycomb',
        operation: 'getQueryResult',
        summary: 'this results panel no longer knows its query',
        hint: 'Run the query again from the command palette or its query file.',
      });
    }
    const target = await resolveTarget(this.explorer(), stored.draft.environment);
    let run: QueryRun;
    let notice: string;
    try {
      run = await target.client.fetchQueryResult({ resultId: stored.resultId, queryId: stored.queryId, dataset: stored.draft.dataset }, { signal });
      notice = `Result of ${new Date(stored.ranAt).toLocaleString()}, read again after the window reloaded. Re-run for fresh data.`;
    } catch (error) {
      if (!(error instanceof ServiceError) || error.kind !== 'notFound') throw error;
      run = await target.client.runQuery({ query: stored.draft.query, dataset: stored.draft.dataset }, { signal });
      notice = 'The stored result had expired, so the query ran again.';
      await this.remember(key, { ...stored, resultId: run.record.id, queryId: run.record.queryId, ranAt: new Date().toISOString() });
    }
    const model = buildResultModel(run, { key, draft: stored.draft, environmentName: target.envName, ranAt: new Date(stored.ranAt), notice });
    this.keep(key, model);
    return model;
  }

  forget(key: string): void {
    this.models.delete(key);
  }

  private keep(key: string, model: QueryResultViewModel): void {
    this.models.delete(key);
    this.models.set(key, model);
    for (const old of this.models.keys()) {
      if (this.models.size <= MODELS_IN_MEMORY) break;
      this.models.delete(old);
      this.rendered.delete(old);
    }
  }

  private stored(): Record<string, StoredPanel> {
    const value = this.workspaceState.get<Record<string, StoredPanel>>(STORE_KEY);
    return value && typeof value === 'object' ? value : {};
  }

  private async remember(key: string, entry: StoredPanel): Promise<void> {
    const all = { ...this.stored(), [key]: entry };
    // Keep the newest few: a panel older than that comes back by running its query again.
    const newest = Object.entries(all)
      .sort(([, a], [, b]) => b.ranAt.localeCompare(a.ranAt))
      .slice(0, STORED_PANELS);
    await this.workspaceState.update(STORE_KEY, Object.fromEntries(newest));
  }
}
