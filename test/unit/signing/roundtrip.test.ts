import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { getVerify } from '../../../src/clients/cosign';
import { attest, copy, sign } from '../../../src/clients/cosign/sign';
import { COSIGN_SIGN_PREDICATE, CosignAnnotations, CosignMediaTypes } from '../../../src/clients/cosign/formats/annotations';
import { RegistryClient } from '../../../src/clients/registry/client';
import { attachmentTag } from '../../../src/clients/registry/digest';
import { MediaTypes } from '../../../src/clients/registry/manifest';
import { keylessPolicy, pushTinyImage } from '../../registry/images';
import { TestRegistry, startRegistry } from '../../registry/registryServer';
import { MockSigstore, startMockSigstore } from '../../sigstore/mockSigstore';
import { ISSUER, SUBJECT, defaults, keylessOptions, signatureManifest, urls, verifyBundlesDirectly, verifyLegacyLayerDirectly } from './harness';

const SLSA = 'https://slsa.dev/provenance/v1';
const VULN = 'https://cosign.sigstore.dev/attestation/vuln/v1';

describe('signing round trips (local registry, mock Fulcio and Rekor on 127.0.0.1)', function () {
  this.timeout(120_000);
  let registry: TestRegistry;
  let sigstore: MockSigstore;
  let client: RegistryClient;
  let dir: string;

  before(async () => {
    [registry, sigstore] = await Promise.all([startRegistry(), startMockSigstore()]);
    client = new RegistryClient(registry.host);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-signing-'));
  });
  after(async () => {
    await Promise.all([registry?.stop(), sigstore?.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const image = async (repo: string, seed: string) => {
    const pushed = await pushTinyImage(client, repo, 'v1', seed);
    return { digest: pushed.digest, ref: `${registry.host}/${repo}@${pushed.digest}` };
  };
  const policy = (extra: Record<string, string> = {}) => keylessPolicy('signed-by-release', `${registry.host}/**`, { issuer: ISSUER, subject: SUBJECT }, extra);
  const verify = (ref: string, extra: Record<string, string> = {}) => getVerify({ image: ref, policy: policy(extra) }, { trustRoot: sigstore.trustRoot });

  for (const format of ['legacy', 'bundle', 'both'] as const) {
    it(`signs in the ${format} format; the extension's verifier and @sigstore/verify both accept it`, async () => {
      const { digest, ref } = await image(`roundtrip/sign-${format}`, format);
      const result = await sign({ image: ref, signatureFormat: format, ...urls(sigstore) }, keylessOptions(sigstore));
      assert.equal(result.signedRef, ref);
      assert.equal(result.signatureFormat, format);
      assert.equal(result.conflict, 'APPEND');
      assert.deepEqual(result.signer?.subjects, [SUBJECT]);
      assert.equal(result.signer?.issuer, ISSUER);
      assert.equal(result.tlog.length, format === 'both' ? 2 : 1);

      const report = await verify(ref, format === 'bundle' ? { signatureFormat: 'bundle' } : format === 'legacy' ? { signatureFormat: 'legacy' } : {});
      assert.equal(report.verdict, 'verified', report.reasons.join('\n'));
      assert.equal(report.verifiedRef, ref);

      const legacy = await signatureManifest(client, `roundtrip/sign-${format}`, digest, 'sig');
      if (format === 'bundle') {
        assert.equal(legacy, undefined, 'no .sig tag for bundle-only signing');
      } else {
        assert.ok(legacy);
        assert.equal(legacy.layers.length, 1);
        await verifyLegacyLayerDirectly(client, `roundtrip/sign-${format}`, legacy.layers[0], sigstore);
      }
      const bundleTypes = await verifyBundlesDirectly(client, `roundtrip/sign-${format}`, digest, sigstore);
      assert.deepEqual(bundleTypes, format === 'legacy' ? [] : [COSIGN_SIGN_PREDICATE]);
    });
  }

  it('writes the legacy layout cosign writes: media types, annotations, tag names, config', async () => {
    const { digest, ref } = await image('roundtrip/layout', 'layout');
    await sign({ image: ref, ...urls(sigstore) }, keylessOptions(sigstore));
    const fetched = await client.getManifest('roundtrip/layout', attachmentTag(digest, 'sig'));
    assert.equal(attachmentTag(digest, 'sig'), `sha256-${digest.slice(7)}.sig`);
    const manifest = fetched.manifest as import('../../../src/clients/registry/manifest').ImageManifest;
    assert.equal(fetched.mediaType, MediaTypes.ociManifest);
    assert.equal(manifest.config.mediaType, MediaTypes.ociConfig);
    const layer = manifest.layers[0];
    assert.equal(layer.mediaType, CosignMediaTypes.simpleSigning);
    assert.deepEqual(Object.keys(layer.annotations ?? {}), [CosignAnnotations.signature, CosignAnnotations.bundle, CosignAnnotations.certificate, CosignAnnotations.chain].sort());
    const payload = await client.getBlob('roundtrip/layout', layer.digest);
    assert.equal(
      payload.toString('utf8'),
      `{"critical":{"identity":{"docker-reference":"${registry.host}/roundtrip/layout"},"image":{"docker-manifest-digest":"${digest}"},"type":"cosign container image signature"},"optional":null}`,
    );
    const config = JSON.parse((await client.getBlob('roundtrip/layout', manifest.config.digest)).toString('utf8'));
    assert.deepEqual(config.rootfs, { type: 'layers', diff_ids: [layer.digest] });
    const set = JSON.parse(layer.annotations?.[CosignAnnotations.bundle] ?? '{}');
    assert.deepEqual(Object.keys(set), ['SignedEntryTimestamp', 'Payload']);
    assert.equal(JSON.parse(Buffer.from(set.Payload.body, 'base64').toString('utf8')).kind, 'hashedrekord');
  });

  for (const entryType of ['intoto', 'dsse'] as const) {
    it(`attests two predicates (JSON and a hash-checked file) with ${entryType} entries, in both formats; a policy requiring both verifies`, async () => {
      const { digest, ref } = await image(`roundtrip/attest-${entryType}`, entryType);
      const file = path.join(dir, `vuln-${entryType}.json`);
      fs.writeFileSync(file, JSON.stringify({ scanner: { uri: 'pkg:github/aquasecurity/trivy', result: [] } }));
      const sha256 = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
      const result = await attest(
        {
          image: ref,
          signatureFormat: 'both',
          predicates: [
            { type: SLSA, json: JSON.stringify({ buildDefinition: { buildType: 'https://example.com/build' } }) },
            { type: VULN, files: [{ path: file, sha256 }] },
          ],
          ...urls(sigstore),
        },
        keylessOptions(sigstore, { defaults: defaults({ defaultAttestationEntryType: entryType }) }),
      );
      assert.equal(result.attestedRef, ref);
      assert.equal(result.attestationEntryType, entryType);
      assert.deepEqual(result.predicateTypes, [SLSA, VULN]);
      const att = await signatureManifest(client, `roundtrip/attest-${entryType}`, digest, 'att');
      assert.ok(att);
      assert.deepEqual(
        att.layers.map((l) => l.annotations?.[CosignAnnotations.predicateType]),
        [SLSA, VULN],
      );
      for (const layer of att.layers) {
        assert.equal(layer.mediaType, CosignMediaTypes.dsseEnvelope);
        assert.equal(layer.annotations?.[CosignAnnotations.signature], '');
        const body = JSON.parse(Buffer.from(JSON.parse(layer.annotations?.[CosignAnnotations.bundle] ?? '{}').Payload.body, 'base64').toString('utf8'));
        assert.equal(body.kind, entryType);
        if (entryType === 'intoto') {
          // cosign compares this hash with the layer's bytes.
          const blob = await client.getBlob(`roundtrip/attest-${entryType}`, layer.digest);
          assert.equal(body.spec.content.hash.value, createHash('sha256').update(blob).digest('hex'));
        }
        await verifyLegacyLayerDirectly(client, `roundtrip/attest-${entryType}`, layer, sigstore);
      }
      assert.deepEqual((await verifyBundlesDirectly(client, `roundtrip/attest-${entryType}`, digest, sigstore)).sort(), [SLSA, VULN].sort());
      const attestations = `- name: provenance\n  predicateType: ${SLSA}\n- name: vulnerabilities\n  predicateType: ${VULN}`;
      for (const signatureFormat of ['legacy', 'bundle']) {
        const report = await verify(ref, { attestations, signatureFormat });
        assert.equal(report.verdict, 'verified', `${signatureFormat}: ${report.reasons.join('\n')}`);
      }
    });
  }

  it('copies an image with its signatures and attestations; the destination verifies with the same policy', async () => {
    const { digest, ref } = await image('roundtrip/copy-source', 'copy');
    await sign({ image: ref, signatureFormat: 'both', ...urls(sigstore) }, keylessOptions(sigstore));
    await attest({ image: ref, signatureFormat: 'both', predicates: [{ type: SLSA, json: '{"builder":{"id":"ci"}}' }], ...urls(sigstore) }, keylessOptions(sigstore));
    const result = await copy({ source: ref, destination: `${registry.host}/mirror/copied` }, keylessOptions(sigstore));
    assert.equal(result.copiedRef, ref);
    assert.equal(result.destinationRef, `${registry.host}/mirror/copied@${digest}`);
    assert.equal(result.tlog.length, 0, 'a copy signs nothing');
    const copied = await client.getManifest('mirror/copied', digest);
    assert.equal(copied.digest, digest);
    const attestations = `- name: provenance\n  predicateType: ${SLSA}`;
    for (const signatureFormat of ['legacy', 'bundle']) {
      const signed = await verify(result.destinationRef, { signatureFormat });
      assert.equal(signed.verdict, 'verified', `signature, ${signatureFormat}: ${signed.reasons.join('\n')}`);
      const attested = await verify(result.destinationRef, { signatureFormat, attestations });
      assert.equal(attested.verdict, 'verified', `attestation, ${signatureFormat}: ${attested.reasons.join('\n')}`);
    }
    assert.deepEqual((await verifyBundlesDirectly(client, 'mirror/copied', digest, sigstore)).sort(), [COSIGN_SIGN_PREDICATE, SLSA].sort());
  });

  it('signs the index digest of a multi-platform image and copies every platform image', async () => {
    const a = await pushTinyImage(client, 'roundtrip/multi', 'amd64', 'amd64');
    const b = await pushTinyImage(client, 'roundtrip/multi', 'arm64', 'arm64');
    const { pushIndex } = await import('../../registry/images');
    const digest = await pushIndex(client, 'roundtrip/multi', 'v1', [a, b]);
    const ref = `${registry.host}/roundtrip/multi@${digest}`;
    await sign({ image: ref, ...urls(sigstore) }, keylessOptions(sigstore));
    const result = await copy({ source: ref, destination: `${registry.host}/mirror/multi` }, keylessOptions(sigstore));
    for (const child of [a, b]) assert.equal((await client.getManifest('mirror/multi', child.digest)).digest, child.digest);
    const report = await verify(result.destinationRef);
    assert.equal(report.verdict, 'verified', report.reasons.join('\n'));
  });
});
