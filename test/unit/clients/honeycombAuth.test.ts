import * as assert from 'node:assert/strict';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { ServiceError } from '../../../src/core/errors';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';

describe('Honeycomb client: credentials (against the stand-in)', () => {
  let standIn: HoneycombStandIn;
  before(async () => {
    standIn = await startHoneycombStandIn();
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, [], 'the stand-in answered outside the OpenAPI document');
    standIn.reset();
  });

  const client = (extra: Partial<ConstructorParameters<typeof HoneycombClient>[0]> = {}): HoneycombClient => new HoneycombClient({ apiUrl: standIn.url, sleep: async () => undefined, ...extra });

  it('getAuthMetadata returns the team, environment and permissions of an API key with one request', async () => {
    const auth = await client({ apiKey: HONEYCOMB_KEYS.production }).getAuthMetadata();
    assert.equal(auth.team.name, 'Acme Observability');
    assert.equal(auth.team.slug, 'acme');
    assert.deepEqual(auth.environment, { name: 'Production', slug: 'production', classic: false });
    assert.equal(auth.type, 'configuration');
    assert.equal(auth.apiKeyAccess.datasets, true, 'createDatasets is read as datasets');
    assert.ok(auth.id.startsWith('hcxlk_'));
    assert.equal(standIn.requests.length, 1);
    assert.equal(standIn.requests[0].path, '/1/auth');
  });

  it('reports a limited key\u2019s permissions as the API says', async () => {
    const auth = await client({ apiKey: HONEYCOMB_KEYS.productionLimited }).getAuthMetadata();
    assert.equal(auth.apiKeyAccess.events, true);
    assert.equal(auth.apiKeyAccess.slos, false);
    assert.equal(auth.apiKeyAccess.datasets, false);
  });

  it('reads the published Classic and ingest examples', async () => {
    const classic = await client({ apiKey: HONEYCOMB_KEYS.published.classic }).getAuthMetadata();
    assert.equal(classic.environment.classic, true);
    const ingest = await client({ apiKey: HONEYCOMB_KEYS.published.ingest }).getAuthMetadata();
    assert.equal(ingest.type, 'ingest');
  });

  it('refuses a wrong API key with Honeycomb\u2019s words and the command to fix it', async () => {
    await assert.rejects(client({ apiKey: 'hcxlk_not0a0real0key000000000000' }).getAuthMetadata(), (error: ServiceError) => {
      assert.equal(error.kind, 'auth');
      assert.equal(
        error.message,
        'Honeycomb getAuthMetadata: the credential was rejected (HTTP 401). The server said: "unknown API key - check your credentials". ' +
          'Honeycomb refused the API key. Set it again with "Honeycomb: Set API Key…".',
      );
      assert.doesNotMatch(error.message, /not0a0real0key/);
      return true;
    });
  });

  it('says an API key is needed when none is configured', async () => {
    await assert.rejects(client().getAuthMetadata(), /no API key is configured\. Set one with "Honeycomb: Set API Key…"/);
    assert.equal(standIn.requests.length, 0);
  });

  it('getManagementKeyInfo reads the team and scopes of a management key', async () => {
    const info = await client({ managementKey: HONEYCOMB_KEYS.management }).getManagementKeyInfo();
    assert.equal(info.teamSlug, 'acme');
    assert.equal(info.teamName, 'Acme Observability');
    assert.ok(info.scopes.includes('environments:read'));
    const auth = standIn.requests[0];
    assert.equal(auth.path, '/2/auth');
  });

  it('refuses a wrong management key and names the management-key command', async () => {
    await assert.rejects(client({ managementKey: { id: HONEYCOMB_KEYS.management.id, secret: 'wrong-secret-value' } }).getManagementKeyInfo(), (error: ServiceError) => {
      assert.equal(error.kind, 'auth');
      assert.match(error.message, /Set it again with "Honeycomb: Set Management Key…"/);
      return true;
    });
  });

  it('waits out a 429 from the stand-in and retries', async () => {
    standIn.faults.inject({ kind: 'rateLimit', route: 'GET /1/auth', times: 1, retryAfterSeconds: 4 });
    const waits: number[] = [];
    const auth = await client({ apiKey: HONEYCOMB_KEYS.production, sleep: async (ms) => void waits.push(ms) }).getAuthMetadata();
    assert.equal(auth.team.slug, 'acme');
    assert.equal(standIn.requests.length, 2);
    assert.equal(waits.length, 1);
    assert.ok(waits[0] >= 1000 && waits[0] <= 4000, `waited ${waits[0]} ms`);
  });

  it('reports an HTML error page and malformed JSON clearly', async () => {
    standIn.faults.inject({ kind: 'htmlError', route: 'GET /1/auth', times: 4 });
    await assert.rejects(client({ apiKey: HONEYCOMB_KEYS.production }).getAuthMetadata(), (error: ServiceError) => error.kind === 'server' && /HTML error page/.test(error.message));
    standIn.faults.clear();
    standIn.faults.inject({ kind: 'malformedJson', route: 'GET /1/auth', times: 1 });
    await assert.rejects(client({ apiKey: HONEYCOMB_KEYS.production }).getAuthMetadata(), (error: ServiceError) => error.kind === 'invalidResponse');
  });
});
