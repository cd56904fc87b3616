/**
 * Honeycomb query results, measured:
 * - requests per run against the stand-in, by kind (create query, create result, polls), for a
 *   query with series and for a 10,000-group result without series; the query-result requests
 *   (creations and polls) are the ones Honeycomb's 10-a-minute budget and latency are about;
 * - time to first paint of a 10,000-row result in the results panel's app, in Debian's Chromium
 *   (playwright-core): the built dist/webview/queryResult.js loaded in a page with a stub
 *   acquireVsCodeApi, from the host's render message to the frame after the table is drawn
 *   (target ≤ 300 ms); and the time to redraw after jumping to the middle of the table.
 * Prints figures; it does not pass or fail on timing. Needs `npx webpack` first.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HoneycombClient, QueryRun } from '../../src/clients/honeycomb';
import { buildResultModel } from '../../src/queries/resultModel';
import type { QueryResultViewModel } from '../../src/views/panels/protocol';
import { launchChromium } from '../host/browser';
import { HONEYCOMB_KEYS, startHoneycombStandIn } from '../servers/honeycomb';

const PAINT_ROUNDS = 7;

// The functions passed to page.evaluate run in Chromium, not in Node: just enough of the DOM.
declare const window: any; // eslint-disable-line @typescript-eslint/no-explicit-any
declare const document: any; // eslint-disable-line @typescript-eslint/no-explicit-any
declare function requestAnimationFrame(callback: () => void): number;
const repoRoot = path.resolve(__dirname, '../../..');
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function describe(run: QueryRun): string {
  const r = run.requests;
  return (
    `${r.createQuery + r.createResult + r.poll} requests: ${r.createQuery} create query, ${r.createResult} create result, ${r.poll} polls → ${r.createResult + r.poll} query-result requests; ` +
    `${run.rows.length.toLocaleString('en-US')} groups, ${run.series.length.toLocaleString('en-US')} series points, ${run.durationMs} ms`
  );
}

async function runs(): Promise<QueryResultViewModel> {
  const standIn = await startHoneycombStandIn();
  try {
    const client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production });
    const withSeries = await client.runQuery({
      query: { calculations: [{ op: 'P99', column: 'duration_ms' }, { op: 'COUNT' }], breakdowns: ['http.route'], time_range: 7200 },
      dataset: 'api-gateway',
    });
    console.log(`  query with series (12 groups)         ${describe(withSeries)}`);
    const big = await client.runQuery(
      { query: { calculations: [{ op: 'COUNT' }, { op: 'AVG', column: 'duration_ms' }, { op: 'P99', column: 'duration_ms' }], breakdowns: ['trace.trace_id', 'http.route'] }, dataset: 'api-gateway' },
      { disableSeries: true, resultLimit: 10_000 },
    );
    console.log(`  10,000 groups, no series              ${describe(big)}`);
    const polled = standIn.requests.filter((r) => r.route?.includes('query_results')).length;
    console.log(`  stand-in log: ${standIn.requests.length} requests in all, ${polled} to /1/query_results (2 runs)`);
    if (standIn.violations.length) throw new Error(`stand-in violations: ${JSON.stringify(standIn.violations)}`);
    return buildResultModel(big, { key: 'bench', draft: { dataset: 'api-gateway', query: big.query }, environmentName: 'Production', ranAt: new Date() });
  } finally {
    await standIn.stop();
  }
}

/** A page like the webview: the shared stylesheet, a stub of the editor's API, the built app. */
function benchPage(dir: string): string {
  const webview = path.join(repoRoot, 'dist', 'webview');
  if (!fs.existsSync(path.join(webview, 'queryResult.js'))) throw new Error('dist/webview/queryResult.js is missing: run "npx webpack --mode production" first');
  const file = path.join(dir, 'bench.html');
  fs.writeFileSync(
    file,
    `<!DOCTYPE html><html><head><meta charset="UTF-8"><link rel="stylesheet" href="${pathToFileURL(path.join(webview, 'webview.css')).href}"></head>
<body class="vscode-dark"><main id="app"></main>
<script>
  window.__sent = [];
  window.acquireVsCodeApi = () => ({ postMessage: (m) => { window.__sent.push(m); window.__onSent && window.__onSent(m); }, getState: () => undefined, setState: () => {} });
</script>
<script src="${pathToFileURL(path.join(webview, 'queryResult.js')).href}"></script></body></html>`,
  );
  return pathToFileURL(file).href;
}

async function paints(model: QueryResultViewModel): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-bench-query-'));
  const browser = await launchChromium();
  try {
    const url = benchPage(dir);
    const firstPaint: number[] = [];
    const appPaint: number[] = [];
    const jump: number[] = [];
    let visible = 0;
    for (let round = 0; round < PAINT_ROUNDS; round++) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(url);
      await page.waitForFunction(() => (window.__sent as Array<{ type: string }>).some((m) => m.type === 'ready'));
      // The model is in the page before the clock starts; posting it is what the host does.
      await page.evaluate((m) => (window.__model = m), model as unknown as Record<string, unknown>);
      const timing = await page.evaluate(
        () =>
          new Promise<{ total: number; app: number; rows: number }>((resolve) => {
            const w = window;
            const started = performance.now();
            w.__onSent = (m: { type: string; id?: string; args?: { paintMs: number } }) => {
              if (m.type === 'action' && m.id === 'rendered') resolve({ total: performance.now() - started, app: m.args!.paintMs, rows: document.querySelectorAll('table.results tr.row').length });
            };
            window.postMessage({ type: 'render', model: w.__model }, '*');
          }),
      );
      firstPaint.push(timing.total);
      appPaint.push(timing.app);
      visible = timing.rows;
      jump.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const scroller = document.querySelector('.table-scroll');
              const started = performance.now();
              scroller.scrollTop = scroller.scrollHeight / 2;
              requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - started)));
            }),
        ),
      );
      await page.close();
    }
    const fmt = (values: number[]) => `median ${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}, ${values.length} rounds)`;
    console.log(`  first paint, ${model.rows.length.toLocaleString('en-US')} rows (target ≤ 300 ms)    ${fmt(firstPaint)}`);
    console.log(`    measured by the app itself            ${fmt(appPaint)}`);
    console.log(`    table rows in the DOM                 ${visible} of ${model.rows.length.toLocaleString('en-US')} (virtualised)`);
    console.log(`  jump to the middle and redraw           ${fmt(jump)}`);
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log('Honeycomb query results');
  const model = await runs();
  await paints(model);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
