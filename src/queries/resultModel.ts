import { QueryRun } from '../clients/honeycomb';
import { calculationLabel, canonicalQuery, describeQuery, describeTimeRange } from '../clients/honeycomb/queryJson';
import { effectiveCalculations } from '../clients/honeycomb/queryRules';
import { ownValue } from '../views/panels/panelText';
import type { QueryResultColumn, QueryResultLine, QueryResultViewModel } from '../views/panels/protocol';
import type { QueryDraft } from './queryFile';

/**
 * The results panel's model from a finished run: the table (breakdowns first, then each
 * calculation, in the order Honeycomb returned the groups), the chart (the busiest groups' time
 * series, per calculation), links and the spec. Pure, so it is tested without an editor. Rows
 * are read by their own keys only (`ownValue`): a breakdown named `constructor` is a column.
 */

/** Lines drawn per calculation: more than this is unreadable and slow to hover. */
export const CHART_GROUPS = 10;

export interface ResultContext {
  key: string;
  draft: QueryDraft;
  environmentName: string;
  ranAt: Date;
  notice?: string;
}

function groupLabel(breakdowns: string[], data: Record<string, unknown>): string {
  if (breakdowns.length === 0) return 'all events';
  return breakdowns
    .map((b) => {
      const value = ownValue(data, b);
      return value === undefined || value === null ? '(none)' : String(value);
    })
    .join(' · ');
}

function cell(value: unknown): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  return JSON.stringify(value);
}

export function requestSummary(run: Pick<QueryRun, 'requests' | 'rateLimited' | 'queuedMs' | 'durationMs'>): string {
  const r = run.requests;
  const total = r.createQuery + r.createResult + r.poll;
  const parts = [`${total} request${total === 1 ? '' : 's'}: ${r.createQuery} query, ${r.createResult} result${r.createResult === 1 ? '' : 's'}, ${r.poll} poll${r.poll === 1 ? '' : 's'}`];
  if (run.rateLimited > 0) parts.push(`${run.rateLimited} rate-limited`);
  if (run.queuedMs >= 1000) parts.push(`queued ${Math.round(run.queuedMs / 1000)} s`);
  parts.push(`${(run.durationMs / 1000).toFixed(1)} s`);
  return parts.join(' · ');
}

export function buildResultModel(run: QueryRun, context: ResultContext): QueryResultViewModel {
  const query = run.query && Object.keys(run.query).length > 0 ? run.query : context.draft.query;
  const breakdowns = query.breakdowns ?? [];
  const calculations = [...effectiveCalculations(query).map(calculationLabel), ...(query.formulas ?? []).map((f) => f.name)];
  // Columns as the result has them: breakdowns, then calculations (HEATMAP has no number).
  const present = new Set(run.rows.flatMap((r) => Object.keys(r)));
  const keys = [...breakdowns, ...calculations.filter((c) => present.has(c))];
  for (const k of present) if (!keys.includes(k)) keys.push(k);
  const columns: QueryResultColumn[] = keys.map((key) => ({
    key,
    kind: breakdowns.includes(key) ? 'breakdown' : 'calculation',
    numeric:
      run.rows.length > 0 &&
      run.rows.every((r) => {
        const value = ownValue(r, key);
        return value === undefined || value === null || typeof value === 'number';
      }),
  }));
  const rows = run.rows.map((r) => keys.map((k) => cell(ownValue(r, k))));

  const model: QueryResultViewModel = {
    key: context.key,
    title: describeQuery(query),
    subtitle: [context.draft.dataset ?? 'All datasets', context.environmentName, describeTimeRange(query), `${rows.length.toLocaleString('en-US')} ${rows.length === 1 ? 'group' : 'groups'}`].join(
      ' · ',
    ),
    ranAt: context.ranAt.toISOString(),
    columns,
    rows,
    specJson: JSON.stringify(canonicalQuery(context.draft.query), null, 2),
    stats: requestSummary(run),
    ...(run.record.queryUrl ? { queryUrl: run.record.queryUrl } : {}),
    ...(run.record.graphImageUrl ? { graphImageUrl: run.record.graphImageUrl } : {}),
    ...(context.notice ? { notice: context.notice } : {}),
  };

  if (run.series.length > 0) {
    // The busiest groups are the first rows (Honeycomb orders the results).
    const top = run.rows.slice(0, CHART_GROUPS).map((r) => groupLabel(breakdowns, r));
    const chosen = new Set(top);
    const times = [...new Set(run.series.map((p) => Date.parse(p.time) / 1000))].filter(Number.isFinite).sort((a, b) => a - b);
    const index = new Map(times.map((t, i) => [t, i]));
    const numeric = calculations.filter((c) => run.series.some((p) => typeof ownValue(p.data, c) === 'number'));
    const lines = new Map<string, QueryResultLine>();
    for (const point of run.series) {
      const group = groupLabel(breakdowns, point.data);
      if (!chosen.has(group)) continue;
      const at = index.get(Date.parse(point.time) / 1000);
      if (at === undefined) continue;
      for (const calculation of numeric) {
        const id = `${calculation}\u0000${group}`;
        let line = lines.get(id);
        if (!line) {
          line = { group, calculation, values: times.map(() => null) };
          lines.set(id, line);
        }
        const v = ownValue(point.data, calculation);
        line.values[at] = typeof v === 'number' ? v : null;
      }
    }
    // Lines in row order, so colours follow the table.
    const ordered = [...lines.values()].sort((a, b) => top.indexOf(a.group) - top.indexOf(b.group));
    const groups = new Set(run.rows.map((r) => groupLabel(breakdowns, r))).size;
    model.chart = {
      times,
      calculations: numeric,
      lines: ordered,
      ...(groups > CHART_GROUPS ? { note: `The chart shows the first ${CHART_GROUPS} of ${groups.toLocaleString('en-US')} groups.` } : {}),
    };
  }
  return model;
}
