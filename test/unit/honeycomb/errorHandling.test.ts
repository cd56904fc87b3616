import * as assert from 'node:assert/strict';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { ServiceError } from '../../../src/core/errors';
import { exampleText } from '../../servers/examples';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { startTestServer } from '../helpers/testServer';

/**
 * How the package operations fail: each of Honeycomb's three error-body shapes becomes a
 * ServiceError carrying the server's words, 401/403 say which key or permission is needed, and
 * 429 waits as the headers say and retries a bounded number of times.
 */
describe('Honeycomb client: errors of the package operations', () => {
  let standIn: HoneycombStandIn;
  before(async () => {
    standIn = await startHoneycombStandIn();
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, [], 'the stand-in answered outside the OpenAPI document');
    standIn.reset();
  });

  const client = (keys: { apiKey?: string; managementKey?: { id: string; secret: string } }, sleep: (ms: number) => Promise<void> = async () => undefined): HoneycombClient =>
    new HoneycombClient({ apiUrl: standIn.url, sleep, ...keys });

  const fails = async (promise: Promise<unknown>): Promise<ServiceError> => {
    try {
      await promise;
    } catch (error) {
      assert.ok(error instanceof ServiceError, `expected a ServiceError, got ${String(error)}`);
      return error;
    }
    assert.fail('the operation did not fail');
  };

  describe('the three error shapes', () => {
    it('legacy {"error"} (401 of a v1 endpoint): the server’s words and the API-key command', async () => {
      const error = await fails(client({ apiKey: 'notAKeyOfAcme0000000x' }).getDatasets());
      assert.equal(error.kind, 'auth');
      assert.equal(error.status, 401);
      assert.equal(error.serverMessage, 'unknown API key - check your credentials');
      assert.match(error.message, /^Honeycomb getDatasets: the credential was rejected \(HTTP 401\)\./);
      assert.match(error.message, /Set it again with "Honeycomb: Set API Key…"/);
    });

    it('RFC 7807 problem (404): the problem’s error text', async () => {
      const error = await fails(client({ apiKey: HONEYCOMB_KEYS.production }).getDataset({ slug: 'no-such-dataset' }));
      assert.equal(error.kind, 'notFound');
      assert.equal(error.serverMessage, 'Dataset not found');
      assert.equal(error.message, 'Honeycomb getDataset: not found (HTTP 404). The server said: "Dataset not found".');
    });

    it('JSON:API (v2 401): the error title and the management-key command', async () => {
      const error = await fails(client({ managementKey: { id: HONEYCOMB_KEYS.management.id, secret: 'wrongSecret0000000000000000000000' } }).getEnvironments());
      assert.equal(error.kind, 'auth');
      assert.equal(error.serverMessage, 'invalid API key');
      assert.match(error.message, /Set it again with "Honeycomb: Set Management Key…"/);
      assert.doesNotMatch(error.message, /wrongSecret/);
    });

    it('problem with type_detail (422, a published body) becomes field errors', async () => {
      const server = await startTestServer((_req, res) => {
        res.writeHead(422, { 'Content-Type': 'application/problem+json' });
        res.end(exampleText('honeycomb', 'errors/422.problem.json'));
      });
      try {
        const error = await fails(new HoneycombClient({ apiUrl: server.url, apiKey: 'k'.repeat(22) }).getColumns({ dataset: 'x' }));
        assert.equal(error.kind, 'badInput');
        assert.deepEqual(error.fieldErrors, [{ field: 'type', messages: ['invalid: type: must be a valid value'] }]);
        assert.match(error.message, /type: invalid: type: must be a valid value\./);
      } finally {
        await server.close();
      }
    });
  });

  describe('401 and 403 say which key and permission an operation needs', () => {
    it('getEnvironments without the environments:read scope (403 JSON:API)', async () => {
      const error = await fails(client({ managementKey: HONEYCOMB_KEYS.managementNoEnvironments }).getEnvironments());
      assert.equal(error.kind, 'forbidden');
      assert.equal(error.serverMessage, 'the API key is missing the environments:read scope');
      assert.match(error.message, /It needs a management key with the environments:read scope\./);
    });

    it('getEnvironments with no management key at all says so without a request', async () => {
      const error = await fails(client({ apiKey: HONEYCOMB_KEYS.production }).getEnvironments());
      assert.equal(error.kind, 'auth');
      assert.match(error.message, /no management key is configured\. This needs a management key/);
      assert.equal(standIn.requests.length, 0);
    });

    it('getSlos with a key lacking "Manage SLOs" (403 legacy)', async () => {
      const error = await fails(client({ apiKey: HONEYCOMB_KEYS.productionLimited }).getSlos({ dataset: 'api-gateway' }));
      assert.equal(error.kind, 'forbidden');
      assert.equal(error.status, 403);
      assert.match(error.message, /The configuration key needs the "Manage SLOs" permission/);
      assert.match(error.serverMessage ?? '', /Manage SLOs/);
    });

    it('getTriggerRecipient and the recipient’s triggers with a key lacking "Manage Triggers"', async () => {
      const limited = client({ apiKey: HONEYCOMB_KEYS.productionLimited });
      const triggers = await fails(limited.getTriggerRecipient({ dataset: 'api-gateway', type: 'email' }));
      assert.match(triggers.message, /"Manage Triggers" permission/);
      const id = standIn.seed.recipients[0].id;
      const using = await fails(limited.listRecipientTriggers(id));
      assert.match(using.message, /"Manage Recipients" and "Manage Triggers" permissions/);
    });

    it('an ingest key is refused on configuration endpoints', async () => {
      const error = await fails(client({ apiKey: HONEYCOMB_KEYS.ingestProduction }).getRecipients());
      assert.equal(error.kind, 'auth');
    });
  });

  describe('404', () => {
    for (const [name, run] of [
      ['getColumn', (c: HoneycombClient) => c.getColumn({ dataset: 'no-such', name: 'x' })],
      ['getDerivedColumn', (c: HoneycombClient) => c.getDerivedColumn({ dataset: 'api-gateway', alias: 'no-such' })],
      ['getSlo', (c: HoneycombClient) => c.getSlo({ id: 'noSuchSlo00' })],
      ['getRecipient', (c: HoneycombClient) => c.getRecipient({ type: 'email', id: 'noSuchRcpt0' })],
    ] as const) {
      it(`${name} of something that does not exist is notFound with the server’s words`, async () => {
        const error = await fails(run(client({ apiKey: HONEYCOMB_KEYS.production })));
        assert.equal(error.kind, 'notFound');
        assert.equal(error.operation, name);
        assert.match(error.serverMessage ?? '', /not found/);
      });
    }

    it('getEnvironment of an unknown ID (JSON:API 404)', async () => {
      const error = await fails(client({ managementKey: HONEYCOMB_KEYS.management }).getEnvironment({ id: 'hcxen_nope' }));
      assert.equal(error.kind, 'notFound');
      assert.equal(error.serverMessage, 'environment not found');
    });
  });

  describe('429: wait as the headers say, then retry, a bounded number of times', () => {
    const operations: Array<[string, string, (c: HoneycombClient) => Promise<unknown>]> = [
      ['getDatasets', 'GET /1/datasets', (c) => c.getDatasets()],
      ['getColumns', 'GET /1/columns/{datasetSlug}', (c) => c.getColumns({ dataset: 'api-gateway' })],
      ['getDerivedColumns', 'GET /1/derived_columns/{datasetSlug}', (c) => c.getDerivedColumns({ dataset: 'api-gateway' })],
      ['getSlos', 'GET /1/slos/{datasetSlug}', (c) => c.getSlos()],
      ['getRecipients', 'GET /1/recipients', (c) => c.getRecipients()],
      ['getTriggerRecipient', 'GET /1/triggers/{datasetSlug}', (c) => c.getTriggerRecipient({ dataset: 'api-gateway', type: 'pagerduty' })],
      ['getEnvironments', 'GET /2/teams/{teamSlug}/environments', (c) => c.getEnvironments()],
    ];
    for (const [name, route, run] of operations) {
      it(`${name} waits the RateLimit reset (7 s) twice and then succeeds`, async () => {
        standIn.faults.inject({ kind: 'rateLimit', route, times: 2, retryAfterSeconds: 7 });
        const waits: number[] = [];
        const c = client({ apiKey: HONEYCOMB_KEYS.production, managementKey: HONEYCOMB_KEYS.management }, async (ms) => void waits.push(ms));
        c.api.useTeamSlug('acme');
        await run(c);
        assert.deepEqual(waits, [7000, 7000], 'the wait is the reset of RateLimit: limit=…, remaining=0, reset=7');
        const answered = standIn.requests.filter((r) => r.route === route || r.fault === 'rateLimit');
        assert.deepEqual(
          answered.map((r) => r.status),
          [429, 429, 200],
        );
      });
    }

    it('gives up after three retries with a rate-limit error that says how long to wait', async () => {
      standIn.faults.inject({ kind: 'rateLimit', route: 'GET /1/datasets', times: 10, retryAfterSeconds: 5 });
      const waits: number[] = [];
      const error = await fails(client({ apiKey: HONEYCOMB_KEYS.production }, async (ms) => void waits.push(ms)).getDatasets());
      assert.equal(error.kind, 'rateLimited');
      assert.equal(waits.length, 3);
      assert.equal(standIn.requests.length, 4);
      assert.match(error.message, /still rate limited after 3 retries \(HTTP 429\)/);
      assert.match(error.message, /You have exceeded your rate limit\. Please try again after \d{4}-/);
      assert.match(error.message, /Wait 5 s and try again\./);
    });

    it('without a RateLimit header, waits until the Retry-After HTTP-date (legacy 429 body)', async () => {
      let calls = 0;
      const server = await startTestServer((_req, res) => {
        calls++;
        if (calls === 1) {
          res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': new Date(Date.now() + 4000).toUTCString() });
          res.end(exampleText('honeycomb', 'errors/429.legacy.json'));
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('[]');
      });
      try {
        const waits: number[] = [];
        const out = await new HoneycombClient({ apiUrl: server.url, apiKey: 'k'.repeat(22), sleep: async (ms) => void waits.push(ms) }).getRecipients();
        assert.deepEqual(out.ids, []);
        assert.equal(waits.length, 1);
        assert.ok(waits[0] > 2000 && waits[0] <= 4000, `waited ${waits[0]} ms for a date about 4 s ahead`);
      } finally {
        await server.close();
      }
    });

    it('really waits when no test clock is given (a 1 s reset takes about a second)', async function () {
      this.timeout(10_000);
      standIn.faults.inject({ kind: 'rateLimit', route: 'GET /1/recipients', times: 1, retryAfterSeconds: 1 });
      const started = Date.now();
      await new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production }).getRecipients();
      const elapsed = Date.now() - started;
      assert.ok(elapsed >= 950, `answered after ${elapsed} ms`);
    });
  });
});
