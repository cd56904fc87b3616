import * as assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { ServiceError } from '../../../src/core/errors';
import { HttpClient } from '../../../src/core/http';
import { TestServer, startTestServer } from '../helpers/testServer';

/**
 * A failed request's ServiceError keeps why it failed, never the HTTP client's own error object:
 * that one holds the request configuration, headers included, and anything that logs or
 * inspects the error (an extension host crash report, a debugger) would print the credential.
 */
describe('ServiceError causes carry no request', () => {
  const SECRET = 'hcKeyMarker-5f3a1c9e77d04b2a';
  let server: TestServer;
  before(async () => {
    // Headers, then the connection is cut: the client's error object has the full request with it.
    server = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
      setTimeout(() => res.socket?.destroy(), 10);
    });
  });
  after(() => server.close());

  it('a broken answer is a ServiceError whose inspected form holds no header of the request', async () => {
    const client = new HttpClient({ service: 'Testsvc', baseUrl: server.url, headers: { 'X-Honeycomb-Team': SECRET }, retry: { maxRetries: 0 } });
    const error = await client.get('probe', '/1/auth').then(
      () => assert.fail('the request should fail'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ServiceError, String(error));
    const seen = inspect(error, { depth: Infinity, showHidden: true });
    assert.ok(!seen.includes(SECRET), 'the credential is nowhere in the error, its cause included');
    assert.match(String((error as { cause?: Error }).cause?.message ?? ''), /.+/, 'the cause still says what happened');
  });

  it('a cause holding a request (as HTTP libraries’ errors do) keeps only its name, message and code', () => {
    const libraryError = Object.assign(new Error('Request failed with status code 401'), {
      name: 'AxiosError',
      code: 'ERR_BAD_REQUEST',
      config: { headers: { Authorization: `Bearer ${SECRET}` } },
      request: { _header: `GET / HTTP/1.1\r\nAuthorization: Bearer ${SECRET}` },
    });
    const error = new ServiceError({ kind: 'auth', service: 'Testsvc', operation: 'probe', summary: 'the key was refused', cause: libraryError });
    assert.ok(!inspect(error, { depth: Infinity, showHidden: true }).includes(SECRET));
    const cause = (error as { cause?: Error & { code?: string } }).cause;
    assert.deepEqual([cause?.name, cause?.message, cause?.code], ['AxiosError', 'Request failed with status code 401', 'ERR_BAD_REQUEST']);
  });
});
