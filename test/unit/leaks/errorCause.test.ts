import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { inspect } from 'node:util';
import { ServiceError } from '../../../src/core/errors';
import { HttpClient } from '../../../src/core/http';

/** A port nothing listens on: bound once to learn a free one, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Every string reachable from a value (own properties, hidden ones, causes), for a deep search. */
function deepText(value: unknown): string {
  return inspect(value, { depth: null, showHidden: true, getters: true, maxArrayLength: null, maxStringLength: null });
}

describe('errors keep no credential in their cause', () => {
  it('a failed request keeps the code and words of the transport error, not its request headers', async () => {
    const key = 'causeMarkerKey0123456789';
    const client = new HttpClient({ service: 'Honeycomb', baseUrl: `http://127.0.0.1:${await closedPort()}`, headers: { 'X-Honeycomb-Team': key }, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
    const error = await client.get('getAuthMetadata', '/1/auth').then(
      () => assert.fail('a closed port cannot answer'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ServiceError);
    assert.equal(error.kind, 'network');
    const cause = (error as { cause?: Error & { code?: string } }).cause;
    assert.equal(cause?.code, 'ECONNREFUSED', 'the cause still says what happened');
    assert.ok(!deepText(error).includes(key), 'the key is nowhere inside the error');
    // A copy made to change the hint or mask the text keeps the scrubbed cause.
    assert.ok(!deepText(error.withHint('x').mapText((t) => t)).includes(key));
  });

  it('a cause given by hand is reduced the same way, and Bearer tokens in its words are masked', () => {
    const raw = Object.assign(new Error('proxy said: Authorization: Bearer abcdef0123456789'), { code: 'EPROTO', config: { headers: { Authorization: 'Bearer abcdef0123456789' } } });
    const error = new ServiceError({ kind: 'network', service: 'authentik', operation: 'listUsers', summary: 'could not reach it', cause: raw });
    const cause = (error as { cause?: Error & { code?: string; config?: unknown } }).cause;
    assert.equal(cause?.code, 'EPROTO');
    assert.equal(cause?.config, undefined);
    assert.ok(!deepText(error).includes('abcdef0123456789'));
  });
});
