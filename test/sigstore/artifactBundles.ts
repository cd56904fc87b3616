import { KeyObject, X509Certificate, createHash, generateKeyPairSync, sign } from 'node:crypto';
import { FulcioClient } from '../../src/clients/sigstore/fulcio';
import { RekorClient, bundleTlogEntry, dsseEntry, hashedRekordEntry } from '../../src/clients/sigstore/rekor';
import { RekorV2Client, bundleTlogEntryV2 } from '../../src/clients/sigstore/rekorV2';
import { dsseRequestV002, hashedRekordRequestV002 } from '../../src/clients/sigstore/rekorV2Entries';
import { TimestampAuthorityClient } from '../../src/clients/sigstore/timestampAuthority';
import { testIdentityToken } from './mockSigstore';
import { SigstoreV2 } from './sigstoreV2';

/**
 * Sigstore bundles for a file, made for real against the loopback Sigstore of a test run (mock
 * Fulcio, Rekor v1, the Rekor v2 stand-in and the timestamp authority): a message signature over
 * the file, or a DSSE envelope whose in-toto statement names the file's digest. What varies is
 * what `verify-bundle` must tell apart: a key or a certificate, Rekor v1 or v2, a Rekor v2 `dsse`
 * entry or a `hashedrekord` entry over the DSSE pre-authentication encoding.
 */
export interface ArtifactBundleOptions {
  artifact: Buffer;
  content: 'message' | 'dsse';
  /** A managed key (EC P-256 unless given), or a Fulcio certificate for these token claims. */
  signer: { key?: KeyObject; publicKey?: KeyObject } | { claims?: Record<string, unknown> };
  log: 'v1' | 'v2';
  /** Rekor v2 only: how a DSSE envelope is logged. */
  v2Entry?: 'dsse' | 'hashedrekord';
  /** Put the whole chain Fulcio answered, root included, into the bundle (what must be refused). */
  chainWithRoot?: boolean;
  /** Rekor v1 only: name this key in the log entry instead of the signer's (a forged entry). */
  loggedKeyPem?: string;
}

export interface MadeBundle {
  bundle: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** PEM of the public key (key signer). */
  keyPem?: string;
  /** The SAN and issuer Fulcio certified (keyless signer). */
  subject?: string;
  issuer?: string;
}

const IN_TOTO = 'application/vnd.in-toto+json';

export async function makeArtifactBundle(sigstore: SigstoreV2, options: ArtifactBundleOptions): Promise<MadeBundle> {
  const keyless = 'claims' in options.signer;
  const keys =
    keyless || !('key' in options.signer) || !options.signer.key
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : { privateKey: options.signer.key, publicKey: options.signer.publicKey as KeyObject };
  const keyPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

  let certificates: string[] | undefined;
  if (keyless) {
    const token = testIdentityToken((options.signer as { claims?: Record<string, unknown> }).claims ?? {});
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub: string };
    const answer = await new FulcioClient(sigstore.url).signingCertificate({ identityToken: token, publicKeyPem: keyPem, proofOfPossession: sign('sha256', Buffer.from(claims.sub), keys.privateKey) });
    certificates = [answer.leafPem, ...answer.chainPem];
  }
  const signerPem = certificates ? certificates[0] : keyPem;

  const artifactDigest = createHash('sha256').update(options.artifact).digest();
  let signature: Buffer;
  let content: Record<string, unknown>;
  let signedBytes: Buffer;
  let envelope: { payload: Buffer; payloadType: string; signature: Buffer } | undefined;
  if (options.content === 'message') {
    signedBytes = options.artifact;
    signature = sign('sha256', options.artifact, keys.privateKey);
    content = { messageSignature: { messageDigest: { algorithm: 'SHA2_256', digest: artifactDigest.toString('base64') }, signature: signature.toString('base64') } };
  } else {
    const statement = {
      _type: 'https://in-toto.io/Statement/v1',
      subject: [{ name: 'artifact', digest: { sha256: artifactDigest.toString('hex') } }],
      predicateType: 'https://example.com/test/v1',
      predicate: {},
    };
    const payload = Buffer.from(JSON.stringify(statement));
    signedBytes = Buffer.concat([Buffer.from(`DSSEv1 ${IN_TOTO.length} ${IN_TOTO} ${payload.length} `), payload]);
    signature = sign('sha256', signedBytes, keys.privateKey);
    envelope = { payload, payloadType: IN_TOTO, signature };
    content = { dsseEnvelope: { payload: payload.toString('base64'), payloadType: IN_TOTO, signatures: [{ sig: signature.toString('base64'), keyid: '' }] } };
  }

  let tlogEntry: Record<string, unknown>;
  const rfc3161Timestamps: Array<{ signedTimestamp: string }> = [];
  if (options.log === 'v1') {
    const logged = options.loggedKeyPem ?? signerPem;
    const proposed = envelope ? dsseEntry(Buffer.from(JSON.stringify(content.dsseEnvelope)), logged) : hashedRekordEntry(signedBytes, signature, logged);
    tlogEntry = bundleTlogEntry(await new RekorClient(sigstore.url).createEntry(proposed));
  } else {
    const stamped = await new TimestampAuthorityClient(sigstore.tsa.url).timestamp(signature);
    rfc3161Timestamps.push({ signedTimestamp: stamped.der.toString('base64') });
    const request =
      envelope && options.v2Entry !== 'hashedrekord'
        ? dsseRequestV002(envelope, signerPem)
        : // A DSSE envelope logged as hashedrekord records the digest of what was signed: the PAE.
          hashedRekordRequestV002(createHash('sha256').update(signedBytes).digest(), signature, signerPem);
    tlogEntry = bundleTlogEntryV2(await new RekorV2Client(sigstore.rekorV2.url).createEntry(request));
  }

  const withChain = options.chainWithRoot && certificates;
  const material: Record<string, unknown> = certificates
    ? withChain
      ? { x509CertificateChain: { certificates: certificates.map((pem) => ({ rawBytes: new X509Certificate(pem).raw.toString('base64') })) } }
      : { certificate: { rawBytes: new X509Certificate(certificates[0]).raw.toString('base64') } }
    : {
        publicKey: {
          hint: createHash('sha256')
            .update(keys.publicKey.export({ type: 'spki', format: 'der' }))
            .digest('base64'),
        },
      };
  const bundle = {
    mediaType: withChain ? 'application/vnd.dev.sigstore.bundle+json;version=0.2' : 'application/vnd.dev.sigstore.bundle.v0.3+json',
    verificationMaterial: { ...material, tlogEntries: [tlogEntry], timestampVerificationData: { rfc3161Timestamps } },
    ...content,
  };
  if (!certificates) return { bundle, keyPem };
  const leaf = new X509Certificate(certificates[0]);
  const claims = JSON.parse(Buffer.from(testIdentityToken((options.signer as { claims?: Record<string, unknown> }).claims ?? {}).split('.')[1], 'base64url').toString('utf8'));
  return { bundle, subject: leaf.subjectAltName?.replace(/^URI:|^email:/, ''), issuer: claims.iss };
}
