import type { HoneycombApi } from '../clients/honeycomb/api';
import type { LimiterClock } from '../clients/honeycomb/queryRateLimit';
import type { BoardPanelModel, BoardProgress, BoardViewModel } from '../views/panels/protocol';
import { buildResultModel } from './resultModel';

/**
 * Open Board without the editor: a board's panels in layout order (top to bottom, then left to
 * right; panels without a position keep the board's order), each query panel run by its saved
 * query's id and turned into the results panel's model, each SLO panel given its reported budget
 * (`?detailed`), each text panel its text. Query runs go through a queue: a few at a time, each
 * waiting for its turn in the connection's budget of 10 query results a minute
 * (queryRateLimit.ts), so the first chart comes back while later ones wait. Cancelling stops the
 * queue: runs not yet started never start, running ones stop waiting. A panel that fails says
 * why and the rest go on. No `vscode` here: tests and the benchmark run it against the stand-in.
 * The query runs and the writes load from the chunks they already live in (no second copy).
 */
const queryRuns = () => import(/* webpackChunkName: "honeycomb-query-runs" */ '../clients/honeycomb/queryRuns');
const writes = () => import(/* webpackChunkName: "honeycomb-writes" */ '../clients/honeycomb/writes');

type Json = Record<string, unknown>;

/** Query runs in flight at once: enough to overlap polling, few enough that Cancel saves most of the budget. */
const CONCURRENCY = 3;

export interface BoardRunOptions {
  signal: AbortSignal;
  /** Each time a panel changes (queued → running → drawn), with the progress count. */
  onPanel(panel: BoardPanelModel, progress: BoardProgress): void;
  environmentName: string;
  env?: string;
  /** Test and benchmark seam: the clock of the rate-limit queue and polls. */
  clock?: LimiterClock;
}

/** The panels in layout order, with the panel objects they come from. */
export function layoutOrder(board: Json): Json[] {
  const panels = (Array.isArray(board.panels) ? board.panels : []).filter((p): p is Json => !!p && typeof p === 'object' && !Array.isArray(p));
  const at = (p: Json, axis: 'x_coordinate' | 'y_coordinate') => {
    const position = p.position as Json | undefined;
    return typeof position?.[axis] === 'number' ? position[axis] : Number.POSITIVE_INFINITY;
  };
  return panels
    .map((p, i) => ({ p, i }))
    .sort((a, b) => at(a.p, 'y_coordinate') - at(b.p, 'y_coordinate') || at(a.p, 'x_coordinate') - at(b.p, 'x_coordinate') || a.i - b.i)
    .map(({ p }) => p);
}

export function boardViewModel(key: string, board: Json, environmentName: string): BoardViewModel {
  const panels = layoutOrder(board).map((p, index): BoardPanelModel => {
    const width = typeof (p.position as Json | undefined)?.width === 'number' ? Number((p.position as Json).width) : 0;
    if (p.type === 'text') return { index, kind: 'text', title: 'Text', width, state: 'done', text: String((p.text_panel as Json | undefined)?.content ?? '') };
    if (p.type === 'slo') return { index, kind: 'slo', title: 'SLO', width, state: 'running', message: 'Reading the SLO…' };
    const style = String((p.query_panel as Json | undefined)?.query_style ?? 'graph');
    return { index, kind: 'query', title: 'Query', width, state: 'queued', message: 'Waiting for its turn', style };
  });
  const total = panels.filter((p) => p.kind === 'query').length;
  const url = (board.links as Json | undefined)?.board_url;
  return {
    key,
    kind: 'board',
    title: String(board.name ?? 'Board'),
    subtitle: [environmentName, `${panels.length} ${panels.length === 1 ? 'panel' : 'panels'}`, typeof board.description === 'string' ? board.description : ''].filter(Boolean).join(' · '),
    ...(typeof url === 'string' && url.startsWith('https://') ? { url } : {}),
    panels,
    progress: { done: 0, total, running: total > 0 },
  };
}

/** Runs every panel of `model` (made by boardViewModel from `board`), updating the model in place. */
export async function runBoard(api: HoneycombApi, board: Json, model: BoardViewModel, options: BoardRunOptions): Promise<void> {
  const sources = layoutOrder(board);
  const progress = model.progress;
  const update = (index: number, change: Partial<BoardPanelModel>) => {
    const panel = Object.assign(model.panels[index], change);
    if (panel.kind === 'query' && ['done', 'error', 'cancelled'].includes(panel.state))
      progress.done = model.panels.filter((p) => p.kind === 'query' && ['done', 'error', 'cancelled'].includes(p.state)).length;
    progress.running = progress.done < progress.total && !options.signal.aborted;
    options.onPanel(panel, { ...progress });
  };
  const names = annotationNames(api, options.signal);
  const slos = model.panels.filter((p) => p.kind === 'slo').map((p) => sloPanel(api, sources[p.index], p.index, update, options.signal));
  const queue = model.panels.filter((p) => p.kind === 'query').map((p) => p.index);
  const worker = async () => {
    for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
      if (options.signal.aborted) break;
      await queryPanel(api, sources[index], index, update, names, options);
    }
  };
  await Promise.all([...slos, ...Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker)]);
  // What Cancel left unstarted: said so, and counted.
  for (const index of queue) update(index, { state: 'cancelled', message: 'Not run: cancelled.' });
  for (const p of model.panels) if (p.kind === 'query' && (p.state === 'queued' || p.state === 'running')) update(p.index, { state: 'cancelled', message: 'Not run: cancelled.' });
}

type Update = (index: number, change: Partial<BoardPanelModel>) => void;

async function queryPanel(api: HoneycombApi, panel: Json, index: number, update: Update, names: (dataset: string) => Promise<Map<string, string>>, options: BoardRunOptions): Promise<void> {
  const spec = (panel.query_panel ?? {}) as Json;
  const queryId = String(spec.query_id ?? '');
  const dataset = typeof spec.dataset === 'string' && spec.dataset !== '' ? spec.dataset : undefined;
  update(index, { state: 'running', message: 'Running…' });
  try {
    const title = (await names(dataset ?? '__all__').catch(() => new Map<string, string>())).get(String(spec.query_annotation_id ?? ''));
    const run = await (await queryRuns()).runSavedQuery(api, { queryId, dataset }, { signal: options.signal, clock: options.clock });
    const result = buildResultModel(run, { key: `board-panel:${index}`, draft: { environment: options.env, dataset, query: run.query }, environmentName: options.environmentName, ranAt: new Date() });
    update(index, { state: 'done', message: undefined, title: title ?? result.title, result });
  } catch (error) {
    if (options.signal.aborted) update(index, { state: 'cancelled', message: 'Stopped: cancelled.' });
    else update(index, { state: 'error', message: (error as Error).message });
  }
}

async function sloPanel(api: HoneycombApi, panel: Json, index: number, update: Update, signal: AbortSignal): Promise<void> {
  const id = String((panel.slo_panel as Json | undefined)?.slo_id ?? '');
  try {
    const slo = api.expectObject<Json>('getSlo', await api.v1({ operation: 'getSlo', path: `/1/slos/__all__/${encodeURIComponent(id)}`, query: { detailed: true }, signal }));
    const perMillion = typeof slo.target_per_million === 'number' ? slo.target_per_million : undefined;
    const number = (v: unknown) => (typeof v === 'number' ? v : null);
    update(index, {
      state: 'done',
      message: undefined,
      title: String(slo.name ?? id),
      slo: {
        target: `${perMillion === undefined ? '?' : Math.round(perMillion / 100) / 100}% over ${String(slo.time_period_days ?? '?')} days`,
        budgetRemaining: number(slo.budget_remaining),
        compliance: number(slo.compliance),
      },
    });
  } catch (error) {
    update(index, { state: 'error', title: `SLO ${id}`, message: (error as Error).message });
  }
}

/** Query annotation names by id, one list request per dataset (no query budget spent). */
function annotationNames(api: HoneycombApi, signal: AbortSignal): (dataset: string) => Promise<Map<string, string>> {
  const lists = new Map<string, Promise<Map<string, string>>>();
  return (dataset) => {
    let list = lists.get(dataset);
    if (!list) {
      list = writes()
        .then((w) => w.queryAnnotationWrites.list(api, dataset, signal))
        .then((items) => new Map(items.map((a) => [String(a.id), String(a.name ?? '')])));
      lists.set(dataset, list);
    }
    return list;
  };
}
