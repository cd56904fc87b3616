import { bundleFromJSON } from '@sigstore/bundle';
import { toSignedEntity, Verifier } from '@sigstore/verify';
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { getVerify } from '../../../src/clients/cosign';
import { sign } from '../../../src/clients/cosign/sign';
import { trustMaterial } from '../../../src/clients/cosign/trust/trustRoot';
import { RegistryClient } from '../../../src/clients/registry/client';
import { TimestampAuthorityClient } from '../../../src/clients/sigstore/timestampAuthority';
import { keylessPolicy, pushTinyImage } from '../../registry/images';
import { TestRegistry, startRegistry } from '../../registry/registryServer';
import { SigstoreV2, startSigstoreV2 } from '../../sigstore/sigstoreV2';
import { ISSUER, SUBJECT, defaults, keylessOptions } from './harness';
import { tamperWithBundle } from './tamper';

type Bundle = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A Rekor v2 bundle changed after signing no longer verifies, and both verifiers say which part
 * gave way: the inclusion proof, the checkpoint's signature, or the timestamp.
 */
describe('tampered Rekor v2 bundles are rejected with the reason', function () {
  this.timeout(120_000);
  let registry: TestRegistry;
  let sigstore: SigstoreV2;
  let client: RegistryClient;

  before(async () => {
    [registry, sigstore] = await Promise.all([startRegistry(), startSigstoreV2()]);
    client = new RegistryClient(registry.host);
    // A first entry, so every later one has a non-empty inclusion proof to tamper with.
    await signed('tamper/first');
  });
  after(async () => Promise.all([registry?.stop(), sigstore?.stop()]));

  async function signed(repo: string): Promise<{ digest: string; ref: string }> {
    const digest = (await pushTinyImage(client, repo, 'v1', repo)).digest;
    const ref = `${registry.host}/${repo}@${digest}`;
    await sign({ image: ref, signatureFormat: 'bundle' }, keylessOptions(sigstore, { defaults: defaults({ useTransparencyLogV2: true }) }));
    return { digest, ref };
  }

  /** Our verifier's reasons for a policy naming the signer; the untouched signature verified before the change. */
  async function reasonsAfter(repo: string, change: (bundle: Bundle) => void): Promise<{ reasons: string; bundle: Bundle }> {
    const { digest, ref } = await signed(repo);
    const policy = keylessPolicy('signed-by-release', `${registry.host}/**`, { issuer: ISSUER, subject: SUBJECT }, { signatureFormat: 'bundle' });
    const before = await getVerify({ image: ref, policy }, { trustRoot: sigstore.trustRoot });
    assert.equal(before.verdict, 'verified', before.reasons.join('\n'));
    const bundle = await tamperWithBundle(client, repo, digest, change);
    const after = await getVerify({ image: ref, policy }, { trustRoot: sigstore.trustRoot });
    assert.equal(after.verdict, 'not verified');
    return { reasons: after.reasons.join('\n'), bundle };
  }

  /** @sigstore/verify on the changed bundle: the error code it fails with. */
  function sigstoreVerifyCode(bundle: Bundle): string {
    try {
      new Verifier(trustMaterial(sigstore.trustRoot), { tlogThreshold: 1, ctlogThreshold: 1 }).verify(toSignedEntity(bundleFromJSON(bundle)));
    } catch (error) {
      return `${(error as { code?: string }).code}: ${(error as Error).message}`;
    }
    return 'verified';
  }

  it('a wrong inclusion proof: the path no longer leads to the checkpoint\u2019s root', async () => {
    const { reasons, bundle } = await reasonsAfter('tamper/proof', (b) => {
      const hashes: string[] = b.verificationMaterial.tlogEntries[0].inclusionProof.hashes;
      assert.ok(hashes.length > 0, 'a proof with hashes');
      hashes[0] = randomBytes(32).toString('base64');
    });
    assert.match(reasons, /transparency-log proof invalid: the inclusion proof does not verify \(calculated root hash does not match inclusion proof\)/);
    assert.match(sigstoreVerifyCode(bundle), /^TLOG_INCLUSION_PROOF_ERROR: calculated root hash does not match inclusion proof/);
  });

  it('a checkpoint whose signature does not verify with the log\u2019s key', async () => {
    const { reasons, bundle } = await reasonsAfter('tamper/checkpoint', (b) => {
      const proof = b.verificationMaterial.tlogEntries[0].inclusionProof;
      proof.checkpoint.envelope = (proof.checkpoint.envelope as string).replace(/^(\u2014 \S+ )(\S+)$/m, (_line, head: string, sig: string) => {
        const bytes = Buffer.from(sig, 'base64');
        bytes[bytes.length - 1] ^= 0x01;
        return head + bytes.toString('base64');
      });
    });
    assert.match(reasons, /transparency-log proof invalid: the inclusion proof does not verify \(invalid checkpoint signature\)/);
    assert.match(sigstoreVerifyCode(bundle), /^TLOG_INCLUSION_PROOF_ERROR: invalid checkpoint signature/);
  });

  it('a genuine timestamp from the same authority, but over other bytes than this signature', async () => {
    const other = await new TimestampAuthorityClient(sigstore.tsa.url).timestamp(Buffer.from('some other signature'));
    const { reasons, bundle } = await reasonsAfter('tamper/timestamp', (b) => {
      b.verificationMaterial.timestampVerificationData.rfc3161Timestamps = [{ signedTimestamp: other.der.toString('base64') }];
    });
    assert.match(
      reasons,
      new RegExp(
        /timestamp invalid: the RFC 3161 timestamp does not verify with a timestamp authority of the mock Sigstore of this test run \(with Rekor v2 and a TSA\) /.source +
          /\(it covers other bytes than this signature, or another authority signed it\)/.source,
      ),
    );
    assert.match(sigstoreVerifyCode(bundle), /^TIMESTAMP_ERROR: timestamp could not be verified/);
  });

  it('without its timestamp a Rekor v2 bundle has no trusted time, so the short-lived certificate cannot be checked', async () => {
    const { reasons, bundle } = await reasonsAfter('tamper/no-timestamp', (b) => {
      b.verificationMaterial.timestampVerificationData.rfc3161Timestamps = [];
    });
    assert.match(reasons, /expected a signed timestamp to verify an expired certificate: there is no valid transparency-log entry or RFC 3161 timestamp/);
    assert.match(sigstoreVerifyCode(bundle), /^TIMESTAMP_ERROR: expected 1 timestamps, got 0/);
  });
});
