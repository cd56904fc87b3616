import { Bundle, SerializedBundle, bundleFromJSON } from '@sigstore/bundle';
import { HashAlgorithm } from '@sigstore/protobuf-specs';
import { SignedEntity, Verifier, toSignedEntity } from '@sigstore/verify';
import { KeyObject, X509Certificate, createHash, createPublicKey } from 'node:crypto';
import { badInput } from '../../../core/errors';
import { readStatement, statementCoversDigest } from '../formats/intoto';
import { TrustRoot, trustMaterial } from '../trust/trustRoot';
import { certificateChainProblem, inclusionProofProblem, logEntryKeyProblem, verificationMaterialProblem } from './bundleChecks';
import { SignerInfo, matchIdentities, signerFromCertificate } from './identity';
import { verifyPrehashed } from './prehashed';
import { describeSigstoreError } from './reasons';

/**
 * Verifies a Sigstore bundle for a file (or its `sha256:` digest): the `verify-bundle` command of
 * the sigstore-conformance client protocol. The signer is either a Fulcio certificate for an
 * exact identity and issuer, or a managed key. A message signature is checked over the file, or
 * over the digest; a DSSE bundle's statement must name the file's digest as a subject.
 *
 * The Sigstore verifier is given no identity policy: it reads a SAN policy as an unanchored
 * regular expression, so the identity is compared here, exactly.
 */
export interface ArtifactBundleInput {
  bundleJson: unknown;
  /** The file's bytes, or `sha256:<hex>`. */
  artifact: Buffer | string;
  signer: { identity: string; issuer: string } | { keyPem: string };
  trustRoot: TrustRoot;
}

export type ArtifactBundleResult = { ok: true; signer: SignerInfo } | { ok: false; reason: string };

/** The hint the managed key is found under; the bundle's own hint only names it for its signer. */
const KEY_HINT = 'verify-bundle-key';

export function verifyArtifactBundle(input: ArtifactBundleInput): ArtifactBundleResult {
  const serialized = input.bundleJson as SerializedBundle;
  const bundle = readBundle(input.bundleJson);
  const key = 'keyPem' in input.signer ? readKey(input.signer.keyPem) : undefined;
  const withKey = key !== undefined;
  const material = bundle.verificationMaterial.content;
  if (withKey && material.$case !== 'publicKey') return fail('the bundle was signed with a certificate (keyless), not a key: verify it with --certificate-identity and --certificate-oidc-issuer');
  if (!withKey && material.$case === 'publicKey') return fail('the bundle was signed with a key, not a certificate: verify it with --key');
  const shape = verificationMaterialProblem(bundle) ?? certificateChainProblem(serialized) ?? inclusionProofProblem(serialized);
  if (shape) return fail(shape);

  const digest = typeof input.artifact === 'string' ? Buffer.from(input.artifact.replace(/^sha256:/, ''), 'hex') : undefined;
  const entity = toSignedEntity(bundle, typeof input.artifact === 'string' ? undefined : input.artifact);
  if (bundle.content.$case === 'messageSignature') {
    const problem = messageDigestProblem(bundle.content.messageSignature.messageDigest, input.artifact);
    if (problem) return fail(problem);
    if (digest) entity.signature = prehashedSignature(entity, digest);
  }

  if (key && entity.key.$case === 'public-key') entity.key.hint = KEY_HINT;
  try {
    const keys = key ? new Map([[KEY_HINT, key.export({ type: 'spki', format: 'pem' }).toString()]]) : undefined;
    new Verifier(trustMaterial(input.trustRoot, keys), { tlogThreshold: 1, ctlogThreshold: withKey ? 0 : 1, timestampThreshold: 1 }).verify(entity);
  } catch (error) {
    if (error instanceof DigestUnsupported) return fail(`the signature cannot be checked against a digest: ${error.message}`);
    if (key && (error as { code?: string }).code === 'SIGNATURE_ERROR')
      return fail('invalid signature: the signature does not verify with the given key (another key signed it, or the content changed)');
    return fail(describeSigstoreError(error, { tlogTrusted: undefined, trustSource: input.trustRoot.source }));
  }

  let signer: SignerInfo;
  let signerDer: Buffer;
  if (key) {
    signerDer = key.export({ type: 'spki', format: 'der' });
    signer = { subjects: [], keyFingerprint: createHash('sha256').update(signerDer).digest('hex') };
  } else {
    const certificate = new X509Certificate(leafCertificate(bundle));
    signerDer = certificate.raw;
    signer = signerFromCertificate(certificate);
    const { identity, issuer } = input.signer as { identity: string; issuer: string };
    const match = matchIdentities([{ subject: identity, issuer }], signer);
    if ('problem' in match) return fail(`identity does not match: ${match.problem}`);
  }
  const logProblem = logEntryKeyProblem(serialized, signerDer);
  if (logProblem) return fail(logProblem);

  if (bundle.content.$case === 'dsseEnvelope') {
    const statement = readStatement(Buffer.from(bundle.content.dsseEnvelope.payload), bundle.content.dsseEnvelope.payloadType);
    if ('problem' in statement) return fail(statement.problem);
    const artifactDigest = digest
      ? digest.toString('hex')
      : createHash('sha256')
          .update(input.artifact as Buffer)
          .digest('hex');
    const problem = statementCoversDigest(statement, `sha256:${artifactDigest}`);
    if (problem) return fail(problem);
  }
  return { ok: true, signer };
}

function fail(reason: string): ArtifactBundleResult {
  return { ok: false, reason };
}

function readBundle(json: unknown): Bundle {
  try {
    return bundleFromJSON(json);
  } catch (error) {
    throw badInput('Bundle', 'read', `the bundle is not a valid Sigstore bundle: ${(error as Error).message}`);
  }
}

function readKey(pem: string): KeyObject {
  try {
    return createPublicKey(pem);
  } catch {
    throw badInput('Command line', 'read', 'the --key file is not a PEM public key');
  }
}

function leafCertificate(bundle: Bundle): Buffer {
  const content = bundle.verificationMaterial.content;
  if (content.$case === 'certificate') return Buffer.from(content.certificate.rawBytes);
  if (content.$case === 'x509CertificateChain') return Buffer.from(content.x509CertificateChain.certificates[0].rawBytes);
  throw new Error('the bundle has no certificate');
}

const HASHES: Partial<Record<HashAlgorithm, string>> = {
  [HashAlgorithm.HASH_ALGORITHM_UNSPECIFIED]: 'sha256',
  [HashAlgorithm.SHA2_256]: 'sha256',
  [HashAlgorithm.SHA2_384]: 'sha384',
  [HashAlgorithm.SHA2_512]: 'sha512',
};

/** The digest the bundle says it signed must be this artifact's. */
function messageDigestProblem(messageDigest: { algorithm: HashAlgorithm; digest: Buffer }, artifact: Buffer | string): string | undefined {
  const algorithm = HASHES[messageDigest.algorithm];
  if (!algorithm) return `the bundle's message digest uses ${HashAlgorithm[messageDigest.algorithm] ?? messageDigest.algorithm}, which is not supported`;
  const signed = Buffer.from(messageDigest.digest).toString('hex');
  if (typeof artifact === 'string') {
    if (algorithm !== 'sha256') return `the bundle signs a ${algorithm} digest; a sha256: digest cannot be compared with it: give the file`;
    const given = artifact.replace(/^sha256:/, '');
    return signed === given ? undefined : `the bundle signs sha256:${signed}, not sha256:${given}`;
  }
  const actual = createHash(algorithm).update(artifact).digest('hex');
  return signed === actual ? undefined : `the bundle signs ${algorithm}:${signed}, not this artifact (${algorithm}:${actual})`;
}

/**
 * Given only the digest, the signature is checked against it: the verifier's own content object
 * would need the file. Everything else it compares (the log entry's digest and signature) stays.
 */
function prehashedSignature(entity: SignedEntity, digest: Buffer): SignedEntity['signature'] {
  const content = entity.signature;
  return {
    signature: content.signature,
    compareSignature: (bytes) => content.compareSignature(bytes),
    compareDigest: (bytes) => content.compareDigest(bytes),
    compareSignedDigest: (bytes) => content.compareSignedDigest(bytes),
    verifySignature: (key) => {
      const outcome = verifyPrehashed(key, digest, content.signature);
      // Not a bad signature but one that cannot be checked this way: the reason says so.
      if ('unsupported' in outcome) throw new DigestUnsupported(outcome.unsupported);
      return outcome.valid;
    },
  };
}

class DigestUnsupported extends Error {}
