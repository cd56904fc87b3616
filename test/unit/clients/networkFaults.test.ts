import * as assert from 'node:assert/strict';
import { AuthentikClient } from '../../../src/clients/authentik';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { RegistryClient } from '../../../src/clients/registry/client';
import { ServiceError } from '../../../src/core/errors';
import { MiB, flood, timedFailure, trickle } from '../helpers/misbehaving';
import { TestServer, json, startTestServer } from '../helpers/testServer';

/**
 * The three service clients against a misbehaving server on 127.0.0.1: what a user at the end of
 * a bad network, a broken proxy or a hostile server would otherwise sit through.
 */
describe('Honeycomb, authentik and registry clients against a misbehaving server', function () {
  this.timeout(20_000);
  let server: TestServer | undefined;
  let other: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    await other?.close();
    server = other = undefined;
  });

  const host = () => (server as TestServer).url.replace('http://', '');
  const honeycomb = (timeoutMs?: number) =>
    new HoneycombClient({ apiUrl: (server as TestServer).url, apiKey: 'hcxlk_faultyserverkey0001', managementKey: { id: 'hcxmk_faultyid0001', secret: 'faultysecret0001' }, timeoutMs });
  const authentik = (timeoutMs?: number) => new AuthentikClient({ apiBase: `${(server as TestServer).url}/api/v3`, token: 'authentik-faulty-token', timeoutMs });
  const registry = (timeoutMs?: number) => new RegistryClient(host(), { timeoutMs });

  /** One request of each client, at the same time (they share the server). */
  function allThree(timeoutMs?: number): Array<[string, Promise<unknown>]> {
    return [
      ['Honeycomb', honeycomb(timeoutMs).getDatasets()],
      ['authentik', authentik(timeoutMs).getCurrentUser()],
      ['Registry', registry(timeoutMs).getManifest('team/app', 'v1')],
    ];
  }

  it('a body that trickles a byte every half second is cut off at the 2 s timeout, for all three', async () => {
    server = await startTestServer((_req, res) => trickle(res, { everyMs: 500, maxBytes: 80 }));
    const results = await Promise.all(allThree(2000).map(async ([name, call]) => ({ name, ...(await timedFailure<ServiceError>(call)) })));
    for (const { name, error, ms } of results) {
      assert.equal(error.kind, 'timeout', `${name}: ${error.message}`);
      assert.ok(ms < 3500, `${name} waited ${ms} ms; the trickle lasts 40 s`);
      assert.match(error.message, /the answer from 127\.0\.0\.1:\d+ was still arriving after 2(\.\d)? s \(1 try\)/, name);
    }
  });

  it('a silent server costs one attempt within the 2 s timeout, and the message says so, for all three', async () => {
    server = await startTestServer(() => undefined);
    const results = await Promise.all(allThree(2000).map(async ([name, call]) => ({ name, ...(await timedFailure<ServiceError>(call)) })));
    for (const { name, error, ms } of results) {
      assert.equal(error.kind, 'timeout', `${name}: ${error.message}`);
      assert.ok(ms < 3500, `${name} waited ${ms} ms`);
      assert.match(error.message, /no answer from 127\.0\.0\.1:\d+ within 2(\.\d)? s \(1 try\)/, name);
    }
    assert.equal(server.requests.length, 3, 'one request per client, no retry after the deadline');
  });

  it('all three name the likely proxy or login page in the same words', async () => {
    server = await startTestServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!DOCTYPE html><html><body><form>Sign in to continue</form></body></html>');
    });
    for (const [name, call] of allThree()) {
      const { error } = await timedFailure<ServiceError>(call);
      assert.equal(error.kind, 'invalidResponse', name);
      assert.match(
        error.message,
        /was not valid JSON \(it looks like an HTML page, often a proxy or login page\)\. Check that the URL points at the service API itself\.$/,
        `${name}: ${error.message}`,
      );
    }
  });

  describe('answer size', () => {
    it('stops reading a 50 MiB JSON answer at the API answer limit', async () => {
      let written: Promise<number> | undefined;
      server = await startTestServer((_req, res) => {
        written = flood(res, { total: 50 * MiB, open: '[', unit: '{"name":"d","slug":"d"},', close: '{"name":"d","slug":"d"}]' }).written;
      });
      const { error } = await timedFailure<ServiceError>(honeycomb().getDatasets());
      assert.equal(error.kind, 'invalidResponse');
      assert.match(error.message, /^Honeycomb getDatasets: the answer from 127\.0\.0\.1:\d+ is larger than 32 MiB, the most this extension reads for an API answer; reading stopped there\./);
      const sent = await written;
      assert.ok(sent !== undefined && sent < 40 * MiB, `the server got to send ${sent} bytes`);
    });

    it('refuses a declared Content-Length over the limit before reading', async () => {
      let written: Promise<number> | undefined;
      server = await startTestServer((_req, res) => {
        written = flood(res, { total: 50 * MiB, open: '{"user":{"pk":1,"x":"', unit: 'xxxxxxxx', close: '"}}', declareLength: true }).written;
      });
      const { error } = await timedFailure<ServiceError>(authentik().getCurrentUser());
      assert.match(error.message, /is larger than 32 MiB/);
      const sent = await written;
      assert.ok(sent !== undefined && sent < 16 * MiB, `the server got to send ${sent} bytes`);
    });

    it('stops reading a manifest at 4 MiB', async () => {
      let written: Promise<number> | undefined;
      server = await startTestServer((_req, res) => {
        written = flood(res, {
          total: 64 * MiB,
          open: '{"schemaVersion":2,"layers":[',
          unit: '{"digest":"sha256:00"},',
          close: '{}]}',
          contentType: 'application/vnd.oci.image.manifest.v1+json',
        }).written;
      });
      const { error } = await timedFailure<ServiceError>(registry().getManifest('team/app', 'v1'));
      assert.equal(error.kind, 'invalidResponse');
      assert.match(
        error.message,
        /^Registry 127\.0\.0\.1:\d+ get manifest: the answer from 127\.0\.0\.1:\d+ is larger than 4 MiB, the most this extension reads for a manifest; reading stopped there\./,
      );
      const sent = await written;
      assert.ok(sent !== undefined && sent < 32 * MiB, `the server got to send ${sent} bytes`);
    });

    it('stops reading a blob at the size its caller expects', async () => {
      let written: Promise<number> | undefined;
      server = await startTestServer((_req, res) => {
        written = flood(res, { total: 200 * MiB, open: '', unit: 'x'.repeat(64), close: '', contentType: 'application/octet-stream' }).written;
      });
      const digest = `sha256:${'a'.repeat(64)}`;
      const { error } = await timedFailure<ServiceError>(registry().getBlob('team/app', digest, { maxBytes: 8 * MiB }));
      assert.match(error.message, new RegExp(`is larger than 8 MiB, the most this extension reads for the blob ${digest}; reading stopped there`));
      const sent = await written;
      assert.ok(sent !== undefined && sent < 40 * MiB, `the server got to send ${sent} bytes`);
    });
  });

  describe('pages', () => {
    it('an authentik "page" of 164,525 groups when 100 were asked for is an invalid answer', async () => {
      const results = Array.from({ length: 164_525 }, (_, i) => ({ pk: `g${i}`, name: `group ${i}` }));
      const body = JSON.stringify({ pagination: { next: 0, previous: 0, count: results.length, current: 1, total_pages: 1, start_index: 1, end_index: results.length }, results, autocomplete: {} });
      server = await startTestServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(body);
      });
      const { error } = await timedFailure<ServiceError>(authentik().listGroups({ pageSize: 100 }));
      assert.equal(error.kind, 'invalidResponse');
      assert.equal(
        error.message,
        'authentik listGroups: the answer to /core/groups/ holds 164,525 items on one page, more than the 100 asked for (page_size). Check that the URL points at the authentik server itself.',
      );
      assert.match(server.requests[0].url, /page_size=100/);
    });

    // The lists whose items carry a secret the server returns (read as text, their secrets
    // registered) go through the same page reader as every other list.
    const secretLists = [
      { kind: 'license', path: '/enterprise/license/', operation: 'listEnterpriseLicenses', item: (i: number) => ({ license_uuid: `l${i}`, name: `license ${i}`, key: `eyJ.license${i}.sig` }) },
      {
        kind: 'browserConnector',
        path: '/endpoints/google_chrome/connectors/',
        operation: 'listGoogleChromeConnectors',
        item: (i: number) => ({ connector_uuid: `c${i}`, name: `chrome ${i}`, credentials: { private_key: `k${i}` } }),
      },
      {
        kind: 'eventTransport',
        path: '/events/transports/',
        operation: 'listNotificationTransports',
        item: (i: number) => ({ pk: `t${i}`, name: `transport ${i}`, mode: 'webhook', webhook_url: `https://hooks.example/t${i}` }),
      },
    ] as const;
    for (const list of secretLists) {
      it(`an authentik "page" of 60,000 items is refused for the ${list.kind} list too`, async () => {
        const results = Array.from({ length: 60_000 }, (_, i) => list.item(i));
        const body = JSON.stringify({ pagination: { next: 0, previous: 0, count: results.length, current: 1, total_pages: 1, start_index: 1, end_index: results.length }, results, autocomplete: {} });
        server = await startTestServer((_req, res) => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(body);
        });
        const { error } = await timedFailure<ServiceError>(
          authentik()
            .resources(list.kind)
            .then((resources) => resources.list()),
        );
        assert.equal(error.kind, 'invalidResponse');
        assert.equal(
          error.message,
          `authentik ${list.operation}: the answer to ${list.path} holds 60,000 items on one page, more than the 100 asked for (page_size). Check that the URL points at the authentik server itself.`,
        );
        assert.match(server.requests[0].url, /page_size=100/);
      });
    }

    it('a Honeycomb page larger than page[size] is an invalid answer', async () => {
      server = await startTestServer((req, res) => {
        if (req.url.startsWith('/2/auth')) return json(res, 200, { data: { id: 'k', type: 'api-keys' }, included: [{ id: 't', type: 'teams', attributes: { name: 'Team', slug: 'team' } }] });
        json(res, 200, { data: Array.from({ length: 101 }, (_, i) => ({ id: `e${i}`, type: 'environments', attributes: { name: `env ${i}`, slug: `env-${i}` } })), links: { next: null } });
      });
      const { error } = await timedFailure<ServiceError>(honeycomb().listEnvironments());
      assert.equal(error.kind, 'invalidResponse');
      assert.match(error.message, /^Honeycomb getEnvironments: a page of the answer holds 101 items, more than the 100 asked for \(page\[size\]\)\./);
      assert.match(decodeURIComponent(server.requests[1].url), /page\[size\]=100/);
    });

    it('a Honeycomb links.next on another origin never gets the management key', async () => {
      other = await startTestServer((_req, res) => json(res, 200, { data: [], links: { next: null } }));
      server = await startTestServer((req, res) => {
        if (req.url.startsWith('/2/auth')) return json(res, 200, { data: { id: 'k', type: 'api-keys' }, included: [{ id: 't', type: 'teams', attributes: { name: 'Team', slug: 'team' } }] });
        json(res, 200, {
          data: [{ id: 'e1', type: 'environments', attributes: { name: 'prod', slug: 'prod' } }],
          links: { next: `${other?.url}/2/teams/team/environments?page[after]=e1&page[size]=100` },
        });
      });
      const { error } = await timedFailure<ServiceError>(honeycomb().listEnvironments());
      assert.equal(error.kind, 'invalidResponse');
      assert.match(error.message, new RegExp(`refused to send the credential for ${server.url.replace(/\./g, '\\.')} to ${other.url.replace(/\./g, '\\.')}, another origin`));
      assert.equal(other.requests.length, 0);
    });
  });
});
