import { bundleFromJSON } from '@sigstore/bundle';
import { toSignedEntity, Verifier } from '@sigstore/verify';
import * as assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { getVerify } from '../../../src/clients/cosign';
import { attest, loadSigningKey, sign } from '../../../src/clients/cosign/sign';
import { COSIGN_SIGN_PREDICATE } from '../../../src/clients/cosign/formats/annotations';
import { trustMaterial } from '../../../src/clients/cosign/trust/trustRoot';
import { RegistryClient } from '../../../src/clients/registry/client';
import { keyPolicy, keylessPolicy, pushTinyImage } from '../../registry/images';
import { TestRegistry, startRegistry } from '../../registry/registryServer';
import { SigstoreV2, startSigstoreV2 } from '../../sigstore/sigstoreV2';
import { ISSUER, SUBJECT, defaults, keylessOptions, readBundles, signatureManifest, urls, verifyBundlesDirectly, verifyLegacyLayerDirectly } from './harness';

const SLSA = 'https://slsa.dev/provenance/v1';
const VULN = 'https://cosign.sigstore.dev/attestation/vuln/v1';

describe('bundle signing with Rekor v2 and a timestamp authority (useTransparencyLogV2, all on 127.0.0.1)', function () {
  this.timeout(120_000);
  let registry: TestRegistry;
  let sigstore: SigstoreV2;
  let client: RegistryClient;

  before(async () => {
    [registry, sigstore] = await Promise.all([startRegistry(), startSigstoreV2()]);
    client = new RegistryClient(registry.host);
  });
  after(async () => Promise.all([registry?.stop(), sigstore?.stop()]));

  const v2 = () => keylessOptions(sigstore, { defaults: defaults({ useTransparencyLogV2: true }) });
  const image = async (repo: string) => {
    const digest = (await pushTinyImage(client, repo, 'v1', repo)).digest;
    return { digest, ref: `${registry.host}/${repo}@${digest}` };
  };
  const verify = (ref: string, extra: Record<string, string> = {}) =>
    getVerify({ image: ref, policy: keylessPolicy('signed-by-release', `${registry.host}/**`, { issuer: ISSUER, subject: SUBJECT }, extra) }, { trustRoot: sigstore.trustRoot });

  for (const format of ['bundle', 'both'] as const) {
    it(`signs in the ${format} format: the bundle holds a Rekor v2 dsse 0.0.2 entry and an RFC 3161 timestamp, and both verifiers accept it`, async () => {
      const { digest, ref } = await image(`v2/sign-${format}`);
      const logged = sigstore.rekorV2.tree.size;
      const result = await sign({ image: ref, signatureFormat: format, ...urls(sigstore) }, v2());

      assert.equal(result.signedRef, ref);
      assert.deepEqual(result.bundleTransparencyLog, { version: 2, url: sigstore.rekorV2.url, timestampAuthorityUrl: sigstore.tsa.url, source: 'mock signing config' });
      const v2Entries = result.tlog.filter((t) => t.logVersion === 2);
      assert.deepEqual(
        v2Entries.map((t) => [t.url, t.kind, t.entryVersion, t.integratedTime]),
        [[sigstore.rekorV2.url, 'dsse', '0.0.2', undefined]],
      );
      assert.equal(sigstore.rekorV2.tree.size, logged + 1, 'one entry appended to the Rekor v2 log');
      assert.equal(result.timestamps.length, 1);
      assert.equal(result.timestamps[0].url, sigstore.tsa.url);
      assert.ok(Math.abs(Date.parse(result.timestamps[0].time) - Date.now()) < 60_000, 'the timestamp is the time of signing');
      assert.equal(sigstore.tsa.requests.at(-1)?.contentType, 'application/timestamp-query', 'the TSA got a DER TimeStampReq');
      if (format === 'both') {
        assert.deepEqual(
          result.tlog.filter((t) => t.logVersion === 1).map((t) => [t.kind, t.entryVersion]),
          [['hashedrekord', '0.0.1']],
          'the legacy signature is in Rekor v1',
        );
        assert.ok(
          result.warnings.some((w) => /useTransparencyLogV2 applies to the bundle only: the legacy signature was logged in Rekor v1/.test(w)),
          result.warnings.join('\n'),
        );
      }

      const [bundle] = await readBundles(client, `v2/sign-${format}`, digest);
      const entry = bundle.verificationMaterial.tlogEntries[0] as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      assert.equal(bundle.mediaType, 'application/vnd.dev.sigstore.bundle.v0.3+json');
      assert.deepEqual(entry.kindVersion, { kind: 'dsse', version: '0.0.2' });
      assert.equal(entry.inclusionPromise, undefined, 'Rekor v2 gives no inclusion promise');
      assert.match(entry.inclusionProof.checkpoint.envelope, new RegExp(`^${sigstore.rekorV2.origin.replace(/\./g, '\\.')}\\n\\d+\\n`));
      assert.equal(Buffer.from(entry.logId.keyId, 'base64').toString('hex'), sigstore.rekorV2.logId.toString('hex'));
      assert.equal(bundle.verificationMaterial.timestampVerificationData?.rfc3161Timestamps.length, 1);

      const report = await verify(ref, format === 'bundle' ? { signatureFormat: 'bundle' } : {});
      assert.equal(report.verdict, 'verified', report.reasons.join('\n'));
      if (format === 'bundle') {
        // The report says when it was signed: from the timestamp, as the v2 entry has no integrated time.
        const tlog = report.matched?.check?.tlog;
        assert.equal(tlog?.integratedTime, undefined);
        assert.ok(tlog?.timestampedAt && Math.abs(Date.parse(tlog.timestampedAt) - Date.now()) < 5 * 60_000, `timestampedAt ${tlog?.timestampedAt}`);
      }
      assert.deepEqual(await verifyBundlesDirectly(client, `v2/sign-${format}`, digest, sigstore), [COSIGN_SIGN_PREDICATE]);
      if (format === 'both') {
        const legacy = await signatureManifest(client, `v2/sign-${format}`, digest, 'sig');
        assert.ok(legacy, 'the .sig tag exists');
        await verifyLegacyLayerDirectly(client, `v2/sign-${format}`, legacy.layers[0], sigstore);
      }
    });
  }

  it('attests two predicates in the bundle format with Rekor v2: each bundle verifies with a policy requiring both, and with @sigstore/verify', async () => {
    const { digest, ref } = await image('v2/attest');
    const result = await attest(
      {
        image: ref,
        signatureFormat: 'bundle',
        predicates: [
          { type: SLSA, json: '{"buildDefinition":{"buildType":"https://example.com/build"}}' },
          { type: VULN, json: '{"scanner":{"result":[]}}' },
        ],
      },
      v2(),
    );
    assert.deepEqual(
      result.tlog.map((t) => [t.logVersion, t.kind, t.entryVersion]),
      [
        [2, 'dsse', '0.0.2'],
        [2, 'dsse', '0.0.2'],
      ],
    );
    assert.equal(result.timestamps.length, 2, 'one timestamp per signature');
    assert.ok(
      result.written.every((w) => /logged in Rekor v2, with an RFC 3161 timestamp/.test(w.detail)),
      JSON.stringify(result.written),
    );
    const attestations = `- name: provenance\n  predicateType: ${SLSA}\n- name: vulnerabilities\n  predicateType: ${VULN}`;
    const report = await verify(ref, { attestations, signatureFormat: 'bundle' });
    assert.equal(report.verdict, 'verified', report.reasons.join('\n'));
    assert.deepEqual((await verifyBundlesDirectly(client, 'v2/attest', digest, sigstore)).sort(), [SLSA, VULN].sort());
  });

  it('legacy ignores the setting, as the provider documents: Rekor v1 only, no timestamp, and the result says so', async () => {
    const { ref } = await image('v2/legacy');
    const [v2Calls, tsaCalls] = [sigstore.rekorV2.requests.length, sigstore.tsa.requests.length];
    const result = await sign({ image: ref, signatureFormat: 'legacy', ...urls(sigstore) }, v2());
    assert.deepEqual(
      result.tlog.map((t) => [t.logVersion, t.url]),
      [[1, sigstore.url]],
    );
    assert.deepEqual(result.timestamps, []);
    assert.equal(result.bundleTransparencyLog, undefined);
    assert.deepEqual([sigstore.rekorV2.requests.length, sigstore.tsa.requests.length], [v2Calls, tsaCalls], 'neither Rekor v2 nor the TSA was asked');
    assert.ok(
      result.warnings.some((w) => /useTransparencyLogV2 was ignored: it applies to the bundle format only/.test(w)),
      result.warnings.join('\n'),
    );
    const report = await verify(ref, { signatureFormat: 'legacy' });
    assert.equal(report.verdict, 'verified', report.reasons.join('\n'));
  });

  it('signs with a key pair: the log gets the public key and @sigstore/verify verifies; a key policy cannot ask for bundles', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const credentials = { kind: 'key' as const, key: loadSigningKey(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()) };
    const { digest, ref } = await image('v2/key');
    const result = await sign({ image: ref, signatureFormat: 'bundle' }, { ...v2(), credentials });
    assert.deepEqual(
      result.tlog.map((t) => t.logVersion),
      [2],
    );
    const logged = sigstore.rekorV2.requests.at(-1)?.body as { dsseRequestV002: { verifiers: Array<{ publicKey?: { rawBytes: string }; keyDetails: string }> } };
    assert.equal(logged.dsseRequestV002.verifiers[0].keyDetails, 'PKIX_ECDSA_P256_SHA_256');
    assert.equal(logged.dsseRequestV002.verifiers[0].publicKey?.rawBytes, publicKey.export({ type: 'spki', format: 'der' }).toString('base64'));

    // The policy controller verifies bundles for keyless authorities only; a key authority asking for them is refused.
    await assert.rejects(
      getVerify(
        { image: ref, policy: keyPolicy('key', `${registry.host}/**`, publicPem, `      ctlog:\n        url: ${sigstore.rekorV2.url}\n      signatureFormat: bundle`) },
        { trustRoot: sigstore.trustRoot },
      ),
      /signatureFormat: bundle works only with a keyless authority/,
    );
    const [json] = await readBundles(client, 'v2/key', digest);
    const hint = (json.verificationMaterial as { publicKey?: { hint?: string } }).publicKey?.hint ?? '';
    new Verifier(trustMaterial(sigstore.trustRoot, new Map([[hint, publicPem]])), { tlogThreshold: 1, ctlogThreshold: 0, timestampThreshold: 1 }).verify(toSignedEntity(bundleFromJSON(json)));
  });
});
