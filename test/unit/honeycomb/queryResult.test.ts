/**
 * getQueryResult against the stand-in: the JSON getQuerySpecification produces is accepted by
 * the stand-in (which checks it against the OpenAPI document's Query schema) and comes back as
 * the same query; the three-step run (create query, create result, poll with a growing delay);
 * the 10-a-minute budget, queued rather than failed; a 429 from elsewhere; Cancel; and the
 * published example bodies.
 */
import * as assert from 'node:assert/strict';
import { HoneycombClient, QueryRunEvent, QuerySpecification } from '../../../src/clients/honeycomb';
import { queryResultLimiters } from '../../../src/clients/honeycomb/queryRuns';
import { getQuerySpecification } from '../../../src/clients/honeycomb/queries';
import type { LimiterClock } from '../../../src/clients/honeycomb/queryRateLimit';
import { ServiceError } from '../../../src/core/errors';
import { openApiValidator } from '../../servers/openapi/validator';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';

/** A clock that jumps instead of waiting; every sleep is recorded. */
function fakeClock(): LimiterClock & { t: number; sleeps: number[] } {
  const clock = {
    t: Date.now(),
    sleeps: [] as number[],
    now: () => clock.t,
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw new Error('aborted');
      clock.sleeps.push(ms);
      clock.t += ms;
      await new Promise((r) => setImmediate(r));
      if (signal?.aborted) throw new Error('aborted');
    },
  };
  return clock;
}

const cancelled = (error: unknown) => error instanceof ServiceError && error.kind === 'cancelled';

describe('Honeycomb queries: getQueryResult against the stand-in', () => {
  let standIn: HoneycombStandIn;
  let clock: ReturnType<typeof fakeClock>;

  const client = (apiKey: string = HONEYCOMB_KEYS.production) => new HoneycombClient({ apiUrl: standIn.url, apiKey, sleep: async () => undefined });
  const routes = (filter?: string) => standIn.requests.filter((r) => !filter || r.route === filter).map((r) => `${r.method} ${r.path} → ${r.status}`);
  const count = (route: string) => standIn.requests.filter((r) => r.route === route).length;

  before(async () => {
    // The stand-in's per-minute budget reads the same clock as the client, so a minute passes
    // in no time. `clock` is replaced per test; the stand-in reads it through this closure.
    standIn = await startHoneycombStandIn({ queries: { now: () => clock.now() } });
  });
  after(() => standIn.stop());
  beforeEach(() => {
    clock = fakeClock();
  });
  afterEach(() => {
    assert.deepEqual(standIn.violations, [], 'the stand-in answered outside the OpenAPI document');
    standIn.reset();
    standIn.queries.pollsBeforeComplete = undefined;
  });

  describe('round trip of the specification JSON', () => {
    const specs: Array<[string, QuerySpecification, string]> = [
      [
        'the published request example',
        {
          calculations: [{ op: 'COUNT' }],
          breakdowns: ['service.name'],
          filters: [{ op: '>=', column: 'http.response.status_code', value: 400 }],
          orders: [{ op: 'COUNT', order: 'descending' }],
          timeRange: 7200,
        },
        'api-gateway',
      ],
      [
        'percentiles, havings and a limit',
        {
          calculations: [{ op: 'P99', column: 'duration_ms' }, { op: 'P50', column: 'duration_ms' }, { op: 'COUNT' }],
          breakdowns: ['http.route', 'http.request.method'],
          havings: [{ calculateOp: 'COUNT', op: '>', value: 10 }],
          orders: [{ op: 'P99', column: 'duration_ms', order: 'descending' }],
          limit: 25,
          timeRange: 3600,
          granularity: 60,
        },
        'api-gateway',
      ],
      [
        'calculated fields, OR filters and every filter kind',
        {
          calculatedFields: [{ name: 'slow', expression: 'GT($duration_ms, 300)' }],
          calculations: [{ op: 'COUNT' }],
          filters: [
            { column: 'slow', op: '=', value: 'true' },
            { column: 'http.route', op: 'in', value: '/v1/cart,/v1/orders' },
            { column: 'error', op: 'does-not-exist' },
            { column: 'name', op: 'contains', value: 'Order<&>' },
          ],
          filterCombination: 'OR',
          breakdowns: ['http.route'],
        },
        'api-gateway',
      ],
      [
        'an absolute window without time_range, compared with the day before',
        {
          calculations: [
            { op: 'AVG', column: 'duration_ms' },
            { op: 'MAX', column: 'duration_ms' },
            { op: 'COUNT_DISTINCT', column: 'trace.trace_id' },
          ],
          startTime: Math.floor(Date.now() / 1000) - 7200,
          endTime: Math.floor(Date.now() / 1000) - 3600,
          compareTimeOffset: 86400,
        },
        'checkout-service',
      ],
      ['an environment-wide query', { calculations: [{ op: 'CONCURRENCY' }, { op: 'HEATMAP', column: 'duration_ms' }, { op: 'RATE_AVG', column: 'duration_ms' }], breakdowns: ['service.name'] }, ''],
    ];
    for (const [what, spec, dataset] of specs) {
      it(`${what}: the document’s Query schema accepts the JSON, the stand-in stores it, and the result reads back the same query`, async () => {
        const produced = getQuerySpecification(spec);
        const body = JSON.parse(produced.json);
        assert.deepEqual(openApiValidator('honeycomb').validateAt('/components/schemas/Query', body), []);
        const run = await client().runQuery({ query: body, dataset: dataset || undefined }, { clock });
        const sent = standIn.requests.find((r) => r.method === 'POST' && r.path.startsWith('/1/queries/'));
        assert.deepEqual(sent?.body, body, 'the request body is the produced JSON');
        assert.equal(sent?.path, `/1/queries/${dataset || '__all__'}`);
        const reread = JSON.parse(run.record.queryJson);
        // The API drops filter_combination AND only; everything else comes back as sent.
        assert.deepEqual(reread, body);
        assert.ok(run.rows.length > 0, 'the result has rows');
      });
    }

    it('runs a query with formulas and named, filtered calculations (newer than the published document; in the overlay)', async () => {
      const produced = getQuerySpecification({
        calculations: [
          { op: 'COUNT', name: 'total' },
          { op: 'COUNT', name: 'errors', filters: [{ column: 'error', op: '=', value: true }] },
        ],
        formulas: [{ name: 'ratio', expression: 'DIV($errors, $total)' }],
      });
      const run = await client().runQuery({ query: JSON.parse(produced.json), dataset: 'api-gateway' }, { clock });
      assert.deepEqual((run.query as { formulas?: unknown }).formulas, [{ name: 'ratio', expression: 'DIV($errors, $total)' }]);
    });
  });

  describe('the run', () => {
    it('getQueryResult returns the package’s record: ids, links, the stored query and results as Go-formatted strings', async () => {
      const queryJson = getQuerySpecification({
        calculations: [{ op: 'P99', column: 'duration_ms' }, { op: 'COUNT' }],
        breakdowns: ['http.route'],
        orders: [{ op: 'COUNT', order: 'descending' }],
        limit: 5,
      }).json;
      const record = await client().getQueryResult({ queryJson, dataset: 'api-gateway' });
      assert.deepEqual(Object.keys(record).sort(), ['dataset', 'graphImageUrl', 'id', 'queryId', 'queryJson', 'queryUrl', 'results']);
      assert.equal(record.dataset, 'api-gateway');
      assert.match(record.queryUrl, new RegExp(`^https://ui\\.honeycomb\\.io/acme/environments/production/datasets/api-gateway/result/${record.id}$`));
      assert.equal(record.graphImageUrl, `${record.queryUrl}/snapshot`);
      assert.equal(record.queryJson, queryJson);
      assert.equal(record.results.length, 5);
      for (const row of record.results) {
        assert.deepEqual(Object.keys(row).sort(), ['COUNT', 'P99(duration_ms)', 'http.route']);
        for (const value of Object.values(row)) assert.equal(typeof value, 'string');
        assert.match(row.COUNT, /^\d+$|^\d\.\d+e\+\d\d$/);
      }
      const counts = record.results.map((r) => Number(r.COUNT));
      assert.deepEqual(
        counts,
        [...counts].sort((a, b) => b - a),
        'ordered by COUNT, descending',
      );
      assert.deepEqual(routes(), [
        'POST /1/queries/api-gateway → 200',
        'POST /1/query_results/api-gateway → 201',
        `GET /1/query_results/api-gateway/${record.id} → 200`,
        `GET /1/query_results/api-gateway/${record.id} → 200`,
      ]);
    });

    it('without a dataset runs environment-wide (__all__) and leaves dataset out of the record', async () => {
      const record = await client().getQueryResult({ queryJson: '{"calculations":[{"op":"COUNT"}],"breakdowns":["service.name"]}' });
      assert.equal(record.dataset, undefined);
      assert.ok(
        routes().every((r) => r.includes('/__all__')),
        routes().join('\n'),
      );
    });

    it('polls until complete, waiting 200 ms and then longer each time', async () => {
      standIn.queries.pollsBeforeComplete = 5;
      const events: QueryRunEvent[] = [];
      const run = await client().runQuery({ query: { calculations: [{ op: 'COUNT' }] }, dataset: 'payments' }, { clock, onEvent: (e) => events.push(e) });
      assert.deepEqual(run.requests, { createQuery: 1, createResult: 1, poll: 6 });
      assert.deepEqual(clock.sleeps, [200, 300, 450, 675, 1013, 1520]);
      assert.deepEqual(
        events.map((e) => e.kind),
        ['creatingQuery', 'creatingResult', 'polling', 'polling', 'polling', 'polling', 'polling', 'polling', 'complete'],
      );
    });

    it('gives up polling after the timeout with a clear message', async () => {
      standIn.queries.pollsBeforeComplete = 1000;
      await assert.rejects(client().runQuery({ query: {}, dataset: 'payments' }, { clock, pollTimeoutMs: 20_000 }), (error: ServiceError) => {
        assert.equal(error.kind, 'timeout');
        assert.match(error.message, /was not complete after 20 s\. .*at most 10 seconds/);
        return true;
      });
      assert.ok(clock.sleeps.reduce((a, b) => a + b, 0) >= 20_000);
    });

    it('refuses a window over seven days, an invalid queryJson and a bad result limit before any request', async () => {
      await assert.rejects(client().getQueryResult({ queryJson: '{"time_range":691200}', dataset: 'payments' }), /covers 8 days, and query results cover at most the past 7 days/);
      await assert.rejects(client().getQueryResult({ queryJson: '{"calculations":[{"op":"SUM"}]}' }), /calculations\[0\]\.op: SUM requires a column/);
      await assert.rejects(client().getQueryResult({ queryJson: '{"calculation":[]}' }), /unknown field "calculation"; did you mean "calculations"\?/);
      await assert.rejects(client().getQueryResult({ queryJson: '{"limit": ' }), /queryJson is not valid JSON/);
      await assert.rejects(client().getQueryResult({ queryJson: '' }), /the input "queryJson" is required/);
      await assert.rejects(client().runQuery({ query: {} }, { resultLimit: 5000 }), /a result limit applies only to results without series/);
      assert.deepEqual(standIn.requests, []);
    });

    it('returns up to 10,000 groups when series are left out', async () => {
      const run = await client().runQuery({ query: { calculations: [{ op: 'COUNT' }], breakdowns: ['trace.trace_id'] }, dataset: 'api-gateway' }, { clock, disableSeries: true, resultLimit: 10_000 });
      assert.equal(run.rows.length, 10_000);
      assert.equal(run.series.length, 0);
      const sent = standIn.requests.find((r) => r.route === 'POST /1/query_results/{datasetSlug}');
      assert.deepEqual(sent?.body, { query_id: run.record.queryId, disable_series: true, limit: 10_000 });
    });

    it('reads a result again by its id without creating anything (getQueryResult with id)', async () => {
      const queryJson = '{"calculations":[{"op":"COUNT"}],"breakdowns":["payment.provider"]}';
      const first = await client().getQueryResult({ queryJson, dataset: 'payments' });
      standIn.requests.length = 0;
      const again = await client().getQueryResult({ queryJson, dataset: 'payments', id: first.id });
      assert.deepEqual(again.results, first.results);
      assert.deepEqual(routes(), [`GET /1/query_results/payments/${first.id} → 200`]);
    });
  });

  describe('the 10-a-minute budget', () => {
    it('queues the 11th result of a minute instead of failing, and says how long the wait is', async () => {
      const c = client();
      const waits: QueryRunEvent[] = [];
      for (let i = 0; i < 11; i++) {
        await c.runQuery({ query: { calculations: [{ op: 'COUNT' }] }, dataset: 'payments' }, { clock, onEvent: (e) => e.kind === 'waiting' && waits.push(e) });
      }
      assert.equal(count('POST /1/query_results/{datasetSlug}'), 11);
      assert.equal(standIn.requests.filter((r) => r.status === 429).length, 0, 'the stand-in never had to refuse');
      assert.equal(waits.length, 1);
      const wait = waits[0] as Extract<QueryRunEvent, { kind: 'waiting' }>;
      assert.equal(wait.reason, 'window');
      assert.equal(wait.position, 1);
      assert.ok(wait.waitMs > 50_000 && wait.waitMs <= 60_000, `waits ${wait.waitMs} ms`);
    });

    it('serves concurrent runs first come, first served, each told its place in line', async () => {
      // Short waits (polls) pass at once; the long rate-limit waits last until the test moves time.
      const held: Array<{ at: number; resolve: () => void }> = [];
      const manual: LimiterClock = {
        now: clock.now,
        sleep: async (ms, signal) => {
          if (signal?.aborted) throw new Error('aborted');
          if (ms < 5000) return clock.sleep(ms, signal);
          await new Promise<void>((resolve) => held.push({ at: clock.t + ms, resolve }));
        },
      };
      const c = client();
      const events: Array<{ run: number; event: QueryRunEvent }> = [];
      // Moving the clock a minute at a time must not look like a poll that took too long.
      const runs = Array.from({ length: 13 }, (_, i) => c.runQuery({ query: {}, dataset: 'payments' }, { clock: manual, pollTimeoutMs: 1e12, onEvent: (event) => events.push({ run: i, event }) }));
      const of = (kind: string) => events.filter((e) => e.event.kind === kind);
      for (let i = 0; i < 500 && (of('creatingResult').length < 10 || of('waiting').length < 3); i++) await new Promise((r) => setTimeout(r, 10));
      assert.equal(of('creatingResult').length, 10, 'ten results are created at once');
      const queued = of('waiting').map((e) => ({ run: e.run, position: (e.event as { position: number }).position, waitMs: (e.event as { waitMs: number }).waitMs }));
      assert.deepEqual(
        queued.map((q) => q.position),
        [1, 2, 3],
        'the other three are told their place in line',
      );
      assert.ok(
        queued.every((q) => q.waitMs > 50_000),
        'and that the wait is about a minute',
      );
      let done = false;
      const all = Promise.all(runs).finally(() => (done = true));
      while (!done) {
        clock.t += 60_000;
        for (const h of held.splice(0)) h.resolve();
        await new Promise((r) => setTimeout(r, 10));
      }
      assert.equal((await all).length, 13);
      assert.equal(standIn.requests.filter((r) => r.status === 429).length, 0, 'the stand-in never had to refuse');
      const late = of('creatingResult')
        .slice(10)
        .map((e) => e.run);
      assert.deepEqual(
        late,
        queued.map((q) => q.run),
        'the queued runs went in the order they queued',
      );
    });

    it('after a 429 (another tool spent the budget) waits for the reset the server gives, then runs', async () => {
      // Another connection (its own budget) uses up the team's ten.
      const other = client();
      for (let i = 0; i < 10; i++) await other.runQuery({ query: {}, dataset: 'payments' }, { clock });
      clock.t += 30_000;
      const events: QueryRunEvent[] = [];
      const run = await client().runQuery({ query: {}, dataset: 'payments' }, { clock, onEvent: (e) => events.push(e) });
      assert.equal(run.rateLimited, 1);
      assert.equal(run.requests.createResult, 2);
      const wait = events.find((e) => e.kind === 'waiting') as Extract<QueryRunEvent, { kind: 'waiting' }>;
      assert.equal(wait.reason, 'server');
      assert.ok(wait.waitMs >= 25_000 && wait.waitMs <= 31_000, `waited ${wait.waitMs} ms, as the RateLimit reset said`);
      const refused = standIn.requests.find((r) => r.status === 429);
      assert.equal(refused?.route, 'POST /1/query_results/{datasetSlug}');
    });

    it('lets only one relational query result through a minute', async () => {
      const c = client();
      const waits: number[] = [];
      const relational = { calculations: [{ op: 'COUNT' }], breakdowns: ['root.name'] };
      await c.runQuery({ query: relational, dataset: 'api-gateway' }, { clock });
      await c.runQuery({ query: relational, dataset: 'api-gateway' }, { clock, onEvent: (e) => e.kind === 'waiting' && waits.push(e.waitMs) });
      assert.equal(waits.length, 1);
      assert.ok(waits[0] > 55_000, `waited ${waits[0]} ms`);
      assert.equal(standIn.requests.filter((r) => r.status === 429).length, 0);
    });
  });

  describe('Cancel', () => {
    it('stops polling at once', async () => {
      standIn.queries.pollsBeforeComplete = 1000;
      const controller = new AbortController();
      // The user presses Cancel during the wait after the third poll.
      const pressCancel: LimiterClock = { now: clock.now, sleep: (ms, signal) => (clock.sleeps.length === 3 ? (controller.abort(), clock.sleep(ms, signal)) : clock.sleep(ms, signal)) };
      const run = client().runQuery({ query: {}, dataset: 'payments' }, { clock: pressCancel, signal: controller.signal });
      await assert.rejects(run, cancelled);
      assert.equal(count('GET /1/query_results/{datasetSlug}/{queryResultId}'), 3, 'no poll after Cancel');
    });

    it('leaves the queue without creating a result', async () => {
      const c = client();
      for (let i = 0; i < 10; i++) await c.runQuery({ query: {}, dataset: 'payments' }, { clock });
      const controller = new AbortController();
      const run = c.runQuery({ query: {}, dataset: 'payments' }, { clock, signal: controller.signal, onEvent: (e) => e.kind === 'waiting' && controller.abort() });
      await assert.rejects(run, cancelled);
      assert.equal(count('POST /1/query_results/{datasetSlug}'), 10);
      // The slot it gave up is not lost: the next run waits only for the window.
      assert.equal(queryResultLimiters(c.api).all.pendingWaitMs() > 0, true);
    });

    it('before the first request sends nothing', async () => {
      const controller = new AbortController();
      controller.abort();
      await assert.rejects(client().runQuery({ query: {} }, { clock, signal: controller.signal }), cancelled);
      assert.deepEqual(standIn.requests, []);
    });
  });

  describe('published example bodies (the docs’ key)', () => {
    it('reads the published "Simple Query" result by its id, verbatim', async () => {
      const pub = client(HONEYCOMB_KEYS.published.environment);
      const record = await pub.fetchQueryResult({ resultId: 'dfg456', dataset: 'test-via-curl' }, { clock });
      assert.deepEqual(record.record.results, [{ COUNT: '20769' }]);
      assert.equal(record.record.queryUrl, 'https://ui.honeycomb.io/myteam/datasets/test-via-curl/result/dfg456');
      assert.equal(record.record.queryJson, '{"calculations":[{"op":"COUNT"}],"orders":[{"op":"COUNT","order":"descending"}],"limit":10000,"time_range":7200}');
    });

    it('never finishes polling the "group by" result, which is published with complete: false', async () => {
      const pub = client(HONEYCOMB_KEYS.published.environment);
      const query = JSON.parse(
        getQuerySpecification({
          calculations: [{ op: 'COUNT' }],
          breakdowns: ['user_agent'],
          filters: [{ op: '>=', column: 'response.status_code', value: 400 }],
          orders: [{ op: 'COUNT', order: 'descending' }],
        }).json,
      );
      await assert.rejects(pub.runQuery({ query, dataset: 'test-via-curl' }, { clock, pollTimeoutMs: 5000 }), /hij678a was not complete after 5 s/);
      assert.deepEqual(routes().slice(0, 2), ['POST /1/queries/test-via-curl → 200', 'POST /1/query_results/test-via-curl → 201']);
    });
  });
});
