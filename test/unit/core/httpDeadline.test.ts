import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { AddressInfo } from 'node:net';
import { ServiceError } from '../../../src/core/errors';
import { HttpClient, HttpClientOptions } from '../../../src/core/http';
import { timedFailure, trickle } from '../helpers/misbehaving';
import { TestServer, json, startTestServer } from '../helpers/testServer';

/**
 * The timeout bounds the whole request: every attempt, every wait between attempts and every
 * byte of the answer. And a write that may have reached the server is never repeated: the
 * caller learns that its outcome is unknown.
 */
describe('core/http: deadline and writes', function () {
  this.timeout(15_000);
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const client = (url: string, extra: Partial<HttpClientOptions> = {}) => new HttpClient({ service: 'Testsvc', baseUrl: url, ...extra });

  describe('the deadline', () => {
    it('cuts off an answer that trickles in after its headers', async () => {
      server = await startTestServer((_req, res) => trickle(res, { everyMs: 100, maxBytes: 100 }));
      const { error, ms } = await timedFailure<ServiceError>(client(server.url, { timeoutMs: 600 }).request({ operation: 'list', path: '/' }));
      assert.equal(error.kind, 'timeout');
      assert.ok(ms >= 550 && ms < 1500, `took ${ms} ms; the trickle would have lasted 10 s`);
      assert.match(error.message, /^Testsvc list: the answer from 127\.0\.0\.1:\d+ was still arriving after \d+ ms \(1 try\)\./);
    });

    it('spends one attempt on a silent server and says how long it waited', async () => {
      server = await startTestServer(() => undefined);
      const { error, ms } = await timedFailure<ServiceError>(client(server.url, { timeoutMs: 700 }).request({ operation: 'list', path: '/' }));
      assert.equal(error.kind, 'timeout');
      assert.ok(ms < 1200, `took ${ms} ms`);
      assert.equal(server.requests.length, 1, 'no attempt after the deadline');
      assert.match(error.message, /no answer from 127\.0\.0\.1:\d+ within (6\d\d|7\d\d) ms \(1 try\)/);
    });

    it('retries resets only while time is left, and says how many tries it made', async () => {
      server = await startTestServer((_req, res) => res.socket?.destroy());
      const c = client(server.url, { timeoutMs: 1000, retry: { maxRetries: 10, baseDelayMs: 200 } });
      const { error, ms } = await timedFailure<ServiceError>(c.request({ operation: 'get', path: '/' }));
      assert.equal(error.kind, 'network');
      assert.ok(ms < 1100, `took ${ms} ms for a 1 s timeout`);
      const tries = server.requests.length;
      assert.ok(tries >= 2 && tries < 11, `${tries} tries`);
      assert.match(error.message, new RegExp(`could not reach 127\\.0\\.0\\.1:\\d+ \\(ECONNRESET\\) after ${tries} tries in \\d+ ms`));
    });

    it('does not start a wait that would outlast it: a Retry-After past the deadline fails at once', async () => {
      server = await startTestServer((_req, res) => json(res, 503, { error: 'busy' }, { 'Retry-After': '5' }));
      const { error, ms } = await timedFailure<ServiceError>(client(server.url, { timeoutMs: 2000 }).request({ operation: 'get', path: '/' }));
      assert.equal(error.kind, 'server');
      assert.ok(ms < 1000, `took ${ms} ms`);
      assert.equal(server.requests.length, 1);
    });

    it('lets a request set its own bound', async () => {
      server = await startTestServer(() => undefined);
      const { error, ms } = await timedFailure<ServiceError>(client(server.url, { timeoutMs: 30_000 }).request({ operation: 'probe', path: '/', timeoutMs: 300 }));
      assert.equal(error.kind, 'timeout');
      assert.ok(ms < 1000, `took ${ms} ms`);
    });
  });

  describe('writes whose outcome is unknown', () => {
    it('a POST whose connection is reset is not retried and may have been applied', async () => {
      server = await startTestServer((_req, res) => res.socket?.destroy());
      const error = (await timedFailure<ServiceError>(client(server.url).request({ operation: 'createThing', method: 'POST', path: '/things', body: { name: 'x' } }))).error;
      assert.equal(error.kind, 'network');
      assert.equal(error.outcomeUnknown, true);
      assert.equal(server.requests.length, 1);
      assert.equal(
        error.message,
        `Testsvc createThing: could not reach ${server.url.replace('http://', '')} (ECONNRESET); the change may have been applied. Check whether it was applied before trying again.`,
      );
    });

    it('a PATCH that times out may have been applied', async () => {
      server = await startTestServer(() => undefined);
      const { error } = await timedFailure<ServiceError>(client(server.url, { timeoutMs: 300 }).request({ operation: 'updateThing', method: 'PATCH', path: '/things/1', body: { name: 'y' } }));
      assert.equal(error.kind, 'timeout');
      assert.equal(error.outcomeUnknown, true);
      assert.match(error.message, /no answer from .* within \d+ ms \(1 try\); the change may have been applied\./);
    });

    it('a connection closed in the middle of the answer leaves a DELETE unknown, and it is not repeated', async () => {
      server = await startTestServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
        res.write('{"deleted":');
        setTimeout(() => res.socket?.destroy(), 20);
      });
      const { error } = await timedFailure<ServiceError>(client(server.url).request({ operation: 'deleteThing', method: 'DELETE', path: '/things/1' }));
      assert.equal(error.outcomeUnknown, true);
      assert.equal(server.requests.length, 1);
      assert.match(error.message, /the answer from 127\.0\.0\.1:\d+ broke off \(\w+\); the change may have been applied/);
    });

    it('a PUT is repeated only when its caller marks it idempotent, and then its outcome is not in doubt', async () => {
      server = await startTestServer((_req, res) => res.socket?.destroy());
      const plain = await timedFailure<ServiceError>(client(server.url).request({ operation: 'put', method: 'PUT', path: '/x', body: 'v' }));
      assert.equal(server.requests.length, 1);
      assert.equal(plain.error.outcomeUnknown, true);
      const marked = await timedFailure<ServiceError>(
        client(server.url, { retry: { maxRetries: 2, baseDelayMs: 10 } }).request({ operation: 'put', method: 'PUT', path: '/x', body: 'v', idempotent: true }),
      );
      assert.equal(server.requests.length, 4);
      assert.equal(marked.error.outcomeUnknown, undefined);
      assert.doesNotMatch(marked.error.message, /may have been applied/);
    });

    it('a write that never reached the server (connection refused) is known not to be applied', async () => {
      const probe = net.createServer();
      await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
      const port = (probe.address() as AddressInfo).port;
      await new Promise<void>((r) => probe.close(() => r()));
      const { error } = await timedFailure<ServiceError>(client(`http://127.0.0.1:${port}`).request({ operation: 'createThing', method: 'POST', path: '/', body: {} }));
      assert.equal(error.kind, 'network');
      assert.equal(error.outcomeUnknown, undefined);
      assert.doesNotMatch(error.message, /may have been applied/);
    });

    it('keeps the flag through a service hint', async () => {
      server = await startTestServer((_req, res) => res.socket?.destroy());
      const c = client(server.url, { hintFor: ({ kind }) => (kind === 'network' ? 'Check the VPN.' : undefined) });
      const { error } = await timedFailure<ServiceError>(c.request({ operation: 'create', method: 'POST', path: '/', body: {} }));
      assert.equal(error.outcomeUnknown, true);
      assert.match(error.message, /may have been applied\. Check the VPN\.$/);
    });
  });
});
