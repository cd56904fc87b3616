import * as assert from 'node:assert/strict';
import { admissionName, coveringGlob } from '../../../src/clients/cosign/policy/imageNames';
import { parsePolicies } from '../../../src/clients/cosign/policy/parse';
import { OperationResult } from '../../../src/clients/cosign/sign/types';
import { parseReference } from '../../../src/clients/registry/reference';
import { signerPolicy } from '../../../src/commands/signerPolicy';
import { makeKey } from '../../registry/images';

const DIGEST = `sha256:${'d'.repeat(64)}`;

describe('the policy offered after signing', () => {
  it('covers the signed image however it was named: its glob is the signed digest, never a tag', () => {
    const key = makeKey();
    // The user signed ghcr.io/acme/app:v1; the operation reports the digest it signed.
    const result = {
      operation: 'sign',
      ref: `ghcr.io/acme/app@${DIGEST}`,
      signer: { subjects: [], keyFingerprint: 'f'.repeat(64), publicKeyPem: key.publicPem, description: 'key release.pub' },
      written: [],
      tlog: [],
      timestamps: [],
      warnings: [],
      durationMs: 1,
      requests: { registry: 0, auth: 0, sigstore: 0 },
    } as OperationResult;
    const offered = signerPolicy(result, 'legacy', [], undefined);
    assert.ok(offered);
    const [policy] = parsePolicies(offered.text).policies;
    for (const image of ['ghcr.io/acme/app:v1', `ghcr.io/acme/app:v1@${DIGEST}`, `ghcr.io/acme/app@${DIGEST}`]) {
      assert.equal(coveringGlob(policy.images, admissionName(parseReference(image), DIGEST)), `ghcr.io/acme/app@${DIGEST}`, image);
    }
  });
});
