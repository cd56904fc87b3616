import * as assert from 'node:assert/strict';
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { verifyPrehashed } from '../../../src/clients/cosign/verify/prehashed';

/** Signatures made by Node's crypto over a message, checked here against the message's SHA-256. */
describe('signatures checked against a digest (verify-bundle sha256:<hex>)', () => {
  const keyTypes = [
    { label: 'ECDSA P-256', type: 'ec', options: { namedCurve: 'P-256' } },
    { label: 'ECDSA P-384', type: 'ec', options: { namedCurve: 'P-384' } },
    { label: 'ECDSA P-521', type: 'ec', options: { namedCurve: 'P-521' } },
    { label: 'RSA 2048 PKCS#1 v1.5', type: 'rsa', options: { modulusLength: 2048 } },
  ] as const;

  for (const { label, type, options } of keyTypes) {
    it(`${label}: a signature verifies against its message's digest, and only that one`, () => {
      const { privateKey, publicKey } = generateKeyPairSync(type as 'ec', options as { namedCurve: string });
      for (let i = 0; i < 8; i++) {
        const message = randomBytes(40 + i);
        const signature = sign('sha256', message, privateKey);
        const digest = createHash('sha256').update(message).digest();
        assert.deepEqual(verifyPrehashed(publicKey, digest, signature), { valid: true }, `message ${i}`);
        const otherDigest = Buffer.from(digest);
        otherDigest[i] ^= 0x01;
        assert.deepEqual(verifyPrehashed(publicKey, otherDigest, signature), { valid: false }, `another digest ${i}`);
        const otherSignature = Buffer.from(signature);
        otherSignature[otherSignature.length - 1 - i] ^= 0x01;
        assert.deepEqual(verifyPrehashed(publicKey, digest, otherSignature), { valid: false }, `a changed signature ${i}`);
      }
      const stranger = generateKeyPairSync(type as 'ec', options as { namedCurve: string }).publicKey;
      const message = randomBytes(32);
      assert.deepEqual(verifyPrehashed(stranger, createHash('sha256').update(message).digest(), sign('sha256', message, privateKey)), { valid: false }, 'another key');
    });
  }

  it('refuses malformed ECDSA signatures instead of reading them loosely', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const message = randomBytes(32);
    const digest = createHash('sha256').update(message).digest();
    const good = sign('sha256', message, privateKey);
    assert.deepEqual(verifyPrehashed(publicKey, digest, good), { valid: true });
    const malformed = [Buffer.alloc(0), Buffer.concat([good, Buffer.from([0])]), good.subarray(0, good.length - 1), Buffer.from([0x31, ...good.subarray(1)])];
    // r = 0 and s = n are out of range even though the DER is well formed.
    const n = Buffer.from('00ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551', 'hex');
    malformed.push(Buffer.from([0x30, 3 + 2 + n.length, 0x02, 0x01, 0x00, 0x02, n.length, ...n]));
    for (const [i, signature] of malformed.entries()) assert.deepEqual(verifyPrehashed(publicKey, digest, signature), { valid: false }, `malformed ${i}`);
  });

  it('says why Ed25519 and other digests cannot be checked', () => {
    const ed = generateKeyPairSync('ed25519').publicKey;
    assert.match((verifyPrehashed(ed, Buffer.alloc(32), Buffer.alloc(64)) as { unsupported: string }).unsupported, /Ed25519 signature covers the file itself, not its digest: give the file/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    assert.match((verifyPrehashed(ec, Buffer.alloc(48), Buffer.alloc(70)) as { unsupported: string }).unsupported, /not a SHA-256 digest/);
  });
});
