import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import { AddressInfo } from 'node:net';
import { ServiceError } from '../../../src/core/errors';
import { HttpClient, HttpClientOptions, bypassesProxy } from '../../../src/core/http';
import { RedactingLogger } from '../../../src/core/logger';
import { KnownSecrets } from '../../../src/core/redact';
import { TestServer, json, startTestServer } from '../helpers/testServer';
import { testCertificate } from '../../servers/tls';

describe('core/http HttpClient', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** A client whose waits are recorded instead of slept. */
  function client(url: string, extra: Partial<HttpClientOptions> = {}): { http: HttpClient; waits: number[] } {
    const waits: number[] = [];
    const httpClient = new HttpClient({
      service: 'Testsvc',
      baseUrl: url,
      sleep: async (ms) => {
        waits.push(ms);
      },
      ...extra,
    });
    return { http: httpClient, waits };
  }

  async function failure(promise: Promise<unknown>): Promise<ServiceError> {
    try {
      await promise;
    } catch (error) {
      assert.ok(error instanceof ServiceError, `expected a ServiceError, got ${String(error)}`);
      return error;
    }
    assert.fail('the request should have failed');
  }

  it('decodes JSON, sends the user agent and default headers, and repeats array query keys', async () => {
    server = await startTestServer((_req, res) => json(res, 200, { ok: true }));
    const { http: c } = client(server.url, { userAgent: 'ops-config-explorer/test', headers: { 'X-Honeycomb-Team': 'abc' } });
    const response = await c.request<{ ok: boolean }>({ operation: 'probe', path: '/1/things', query: { name: ['a', 'b'], skip: undefined, n: 2 } });
    assert.deepEqual(response.data, { ok: true });
    assert.equal(server.requests[0].url, '/1/things?name=a&name=b&n=2');
    assert.equal(server.requests[0].headers['user-agent'], 'ops-config-explorer/test');
    assert.equal(server.requests[0].headers['x-honeycomb-team'], 'abc');
  });

  it('waits as the RateLimit header says on 429, then succeeds', async () => {
    server = await startTestServer((_req, res, i) => (i === 0 ? json(res, 429, { error: 'slow down' }, { RateLimit: 'limit=100, remaining=0, reset=7', 'Retry-After': '99' }) : json(res, 200, [1])));
    const { http: c, waits } = client(server.url);
    const events: number[] = [];
    const withEvents = new HttpClient({ service: 'Testsvc', baseUrl: server.url, sleep: async (ms) => void waits.push(ms), onRateLimited: (e) => events.push(e.waitMs) });
    const response = await withEvents.request({ operation: 'list', path: '/1/x' });
    assert.deepEqual(response.data, [1]);
    assert.deepEqual(waits, [7000], 'RateLimit reset wins over Retry-After');
    assert.deepEqual(events, [7000]);
    assert.equal(server.requests.length, 2);
    void c;
  });

  it('honours Retry-After in seconds and as an HTTP-date', async () => {
    const date = new Date(Date.now() + 5000).toUTCString();
    server = await startTestServer((_req, res, i) => (i === 0 ? json(res, 429, {}, { 'Retry-After': '3' }) : i === 1 ? json(res, 429, {}, { 'Retry-After': date }) : json(res, 200, {})));
    const { http: c, waits } = client(server.url);
    await c.request({ operation: 'list', path: '/' });
    assert.equal(waits[0], 3000);
    assert.ok(waits[1] > 2000 && waits[1] <= 5000, `HTTP-date wait was ${waits[1]}`);
  });

  it('gives up after the bounded number of retries with a rate-limit error that says how long to wait', async () => {
    server = await startTestServer((_req, res) => json(res, 429, { error: 'You have exceeded your rate limit.' }, { 'Retry-After': '2' }));
    const { http: c, waits } = client(server.url, { retry: { maxRetries: 2 } });
    const error = await failure(c.request({ operation: 'getDatasets', path: '/1/datasets' }));
    assert.equal(error.kind, 'rateLimited');
    assert.equal(server.requests.length, 3);
    assert.deepEqual(waits, [2000, 2000]);
    assert.match(error.message, /^Testsvc getDatasets: still rate limited after 2 retries \(HTTP 429\)\. The server said: "You have exceeded your rate limit\."\. Wait 2 s and try again\.$/);
  });

  it('does not wait longer than the cap: a far Retry-After fails at once', async () => {
    server = await startTestServer((_req, res) => json(res, 429, {}, { 'Retry-After': '3600' }));
    const { http: c, waits } = client(server.url, { retry: { maxWaitMs: 60_000 } });
    const error = await failure(c.request({ operation: 'list', path: '/' }));
    assert.equal(error.kind, 'rateLimited');
    assert.deepEqual(waits, []);
    assert.equal(error.retryAfterMs, 3_600_000);
  });

  it('retries 5xx with growing backoff for GET', async () => {
    server = await startTestServer((_req, res, i) => (i < 2 ? json(res, 503, { error: 'busy' }) : json(res, 200, { fine: 1 })));
    const { http: c, waits } = client(server.url, { retry: { baseDelayMs: 100 } });
    const response = await c.request({ operation: 'get', path: '/' });
    assert.deepEqual(response.data, { fine: 1 });
    assert.equal(waits.length, 2);
    assert.ok(waits[0] >= 100 && waits[0] <= 150, `first backoff ${waits[0]}`);
    assert.ok(waits[1] >= 200 && waits[1] <= 300, `second backoff ${waits[1]}`);
  });

  it('never retries a POST on 5xx or 429', async () => {
    server = await startTestServer((_req, res) => json(res, 500, { error: 'boom' }));
    const { http: c, waits } = client(server.url);
    const error = await failure(c.request({ operation: 'createQuery', method: 'POST', path: '/1/queries/x', body: { a: 1 } }));
    assert.equal(error.kind, 'server');
    assert.equal(server.requests.length, 1);
    assert.deepEqual(waits, []);
    assert.equal(server.requests[0].headers['content-type'], 'application/json');
    assert.equal(server.requests[0].body, '{"a":1}');
  });

  it('retries a POST marked idempotent', async () => {
    server = await startTestServer((_req, res, i) => (i === 0 ? json(res, 502, {}) : json(res, 201, { id: 'q1' })));
    const { http: c } = client(server.url);
    const response = await c.request({ operation: 'create', method: 'POST', path: '/', body: {}, idempotent: true });
    assert.equal(response.status, 201);
    assert.equal(server.requests.length, 2);
  });

  it('retries a connection reset on GET, then reports a network error naming the host', async () => {
    server = await startTestServer((req, res) => {
      res.socket?.destroy();
    });
    const { http: c, waits } = client(server.url, { retry: { maxRetries: 2 } });
    const error = await failure(c.request({ operation: 'getDataset', path: '/1/datasets/x' }));
    assert.equal(error.kind, 'network');
    assert.equal(server.requests.length, 3);
    assert.equal(waits.length, 2);
    assert.match(error.message, /^Testsvc getDataset: could not reach 127\.0\.0\.1:\d+ \(ECONNRESET\) after 3 tries in \d+ ms\. Check the URL, your network and proxy settings\.$/);
    assert.equal(error.outcomeUnknown, undefined, 'a GET changes nothing');
  });

  it('reports a refused connection without hanging', async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const { http: c } = client(`http://127.0.0.1:${port}`, { retry: { maxRetries: 1 } });
    const error = await failure(c.request({ operation: 'getAuthMetadata', path: '/1/auth' }));
    assert.equal(error.kind, 'network');
    assert.match(error.message, /ECONNREFUSED/);
  });

  it('times out a slow answer', async () => {
    server = await startTestServer((_req, res) => setTimeout(() => json(res, 200, {}), 2000));
    const { http: c } = client(server.url, { timeoutMs: 150, retry: { maxRetries: 0 } });
    const error = await failure(c.request({ operation: 'slow', path: '/' }));
    assert.equal(error.kind, 'timeout');
    assert.match(error.message, /no answer from 127\.0\.0\.1:\d+ within 1\d\d ms \(1 try\)/);
  });

  it('cancels an in-flight request and a pending backoff', async () => {
    server = await startTestServer((_req, res) => setTimeout(() => json(res, 200, {}), 2000));
    const { http: c } = client(server.url);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(c.request({ operation: 'slow', path: '/', signal: controller.signal }));
    assert.equal(error.kind, 'cancelled');

    await server.close();
    server = await startTestServer((_req, res) => json(res, 503, {}, { 'Retry-After': '20' }));
    const real = new HttpClient({ service: 'Testsvc', baseUrl: server.url });
    const controller2 = new AbortController();
    const started = Date.now();
    setTimeout(() => controller2.abort(), 50);
    const error2 = await failure(real.request({ operation: 'busy', path: '/', signal: controller2.signal }));
    assert.equal(error2.kind, 'cancelled');
    assert.ok(Date.now() - started < 2000, 'cancel did not wait out the 20 s backoff');
  });

  it('turns malformed JSON and HTML pages into invalidResponse errors that say so', async () => {
    server = await startTestServer((req, res) => {
      if (req.url === '/bad') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"datasets": [');
      } else {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<!DOCTYPE html><html><body>Sign in to the proxy</body></html>');
      }
    });
    const { http: c } = client(server.url);
    const bad = await failure(c.request({ operation: 'getDatasets', path: '/bad' }));
    assert.equal(bad.kind, 'invalidResponse');
    assert.match(bad.message, /was not valid JSON\./);
    const html = await failure(c.request({ operation: 'getDatasets', path: '/html' }));
    assert.match(html.message, /it looks like an HTML page/);
  });

  it('reports an HTML 502 page from a proxy as a server error without dumping the HTML', async () => {
    server = await startTestServer((_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>');
    });
    const { http: c } = client(server.url, { retry: { maxRetries: 1 } });
    const error = await failure(c.request({ operation: 'getSlos', path: '/' }));
    assert.equal(error.kind, 'server');
    assert.match(error.message, /the server failed \(HTTP 502, an HTML error page, after 1 retry\)/);
    assert.doesNotMatch(error.message, /<html/);
  });

  it('maps statuses to kinds and keeps the server words, with the service hint', async () => {
    server = await startTestServer((req, res) => {
      const status = Number(req.url?.slice(1));
      json(res, status, { error: `status ${status} said so` });
    });
    const { http: c } = client(server.url, { hintFor: ({ kind }) => (kind === 'forbidden' ? 'Needs the secret scope.' : undefined) });
    const expected: Record<number, string> = { 400: 'badInput', 401: 'auth', 403: 'forbidden', 404: 'notFound', 409: 'badInput', 422: 'badInput' };
    for (const [status, kind] of Object.entries(expected)) {
      const error = await failure(c.request({ operation: 'op', path: `/${status}` }));
      assert.equal(error.kind, kind, `status ${status}`);
      assert.match(error.message, new RegExp(`status ${status} said so`));
    }
    const forbidden = await failure(c.request({ operation: 'op', path: '/403' }));
    assert.match(forbidden.message, /Needs the secret scope\.$/);
  });

  it('masks a key the server echoes back in an error message', async () => {
    const secrets = new KnownSecrets();
    server = await startTestServer((req, res) => json(res, 401, { error: `unknown API key ${String(req.headers['x-honeycomb-team'])}` }));
    const { http: c } = client(server.url, { headers: { 'X-Honeycomb-Team': 'hcxlk_supersecretvalue123' }, secrets });
    const error = await failure(c.request({ operation: 'getAuthMetadata', path: '/1/auth' }));
    assert.doesNotMatch(error.message, /supersecretvalue/);
    assert.match(error.message, /unknown API key ‹redacted›/);
  });

  it('logs requests at debug level with every secret header masked', async () => {
    const lines: string[] = [];
    const secrets = new KnownSecrets();
    const logger = new RedactingLogger((level, message) => lines.push(`${level} ${message}`), secrets);
    server = await startTestServer((_req, res) => json(res, 200, { token: 'server-returned-token-value', name: 'x' }));
    const { http: c } = client(server.url, {
      logger,
      secrets,
      headers: { Authorization: 'Bearer authentik-token-0123456789', 'X-Honeycomb-Team': 'hcxlk_abcdefghijklmnop' },
    });
    await c.request({ operation: 'get', path: '/x', query: { q: 'visible' } });
    const log = lines.join('\n');
    assert.match(log, /debug → GET http:\/\/127\.0\.0\.1:\d+\/x\?q=visible/);
    assert.match(log, /debug ← 200 GET/);
    assert.match(log, /"Authorization":"‹redacted›"/);
    assert.match(log, /"X-Honeycomb-Team":"‹redacted›"/);
    assert.match(log, /trace body of .*"token":"‹redacted›"/);
    assert.doesNotMatch(log, /authentik-token-0123456789|hcxlk_abcdefghijklmnop|server-returned-token-value/);
  });

  describe('TLS per connection', () => {
    let tlsServer: https.Server;
    let url: string;
    before(async function () {
      this.timeout(20000);
      const { key, cert } = testCertificate();
      tlsServer = https.createServer({ key, cert }, (_req, res) => json(res, 200, { secure: true }));
      await new Promise<void>((r) => tlsServer.listen(0, '127.0.0.1', r));
      url = `https://127.0.0.1:${(tlsServer.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((r) => tlsServer.close(() => r())));

    it('refuses a self-signed certificate by default and accepts it only on the insecure connection', async () => {
      const strict = new HttpClient({ service: 'authentik', baseUrl: url, retry: { maxRetries: 0 } });
      const insecure = new HttpClient({ service: 'authentik', baseUrl: url, tls: { insecure: true } });
      const error = await failure(strict.request({ operation: 'getCurrentUser', path: '/' }));
      assert.equal(error.kind, 'network');
      assert.match(error.message, /TLS certificate of 127\.0\.0\.1:\d+ is not trusted \((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_TLS_CERT_ALTNAME_INVALID)\)/);
      assert.deepEqual((await insecure.request({ operation: 'getCurrentUser', path: '/' })).data, { secure: true });
      // The insecure client did not change the process: a new strict client still refuses.
      const again = new HttpClient({ service: 'authentik', baseUrl: url, retry: { maxRetries: 0 } });
      assert.equal((await failure(again.request({ operation: 'getCurrentUser', path: '/' }))).kind, 'network');
      assert.equal(https.globalAgent.options.rejectUnauthorized, undefined);
    });
  });

  describe('proxy', () => {
    it('sends plain-HTTP requests through the configured proxy, and not to hosts in noProxy', async () => {
      const seen: string[] = [];
      const proxy = http.createServer((req, res) => {
        seen.push(`${req.method} ${req.url}`);
        json(res, 200, { viaProxy: true });
      });
      await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
      const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      server = await startTestServer((_req, res) => json(res, 200, { direct: true }));
      try {
        const viaProxy = new HttpClient({ service: 'Testsvc', baseUrl: 'http://api.example.invalid', proxy: proxyUrl });
        assert.deepEqual((await viaProxy.request({ operation: 'get', path: '/1/auth' })).data, { viaProxy: true });
        assert.deepEqual(seen, ['GET http://api.example.invalid/1/auth']);
        const bypass = new HttpClient({ service: 'Testsvc', baseUrl: server.url, proxy: proxyUrl, noProxy: 'localhost,127.0.0.1' });
        assert.deepEqual((await bypass.request({ operation: 'get', path: '/' })).data, { direct: true });
        assert.equal(seen.length, 1);
      } finally {
        await new Promise<void>((r) => proxy.close(() => r()));
      }
    });

    it('tunnels HTTPS through the proxy with CONNECT', async () => {
      const { key, cert } = testCertificate();
      const origin = https.createServer({ key, cert }, (_req, res) => json(res, 200, { tunnelled: true }));
      await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
      const originPort = (origin.address() as AddressInfo).port;
      const connects: string[] = [];
      const tunnels: net.Socket[] = [];
      const proxy = http.createServer();
      proxy.on('connect', (req, socket: net.Socket, head) => {
        connects.push(req.url ?? '');
        tunnels.push(socket);
        const [host, port] = (req.url ?? '').split(':');
        const upstream = net.connect(Number(port), host === 'secure.example.invalid' ? '127.0.0.1' : host, () => {
          socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          upstream.write(head);
          upstream.pipe(socket);
          socket.pipe(upstream);
        });
        upstream.on('error', () => socket.destroy());
      });
      await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
      try {
        const c = new HttpClient({
          service: 'Testsvc',
          baseUrl: `https://secure.example.invalid:${originPort}`,
          proxy: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
          tls: { insecure: true },
        });
        assert.deepEqual((await c.request({ operation: 'get', path: '/' })).data, { tunnelled: true });
        assert.deepEqual(connects, [`secure.example.invalid:${originPort}`]);
      } finally {
        // Tunnelled sockets are detached from the proxy server and kept alive by the client.
        tunnels.forEach((t) => t.destroy());
        origin.closeAllConnections();
        await new Promise<void>((r) => proxy.close(() => r()));
        await new Promise<void>((r) => origin.close(() => r()));
      }
    });

    it('knows NO_PROXY patterns', () => {
      assert.equal(bypassesProxy('api.honeycomb.io', '.honeycomb.io'), true);
      assert.equal(bypassesProxy('honeycomb.io', '.honeycomb.io'), true);
      assert.equal(bypassesProxy('api.honeycomb.io', 'honeycomb.io'), true);
      assert.equal(bypassesProxy('evilhoneycomb.io', 'honeycomb.io'), false);
      assert.equal(bypassesProxy('anything', '*'), true);
      assert.equal(bypassesProxy('auth.example.com', 'localhost, 127.0.0.1:8080'), false);
      assert.equal(bypassesProxy('127.0.0.1', 'localhost, 127.0.0.1:8080'), true);
    });
  });
});
