import * as assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes, scryptSync } from 'node:crypto';
import nacl from 'tweetnacl';
import { getVerify } from '../../../src/clients/cosign';
import { attest, loadSigningKey, sign } from '../../../src/clients/cosign/sign';
import { CosignAnnotations } from '../../../src/clients/cosign/formats/annotations';
import { RegistryClient } from '../../../src/clients/registry/client';
import { keyPolicy, pushTinyImage } from '../../registry/images';
import { TestRegistry, startRegistry } from '../../registry/registryServer';
import { MockSigstore, startMockSigstore } from '../../sigstore/mockSigstore';
import { defaults, signatureManifest, urls } from './harness';

/** A key in cosign's encrypted format (scrypt + NaCl secretbox over PKCS#8), made here independently. */
function cosignEncryptedKey(password: string): { pem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const salt = randomBytes(32);
  const nonce = randomBytes(24);
  const key = scryptSync(password, salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  const ciphertext = nacl.secretbox(privateKey.export({ type: 'pkcs8', format: 'der' }), nonce, key);
  const body = Buffer.from(
    JSON.stringify({
      kdf: { name: 'scrypt', params: { N: 32768, r: 8, p: 1 }, salt: salt.toString('base64') },
      cipher: { name: 'nacl/secretbox', nonce: nonce.toString('base64') },
      ciphertext: Buffer.from(ciphertext).toString('base64'),
    }),
  ).toString('base64');
  const pem = `-----BEGIN ENCRYPTED SIGSTORE PRIVATE KEY-----\n${body.match(/.{1,64}/g)?.join('\n')}\n-----END ENCRYPTED SIGSTORE PRIVATE KEY-----\n`;
  return { pem, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

describe('signing with a key pair', function () {
  this.timeout(120_000);
  let registry: TestRegistry;
  let sigstore: MockSigstore;
  let client: RegistryClient;

  before(async () => {
    [registry, sigstore] = await Promise.all([startRegistry(), startMockSigstore()]);
    client = new RegistryClient(registry.host);
  });
  after(async () => Promise.all([registry?.stop(), sigstore?.stop()]));

  const image = async (repo: string) => {
    const digest = (await pushTinyImage(client, repo, 'v1', repo)).digest;
    return { digest, ref: `${registry.host}/${repo}@${digest}` };
  };

  it('reads cosign\u2019s encrypted key format with the right password, and says so plainly with a wrong one', () => {
    const { pem, publicPem } = cosignEncryptedKey('correct horse');
    const key = loadSigningKey(pem, 'correct horse');
    assert.equal(key.publicKeyPem, publicPem);
    assert.equal(key.algorithm, 'ECDSA P-256');
    assert.throws(
      () => loadSigningKey(pem, 'Tr0ub4dor&3'),
      (error: Error) => {
        assert.match(error.message, /could not be decrypted: the password is wrong or the key is damaged/);
        assert.ok(!error.message.includes('Tr0ub4dor&3') && !error.message.includes(pem.split('\n')[1]), 'neither password nor key in the message');
        return true;
      },
    );
    assert.throws(() => loadSigningKey('not a key'), /holds no PEM private key/);
  });

  it('signs and attests with a key (legacy and bundle), logged in Rekor; a key policy with ctlog verifies the legacy signature', async () => {
    const { pem, publicPem } = cosignEncryptedKey('pw-123456');
    const credentials = { kind: 'key' as const, key: loadSigningKey(pem, 'pw-123456') };
    const { digest, ref } = await image('keys/signed');
    const signed = await sign(
      { image: ref, signatureFormat: 'both', ...urls(sigstore) },
      { credentials, defaults: defaults(), bundleServices: { certificateAuthorityUrl: sigstore.url, transparencyLogUrl: sigstore.url, source: 'mock' } },
    );
    assert.equal(signed.tlog.length, 2);
    assert.equal(signed.signer?.keyFingerprint?.length, 64);
    const layer = (await signatureManifest(client, 'keys/signed', digest, 'sig'))?.layers[0];
    assert.equal(layer?.annotations?.[CosignAnnotations.certificate], undefined, 'a key signature carries no certificate');
    assert.ok(layer?.annotations?.[CosignAnnotations.bundle], 'but a transparency-log entry');
    await attest({ image: ref, predicates: [{ type: 'https://slsa.dev/provenance/v1', json: '{"a":1}' }], ...urls(sigstore) }, { credentials, defaults: defaults() });
    const glob = `${registry.host}/**`;
    const policy = keyPolicy('key', glob, publicPem, `      ctlog:\n        url: ${sigstore.url}\n      signatureFormat: legacy`);
    const report = await getVerify({ image: ref, policy }, { trustRoot: sigstore.trustRoot });
    assert.equal(report.verdict, 'verified', report.reasons.join('\n'));
    const attested = await getVerify(
      { image: ref, policy: keyPolicy('key', glob, publicPem, `      attestations:\n        - name: provenance\n          predicateType: https://slsa.dev/provenance/v1`) },
      { trustRoot: sigstore.trustRoot },
    );
    assert.equal(attested.verdict, 'verified', attested.reasons.join('\n'));
    const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const wrong = await getVerify({ image: ref, policy: keyPolicy('key', glob, otherKey) }, { trustRoot: sigstore.trustRoot });
    assert.equal(wrong.verdict, 'not verified');
  });

  it('with the transparency log turned off for the key, nothing is sent to Rekor and the layer has no log entry', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credentials = { kind: 'key' as const, key: loadSigningKey(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()), transparencyLog: false };
    const { digest, ref } = await image('keys/offline');
    const calls = sigstore.requests.length;
    const result = await sign({ image: ref, ...urls(sigstore) }, { credentials, defaults: defaults() });
    assert.equal(sigstore.requests.length, calls);
    assert.deepEqual(result.tlog, []);
    assert.equal((await signatureManifest(client, 'keys/offline', digest, 'sig'))?.layers[0].annotations?.[CosignAnnotations.bundle], undefined);
    const report = await getVerify({ image: ref, policy: keyPolicy('key', `${registry.host}/**`, publicKey.export({ type: 'spki', format: 'pem' }).toString()) });
    assert.equal(report.verdict, 'verified', report.reasons.join('\n'));
  });
});
