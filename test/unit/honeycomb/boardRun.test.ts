import * as assert from 'node:assert/strict';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { boardWrites, listBoards } from '../../../src/clients/honeycomb/boardWrites';
import { boardViewModel, layoutOrder, runBoard } from '../../../src/queries/boardRun';
import type { BoardPanelModel, BoardProgress } from '../../../src/views/panels/protocol';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { scaledClock } from '../../servers/honeycomb/scaledClock';

/**
 * Open Board's runner against the stand-in, which enforces Honeycomb's budget of 10 query results
 * a minute on a clock 600 times faster than the wall's (a minute passes in 100 ms), shared with
 * the client's queue: every panel in layout order, the first chart before the last query result
 * is even created, the schedule within the budget, a failing panel on its own, and Cancel.
 */
describe('Open Board: running a board’s panels (stand-in, scaled clock)', () => {
  let standIn: HoneycombStandIn;
  const clock = scaledClock(600);

  before(async () => {
    standIn = await startHoneycombStandIn({ queries: { now: clock.now } });
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, [], 'the stand-in answered outside the OpenAPI document');
    standIn.reset();
  });

  async function open(change?: (board: Record<string, unknown>) => void) {
    // A client per run: each has its own budget queue (as one connection has).
    const client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production, sleep: async () => undefined });
    const item = (await listBoards(client.api)).find((b) => b.name === 'Gateway overview');
    assert.ok(item);
    const board = await boardWrites.get(client.api, item.id);
    change?.(board);
    const model = boardViewModel('board:test', board, 'Production');
    const seen: Array<{ panel: BoardPanelModel; progress: BoardProgress; createdSoFar: number }> = [];
    const created = () => standIn.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/1/query_results/')).length;
    const controller = new AbortController();
    const run = (onPanel?: (p: BoardPanelModel) => void) =>
      runBoard(client.api, board, model, {
        signal: controller.signal,
        environmentName: 'Production',
        clock,
        onPanel: (panel, progress) => {
          seen.push({ panel: structuredClone(panel), progress, createdSoFar: created() });
          onPanel?.(panel);
        },
      });
    return { board, model, seen, run, controller, created };
  }

  it('panels in layout order: twelve charts, then the SLO with its budget, then the text as it is', async () => {
    const { board, model } = await open();
    assert.deepEqual(
      layoutOrder(board).map((p) => p.type),
      [...Array(12).fill('query'), 'slo', 'text'],
    );
    assert.deepEqual(model.progress, { done: 0, total: 12, running: true });
    assert.match(model.panels[13].text ?? '', /<script>alert\(1\)<\/script> stays text/, 'the text is kept as text, to be drawn as text');
  });

  it('every query panel is charted; the first chart arrives before the last result is created; at most 10 results a minute', async () => {
    const { model, seen, run } = await open();
    await run();
    assert.deepEqual(
      model.panels.map((p) => p.state),
      Array(14).fill('done'),
      JSON.stringify(model.panels.map((p) => p.message)),
    );
    assert.equal(model.panels[0].title, 'Requests', 'the query annotation names the panel');
    assert.ok(model.panels[1].result?.chart && model.panels[1].result.chart.lines.length > 0, 'a chart');
    const slo = model.panels[12];
    assert.equal(typeof slo.slo?.budgetRemaining, 'number');
    assert.match(slo.slo?.target ?? '', /% over \d+ days/);
    const firstChart = seen.find((s) => s.panel.kind === 'query' && s.panel.state === 'done');
    assert.ok(firstChart);
    assert.ok(firstChart.createdSoFar < 12, `the first chart came back when ${firstChart.createdSoFar} of 12 results had been created`);
    assert.deepEqual(seen.at(-1)?.progress, { done: 12, total: 12, running: false });
    const results = standIn.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/1/query_results/'));
    assert.deepEqual(
      results.map((r) => r.status),
      Array(12).fill(201),
      'one result per panel, none refused by the budget',
    );
  });

  it('a panel whose query is gone says so and the others are charted', async () => {
    const { model, run } = await open((board) => ((layoutOrder(board)[2].query_panel as Record<string, unknown>).query_id = 'gone0000000'));
    await run();
    assert.equal(model.panels[2].state, 'error');
    assert.match(model.panels[2].message ?? '', /not found|404/i);
    assert.equal(model.panels.filter((p) => p.kind === 'query' && p.state === 'done').length, 11);
  });

  it('Cancel after the first chart: queries not yet started never start, and each says it was cancelled', async () => {
    const { model, run, controller, created } = await open();
    await run((panel) => {
      if (panel.kind === 'query' && panel.state === 'done') controller.abort();
    });
    const started = created();
    assert.ok(started < 12, `${started} results created`);
    assert.equal(model.panels.filter((p) => p.state === 'cancelled').length, 12 - model.panels.filter((p) => p.kind === 'query' && p.state === 'done').length);
    assert.equal(model.progress.done, 12, 'every query panel is accounted for');
    assert.equal(model.progress.running, false);
  });
});
