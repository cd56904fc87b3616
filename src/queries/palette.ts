import * as vscode from 'vscode';
import { ApiCalculation, ApiFilter, CALCULATION_OPS, ColumnItem, ENVIRONMENT_WIDE, FILTER_OPS, filterOpTakesList, filterOpTakesValue, opNeedsColumn } from '../clients/honeycomb';
import { coerceFilterValue } from '../clients/honeycomb/queryDecode';
import { prompts } from '../ui/prompts';
import type { HoneycombExplorer } from '../views/honeycomb/explorer';
import { calculationHelp } from './calculationHelp';
import { RecentQuery } from './history';
import type { QueryDraft } from './queryFile';
import { noQueryKeyError } from './target';

/**
 * "Ops Config: Run Honeycomb Query…": a walk through quick picks — a recent query or a new one,
 * the environment (when keys reach several), the dataset or all, calculations (columns from
 * the dataset's getColumns), filters, breakdowns and the time range — ending in Run or Open as
 * Query File. Every step has Back; Escape leaves without running anything.
 */

export interface PaletteChoice {
  action: 'run' | 'file';
  draft: QueryDraft;
}

const TITLE = 'Run Honeycomb Query';

export const TIME_RANGES: Array<{ label: string; seconds: number }> = [
  { label: 'Last 10 minutes', seconds: 600 },
  { label: 'Last 30 minutes', seconds: 1800 },
  { label: 'Last hour', seconds: 3600 },
  { label: 'Last 2 hours', seconds: 7200 },
  { label: 'Last 6 hours', seconds: 21600 },
  { label: 'Last 24 hours', seconds: 86400 },
  { label: 'Last 7 days', seconds: 604800 },
];

type Item<T> = vscode.QuickPickItem & { value: T };

interface State {
  environment?: string;
  dataset?: string;
  calculations: ApiCalculation[];
  filters: ApiFilter[];
  breakdowns: string[];
  timeRange: number;
}

/** Columns and derived columns a query can name: visible ones, numbers first for numeric ops. */
async function columnItems(explorer: HoneycombExplorer, env: string, dataset: string | undefined, numericFirst: boolean): Promise<Array<Item<string>>> {
  const columns: ColumnItem[] = await explorer.columns(env, dataset ?? ENVIRONMENT_WIDE).catch(() => []);
  const derived = await explorer.derivedColumns(env, dataset).catch(() => []);
  const numeric = (type: string) => type === 'integer' || type === 'float';
  const visible = columns.filter((c) => !c.hidden);
  const sorted = numericFirst ? [...visible.filter((c) => numeric(c.type)), ...visible.filter((c) => !numeric(c.type))] : visible;
  const seen = new Set<string>();
  const items: Array<Item<string>> = [];
  for (const c of sorted) {
    if (seen.has(c.name)) continue;
    seen.add(c.name);
    items.push({ label: c.name, description: c.type, detail: c.description || undefined, value: c.name });
  }
  for (const d of derived) {
    if (seen.has(d.alias)) continue;
    seen.add(d.alias);
    items.push({ label: d.alias, description: 'derived column', detail: d.expression, value: d.alias });
  }
  return items;
}

export async function pickQuery(explorer: HoneycombExplorer, recent: RecentQuery[]): Promise<PaletteChoice | undefined> {
  // Step 0: a recent query, or a new one.
  if (recent.length > 0) {
    const items: Array<Item<RecentQuery | undefined>> = [
      { label: '$(add) New query…', value: undefined },
      { label: 'Recent queries', kind: vscode.QuickPickItemKind.Separator, value: undefined },
      ...recent.map((e) => ({ label: e.title, description: `${e.draft.dataset ?? 'all datasets'} · ${e.environmentName}`, detail: `Last run ${new Date(e.ranAt).toLocaleString()}`, value: e })),
    ];
    const answer = await prompts.pickStep(items, { title: TITLE, step: 1, totalSteps: 1, placeholder: 'Run a recent query again, or build a new one' });
    if (answer === undefined || answer === 'back' || answer.length === 0) return undefined;
    if (answer[0].value) return { action: 'run', draft: answer[0].value.draft };
  }

  const own = await explorer.defaultEnvironment();
  const environments = await reachableEnvironments(explorer, own?.slug);
  if (environments.length === 0) throw noQueryKeyError();
  // With one reachable environment the draft names none: it runs with the configured key, and a
  // query file made from it works for whoever opens it with their own key.
  const state: State = { calculations: [], filters: [], breakdowns: [], timeRange: 7200 };
  const steps: Array<(n: number, total: number) => Promise<'next' | 'back' | undefined>> = [];
  if (environments.length > 1) steps.push((n, total) => pickEnvironment(state, environments, n, total));
  steps.push(
    (n, total) => pickDataset(explorer, state, n, total),
    (n, total) => pickCalculations(explorer, state, n, total),
    (n, total) => pickFilters(explorer, state, n, total),
    (n, total) => pickBreakdowns(explorer, state, n, total),
    (n, total) => pickTimeRange(state, n, total),
  );
  let action: PaletteChoice['action'] | undefined;
  steps.push(async (n, total) => {
    const answer = await prompts.pickStep<Item<PaletteChoice['action']>>(
      [
        { label: '$(play) Run query', description: 'show the results table and chart', value: 'run' },
        { label: '$(new-file) Open as query file', description: 'edit it as *.honeycomb-query.json, run it from there', value: 'file' },
      ],
      { title: TITLE, step: n, totalSteps: total, placeholder: 'What now?' },
    );
    if (answer === undefined || answer === 'back') return answer;
    action = answer[0]?.value;
    return action ? 'next' : undefined;
  });

  for (let i = 0; i < steps.length;) {
    const result = await steps[i](i + 1, steps.length);
    if (result === undefined) return undefined;
    i = result === 'back' ? Math.max(0, i - 1) : i + 1;
  }
  return action ? { action, draft: draftOf(state) } : undefined;
}

/**
 * The draft the answers describe; ordered by the first calculation, largest first. With no
 * calculation picked the query carries none: Honeycomb counts events in an event dataset and
 * asks for one in a metrics dataset, and only the service knows which kind the dataset is.
 */
export function draftOf(state: State): QueryDraft {
  const calculations = state.calculations;
  const first = calculations[0];
  return {
    environment: state.environment,
    dataset: state.dataset,
    query: {
      ...(calculations.length ? { calculations } : {}),
      ...(state.filters.length ? { filters: state.filters } : {}),
      ...(state.breakdowns.length ? { breakdowns: state.breakdowns } : {}),
      ...(first && first.op !== 'HEATMAP' ? { orders: [{ op: first.op, ...(first.column ? { column: first.column } : {}), order: 'descending' }] } : {}),
      time_range: state.timeRange,
    },
  };
}

async function reachableEnvironments(explorer: HoneycombExplorer, own: string | undefined): Promise<Array<{ slug: string; name: string }>> {
  const out: Array<{ slug: string; name: string }> = [];
  const listed = (await explorer.start().catch(() => undefined))?.config.managementKey ? await explorer.environments().catch(() => []) : [];
  for (const env of listed) {
    if (env.slug === own || (await explorer.keySource(env.slug))) out.push({ slug: env.slug, name: env.name || env.slug });
  }
  if (own && !out.some((e) => e.slug === own)) out.unshift({ slug: own, name: (await explorer.defaultEnvironment())?.name ?? own });
  return out;
}

async function pickEnvironment(state: State, environments: Array<{ slug: string; name: string }>, n: number, total: number): Promise<'next' | 'back' | undefined> {
  const items = environments.map((e) => ({ label: e.name, description: e.slug, value: e.slug }));
  const answer = await prompts.pickStep(items, { title: TITLE, step: n, totalSteps: total, placeholder: 'Which environment?', selected: items.filter((i) => i.value === state.environment) });
  if (answer === undefined || answer === 'back') return answer;
  state.environment = answer[0]?.value;
  return state.environment ? 'next' : undefined;
}

function envOf(state: State, explorer: HoneycombExplorer): Promise<string> {
  return state.environment ? Promise.resolve(state.environment) : explorer.defaultEnvironment().then((e) => e?.slug ?? '');
}

async function pickDataset(explorer: HoneycombExplorer, state: State, n: number, total: number): Promise<'next' | 'back' | undefined> {
  const env = await envOf(state, explorer);
  const datasets = await explorer.datasets(env);
  const items: Array<Item<string | undefined>> = [
    { label: '$(globe) All datasets', description: 'environment-wide query', value: undefined },
    ...datasets.map((d) => ({ label: d.name, description: d.slug === d.name ? undefined : d.slug, detail: d.description || undefined, value: d.slug })),
  ];
  const answer = await prompts.pickStep(items, { title: TITLE, step: n, totalSteps: total, placeholder: 'Which dataset?', selected: items.filter((i) => i.value === state.dataset) });
  if (answer === undefined || answer === 'back') return answer;
  if (answer.length === 0) return undefined;
  state.dataset = answer[0].value;
  return 'next';
}

async function pickCalculations(explorer: HoneycombExplorer, state: State, n: number, total: number): Promise<'next' | 'back' | undefined> {
  for (;;) {
    const chosen = new Set(state.calculations.map((c) => c.op));
    const items: Array<Item<string>> = CALCULATION_OPS.map((op) => ({ label: op, description: calculationHelp(op), value: op }));
    const answer = await prompts.pickStep(items, {
      title: `${TITLE}: calculations`,
      step: n,
      totalSteps: total,
      canPickMany: true,
      placeholder: 'What to calculate? Columns come next. None: Honeycomb counts events (a metrics dataset needs one).',
      selected: items.filter((i) => chosen.has(i.value)),
    });
    if (answer === undefined || answer === 'back') return answer;
    const ops = answer.map((a) => a.value);
    const env = await envOf(state, explorer);
    const calculations: ApiCalculation[] = [];
    let back = false;
    for (const op of ops) {
      if (!opNeedsColumn(op)) {
        calculations.push({ op });
        continue;
      }
      const columns = await columnItems(explorer, env, state.dataset, true);
      const previous = state.calculations.find((c) => c.op === op)?.column;
      const column = await prompts.pickStep(columns, {
        title: `${TITLE}: ${op} of which column?`,
        step: n,
        totalSteps: total,
        placeholder: `${op} needs a column`,
        selected: columns.filter((c) => c.value === previous),
      });
      if (column === undefined) return undefined;
      if (column === 'back' || column.length === 0) {
        back = true;
        break;
      }
      calculations.push({ op, column: column[0].value });
    }
    if (back) continue;
    state.calculations = calculations;
    return 'next';
  }
}

async function pickFilters(explorer: HoneycombExplorer, state: State, n: number, total: number): Promise<'next' | 'back' | undefined> {
  const env = await envOf(state, explorer);
  for (;;) {
    const describe = (f: ApiFilter) => `${f.column} ${f.op}${f.value === undefined ? '' : ` ${Array.isArray(f.value) ? f.value.join(', ') : String(f.value)}`}`;
    const items: Array<Item<'done' | 'add' | number>> = [
      {
        label: state.filters.length ? '$(arrow-right) Continue' : '$(arrow-right) No filters',
        description: state.filters.length ? `${state.filters.length} filter${state.filters.length === 1 ? '' : 's'}` : 'all events',
        value: 'done',
      },
      { label: '$(add) Add a filter…', value: 'add' },
      ...state.filters.map((f, i) => ({ label: `$(close) ${describe(f)}`, description: 'remove this filter', value: i })),
    ];
    const answer = await prompts.pickStep(items, { title: `${TITLE}: filters`, step: n, totalSteps: total, placeholder: 'Filter the events?' });
    if (answer === undefined || answer === 'back') return answer;
    const choice = answer[0]?.value;
    if (choice === undefined) return undefined;
    if (choice === 'done') return 'next';
    if (typeof choice === 'number') {
      state.filters.splice(choice, 1);
      continue;
    }
    const columns = await columnItems(explorer, env, state.dataset, false);
    const column = await prompts.pickStep(columns, { title: `${TITLE}: filter on which column?`, step: n, totalSteps: total });
    if (column === undefined) return undefined;
    if (column === 'back' || column.length === 0) continue;
    const ops = FILTER_OPS.map((op) => ({ label: op, value: op }));
    const op = await prompts.pickStep(ops, { title: `${TITLE}: ${column[0].value} …`, step: n, totalSteps: total, placeholder: 'Operator' });
    if (op === undefined) return undefined;
    if (op === 'back' || op.length === 0) continue;
    const filter: ApiFilter = { column: column[0].value, op: op[0].value };
    if (filterOpTakesValue(filter.op)) {
      const list = filterOpTakesList(filter.op);
      const value = await prompts.inputStep({
        title: `${TITLE}: ${filter.column} ${filter.op} …`,
        step: n,
        totalSteps: total,
        prompt: list ? 'Values, separated by commas' : 'Value (numbers and true/false are sent as such)',
        validate: (v) => (v.trim() === '' ? 'Enter a value.' : undefined),
      });
      if (value === undefined) return undefined;
      if (value === 'back') continue;
      // The palette takes text like the provider's attributes, and coerces it the same way.
      filter.value = coerceFilterValue(filter.op, list ? value.split(',').map((s) => s.trim()) : value.trim());
    }
    state.filters.push(filter);
  }
}

async function pickBreakdowns(explorer: HoneycombExplorer, state: State, n: number, total: number): Promise<'next' | 'back' | undefined> {
  const env = await envOf(state, explorer);
  const columns = await columnItems(explorer, env, state.dataset, false);
  const answer = await prompts.pickStep(columns, {
    title: `${TITLE}: group by`,
    step: n,
    totalSteps: total,
    canPickMany: true,
    placeholder: 'Break down by which columns? (none: one group)',
    selected: columns.filter((c) => state.breakdowns.includes(c.value)),
  });
  if (answer === undefined || answer === 'back') return answer;
  state.breakdowns = answer.map((a) => a.value);
  return 'next';
}

async function pickTimeRange(state: State, n: number, total: number): Promise<'next' | 'back' | undefined> {
  const items = TIME_RANGES.map((r) => ({ label: r.label, description: `${r.seconds} s`, value: r.seconds }));
  const answer = await prompts.pickStep(items, {
    title: `${TITLE}: time range`,
    step: n,
    totalSteps: total,
    placeholder: 'Over what time?',
    selected: items.filter((i) => i.value === state.timeRange),
  });
  if (answer === undefined || answer === 'back') return answer;
  if (answer.length === 0) return undefined;
  state.timeRange = answer[0].value;
  return 'next';
}
