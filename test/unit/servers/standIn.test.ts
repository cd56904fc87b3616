import * as assert from 'node:assert/strict';
import { exampleBody } from '../../servers/examples';
import { startStandIn, type StandIn, type StandInResponse } from '../../servers/standIn';
import { request, requestError } from './http';

const JSON_CT = { 'Content-Type': 'application/json' };

/** A stand-in on the Honeycomb document with hand-written routes, some deliberately wrong. */
function routes() {
  return [
    { method: 'GET', path: '/1/auth', handler: (): StandInResponse => ({ status: 200, headers: JSON_CT, body: exampleBody('honeycomb', 'GET_1_auth.json') }) },
    {
      method: 'GET',
      path: '/1/datasets',
      handler: (req: { query: URLSearchParams }): StandInResponse => {
        const datasets = exampleBody<Array<Record<string, unknown>>>('honeycomb', 'GET_1_datasets.json');
        if (req.query.get('broken') === 'name') delete datasets[0].name;
        return { status: 200, headers: JSON_CT, body: datasets };
      },
    },
    {
      method: 'GET',
      path: '/1/datasets/{datasetSlug}',
      handler: (req: { params: Record<string, string> }): StandInResponse => {
        if (req.params.datasetSlug === 'explode') throw new Error('boom');
        return { status: 200, headers: JSON_CT, body: { ...exampleBody<object>('honeycomb', 'PUT_1_datasets_DATASET.json'), slug: req.params.datasetSlug } };
      },
    },
  ];
}

describe('generic stand-in server', function () {
  this.timeout(20_000);
  let s: StandIn;

  before(async function () {
    s = await startStandIn({ name: 'test', document: 'honeycomb', routes: routes(), secretHeaders: ['X-Proxy-Auth'] });
  });
  after(() => s.stop());
  afterEach(() => s.reset());

  it('listens on 127.0.0.1 and serves a conforming response unchanged', async function () {
    assert.match(s.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const r = await request(`${s.url}/1/datasets`);
    assert.equal(r.status, 200);
    assert.deepEqual(r.json(), exampleBody('honeycomb', 'GET_1_datasets.json'));
    assert.equal(r.headers['content-length'], String(Buffer.byteLength(r.text)));
    assert.deepEqual(s.violations, []);
  });

  it('turns a response that violates the document into a loud 500 and records it', async function () {
    const r = await request(`${s.url}/1/datasets?broken=name`);
    assert.equal(r.status, 500);
    assert.equal(r.headers['x-stand-in-violation'], 'schema');
    const body = r.json();
    assert.equal(body.error, "stand-in response violates honeycomb.openapi.yaml: GET /1/datasets → 200: /0 must have required property 'name'");
    assert.equal(body.detail, body.error);
    assert.equal(s.violations.length, 1);
    assert.deepEqual(s.violations[0].errors, ["/0 must have required property 'name'"]);
    assert.equal(s.violations[0].status, 200);
    assert.equal(s.requests[0].violation, true);
  });

  it('answers 501 for a request no route serves, and records it', async function () {
    const r = await request(`${s.url}/1/recipients`);
    assert.equal(r.status, 501);
    assert.equal(r.json().error, 'stand-in test has no route for GET /1/recipients');
    assert.equal(s.violations[0].kind, 'unrouted');
  });

  it('answers 500 when a handler throws, and records it', async function () {
    const r = await request(`${s.url}/1/datasets/explode`);
    assert.equal(r.status, 500);
    assert.match(r.json().error, /handler for GET \/1\/datasets\/\{datasetSlug\} threw: Error: boom/);
    assert.equal(s.violations[0].kind, 'handler');
  });

  it('passes template parameters to the handler, percent-decoded', async function () {
    const r = await request(`${s.url}/1/datasets/my%20service`);
    assert.equal(r.json().slug, 'my service');
    assert.equal(s.requests[0].route, 'GET /1/datasets/{datasetSlug}');
  });

  describe('request log', function () {
    it('records method, path, query, selected headers and time, with every secret redacted', async function () {
      const secrets = ['hcxlk-super-secret-key', 'mgmt-id:mgmt-secret', 'proxy-s3cret', 'q-token-value', 'body-secret-value', 'cookie-value'];
      await request(`${s.url}/1/datasets?token=q-token-value&limit=5`, {
        headers: {
          'X-Honeycomb-Team': secrets[0],
          Authorization: `Bearer ${secrets[1]}`,
          'X-Proxy-Auth': secrets[2],
          Cookie: `session=${secrets[5]}`,
          'User-Agent': 'ops-config-explorer-test',
        },
      });
      await request(`${s.url}/1/datasets`, { method: 'GET', body: { name: 'x', webhook_secret: secrets[4], nested: { api_key: secrets[4] } } });

      const [first, second] = s.requests;
      assert.equal(first.method, 'GET');
      assert.equal(first.path, '/1/datasets');
      assert.deepEqual(first.query, { token: '[redacted]', limit: '5' });
      assert.equal(first.headers['x-honeycomb-team'], '[redacted]');
      assert.equal(first.headers.authorization, 'Bearer [redacted]');
      assert.equal(first.headers['x-proxy-auth'], '[redacted]');
      assert.equal(first.headers.cookie, '[redacted]');
      assert.equal(first.headers['user-agent'], 'ops-config-explorer-test');
      assert.ok(Math.abs(Date.parse(first.time) - Date.now()) < 10_000);
      assert.equal(first.status, 200);
      assert.deepEqual(second.body, { name: 'x', webhook_secret: '[redacted]', nested: { api_key: '[redacted]' } });

      const remote = await request(`${s.url}/__standin/requests`);
      for (const logged of [JSON.stringify(s.requests), remote.text]) {
        for (const secret of secrets) assert.ok(!logged.includes(secret), `log contains ${secret}`);
      }
    });

    it('does not log control requests', async function () {
      await request(`${s.url}/__standin/faults`);
      assert.deepEqual(s.requests, []);
    });
  });

  describe('faults', function () {
    it('rateLimit: 429 with Retry-After, for N requests, then normal answers', async function () {
      s.faults.inject({ kind: 'rateLimit', route: 'GET /1/datasets', times: 2, retryAfterSeconds: 7 });
      for (let i = 0; i < 2; i++) {
        const r = await request(`${s.url}/1/datasets`);
        assert.equal(r.status, 429);
        assert.equal(r.headers['retry-after'], '7');
      }
      assert.equal((await request(`${s.url}/1/datasets`)).status, 200);
      assert.deepEqual(s.faults.list(), []);
      assert.deepEqual(
        s.requests.map((e) => e.fault),
        ['rateLimit', 'rateLimit', undefined],
      );
    });

    it('rateLimit: Retry-After as an HTTP-date when asked', async function () {
      s.faults.inject({ kind: 'rateLimit', retryAfterSeconds: 30, retryAfterFormat: 'http-date' });
      const r = await request(`${s.url}/1/auth`);
      const at = Date.parse(String(r.headers['retry-after']));
      assert.match(String(r.headers['retry-after']), /^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      assert.ok(at - Date.now() > 25_000 && at - Date.now() <= 32_000);
    });

    it('only hits the matching route pattern, and stays until cleared', async function () {
      const f = s.faults.inject({ kind: 'serverError', route: '/1/datasets/{datasetSlug}' });
      assert.equal((await request(`${s.url}/1/datasets/a`)).status, 500);
      assert.equal((await request(`${s.url}/1/datasets/b`)).status, 500);
      assert.equal((await request(`${s.url}/1/datasets`)).status, 200);
      assert.equal(s.faults.list()[0].served, 2);
      s.faults.clear(f.id);
      assert.equal((await request(`${s.url}/1/datasets/a`)).status, 200);
    });

    it('serverError: 500 (or the given status) and faulted answers are not schema-checked', async function () {
      s.faults.inject({ kind: 'serverError', times: 1, status: 503 });
      const r = await request(`${s.url}/1/auth`);
      assert.equal(r.status, 503); // /1/auth declares no 503; a fault is deliberately off-document
      assert.deepEqual(s.violations, []);
    });

    it('slow: delays the normal answer', async function () {
      s.faults.inject({ kind: 'slow', delayMs: 300, times: 1 });
      const t0 = performance.now();
      const r = await request(`${s.url}/1/auth`);
      assert.equal(r.status, 200);
      assert.ok(performance.now() - t0 >= 290);
    });

    it('slow: a client that times out gets nothing and the stand-in carries on', async function () {
      s.faults.inject({ kind: 'slow', delayMs: 2_000, times: 1 });
      const e = await requestError(`${s.url}/1/auth`, { timeoutMs: 200 });
      assert.equal(e.code, 'CLIENT_TIMEOUT');
      assert.equal((await request(`${s.url}/1/auth`)).status, 200);
    });

    it('reset: the connection is reset', async function () {
      s.faults.inject({ kind: 'reset', times: 1 });
      const e = await requestError(`${s.url}/1/auth`);
      assert.ok(['ECONNRESET', 'EPIPE'].includes(String(e.code)) || /socket hang up/.test(e.message), String(e));
      assert.equal(s.requests[0].fault, 'reset');
    });

    it('malformedJson: status and JSON Content-Type of the real answer, body cut short', async function () {
      s.faults.inject({ kind: 'malformedJson', route: 'GET /1/datasets', times: 1 });
      const r = await request(`${s.url}/1/datasets`);
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-type'], 'application/json');
      assert.throws(() => JSON.parse(r.text), SyntaxError);
      assert.ok(JSON.stringify(exampleBody('honeycomb', 'GET_1_datasets.json')).startsWith(r.text));
    });

    it("htmlError: a proxy's HTML error page", async function () {
      s.faults.inject({ kind: 'htmlError', times: 1 });
      const r = await request(`${s.url}/1/auth`);
      assert.equal(r.status, 502);
      assert.equal(r.headers['content-type'], 'text/html');
      assert.match(r.text, /<title>502 Bad Gateway<\/title>/);
    });

    it('rejects a malformed fault spec', function () {
      assert.throws(() => s.faults.inject({ kind: 'explode' } as never), /fault kind must be one of/);
      assert.throws(() => s.faults.inject({ kind: 'slow', delayMs: -1 }), /delayMs must be an integer >= 0/);
    });
  });

  describe('control surface over HTTP', function () {
    it('injects, lists and clears faults; reads the log; resets', async function () {
      const created = await request(`${s.url}/__standin/faults`, { method: 'POST', body: { kind: 'serverError', route: 'GET /1/auth' } });
      assert.equal(created.status, 201);
      const id = created.json().fault.id;
      assert.equal((await request(`${s.url}/1/auth`)).status, 500);
      assert.deepEqual(
        (await request(`${s.url}/__standin/faults`)).json().faults.map((f: { id: string }) => f.id),
        [id],
      );
      assert.equal((await request(`${s.url}/__standin/faults/${id}`, { method: 'DELETE' })).status, 204);
      assert.equal((await request(`${s.url}/1/auth`)).status, 200);

      const log = (await request(`${s.url}/__standin/requests`)).json().requests;
      assert.deepEqual(
        log.map((e: { status: number }) => e.status),
        [500, 200],
      );
      const since = (await request(`${s.url}/__standin/requests?since=${log[0].seq}`)).json().requests;
      assert.equal(since.length, 1);

      await request(`${s.url}/1/datasets?broken=name`);
      assert.equal((await request(`${s.url}/__standin/violations`)).json().violations.length, 1);
      assert.equal((await request(`${s.url}/__standin/reset`, { method: 'POST' })).status, 204);
      assert.deepEqual(s.requests, []);
      assert.deepEqual(s.violations, []);
    });

    it('reports a bad fault spec as 400', async function () {
      const r = await request(`${s.url}/__standin/faults`, { method: 'POST', body: { kind: 'rateLimit', times: 0 } });
      assert.equal(r.status, 400);
      assert.match(r.json().error, /times must be an integer >= 1/);
      assert.equal((await request(`${s.url}/__standin/faults`, { method: 'DELETE' })).status, 204);
      assert.equal((await request(`${s.url}/__standin/faults/f999`, { method: 'DELETE' })).status, 404);
    });
  });

  describe('HTTPS', function () {
    let tlsStandIn: StandIn;
    before(async function () {
      tlsStandIn = await startStandIn({ name: 'tls', document: 'honeycomb', routes: routes(), https: true });
      console.log(`      self-signed certificate from: ${tlsStandIn.tls?.source}`);
    });
    after(() => tlsStandIn.stop());

    it('serves HTTPS with a self-signed certificate that default verification refuses', async function () {
      assert.match(tlsStandIn.url, /^https:\/\/127\.0\.0\.1:\d+$/);
      const e = await requestError(`${tlsStandIn.url}/1/auth`);
      assert.ok(['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN'].includes(String(e.code)), String(e.code));
    });

    it('is reachable when the certificate is trusted as CA, or verification is off', async function () {
      assert.equal((await request(`${tlsStandIn.url}/1/auth`, { ca: tlsStandIn.tls!.cert })).status, 200);
      assert.equal((await request(`${tlsStandIn.url}/1/auth`, { rejectUnauthorized: false })).status, 200);
    });

    it('can reset a TLS connection', async function () {
      tlsStandIn.faults.inject({ kind: 'reset', times: 1 });
      const e = await requestError(`${tlsStandIn.url}/1/auth`, { rejectUnauthorized: false });
      assert.ok(e.code === 'ECONNRESET' || /socket hang up/.test(e.message), String(e));
    });
  });
});
