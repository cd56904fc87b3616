import * as assert from 'node:assert/strict';
import { ServiceError } from '../../../src/core/errors';
import { HttpClient } from '../../../src/core/http';
import { decideRedirect } from '../../../src/core/httpOrigins';
import { TestServer, json, startTestServer } from '../helpers/testServer';

/**
 * Credentials belong to an origin (scheme, host, port). Two servers on 127.0.0.1 with different
 * ports are two origins: exactly the case a host-name rule gets wrong.
 */
describe('core/http: where credentials go', () => {
  let home: TestServer;
  let other: TestServer;
  afterEach(async () => {
    await home?.close();
    await other?.close();
  });

  const KEY = 'hcxlk_originboundkey12345';

  async function failure(promise: Promise<unknown>): Promise<ServiceError> {
    try {
      await promise;
    } catch (error) {
      assert.ok(error instanceof ServiceError, `expected a ServiceError, got ${String(error)}`);
      return error;
    }
    assert.fail('the request should have failed');
  }

  function redirectingTo(target: () => string, status = 302) {
    return (_req: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(status, { Location: target() });
      res.end();
    };
  }

  it('refuses a redirect to the same host on another port, naming both origins, and sends the key nowhere else', async () => {
    other = await startTestServer((_req, res) => json(res, 200, { stolen: true }));
    home = await startTestServer(redirectingTo(() => `${other.url}/1/datasets`));
    const client = new HttpClient({ service: 'Honeycomb', baseUrl: home.url, headers: { 'X-Honeycomb-Team': KEY } });
    const error = await failure(client.request({ operation: 'getDatasets', path: '/1/datasets' }));
    assert.equal(error.kind, 'invalidResponse');
    assert.equal(
      error.message,
      `Honeycomb getDatasets: the server redirected to ${other.url}, another origin than ${home.url} (HTTP 302); the request was not sent there. ` +
        'If the service has moved, point the URL setting at its new address.',
    );
    assert.equal(other.requests.length, 0, 'the other origin never heard from us');
    assert.equal(home.requests[0].headers['x-honeycomb-team'], KEY);
  });

  it('follows a redirect within the origin, credential and all', async () => {
    home = await startTestServer((req, res) => (req.url === '/old' ? redirectingTo(() => '/new', 301)(req, res) : json(res, 200, { at: req.url })));
    const client = new HttpClient({ service: 'Honeycomb', baseUrl: home.url, headers: { 'X-Honeycomb-Team': KEY } });
    const response = await client.request<{ at: string }>({ operation: 'get', path: '/old' });
    assert.deepEqual(response.data, { at: '/new' });
    assert.equal(response.url, `${home.url}/new`);
    assert.equal(home.requests[1].headers['x-honeycomb-team'], KEY);
  });

  it('follows a GET marked for storage redirects to another origin without any credential header', async () => {
    other = await startTestServer((_req, res) => json(res, 200, { blob: true }));
    home = await startTestServer(redirectingTo(() => `${other.url}/storage/blob?sig=abc`, 307));
    const client = new HttpClient({ service: 'Registry', baseUrl: home.url });
    const response = await client.request<{ blob: boolean }>({
      operation: 'get blob',
      path: '/v2/x/blobs/sha256:1',
      headers: { Authorization: 'Bearer registry-token-value', Cookie: 'session=abc123456', Accept: '*/*' },
      redirects: 'crossOriginWithoutCredentials',
    });
    assert.deepEqual(response.data, { blob: true });
    assert.equal(home.requests[0].headers.authorization, 'Bearer registry-token-value');
    assert.equal(other.requests.length, 1);
    assert.equal(other.requests[0].headers.authorization, undefined);
    assert.equal(other.requests[0].headers.cookie, undefined);
    assert.equal(other.requests[0].headers.accept, '*/*', 'ordinary headers still go');
  });

  it('never follows a write to another origin, even one marked for storage redirects', async () => {
    other = await startTestServer((_req, res) => json(res, 201, {}));
    home = await startTestServer(redirectingTo(() => `${other.url}/upload`, 307));
    const client = new HttpClient({ service: 'Registry', baseUrl: home.url });
    const error = await failure(client.request({ operation: 'upload blob', method: 'PUT', path: '/v2/x/blobs/uploads/1', body: Buffer.from('bytes'), redirects: 'crossOriginWithoutCredentials' }));
    assert.match(error.message, new RegExp(`redirected to ${other.url.replace(/\./g, '\\.')}, another origin than ${home.url.replace(/\./g, '\\.')} \\(HTTP 307\\); the change was not sent there`));
    assert.equal(other.requests.length, 0);
  });

  it('repeats a write on a same-origin 307, and does not turn it into a GET on a 302', async () => {
    home = await startTestServer((req, res) => {
      if (req.url === '/temp') return redirectingTo(() => '/final', 307)(req, res);
      if (req.url === '/moved') return redirectingTo(() => '/final', 302)(req, res);
      json(res, 201, { method: req.method, body: req.body });
    });
    const client = new HttpClient({ service: 'Testsvc', baseUrl: home.url });
    const repeated = await client.request<{ method: string; body: string }>({ operation: 'create', method: 'POST', path: '/temp', body: { a: 1 } });
    assert.deepEqual(repeated.data, { method: 'POST', body: '{"a":1}' });
    const error = await failure(client.request({ operation: 'create', method: 'POST', path: '/moved', body: { a: 1 } }));
    assert.match(error.message, /answered the POST with a redirect \(HTTP 302\) to another address; the change was not sent again/);
    assert.equal(home.requests.filter((r) => r.url === '/final').length, 1, 'only the 307 reached /final');
  });

  it('refuses an absolute URL on another origin for a client that holds a credential', async () => {
    other = await startTestServer((_req, res) => json(res, 200, { data: [] }));
    home = await startTestServer((_req, res) => json(res, 200, {}));
    const client = new HttpClient({ service: 'Honeycomb', baseUrl: home.url, headers: { Authorization: 'Bearer id:secret-management-key' } });
    const error = await failure(client.request({ operation: 'getEnvironments', path: `${other.url}/2/teams/t/environments?page[after]=x` }));
    assert.equal(error.kind, 'invalidResponse');
    assert.match(error.message, new RegExp(`refused to send the credential for ${home.url.replace(/\./g, '\\.')} to ${other.url.replace(/\./g, '\\.')}, another origin; the request was not sent`));
    assert.equal(other.requests.length, 0);
    // The same origin written absolutely is fine.
    await client.request({ operation: 'get', path: `${home.url}/2/next` });
    assert.equal(home.requests.length, 1);
  });

  it('sends a request credential only to the origin it is declared for', async () => {
    other = await startTestServer((_req, res) => json(res, 200, { token: 't' }));
    home = await startTestServer((_req, res) => json(res, 200, {}));
    const client = new HttpClient({ service: 'Registry', baseUrl: home.url });
    const basic = { Authorization: 'Basic YWxpY2U6cGFzc3dvcmQ=' };
    const refused = await failure(client.request({ operation: 'token', path: `${other.url}/token`, headers: basic }));
    assert.match(refused.message, /refused to send the credential/);
    assert.equal(other.requests.length, 0);
    await client.request({ operation: 'token', path: `${other.url}/token`, headers: basic, credentialOrigin: other.url });
    assert.equal(other.requests[0].headers.authorization, basic.Authorization);
    // Without a credential, another origin is just another address (an anonymous token request).
    await client.request({ operation: 'token', path: `${other.url}/token` });
    assert.equal(other.requests.length, 2);
  });

  it('decides each hop by rule', () => {
    const hop = { method: 'GET', status: 302, startOrigin: 'https://api.example', rule: 'sameOrigin' as const, credentialsStripped: false };
    assert.deepEqual(decideRedirect({ ...hop, to: 'https://api.example/x' }), { follow: true, method: 'GET', keepBody: false, stripCredentials: false });
    assert.equal(decideRedirect({ ...hop, to: 'http://api.example/x' }).follow, false, 'https → http is another origin');
    assert.equal(decideRedirect({ ...hop, to: 'https://api.example:8443/x' }).follow, false, 'another port is another origin');
    assert.equal(decideRedirect({ ...hop, to: 'file:///etc/passwd' }).follow, false);
    assert.deepEqual(decideRedirect({ ...hop, method: 'POST', status: 303, to: 'https://api.example/result' }), { follow: true, method: 'GET', keepBody: false, stripCredentials: false });
    const stored = decideRedirect({ ...hop, rule: 'crossOriginWithoutCredentials', to: 'https://storage.example/blob' });
    assert.deepEqual(stored, { follow: true, method: 'GET', keepBody: false, stripCredentials: true });
    // Once the credentials are dropped they stay dropped, even back at the start.
    assert.deepEqual(decideRedirect({ ...hop, credentialsStripped: true, to: 'https://api.example/x' }), { follow: true, method: 'GET', keepBody: false, stripCredentials: true });
  });

  it('stops after five redirects', async () => {
    home = await startTestServer((req, res) => redirectingTo(() => `/hop${home.requests.length}`)(req, res));
    const client = new HttpClient({ service: 'Testsvc', baseUrl: home.url });
    const error = await failure(client.request({ operation: 'loop', path: '/start' }));
    assert.match(error.message, /redirected more than 5 times/);
    assert.equal(home.requests.length, 6);
  });
});
