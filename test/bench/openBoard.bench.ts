/**
 * Open Board, measured: the seeded "Gateway overview" board (12 query panels, an SLO panel and a
 * text panel) run by the same code the Open Board panel uses (src/queries/boardRun.ts) against the
 * Honeycomb stand-in, which enforces Honeycomb's budget of 10 query results a minute and refuses
 * more with 429. The client's queue and the stand-in share a clock that runs SCALE times faster
 * than the wall's, so the minute the budget needs passes in a fraction of a second; every time
 * below is given in that scaled time (what a user would wait, less Honeycomb's own query latency)
 * and in real milliseconds. Prints: requests by kind, time to the first chart, time until all 12,
 * the most query results created in any minute (at most 10 is the schedule), and 429s answered.
 * Prints figures; it does not pass or fail on timing.
 */
import { HoneycombClient } from '../../src/clients/honeycomb';
import { boardWrites, listBoards } from '../../src/clients/honeycomb/boardWrites';
import { boardViewModel, runBoard } from '../../src/queries/boardRun';
import { HONEYCOMB_KEYS, startHoneycombStandIn } from '../servers/honeycomb';
import { scaledClock } from '../servers/honeycomb/scaledClock';

/** A minute of budget in 2 s of real time: enough headroom that real request costs stay small beside it. */
const SCALE = 30;
const MINUTE = 60_000;

async function openBoard(client: HoneycombClient, id: string, clock: ReturnType<typeof scaledClock>): Promise<void> {
  const board = await boardWrites.get(client.api, id);
  await runBoard(client.api, board, boardViewModel('warm-up', board, 'Production'), { signal: new AbortController().signal, environmentName: 'Production', clock, onPanel: () => undefined });
}

async function main(): Promise<void> {
  const clock = scaledClock(SCALE);
  const standIn = await startHoneycombStandIn({ queries: { now: clock.now } });
  const newClient = () => new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production });
  try {
    const item = (await listBoards(newClient().api)).find((b) => b.name === 'Gateway overview');
    if (!item) throw new Error('the stand-in has no "Gateway overview" board');
    // A first run warms up what only the first request pays for (the stand-in's schema
    // validators, the client's modules); then the stand-in starts again with its budget unspent.
    await openBoard(newClient(), item.id, clock);
    standIn.reset();
    const client = newClient();
    const started = { scaled: clock.now(), real: performance.now(), epoch: Date.now() };
    const board = await boardWrites.get(client.api, item.id);
    const model = boardViewModel('bench', board, 'Production');
    let firstChart: { scaled: number; real: number } | undefined;
    await runBoard(client.api, board, model, {
      signal: new AbortController().signal,
      environmentName: 'Production',
      clock,
      onPanel: (panel) => {
        if (!firstChart && panel.kind === 'query' && panel.state === 'done') firstChart = { scaled: clock.now(), real: performance.now() };
      },
    });
    const finished = { scaled: clock.now(), real: performance.now() };
    if (standIn.violations.length) throw new Error(`stand-in violations: ${JSON.stringify(standIn.violations)}`);

    const byRoute = new Map<string, number>();
    for (const r of standIn.requests) byRoute.set(r.route ?? r.path, (byRoute.get(r.route ?? r.path) ?? 0) + 1);
    const created = standIn.requests.filter((r) => r.route === 'POST /1/query_results/{datasetSlug}');
    // The stand-in logs real arrival times; on the shared clock they are these scaled instants.
    const scaledAt = created.map((r) => (Date.parse(r.time) - started.epoch) * SCALE);
    const busiestMinute = Math.max(0, ...scaledAt.map((t) => scaledAt.filter((u) => u >= t && u < t + MINUTE).length));
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const done = model.panels.filter((p) => p.kind === 'query' && p.state === 'done').length;

    console.log(`  clock: scaled ${SCALE}× (Honeycomb's minute of budget passes in ${(MINUTE / SCALE).toFixed(0)} ms of real time); times are scaled, real ms in brackets`);
    console.log(`  board: ${model.panels.length} panels, ${model.progress.total} query panels; ${done} charted, SLO panel ${model.panels.find((p) => p.kind === 'slo')?.state}`);
    console.log(`  requests: ${standIn.requests.length} in all`);
    for (const [route, count] of [...byRoute.entries()].sort()) console.log(`    ${String(count).padStart(3)}  ${route}`);
    console.log(`  first chart after   ${seconds(firstChart ? firstChart.scaled - started.scaled : NaN)} (${firstChart ? (firstChart.real - started.real).toFixed(0) : '?'} ms real)`);
    console.log(`  all 12 charts after ${seconds(finished.scaled - started.scaled)} (${(finished.real - started.real).toFixed(0)} ms real)`);
    console.log(`  query results created: ${created.length}; most in any minute: ${busiestMinute} (budget 10); refused with 429: ${created.filter((r) => r.status === 429).length}`);
  } finally {
    await standIn.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
