import * as assert from 'node:assert/strict';
import { exampleText } from '../../servers/examples';
import { HONEYCOMB_KEYS as K, startHoneycombStandIn, type HoneycombStandIn } from '../../servers/honeycomb';
import { openApiValidator } from '../../servers/openapi/validator';
import { request } from './http';

const bearer = (k: { id: string; secret: string }) => ({ Authorization: `Bearer ${k.id}:${k.secret}` });

describe('Honeycomb stand-in', function () {
  this.timeout(20_000);
  let hc: HoneycombStandIn;

  before(async function () {
    hc = await startHoneycombStandIn();
  });
  after(() => hc.stop());
  afterEach(function () {
    // Whatever a test did, the stand-in itself must never have served an off-document answer.
    assert.deepEqual(hc.violations, []);
    hc.reset();
  });

  /** The response re-checked against the document, as a client would receive it. */
  function conforms(method: string, path: string, r: { status: number; headers: Record<string, unknown>; text: string }) {
    const errors = openApiValidator('honeycomb').validateResponse({
      method,
      path,
      status: r.status,
      contentType: String(r.headers['content-type']),
      body: JSON.parse(r.text),
    });
    assert.deepEqual(errors, []);
  }

  describe('GET /1/auth', function () {
    for (const [name, env] of [
      ['production', 'production'],
      ['staging', 'staging'],
      ['dev', 'dev'],
    ] as const) {
      it(`answers the ${name} configuration key with its environment and the Acme team`, async function () {
        const r = await request(`${hc.url}/1/auth`, { headers: { 'X-Honeycomb-Team': K[name] } });
        assert.equal(r.status, 200);
        const body = r.json();
        assert.equal(body.type, 'configuration');
        assert.deepEqual(body.team, { name: 'Acme Observability', slug: 'acme' });
        assert.equal(body.environment.slug, env);
        assert.equal(body.api_key_access.createDatasets, true);
        // Same keys, same order as the published example.
        assert.deepEqual(Object.keys(body), Object.keys(JSON.parse(exampleText('honeycomb', 'GET_1_auth.json'))));
        assert.deepEqual(Object.keys(body.api_key_access), Object.keys(JSON.parse(exampleText('honeycomb', 'GET_1_auth.json')).api_key_access));
        conforms('GET', '/1/auth', r);
      });
    }

    it('reports the limited key’s missing permissions', async function () {
      const body = (await request(`${hc.url}/1/auth`, { headers: { 'X-Honeycomb-Team': K.productionLimited } })).json();
      assert.equal(body.api_key_access.events, true);
      assert.equal(body.api_key_access.columns, false);
      assert.equal(body.api_key_access.queries, false);
    });

    it('answers an ingest key with only createDatasets', async function () {
      const body = (await request(`${hc.url}/1/auth`, { headers: { 'X-Honeycomb-Team': K.ingestProduction } })).json();
      assert.equal(body.type, 'ingest');
      assert.equal(body.id, K.ingestProduction.slice(0, 32));
      assert.deepEqual(body.api_key_access, { createDatasets: true });
    });

    it('serves the published example bodies verbatim for their keys', async function () {
      for (const [token, file] of [
        [K.published.environment, 'GET_1_auth.json'],
        [K.published.classic, 'GET_1_auth.classic.json'],
        [K.published.ingest, 'GET_1_auth.ingest.json'],
      ]) {
        const r = await request(`${hc.url}/1/auth`, { headers: { 'X-Honeycomb-Team': token } });
        assert.equal(r.status, 200);
        assert.equal(r.text, exampleText('honeycomb', file));
      }
    });

    it('sends RateLimit and RateLimitPolicy headers, counting down', async function () {
      const a = await request(`${hc.url}/1/auth`, { headers: { 'X-Honeycomb-Team': K.production } });
      const b = await request(`${hc.url}/1/auth`, { headers: { 'X-Honeycomb-Team': K.production } });
      assert.match(String(a.headers.ratelimit), /^limit=100, remaining=99, reset=\d+$/);
      assert.match(String(b.headers.ratelimit), /^limit=100, remaining=98, reset=\d+$/);
      assert.equal(a.headers.ratelimitpolicy, '100;w=60');
    });

    it('rejects an unknown or missing key with the legacy 401 body, exactly', async function () {
      for (const headers of [{ 'X-Honeycomb-Team': 'not-a-real-key' }, {}, bearer(K.management)] as Array<Record<string, string>>) {
        const r = await request(`${hc.url}/1/auth`, { headers });
        assert.equal(r.status, 401);
        assert.equal(r.headers['content-type'], 'application/json');
        assert.deepEqual(r.json(), { error: 'unknown API key - check your credentials' });
        assert.equal(r.headers.ratelimit, undefined);
      }
    });
  });

  describe('GET /2/auth', function () {
    it('answers the management key as JSON:API with the team in `included`', async function () {
      const r = await request(`${hc.url}/2/auth`, { headers: bearer(K.management) });
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-type'], 'application/vnd.api+json');
      const body = r.json();
      assert.equal(body.data.id, K.management.id);
      assert.equal(body.data.type, 'api-keys');
      assert.equal(body.data.attributes.key_type, 'management');
      assert.deepEqual(body.data.attributes.scopes, ['api-keys:read', 'api-keys:write', 'environments:read', 'environments:write']);
      const teamId = body.data.relationships.team.data.id;
      const team = body.included.find((i: { type: string; id: string }) => i.type === 'teams' && i.id === teamId);
      assert.equal(team.attributes.slug, 'acme');
      conforms('GET', '/2/auth', r);
    });

    it('accepts the read-only key and a lower-case scheme word', async function () {
      const r = await request(`${hc.url}/2/auth`, { headers: { Authorization: `bearer ${K.managementReadOnly.id}:${K.managementReadOnly.secret}` } });
      assert.equal(r.status, 200);
      assert.deepEqual(r.json().data.attributes.scopes, ['api-keys:read', 'environments:read']);
    });

    it('serves the published example verbatim for its key', async function () {
      const r = await request(`${hc.url}/2/auth`, { headers: bearer(K.published.management) });
      assert.equal(r.text, exampleText('honeycomb', 'GET_2_auth.json'));
    });

    it('rejects a wrong secret, a missing header or a v1 key with a JSON:API 401 carrying id and code', async function () {
      for (const headers of [bearer({ id: K.management.id, secret: 'wrong-secret' }), {}, { Authorization: `Bearer ${K.management.id}` }, { 'X-Honeycomb-Team': K.production }] as Array<
        Record<string, string>
      >) {
        const r = await request(`${hc.url}/2/auth`, { headers });
        assert.equal(r.status, 401);
        assert.equal(r.headers['content-type'], 'application/vnd.api+json');
        const [error] = r.json().errors;
        assert.match(error.id, /^[0-9a-f]{32}$/);
        assert.equal(error.code, 'unauthenticated/invalid-key');
        assert.equal(error.status, '401');
        assert.deepEqual(error.source, { header: 'Authorization' });
        conforms('GET', '/2/auth', r);
      }
    });
  });

  describe('faults in Honeycomb shapes', function () {
    it('v1 429: problem+json, HTTP-date Retry-After, exhausted RateLimit header', async function () {
      hc.faults.inject({ kind: 'rateLimit', route: 'GET /1/auth', times: 1, retryAfterSeconds: 5 });
      const r = await request(`${hc.url}/1/auth`, { headers: { 'X-Honeycomb-Team': K.production } });
      assert.equal(r.status, 429);
      assert.equal(r.headers['content-type'], 'application/problem+json');
      assert.equal(r.headers.ratelimit, 'limit=100, remaining=0, reset=5');
      assert.equal(r.headers.ratelimitpolicy, '100;w=60');
      const retryAt = Date.parse(String(r.headers['retry-after']));
      assert.ok(retryAt - Date.now() > 3_000 && retryAt - Date.now() <= 7_000);
      const body = r.json();
      assert.equal(body.type, `${hc.url}/problems/rate-limited`);
      assert.match(body.detail, /^Please try again after \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z\.$/);
      conforms('GET', '/1/auth', r);
    });

    it('v2 429: JSON:API rate-limited/may-retry; Retry-After in seconds on request', async function () {
      hc.faults.inject({ kind: 'rateLimit', route: '/2/*', times: 1, retryAfterSeconds: 2, retryAfterFormat: 'seconds' });
      const r = await request(`${hc.url}/2/auth`, { headers: bearer(K.management) });
      assert.equal(r.status, 429);
      assert.equal(r.headers['retry-after'], '2');
      assert.equal(r.json().errors[0].code, 'rate-limited/may-retry');
      conforms('GET', '/2/auth', r);
    });

    it('Query Data 429: the per-endpoint limit text and no Retry-After date', async function () {
      hc.faults.inject({ kind: 'rateLimit', route: 'POST /1/query_results/*', times: 1 });
      const r = await request(`${hc.url}/1/query_results/checkout`, { method: 'POST', headers: { 'X-Honeycomb-Team': K.production }, body: { query_id: 'abc' } });
      assert.equal(r.status, 429);
      assert.equal(r.headers['retry-after'], undefined);
      assert.equal(r.json().detail, 'This endpoint allows 10 requests per minute.');
      conforms('POST', '/1/query_results/checkout', r);
    });

    it('500: the shape the document gives the endpoint (problem+json, legacy, JSON:API)', async function () {
      hc.faults.inject({ kind: 'serverError', times: 3 });
      // POST /1/reporting/slos/historical declares 500 InternalError; /1/auth only a GenericError default.
      const declared = await request(`${hc.url}/1/reporting/slos/historical`, { method: 'POST', headers: { 'X-Honeycomb-Team': K.production }, body: {} });
      assert.equal(declared.headers['content-type'], 'application/problem+json');
      conforms('POST', '/1/reporting/slos/historical', declared);
      const fallback = await request(`${hc.url}/1/auth`, { headers: { 'X-Honeycomb-Team': K.production } });
      assert.deepEqual([fallback.headers['content-type'], fallback.json()], ['application/json', { error: 'something went wrong!' }]);
      conforms('GET', '/1/auth', fallback);
      const v2 = await request(`${hc.url}/2/auth`, { headers: bearer(K.management) });
      assert.equal(v2.headers['content-type'], 'application/vnd.api+json');
      assert.ok(v2.json().errors[0].id);
    });
  });

  it('labels the credential in the request log without recording it', async function () {
    await request(`${hc.url}/1/auth`, { headers: { 'X-Honeycomb-Team': K.staging } });
    await request(`${hc.url}/2/auth`, { headers: bearer(K.management) });
    await request(`${hc.url}/1/auth`, { headers: { 'X-Honeycomb-Team': 'made-up' } });
    assert.deepEqual(
      hc.requests.map((e) => e.credential),
      ['configuration:staging:Terraform staging', 'management:Platform team automation', 'unknown'],
    );
    const log = JSON.stringify(hc.requests);
    for (const secret of [K.staging, K.management.secret, 'made-up']) assert.ok(!log.includes(secret));
  });

  it('reset() restores the seed and the rate-limit window', async function () {
    hc.seed.team.name = 'Renamed';
    await request(`${hc.url}/1/auth`, { headers: { 'X-Honeycomb-Team': K.production } });
    hc.reset();
    const r = await request(`${hc.url}/1/auth`, { headers: { 'X-Honeycomb-Team': K.production } });
    assert.equal(r.json().team.name, 'Acme Observability');
    assert.match(String(r.headers.ratelimit), /remaining=99,/);
  });
});
