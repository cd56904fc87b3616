/**
 * The boards the Honeycomb stand-in starts with, in production: "Gateway overview", twelve query
 * panels laid out three to a row, then an SLO panel and a text panel (what Open Board is measured
 * on), with a view of errors; and "Payments notes", laid out by Honeycomb (no positions). Each
 * query panel's query is stored as if made through `POST /1/queries` and named by a query
 * annotation, as the API requires of a query panel.
 */
import { hcId, type EnvironmentContent, type SeedQueryAnnotation } from './content';
import type { QueryState } from './queryRoutes';

export type Body = Record<string, unknown>;
export interface SeedBoardView {
  id: string;
  name: string;
  filters: Body[];
}
export interface SeedBoard {
  board: Body;
  views: SeedBoardView[];
}

const GATEWAY_QUERIES: Array<[string, Body]> = [
  ['Requests', { calculations: [{ op: 'COUNT' }], time_range: 7200 }],
  ['Latency P99', { calculations: [{ op: 'P99', column: 'duration_ms' }], time_range: 7200 }],
  ['Latency P50', { calculations: [{ op: 'P50', column: 'duration_ms' }], time_range: 7200 }],
  ['Errors', { calculations: [{ op: 'COUNT' }], filters: [{ column: 'error', op: '=', value: true }], time_range: 7200 }],
  ['Requests by status', { calculations: [{ op: 'COUNT' }], breakdowns: ['http.response.status_code'], time_range: 7200 }],
  ['Requests by route', { calculations: [{ op: 'COUNT' }], breakdowns: ['http.route'], time_range: 7200 }],
  ['Slowest routes', { calculations: [{ op: 'MAX', column: 'duration_ms' }], breakdowns: ['http.route'], time_range: 7200 }],
  ['Average latency', { calculations: [{ op: 'AVG', column: 'duration_ms' }], time_range: 7200 }],
  ['Upstreams', { calculations: [{ op: 'COUNT' }], breakdowns: ['upstream.service'], time_range: 7200 }],
  ['Rate limit headroom', { calculations: [{ op: 'MIN', column: 'ratelimit.remaining' }], time_range: 7200 }],
  ['Distinct traces', { calculations: [{ op: 'COUNT_DISTINCT', column: 'trace.trace_id' }], time_range: 7200 }],
  ['Latency P95 by service', { calculations: [{ op: 'P95', column: 'duration_ms' }], breakdowns: ['service.name'], time_range: 7200 }],
];

/** Adds the seeded boards' queries and annotations to the environment; answers the boards. */
export function seedBoards(environment: string, content: EnvironmentContent, queries: QueryState, now: number): SeedBoard[] {
  if (environment !== 'production') return [];
  const stamp = new Date(now).toISOString();
  const panels: Body[] = GATEWAY_QUERIES.map(([name, query], i) => {
    const queryId = hcId(`board-query/api-gateway/${name}`);
    queries.queries.set(queryId, { environment, dataset: 'api-gateway', body: { id: queryId, ...query } });
    const annotation: SeedQueryAnnotation = { id: hcId(`board-annotation/${name}`), dataset: 'api-gateway', name, description: '', query_id: queryId, created_at: stamp, updated_at: stamp };
    content.queryAnnotations.push(annotation);
    return {
      type: 'query',
      position: { x_coordinate: (i % 3) * 4, y_coordinate: Math.floor(i / 3) * 4, height: 4, width: 4 },
      query_panel: { query_id: queryId, query_annotation_id: annotation.id, query_style: i === 4 ? 'combo' : 'graph', dataset: 'api-gateway' },
    };
  });
  const slo = content.slos[0];
  panels.push(
    { type: 'slo', position: { x_coordinate: 0, y_coordinate: 16, height: 4, width: 6 }, slo_panel: { slo_id: slo.id } },
    {
      type: 'text',
      position: { x_coordinate: 6, y_coordinate: 16, height: 4, width: 6 },
      text_panel: { content: '## On call\n\nPage **#platform-oncall** when the error panel climbs. <script>alert(1)</script> stays text.' },
    },
  );
  const gateway = board('Gateway overview', 'Edge traffic, latency and errors at a glance', panels, [['team', 'platform']]);
  const payments = board('Payments notes', '', [{ type: 'text', text_panel: { content: 'Card provider contacts are in the runbook.' } }], []);
  return [
    { board: gateway, views: [{ id: hcId('board-view/gateway/errors'), name: 'Errors only', filters: [{ column: 'error', operation: '=', value: true }] }] },
    { board: payments, views: [] },
  ];
}

function board(name: string, description: string, panels: Body[], tags: Array<[string, string]>): Body {
  const id = hcId(`board/${name}`);
  return {
    id,
    name,
    ...(description ? { description } : {}),
    type: 'flexible',
    panels,
    links: { board_url: `https://ui.honeycomb.io/acme/environments/production/board/${id}` },
    tags: tags.map(([key, value]) => ({ key, value })),
  };
}
