import * as assert from 'node:assert/strict';
import { attest, sign } from '../../../src/clients/cosign/sign';
import { CosignAnnotations } from '../../../src/clients/cosign/formats/annotations';
import { RegistryClient } from '../../../src/clients/registry/client';
import { ServiceError } from '../../../src/core/errors';
import { pushTinyImage } from '../../registry/images';
import { TestRegistry, startRegistry } from '../../registry/registryServer';
import { MockSigstore, startMockSigstore, testIdentityToken } from '../../sigstore/mockSigstore';
import { keylessOptions, signatureManifest, urls, verifyBundlesDirectly } from './harness';

const SLSA = 'https://slsa.dev/provenance/v1';
const SBOM = 'https://spdx.dev/Document';

describe('conflict: APPEND, REPLACE and SKIPSAME on existing signatures', function () {
  this.timeout(120_000);
  let registry: TestRegistry;
  let sigstore: MockSigstore;
  let client: RegistryClient;

  before(async () => {
    [registry, sigstore] = await Promise.all([startRegistry(), startMockSigstore()]);
    client = new RegistryClient(registry.host);
  });
  after(async () => Promise.all([registry?.stop(), sigstore?.stop()]));

  const image = async (repo: string) => `${registry.host}/${repo}@${(await pushTinyImage(client, repo, 'v1', repo)).digest}`;
  const digestOf = (ref: string) => ref.slice(ref.indexOf('@') + 1);
  const rekorCalls = () => sigstore.requests.filter((r) => r.path === '/api/v1/log/entries').length;
  const other = () =>
    keylessOptions(sigstore, { credentials: { kind: 'keyless', identityToken: testIdentityToken({ sub: 'https://github.com/acme/other/.github/workflows/ci.yml@refs/heads/main' }) } });

  it('APPEND (the default) keeps the existing signature and adds the new one', async () => {
    const ref = await image('conflict/append');
    await sign({ image: ref, ...urls(sigstore) }, other());
    const result = await sign({ image: ref, ...urls(sigstore) }, keylessOptions(sigstore));
    assert.equal(result.conflict, 'APPEND');
    const layers = (await signatureManifest(client, 'conflict/append', digestOf(ref), 'sig'))?.layers ?? [];
    assert.equal(layers.length, 2);
    assert.notEqual(layers[0].annotations?.[CosignAnnotations.certificate], layers[1].annotations?.[CosignAnnotations.certificate]);
  });

  it('REPLACE leaves only the new signature, in both formats', async () => {
    const ref = await image('conflict/replace');
    await sign({ image: ref, signatureFormat: 'both', ...urls(sigstore) }, other());
    await sign({ image: ref, signatureFormat: 'both', ...urls(sigstore) }, other());
    assert.equal((await signatureManifest(client, 'conflict/replace', digestOf(ref), 'sig'))?.layers.length, 2);
    assert.equal((await client.getReferrers('conflict/replace', digestOf(ref))).descriptors.length, 2);
    const result = await sign({ image: ref, signatureFormat: 'both', conflict: 'replace', ...urls(sigstore) }, keylessOptions(sigstore));
    assert.equal(result.conflict, 'REPLACE');
    assert.equal((await signatureManifest(client, 'conflict/replace', digestOf(ref), 'sig'))?.layers.length, 1);
    // Only one referrer is left, and it verifies for the new signer (the helper checks the identity).
    assert.equal((await verifyBundlesDirectly(client, 'conflict/replace', digestOf(ref), sigstore)).length, 1);
  });

  it('REPLACE on attestations replaces only those of the same predicate type', async () => {
    const ref = await image('conflict/attest-replace');
    await attest(
      {
        image: ref,
        predicates: [
          { type: SLSA, json: '{"v":1}' },
          { type: SBOM, json: '{"spdxVersion":"SPDX-2.3"}' },
        ],
        ...urls(sigstore),
      },
      keylessOptions(sigstore),
    );
    await attest({ image: ref, conflict: 'REPLACE', predicates: [{ type: SLSA, json: '{"v":2}' }], ...urls(sigstore) }, keylessOptions(sigstore));
    const layers = (await signatureManifest(client, 'conflict/attest-replace', digestOf(ref), 'att'))?.layers ?? [];
    assert.deepEqual(
      layers.map((l) => l.annotations?.[CosignAnnotations.predicateType]),
      [SBOM, SLSA],
    );
    const slsa = await client.getBlob('conflict/attest-replace', layers[1].digest);
    assert.deepEqual(JSON.parse(Buffer.from(JSON.parse(slsa.toString('utf8')).payload, 'base64').toString('utf8')).predicate, { v: 2 });
  });

  it('SKIPSAME writes nothing and logs nothing when the same signer signed the same image; another signer replaces', async () => {
    const ref = await image('conflict/skipsame');
    await sign({ image: ref, signatureFormat: 'both', ...urls(sigstore) }, keylessOptions(sigstore));
    const before = await client.getManifest('conflict/skipsame', `sha256-${digestOf(ref).slice(7)}.sig`);
    const logged = rekorCalls();
    const again = await sign({ image: ref, signatureFormat: 'both', conflict: 'SKIPSAME', ...urls(sigstore) }, keylessOptions(sigstore));
    assert.deepEqual(again.written, []);
    assert.match(again.skipped ?? '', /SKIPSAME/);
    assert.equal(rekorCalls(), logged, 'no new transparency-log entry');
    assert.equal((await client.getManifest('conflict/skipsame', `sha256-${digestOf(ref).slice(7)}.sig`)).digest, before.digest, 'the .sig manifest is untouched');
    const replaced = await sign({ image: ref, conflict: 'SKIPSAME', ...urls(sigstore) }, other());
    assert.equal(replaced.written.length, 1);
    const layers = (await signatureManifest(client, 'conflict/skipsame', digestOf(ref), 'sig'))?.layers ?? [];
    assert.equal(layers.length, 1, 'the earlier signer\u2019s layer was replaced');
  });

  it('refuses a conflict value it does not implement, naming the ones it does, before any request', async () => {
    const ref = await image('conflict/bad');
    const calls = sigstore.requests.length;
    await assert.rejects(sign({ image: ref, conflict: 'OVERWRITE', ...urls(sigstore) }, keylessOptions(sigstore)), (error: ServiceError) => {
      assert.equal(error.kind, 'badInput');
      assert.match(error.message, /conflict "OVERWRITE" is not supported; use APPEND .* REPLACE .* SKIPSAME/);
      return true;
    });
    assert.equal(sigstore.requests.length, calls);
  });
});
