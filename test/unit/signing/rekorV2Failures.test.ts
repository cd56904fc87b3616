import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { attest, sign } from '../../../src/clients/cosign/sign';
import { RegistryClient } from '../../../src/clients/registry/client';
import { attachmentTag } from '../../../src/clients/registry/digest';
import { parseSigningConfig } from '../../../src/clients/sigstore/signingConfig';
import { ServiceError } from '../../../src/core/errors';
import { pushTinyImage } from '../../registry/images';
import { TestRegistry, startRegistry } from '../../registry/registryServer';
import { SigstoreV2, startSigstoreV2 } from '../../sigstore/sigstoreV2';
import { defaults, keylessOptions, urls } from './harness';

/** With useTransparencyLogV2, every failure of the log or the timestamp authority says why, and the registry shows nothing new. */
describe('Rekor v2 and timestamp authority failures leave the registry unchanged and say why', function () {
  this.timeout(120_000);
  let registry: TestRegistry;
  let sigstore: SigstoreV2;
  let client: RegistryClient;
  let closedPort: number;

  before(async () => {
    [registry, sigstore] = await Promise.all([startRegistry(), startSigstoreV2()]);
    client = new RegistryClient(registry.host);
    closedPort = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const port = (server.address() as net.AddressInfo).port;
        server.close(() => resolve(port));
      });
    });
  });
  afterEach(() => {
    for (const faults of [sigstore.rekorV2.faults, sigstore.tsa.faults]) for (const key of Object.keys(faults)) delete (faults as Record<string, unknown>)[key];
  });
  after(async () => Promise.all([registry?.stop(), sigstore?.stop()]));

  /** Options for bundle signing with Rekor v2, with the signing config's v2 log or TSA swapped when asked. */
  const options = (parts: { rekorV2?: string | null; tsa?: string | null } = {}, timeout?: { timeout: string; timeoutMs: number }) =>
    keylessOptions(sigstore, {
      defaults: defaults({ useTransparencyLogV2: true, ...timeout }),
      bundleServices: parseSigningConfig(sigstore.signingConfigJson(parts), 'signing_config.json'),
    });
  const image = async (repo: string) => {
    const digest = (await pushTinyImage(client, repo, 'v1', repo)).digest;
    return { digest, ref: `${registry.host}/${repo}@${digest}` };
  };
  const nothingAttached = async (repo: string, digest: string) => {
    assert.equal(await client.findManifest(repo, attachmentTag(digest, 'sig')), undefined, 'no .sig tag');
    assert.deepEqual((await client.getReferrers(repo, digest)).descriptors, [], 'no bundle referrer');
  };
  const logged = () => sigstore.rekorV2.tree.size;

  it('an unreachable Rekor v2 log: the error names it and where its address comes from; nothing is written', async () => {
    const { digest, ref } = await image('v2fail/log-unreachable');
    await assert.rejects(sign({ image: ref, signatureFormat: 'bundle' }, options({ rekorV2: `http://127.0.0.1:${closedPort}` })), (error: ServiceError) => {
      assert.equal(error.kind, 'network');
      assert.match(error.message, new RegExp(`^Rekor v2 127\\.0\\.0\\.1:${closedPort} add log entry: could not reach 127\\.0\\.0\\.1:${closedPort}`));
      assert.match(error.message, /name a reachable one in the signing config \(opsConfig\.signing\.signingConfigFile\)\. Nothing was written to the registry/);
      return true;
    });
    await nothingAttached('v2fail/log-unreachable', digest);
  });

  it('a Rekor v2 log that refuses the entry: its words are shown; nothing is written', async () => {
    const { digest, ref } = await image('v2fail/log-refuses');
    const before = logged();
    sigstore.rekorV2.faults.status = 400;
    sigstore.rekorV2.faults.message = 'invalid dsse request';
    await assert.rejects(
      attest({ image: ref, signatureFormat: 'bundle', predicates: [{ type: 'https://slsa.dev/provenance/v1', json: '{"builder":{"id":"ci"}}' }] }, options()),
      new RegExp(
        /Rekor v2 127\.0\.0\.1:\d+ add log entry: the request was refused \(HTTP 400\)\. The server said: "invalid dsse request"/.source +
          /\. The transparency log refused the entry; the signature was not stored anywhere/.source,
      ),
    );
    assert.equal(logged(), before);
    await nothingAttached('v2fail/log-refuses', digest);
  });

  it('an unreachable timestamp authority: asked first, so nothing reaches the log either; nothing is written', async () => {
    const { digest, ref } = await image('v2fail/tsa-unreachable');
    const [before, calls] = [logged(), sigstore.rekorV2.requests.length];
    await assert.rejects(sign({ image: ref, signatureFormat: 'both', ...urls(sigstore) }, options({ tsa: `http://127.0.0.1:${closedPort}/api/v1/timestamp` })), (error: ServiceError) => {
      assert.equal(error.kind, 'network');
      assert.match(error.message, new RegExp(`^Timestamp authority 127\\.0\\.0\\.1:${closedPort} get signed timestamp: could not reach 127\\.0\\.0\\.1:${closedPort}`));
      return true;
    });
    assert.deepEqual([logged(), sigstore.rekorV2.requests.length], [before, calls], 'Rekor v2 was not asked');
    await nothingAttached('v2fail/tsa-unreachable', digest);
  });

  it('a timestamp authority that rejects the request: its status and failure reason are shown; nothing is logged or written', async () => {
    const { digest, ref } = await image('v2fail/tsa-rejects');
    const before = logged();
    sigstore.tsa.faults.reject = { text: 'policy not accepted here', failureBit: 15 };
    await assert.rejects(sign({ image: ref, signatureFormat: 'bundle' }, options()), (error: ServiceError) => {
      assert.equal(error.kind, 'badInput');
      assert.match(
        error.message,
        new RegExp(
          /^Timestamp authority 127\.0\.0\.1:\d+ get signed timestamp: the timestamp authority answered "rejection": policy not accepted here; /.source +
            /the requested TSA policy is not supported \(unacceptedPolicy\)\. Nothing was logged or written/.source,
        ),
      );
      return true;
    });
    assert.equal(logged(), before);
    await nothingAttached('v2fail/tsa-rejects', digest);
  });

  it('a timestamp authority that answers with a timestamp over other bytes is not believed; nothing is logged or written', async () => {
    const { digest, ref } = await image('v2fail/tsa-other-bytes');
    const before = logged();
    sigstore.tsa.faults.otherBytes = true;
    await assert.rejects(
      sign({ image: ref, signatureFormat: 'bundle' }, options()),
      /get signed timestamp: the timestamp is about other bytes than the signature sent \(its message imprint differs\)/,
    );
    assert.equal(logged(), before);
    await nothingAttached('v2fail/tsa-other-bytes', digest);
  });

  it('a log whose inclusion proof does not lead to its checkpoint\u2019s root is not believed; nothing is written', async () => {
    const { digest, ref } = await image('v2fail/bad-proof');
    sigstore.rekorV2.faults.corruptProof = true;
    await assert.rejects(sign({ image: ref, signatureFormat: 'bundle' }, options()), (error: ServiceError) => {
      assert.equal(error.kind, 'invalidResponse');
      assert.match(
        error.message,
        new RegExp(
          /^Rekor v2 127\.0\.0\.1:\d+ add log entry: its inclusion proof does not lead to the root hash its checkpoint signs, so the entry cannot be shown to be in the log/.source +
            /\. Nothing was written to the registry/.source,
        ),
      );
      return true;
    });
    await nothingAttached('v2fail/bad-proof', digest);
  });

  it('a signing config without a Rekor v2 log or without a timestamp authority is refused before anything is signed or sent', async () => {
    const { digest, ref } = await image('v2fail/config');
    const calls = () => [sigstore.requests.length, sigstore.rekorV2.requests.length, sigstore.tsa.requests.length];
    const before = calls();
    await assert.rejects(
      sign({ image: ref, signatureFormat: 'bundle' }, options({ rekorV2: null })),
      /useTransparencyLogV2 is on, but signing_config\.json names no Rekor v2 log \(rekorTlogUrls with majorApiVersion 2, valid now\)\. Add it to the signing config/,
    );
    await assert.rejects(
      sign({ image: ref, signatureFormat: 'both', ...urls(sigstore) }, options({ tsa: null })),
      /useTransparencyLogV2 is on, but signing_config\.json names no timestamp authority \(tsaUrls\): Rekor v2 entries carry no signed time/,
    );
    assert.deepEqual(calls(), before, 'neither Fulcio, Rekor nor the TSA was asked');
    await nothingAttached('v2fail/config', digest);
  });

  it('the signing timeout covers Rekor v2 too: a slow log ends the operation, naming it; nothing is written', async () => {
    const { digest, ref } = await image('v2fail/timeout');
    sigstore.rekorV2.faults.delayMs = 4000;
    const started = Date.now();
    await assert.rejects(
      sign({ image: ref, signatureFormat: 'bundle' }, options({}, { timeout: '1s', timeoutMs: 1000 })),
      /did not finish within 1s \(the signing timeout\); it was waiting for Rekor v2 127\.0\.0\.1:\d+ \(add log entry\)\. Nothing was written to the registry/,
    );
    assert.ok(Date.now() - started < 3500, 'it gave up at the deadline');
    await nothingAttached('v2fail/timeout', digest);
  });
});
