/**
 * Query files and the editor's pure parts: where each problem lands in a `*.honeycomb-query.json`
 * (the diagnostics use these ranges), the file text "Open as Query File" writes, the results
 * panel's model from a real run against the stand-in, the recent-queries list and the progress
 * messages.
 */
import * as assert from 'node:assert/strict';
import { HoneycombClient, QueryRun } from '../../../src/clients/honeycomb';
import { QueryHistory } from '../../../src/queries/history';
import { progressText } from '../../../src/queries/progressText';
import { parseQueryFile, queryFileText } from '../../../src/queries/queryFile';
import { CHART_GROUPS, buildResultModel, requestSummary } from '../../../src/queries/resultModel';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';

/** The text each problem underlines, with its message. */
function marked(text: string): string[] {
  return parseQueryFile(text).problems.map((p) => `${JSON.stringify(text.slice(p.start, p.end))}: ${p.message}`);
}

describe('query files', () => {
  it('reads environment, dataset and query; no problems for a good file', () => {
    const parsed = parseQueryFile('{ "environment": "production", "dataset": "api-gateway", "query": { "calculations": [{ "op": "P99", "column": "duration_ms" }], "time_range": 3600 } }');
    assert.deepEqual(parsed.problems, []);
    assert.deepEqual(parsed.draft, { environment: 'production', dataset: 'api-gateway', query: { calculations: [{ op: 'P99', column: 'duration_ms' }], time_range: 3600 } });
  });

  it('underlines a bad granularity with the provider’s message', () => {
    assert.deepEqual(marked('{"dataset": "payments", "query": {"time_range": 7200, "granularity": 3}}'), ['"3": granularity can not be less than time_range/1000']);
    assert.deepEqual(marked('{"query": {"time_range": 600, "granularity": 601}}'), ['"601": granularity can not be greater than time_range']);
  });

  it('puts each problem on the value it is about, and an unknown field on its key', () => {
    const text = `{
  "dataset": "api-gateway",
  "query": {
    "calculations": [{ "op": "SUM" }, { "op": "p95", "column": "x" }],
    "filters": [{ "column": "error", "op": "exists", "value": true }],
    "orders": [{ "column": "nowhere" }],
    "limt": 10
  }
}`;
    assert.deepEqual(marked(text), [
      '"\\"SUM\\"": SUM requires a column',
      '"\\"p95\\"": "p95" is not a calculation operator; did you mean "P95"?',
      '"true": exists does not take a value',
      '"{ \\"column\\": \\"nowhere\\" }": missing matching calculation, formula, or breakdown',
      '"\\"limt\\"": unknown field "limt"; did you mean "limit"?',
    ]);
  });

  it('reports broken JSON, a missing query and unknown top-level fields', () => {
    assert.match(parseQueryFile('{"query": {"limit": }').problems[0].message, /^JSON: Value expected/);
    assert.deepEqual(
      parseQueryFile('{"dataset": "x"}').problems.map((p) => p.message),
      ['the file has no "query": add "query": { "calculations": [{ "op": "COUNT" }] }'],
    );
    assert.deepEqual(marked('{"query": {}, "datasets": "x"}'), ['"\\"datasets\\"": unknown field "datasets"; a query file has environment, dataset and query']);
    assert.deepEqual(marked('{"query": {}, "dataset": 5}'), ['"5": dataset must be a dataset slug (leave it out for all datasets)']);
  });

  it('writes the file "Open as Query File" creates, which reads back as the same draft', () => {
    const draft = {
      environment: 'staging',
      dataset: 'api-gateway',
      query: { calculations: [{ op: 'COUNT' }], filters: [{ column: 'http.response.status_code', op: '>=', value: 500 }], breakdowns: ['http.route'] },
    };
    const text = queryFileText(draft);
    assert.ok(text.includes('"op": ">="'), 'plain JSON for reading, not \\u003e escapes');
    const parsed = parseQueryFile(text);
    assert.deepEqual(parsed.problems, []);
    assert.deepEqual(parsed.draft?.query, { ...draft.query, limit: 1000, time_range: 7200 }, 'the defaults are written out');
    assert.equal(parsed.draft?.dataset, 'api-gateway');
  });
});

describe('the results panel model, from a run against the stand-in', () => {
  let standIn: HoneycombStandIn;
  let run: QueryRun;

  before(async () => {
    standIn = await startHoneycombStandIn();
    const client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production });
    run = await client.runQuery({
      query: {
        calculations: [{ op: 'COUNT' }, { op: 'P99', column: 'duration_ms' }],
        breakdowns: ['http.route', 'http.request.method'],
        orders: [{ op: 'COUNT', order: 'descending' }],
        time_range: 3600,
      },
      dataset: 'api-gateway',
    });
  });
  after(() => standIn.stop());

  it('lays the table out as breakdowns then calculations, rows in Honeycomb’s order', () => {
    const model = buildResultModel(run, { key: 'k', draft: { dataset: 'api-gateway', query: run.query }, environmentName: 'Production', ranAt: new Date('2026-01-02T03:04:05Z') });
    assert.deepEqual(model.columns, [
      { key: 'http.route', kind: 'breakdown', numeric: false },
      { key: 'http.request.method', kind: 'breakdown', numeric: false },
      { key: 'COUNT', kind: 'calculation', numeric: true },
      { key: 'P99(duration_ms)', kind: 'calculation', numeric: true },
    ]);
    assert.equal(model.rows.length, run.rows.length);
    assert.deepEqual(model.rows[0], [run.rows[0]['http.route'], run.rows[0]['http.request.method'], run.rows[0].COUNT, run.rows[0]['P99(duration_ms)']]);
    assert.equal(model.title, 'COUNT, P99(duration_ms) by http.route, http.request.method');
    assert.match(model.subtitle, /^api-gateway · Production · last 1 hour · \d+ groups$/);
    assert.equal(model.stats, requestSummary(run));
    assert.match(model.stats, /^4 requests: 1 query, 1 result, 2 polls · \d+\.\d s$/);
    assert.equal(model.queryUrl, run.record.queryUrl);
    assert.equal(JSON.parse(model.specJson).breakdowns[1], 'http.request.method');
  });

  it('charts the first ten groups per calculation over the result’s time buckets, and says so', () => {
    const model = buildResultModel(run, { key: 'k', draft: { dataset: 'api-gateway', query: run.query }, environmentName: 'Production', ranAt: new Date() });
    const chart = model.chart!;
    assert.deepEqual(chart.calculations, ['COUNT', 'P99(duration_ms)']);
    assert.equal(chart.lines.length, CHART_GROUPS * 2);
    assert.equal(chart.lines[0].group, `${String(run.rows[0]['http.route'])} · ${String(run.rows[0]['http.request.method'])}`);
    assert.ok(chart.times.length >= 30, `${chart.times.length} buckets`);
    assert.ok(chart.lines.every((l) => l.values.length === chart.times.length));
    assert.deepEqual(
      chart.times,
      [...chart.times].sort((a, b) => a - b),
    );
    const countLine = chart.lines.find((l) => l.calculation === 'COUNT')!;
    const first = run.series.find((p) => p.data['http.route'] === run.rows[0]['http.route'] && p.data['http.request.method'] === run.rows[0]['http.request.method'])!;
    assert.equal(countLine.values[0], first.data.COUNT);
    assert.match(chart.note ?? '', /first 10 of \d+ groups/);
  });

  it('has no chart when the result has no series', () => {
    const model = buildResultModel({ ...run, series: [] }, { key: 'k', draft: { query: run.query }, environmentName: 'Production', ranAt: new Date() });
    assert.equal(model.chart, undefined);
    assert.match(model.subtitle, /^All datasets · /);
  });
});

describe('recent queries and progress messages', () => {
  it('keeps the last ten, newest first, and moves an equivalent query to the top', async () => {
    const store = new Map<string, unknown>();
    const history = new QueryHistory({ get: <T>(k: string) => store.get(k) as T | undefined, update: async (k: string, v: unknown) => void store.set(k, v) });
    for (let i = 1; i <= 12; i++) await history.add({ dataset: 'payments', query: { limit: i } }, 'Production');
    assert.equal(history.entries().length, 10);
    assert.deepEqual(
      history.entries().map((e) => e.draft.query.limit),
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3],
    );
    // Same query, written differently (explicit defaults): moved, not added.
    await history.add({ dataset: 'payments', query: { limit: 5, time_range: 7200, calculations: [{ op: 'COUNT' }] } }, 'Production');
    assert.equal(history.entries().length, 10);
    assert.equal(history.entries()[0].draft.query.limit, 5);
    assert.equal(history.entries().filter((e) => e.draft.query.limit === 5).length, 1);
    await history.add({ dataset: 'checkout-service', query: { limit: 5 } }, 'Production');
    assert.equal(history.entries().filter((e) => e.draft.query.limit === 5).length, 2, 'another dataset is another query');
    assert.equal(history.entries()[0].title, 'COUNT');
  });

  it('says how long a rate-limit wait is, why, and the place in line', () => {
    assert.equal(progressText({ kind: 'waiting', waitMs: 42_300, position: 1, reason: 'window' }), 'Queued: Honeycomb allows 10 query results a minute; starting in 43 s…');
    assert.equal(progressText({ kind: 'waiting', waitMs: 42_300, position: 3, reason: 'server' }, 9_100), 'Queued: Honeycomb says the query budget is spent; starting in 10 s, 3rd in line…');
    assert.equal(progressText({ kind: 'polling', polls: 4, elapsedMs: 1530 }), 'Running the query… (1.5 s)');
    assert.equal(progressText({ kind: 'complete', polls: 2, rows: 1234 }), 'Done: 1,234 groups.');
  });
});
