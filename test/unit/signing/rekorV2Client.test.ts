import { bundleFromJSON } from '@sigstore/bundle';
import { toSignedEntity, Verifier } from '@sigstore/verify';
import * as assert from 'node:assert/strict';
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { trustMaterial } from '../../../src/clients/cosign/trust/trustRoot';
import { rekorBodyKeys } from '../../../src/clients/cosign/verify/rekorBody';
import { leafHash, rootFromInclusionProof } from '../../../src/clients/sigstore/merkle';
import { RekorV2Client, bundleTlogEntryV2 } from '../../../src/clients/sigstore/rekorV2';
import { dsseRequestV002, hashedRekordRequestV002, v2Verifier } from '../../../src/clients/sigstore/rekorV2Entries';
import { TimestampAuthorityClient } from '../../../src/clients/sigstore/timestampAuthority';
import { ServiceError } from '../../../src/core/errors';
import { MerkleTree } from '../../sigstore/merkleTree';
import { SigstoreV2, startSigstoreV2 } from '../../sigstore/sigstoreV2';

describe('the Rekor v2 client', function () {
  this.timeout(60_000);
  let sigstore: SigstoreV2;

  before(async () => (sigstore = await startSigstoreV2()));
  after(async () => sigstore?.stop());

  const keyPair = () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return { privateKey, pem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
  };

  it('checks inclusion proofs as RFC 6962 defines them: every leaf of trees of 1 to 40 entries, and a wrong sibling or size fails', () => {
    const tree = new MerkleTree();
    for (let size = 1; size <= 40; size++) {
      tree.append(Buffer.from(`entry ${size - 1}`));
      for (let index = 0; index < size; index++) {
        const proof = tree.inclusionProof(index, size);
        const leaf = leafHash(Buffer.from(`entry ${index}`));
        assert.deepEqual(rootFromInclusionProof(BigInt(index), BigInt(size), leaf, proof), tree.root(size), `index ${index} of ${size}`);
        if (proof.length > 0) {
          const wrong = [...proof];
          wrong[wrong.length - 1] = randomBytes(32);
          assert.notDeepEqual(rootFromInclusionProof(BigInt(index), BigInt(size), leaf, wrong), tree.root(size));
          assert.equal(rootFromInclusionProof(BigInt(index), BigInt(size), leaf, [...proof, randomBytes(32)]), undefined, 'a path too long for the tree');
        }
      }
    }
    assert.equal(rootFromInclusionProof(5n, 5n, leafHash(Buffer.from('x')), []), undefined, 'an index outside the tree');
  });

  it('logs a hashedrekord 0.0.2 entry; with a timestamp, a message-signature bundle of it verifies with @sigstore/verify', async () => {
    const { privateKey, pem } = keyPair();
    const artifact = randomBytes(1000);
    const digest = createHash('sha256').update(artifact).digest();
    const signature = sign('sha256', artifact, privateKey);
    // A few entries first, so the proof has a path to check.
    for (const other of ['a', 'b', 'c'].map((x) => Buffer.from(`another artifact ${x}`))) {
      await new RekorV2Client(sigstore.rekorV2.url).createEntry(hashedRekordRequestV002(createHash('sha256').update(other).digest(), sign('sha256', other, privateKey), pem));
    }
    const entry = await new RekorV2Client(sigstore.rekorV2.url).createEntry(hashedRekordRequestV002(digest, signature, pem));
    assert.equal(entry.kind, 'hashedrekord');
    assert.equal(entry.version, '0.0.2');
    assert.equal(entry.origin, sigstore.rekorV2.origin);
    assert.ok(entry.proof.hashes.length > 0);
    const body = JSON.parse(entry.body.toString('utf8'));
    assert.equal(body.spec.hashedRekordV002.data.digest, digest.toString('base64'));
    assert.deepEqual(rekorBodyKeys(entry.body), [pem], 'the verifier reads the signer back from a 0.0.2 body');

    const stamped = await new TimestampAuthorityClient(sigstore.tsa.url).timestamp(signature);
    const bundle = bundleFromJSON({
      mediaType: 'application/vnd.dev.sigstore.bundle.v0.3+json',
      verificationMaterial: {
        publicKey: { hint: 'signer' },
        tlogEntries: [bundleTlogEntryV2(entry)],
        timestampVerificationData: { rfc3161Timestamps: [{ signedTimestamp: stamped.der.toString('base64') }] },
      },
      messageSignature: { messageDigest: { algorithm: 'SHA2_256', digest: digest.toString('base64') }, signature: signature.toString('base64') },
    });
    const verifier = new Verifier(trustMaterial(sigstore.trustRoot, new Map([['signer', pem]])), { tlogThreshold: 1, ctlogThreshold: 0, timestampThreshold: 1 });
    verifier.verify(toSignedEntity(bundle, artifact));
    assert.throws(() => verifier.verify(toSignedEntity(bundle, Buffer.concat([artifact, Buffer.from('!')]))), /digest|signature/i, 'other bytes do not verify');
  });

  it('says which key a Rekor v2 entry cannot take, before anything is sent', () => {
    const ed25519 = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    assert.equal(v2Verifier(ed25519, 'dsse').keyDetails, 'PKIX_ED25519');
    assert.throws(() => v2Verifier(ed25519, 'hashedrekord'), /the signing key \(Ed25519\) cannot be logged in a Rekor v2 hashedrekord entry/);
    const rsa1024 = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    assert.throws(() => v2Verifier(rsa1024, 'dsse'), /the signing key \(RSA 1024\) cannot be logged in a Rekor v2 dsse entry\. Use an ECDSA P-256 key/);
    assert.equal(v2Verifier(keyPair().pem, 'dsse').keyDetails, 'PKIX_ECDSA_P256_SHA_256');
  });

  it('a DSSE envelope the log cannot verify is refused in the log\u2019s words; a repeated entry says why Rekor v2 cannot help', async () => {
    const { privateKey, pem } = keyPair();
    const payload = Buffer.from('{"_type":"https://in-toto.io/Statement/v1"}');
    const payloadType = 'application/vnd.in-toto+json';
    const pae = Buffer.concat([Buffer.from(`DSSEv1 ${payloadType.length} ${payloadType} ${payload.length} `), payload]);
    const client = new RekorV2Client(sigstore.rekorV2.url);
    await assert.rejects(client.createEntry(dsseRequestV002({ payload, payloadType, signature: randomBytes(70) }, pem)), (error: ServiceError) => {
      assert.equal(error.kind, 'badInput');
      assert.match(error.message, /^Rekor v2 127\.0\.0\.1:\d+ add log entry: the request was refused \(HTTP 400\)\. The server said: "invalid dsse request"\. The transparency log refused the entry/);
      return true;
    });
    const request = dsseRequestV002({ payload, payloadType, signature: sign('sha256', pae, privateKey) }, pem);
    await client.createEntry(request);
    await assert.rejects(
      client.createEntry(request),
      /HTTP 409\)\. The server said: "an equivalent entry already exists in the transparency log with index \d+"\. The log already holds this exact signature, and Rekor v2 cannot hand back its entry/,
    );
  });

  it('an answer about another entry than the one sent is not believed', async () => {
    const { privateKey, pem } = keyPair();
    const entryFor = (text: string) => {
      const artifact = Buffer.from(text);
      return hashedRekordRequestV002(createHash('sha256').update(artifact).digest(), sign('sha256', artifact, privateKey), pem);
    };
    // A log (or something in the middle) that answers every request with an earlier, genuine entry.
    const genuine = await fetch(`${sigstore.rekorV2.url}/api/v2/log/entries`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(entryFor('first')) });
    const replay = await genuine.text();
    const server = http.createServer((_req, res) => res.writeHead(201, { 'Content-Type': 'application/json' }).end(replay));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await assert.rejects(new RekorV2Client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`).createEntry(entryFor('second')), (error: ServiceError) => {
        assert.equal(error.kind, 'invalidResponse');
        assert.match(error.message, /add log entry: the entry it logged holds another signature, signer or digest than the one sent\. Nothing was written to the registry/);
        return true;
      });
    } finally {
      server.close();
    }
  });
});
