import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { getVerify } from '../../../src/clients/cosign';
import { attest, sign } from '../../../src/clients/cosign/sign';
import { MediaTypes } from '../../../src/clients/registry/manifest';
import { WritePlan, applyPlan } from '../../../src/clients/cosign/sign/writePlan';
import { RegistryClient } from '../../../src/clients/registry/client';
import { attachmentTag } from '../../../src/clients/registry/digest';
import { ServiceError } from '../../../src/core/errors';
import { keylessPolicy, pushTinyImage } from '../../registry/images';
import { TEST_USER, TestRegistry, startRegistry } from '../../registry/registryServer';
import { MockSigstore, startMockSigstore, testIdentityToken } from '../../sigstore/mockSigstore';
import { ISSUER, SUBJECT, defaults, keylessOptions, urls } from './harness';

/** Every failure says why, and the registry shows nothing new afterwards. */
describe('signing failures leave the registry unchanged and say why', function () {
  this.timeout(120_000);
  let registry: TestRegistry;
  let sigstore: MockSigstore;
  let client: RegistryClient;
  let dir: string;

  before(async () => {
    [registry, sigstore] = await Promise.all([startRegistry(), startMockSigstore()]);
    client = new RegistryClient(registry.host);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-signing-fail-'));
  });
  afterEach(() => {
    sigstore.faults.rekor = undefined;
    sigstore.faults.fulcio = undefined;
  });
  after(async () => {
    await Promise.all([registry?.stop(), sigstore?.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const image = async (repo: string) => {
    const digest = (await pushTinyImage(client, repo, 'v1', repo)).digest;
    return { digest, ref: `${registry.host}/${repo}@${digest}` };
  };
  const nothingAttached = async (repo: string, digest: string) => {
    for (const kind of ['sig', 'att'] as const) assert.equal(await client.findManifest(repo, attachmentTag(digest, kind)), undefined, `no ${kind} tag`);
    assert.deepEqual((await client.getReferrers(repo, digest)).descriptors, [], 'no referrers');
  };

  it('a predicate file whose hash differs is refused before anything is signed or sent', async () => {
    const { digest, ref } = await image('fail/hash');
    const file = path.join(dir, 'provenance.json');
    fs.writeFileSync(file, '{"builder":{"id":"ci"}}');
    const calls = sigstore.requests.length;
    await assert.rejects(
      attest({ image: ref, predicates: [{ type: 'https://slsa.dev/provenance/v1', files: [{ path: file, sha256: 'a'.repeat(64) }] }], ...urls(sigstore) }, keylessOptions(sigstore)),
      (error: ServiceError) => {
        assert.equal(error.kind, 'badInput');
        assert.match(error.message, /predicates\[0\]\.files\[0\]: .*provenance\.json has SHA-256 [0-9a-f]{64}, not the a{64} given; nothing was signed/);
        return true;
      },
    );
    assert.equal(sigstore.requests.length, calls, 'neither Fulcio nor Rekor was asked');
    await nothingAttached('fail/hash', digest);
  });

  it('an unreachable transparency log: the error names Rekor and its address, nothing is written', async () => {
    const { digest, ref } = await image('fail/unreachable');
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const port = (server.address() as net.AddressInfo).port;
        server.close(() => resolve(port));
      });
    });
    await assert.rejects(sign({ image: ref, certificateAuthorityUrl: sigstore.url, transparencyLogUrl: `http://127.0.0.1:${closed}` }, keylessOptions(sigstore)), (error: ServiceError) => {
      assert.equal(error.kind, 'network');
      assert.match(error.message, new RegExp(`Rekor 127\\.0\\.0\\.1:${closed} add log entry: could not reach 127\\.0\\.0\\.1:${closed}`));
      return true;
    });
    await nothingAttached('fail/unreachable', digest);
  });

  it('a log that refuses the entry: the server\u2019s words are shown, nothing is written', async () => {
    const { digest, ref } = await image('fail/refused-entry');
    sigstore.faults.rekor = { status: 400 };
    await assert.rejects(
      sign({ image: ref, ...urls(sigstore) }, keylessOptions(sigstore)),
      /Rekor .* add log entry: the request was refused \(HTTP 400\)\. The server said: "injected failure"\. The transparency log refused the entry/,
    );
    await nothingAttached('fail/refused-entry', digest);
  });

  it('the timeout bounds the whole operation: a slow log ends it, naming the setting, and nothing is written', async () => {
    const { digest, ref } = await image('fail/timeout');
    sigstore.faults.rekor = { delayMs: 4000 };
    const started = Date.now();
    await assert.rejects(sign({ image: ref, ...urls(sigstore) }, keylessOptions(sigstore, { defaults: defaults({ timeout: '1s', timeoutMs: 1000 }) })), (error: ServiceError) => {
      assert.equal(error.kind, 'timeout');
      assert.match(error.message, /did not finish within 1s \(the signing timeout\); it was waiting for Rekor .* \(add log entry\)\. Nothing was written to the registry/);
      return true;
    });
    assert.ok(Date.now() - started < 3500, 'it gave up at the deadline, not when the log answered');
    await nothingAttached('fail/timeout', digest);
  });

  it('an expired identity token and a tag instead of a digest are refused before any request', async () => {
    const { ref } = await image('fail/input');
    const calls = sigstore.requests.length;
    const expired = testIdentityToken({ exp: Math.floor(Date.now() / 1000) - 60 });
    await assert.rejects(sign({ image: ref, ...urls(sigstore) }, keylessOptions(sigstore, { credentials: { kind: 'keyless', identityToken: expired } })), /the identity token expired at/);
    await assert.rejects(sign({ image: `${registry.host}/fail/input:v1`, ...urls(sigstore) }, keylessOptions(sigstore)), /image must be a digest reference .* not the tag "v1"/);
    assert.equal(sigstore.requests.length, calls);
  });

  it('a signature from this run\u2019s Sigstore does not verify against the public-good trust root', async () => {
    const { ref } = await image('fail/other-root');
    await sign({ image: ref, ...urls(sigstore) }, keylessOptions(sigstore));
    const report = await getVerify({ image: ref, policy: keylessPolicy('p', `${registry.host}/**`, { issuer: ISSUER, subject: SUBJECT }) });
    assert.equal(report.verdict, 'not verified');
  });

  it('a manifest write that fails part way undoes the ones before it', async () => {
    const { digest, ref } = await image('fail/rollback');
    await sign({ image: ref, ...urls(sigstore) }, keylessOptions(sigstore));
    const tag = attachmentTag(digest, 'sig');
    const before = await client.getManifest('fail/rollback', tag);
    const plan = new WritePlan();
    const config = plan.blob('fail/rollback', Buffer.from('{}'));
    const good = Buffer.from(JSON.stringify({ schemaVersion: 2, mediaType: MediaTypes.ociManifest, config: { mediaType: MediaTypes.ociConfig, ...config }, layers: [] }));
    plan.manifest({
      repository: 'fail/rollback',
      reference: tag,
      bytes: good,
      mediaType: MediaTypes.ociManifest,
      previous: { bytes: before.bytes, mediaType: before.mediaType },
      label: 'the .sig tag',
    });
    plan.manifest({ repository: 'fail/rollback', reference: 'new-tag', bytes: good, mediaType: MediaTypes.ociManifest, previous: null, label: 'a new tag' });
    const missing = { mediaType: MediaTypes.ociConfig, digest: `sha256:${'0'.repeat(64)}`, size: 2 };
    plan.manifest({
      repository: 'fail/rollback',
      reference: 'broken',
      bytes: Buffer.from(JSON.stringify({ schemaVersion: 2, mediaType: MediaTypes.ociManifest, config: missing, layers: [] })),
      mediaType: MediaTypes.ociManifest,
      previous: null,
      label: 'a manifest naming a missing blob',
    });
    await assert.rejects(applyPlan(client, plan, undefined), /put manifest.*The manifests written before it were undone/s);
    assert.equal((await client.getManifest('fail/rollback', tag)).digest, before.digest, 'the .sig tag points at its old manifest again');
    assert.equal(await client.findManifest('fail/rollback', 'new-tag'), undefined, 'the new tag is gone');
  });

  describe('with a registry that refuses the push', () => {
    let secured: TestRegistry;
    before(async () => (secured = await startRegistry({ tokenAuth: true })));
    after(async () => secured?.stop());

    it('says it may not write, and nothing is written', async () => {
      const alice = new RegistryClient(secured.host, { credentials: async () => TEST_USER });
      const digest = (await pushTinyImage(alice, 'public/app', 'v1', 'refused')).digest;
      const ref = `${secured.host}/public/app@${digest}`;
      await assert.rejects(sign({ image: ref, signatureFormat: 'both', ...urls(sigstore) }, keylessOptions(sigstore, { registries: {} })), (error: ServiceError) => {
        assert.ok(error.kind === 'forbidden' || error.kind === 'auth', error.kind);
        assert.match(
          error.message,
          /upload blob: not authorized to write public\/app \(insufficient_scope\).*No manifest or tag was changed in the registry\. The transparency log already holds the signature/s,
        );
        return true;
      });
      for (const kind of ['sig', 'att'] as const) assert.equal(await alice.findManifest('public/app', attachmentTag(digest, kind)), undefined);
      assert.deepEqual((await alice.getReferrers('public/app', digest)).descriptors, []);
    });
  });
});
