import * as assert from 'node:assert/strict';
import { copy } from '../../../src/clients/cosign/sign';
import { RegistryClient } from '../../../src/clients/registry/client';
import { ServiceError } from '../../../src/core/errors';
import { pushTinyImage } from '../../registry/images';
import { LatencyProxy, startLatencyProxy } from '../../registry/latencyProxy';
import { TestRegistry, startRegistry } from '../../registry/registryServer';
import { MockSigstore, startMockSigstore } from '../../sigstore/mockSigstore';
import { defaults, keylessOptions } from './harness';

/** The seed's `timeout` bounds Copy too: every registry request of a copy stops at the deadline. */
describe('copy is bounded by the signing timeout', function () {
  this.timeout(60_000);
  let registry: TestRegistry;
  let slow: LatencyProxy;
  let sigstore: MockSigstore;

  before(async () => {
    [registry, sigstore] = await Promise.all([startRegistry(), startMockSigstore()]);
    // The source answers every request after 1.5 s: a copy needs several, so a 1 s timeout must stop it.
    slow = await startLatencyProxy(registry.host, 1500);
  });
  after(() => Promise.all([registry?.stop(), sigstore?.stop(), slow?.stop()]));

  it('stops a copy from a slow registry at the deadline, says so, and writes nothing', async () => {
    const client = new RegistryClient(registry.host);
    const { digest } = await pushTinyImage(client, 'slow/source', 'v1', 'slow');
    const started = Date.now();
    await assert.rejects(
      copy({ source: `${slow.host}/slow/source@${digest}`, destination: `${registry.host}/slow/mirror` }, keylessOptions(sigstore, { defaults: defaults({ timeout: '1s', timeoutMs: 1000 }) })),
      (error: ServiceError) => {
        assert.equal(error.kind, 'timeout');
        assert.match(error.message, /did not finish within 1s \(the signing timeout\)/);
        return true;
      },
    );
    assert.ok(Date.now() - started < 3000, `stopped at the deadline, not after every request (${Date.now() - started} ms)`);
    assert.equal(await client.findManifest('slow/mirror', digest), undefined, 'nothing was copied');
  });
});
