import { bundleFromJSON, SerializedBundle } from '@sigstore/bundle';
import { RFC3161Timestamp } from '@sigstore/core';
import { Verifier, VerifierOptions, toSignedEntity } from '@sigstore/verify';
import { createHash, createPublicKey, X509Certificate } from 'node:crypto';
import { COSIGN_SIGN_PREDICATE } from '../formats/annotations';
import { Candidate } from '../formats/candidate';
import { readStatement, simpleSigningProblem, statementCoversDigest } from '../formats/intoto';
import { KeyAuthority, KeylessAuthority } from '../policy/types';
import { TrustRoot, trustMaterial } from '../trust/trustRoot';
import { SignerInfo, matchIdentities, signerFromCertificate } from './identity';
import { describeSigstoreError } from './reasons';
import { certificateChainProblem, inclusionProofProblem, logEntryKeyProblem, verificationMaterialProblem } from './bundleChecks';

/**
 * Checks one signature or attestation against one authority, every check in cosign's order:
 * the Sigstore verifier (certificate chain at the signing time, SCT, transparency-log proof and
 * body, signature), then the identity, the log entry's key, and the claim about the image.
 * The result lists every reason it failed; it passes only when nothing failed.
 */
export interface TlogInfo {
  logIndex: string;
  logId: string;
  integratedTime?: string;
  /** Rekor v2 entries carry no integrated time: the RFC 3161 timestamp of the bundle says when. */
  timestampedAt?: string;
  kind: string;
  trusted: boolean;
  inclusionProof: boolean;
}

export interface CandidateCheck {
  label: string;
  format: 'legacy' | 'bundle';
  kind: 'signature' | 'attestation';
  passed: boolean;
  reasons: string[];
  signer?: SignerInfo;
  tlog?: TlogInfo;
  predicateType?: string;
  /** The identity of the policy that matched (keyless) or the key fingerprint (key). */
  matched?: string;
  /** The in-toto statement of an attestation that passed, for attestation policies. */
  statement?: unknown;
}

const CODE_SIGNING_EKU = '1.3.6.1.5.5.7.3.3';

export function checkCandidate(candidate: Candidate, authority: KeyAuthority | KeylessAuthority, digest: string, trust: TrustRoot): CandidateCheck {
  const check: CandidateCheck = { label: candidate.label, format: candidate.format, kind: candidate.kind, passed: false, reasons: [] };
  if (candidate.problem || !candidate.bundle) {
    check.reasons.push(candidate.problem ?? 'nothing to verify');
    return check;
  }
  check.tlog = tlogInfo(candidate.bundle, trust);
  const shape = certificateChainProblem(candidate.bundle) ?? inclusionProofProblem(candidate.bundle);
  if (shape) {
    check.reasons.push(shape);
    return check;
  }
  let certificate: X509Certificate | undefined;
  if (candidate.certificateDer) {
    try {
      certificate = candidate.certificate ?? new X509Certificate(candidate.certificateDer);
      check.signer = signerFromCertificate(certificate);
    } catch {
      check.reasons.push('the signing certificate cannot be parsed');
      return check;
    }
  }

  const crypto = authority.kind === 'key' ? verifyWithKeys(candidate, authority, trust, check) : verifyKeyless(candidate, authority, trust, check, certificate);
  if (!crypto) return check;

  const claim = claimProblem(candidate, digest, check);
  if (claim) check.reasons.push(claim);
  check.passed = check.reasons.length === 0;
  return check;
}

/** Key authority: the signature must verify with one of the policy's keys. */
function verifyWithKeys(candidate: Candidate, authority: KeyAuthority, trust: TrustRoot, check: CandidateCheck): boolean {
  if (authority.keys.length === 0) {
    check.reasons.push(`there are no public keys for authority ${authority.name}`);
    return false;
  }
  if (authority.hashAlgorithm === 'sha224' && candidate.bundle && 'messageSignature' in candidate.bundle) {
    check.reasons.push('key.hashAlgorithm sha224 is not supported by the Sigstore verifier; use sha256, sha384 or sha512');
    return false;
  }
  // Without ctlog the policy controller ignores the transparency log for key authorities.
  const useTlog = authority.ctlog !== undefined;
  const failures: string[] = [];
  for (const [i, key] of authority.keys.entries()) {
    const hint = `policy-key-${i}`;
    const serialized = withKeyMaterial(candidate.bundle as SerializedBundle, { publicKey: { hint } }, useTlog, authority.hashAlgorithm, candidate.payload);
    const options: VerifierOptions = { tlogThreshold: useTlog ? 1 : 0, ctlogThreshold: 0, timestampThreshold: useTlog ? 1 : 0 };
    const outcome = runVerifier(serialized, candidate, trust, options, check.tlog, new Map([[hint, key.pem]]));
    if ('problem' in outcome) {
      failures.push(authority.keys.length > 1 ? `key ${key.fingerprint.slice(0, 12)}: ${outcome.problem}` : outcome.problem);
      continue;
    }
    if (useTlog) {
      const bodyProblem = logEntryKeyProblem(candidate.bundle as SerializedBundle, createPublicKey(key.pem).export({ type: 'spki', format: 'der' }));
      if (bodyProblem) {
        failures.push(bodyProblem);
        continue;
      }
    }
    check.matched = `key ${key.fingerprint.slice(0, 12)}…`;
    check.signer = { ...(check.signer ?? { subjects: [] }), keyFingerprint: key.fingerprint };
    return true;
  }
  check.reasons.push(...failures);
  return false;
}

/** Keyless authority: Fulcio certificate, log entry, SCT, then the identity. */
function verifyKeyless(candidate: Candidate, authority: KeylessAuthority, trust: TrustRoot, check: CandidateCheck, certificate: X509Certificate | undefined): boolean {
  if (!candidate.certificateDer || !certificate) {
    check.reasons.push(candidate.publicKeyHint ? 'no certificate found on signature: it was made with a key, and this authority is keyless' : 'no certificate found on signature');
    return false;
  }
  const bundle = candidate.bundle as SerializedBundle & { verificationMaterial: Record<string, unknown> };
  const material = bundle.verificationMaterial.certificate
    ? { certificate: bundle.verificationMaterial.certificate }
    : { x509CertificateChain: { certificates: [{ rawBytes: candidate.certificateDer.toString('base64') }] } };
  const serialized = withKeyMaterial(bundle, material, true, 'sha256', candidate.payload);
  const options: VerifierOptions = { tlogThreshold: 1, ctlogThreshold: authority.insecureIgnoreSCT ? 0 : 1, timestampThreshold: 1 };
  const outcome = runVerifier(serialized, candidate, trust, options, check.tlog);
  if ('problem' in outcome) {
    check.reasons.push(outcome.problem);
    // The identity is still compared, so the report can say both what failed and who signed.
    if (check.signer) {
      const identity = matchIdentities(authority.identities, check.signer);
      if ('problem' in identity) check.reasons.push(identity.problem);
    }
    return false;
  }
  const eku = certificate.keyUsage ?? [];
  if (!eku.includes(CODE_SIGNING_EKU)) check.reasons.push('the certificate is not for code signing (no codeSigning extended key usage)');
  const identity = matchIdentities(authority.identities, check.signer ?? { subjects: [] });
  if ('problem' in identity) check.reasons.push(identity.problem);
  else check.matched = identity.matched;
  const bodyProblem = logEntryKeyProblem(candidate.bundle as SerializedBundle, candidate.certificateDer);
  if (bodyProblem) check.reasons.push(bodyProblem);
  return check.reasons.length === 0;
}

function runVerifier(
  serialized: SerializedBundle,
  candidate: Candidate,
  trust: TrustRoot,
  options: VerifierOptions,
  tlog: TlogInfo | undefined,
  keys?: Map<string, string>,
): { ok: true } | { problem: string } {
  try {
    const bundle = bundleFromJSON(serialized);
    const material = verificationMaterialProblem(bundle);
    if (material) return { problem: material };
    const entity = toSignedEntity(bundle, candidate.payload);
    new Verifier(trustMaterial(trust, keys), options).verify(entity);
    return { ok: true };
  } catch (error) {
    if ((error as Error)?.name === 'ValidationError') return { problem: `the signature's bundle is malformed: ${(error as Error).message}` };
    return { problem: describeSigstoreError(error, { tlogTrusted: tlog?.trusted, trustSource: trust.source }) };
  }
}

/**
 * The candidate's bundle with the key material an authority chose. Without the log, its entries
 * and timestamps are left out (a key authority without ctlog ignores them, as cosign does).
 */
function withKeyMaterial(bundle: SerializedBundle, content: Record<string, unknown>, keepTlog: boolean, hashAlgorithm: string, payload: Buffer | undefined): SerializedBundle {
  const source = bundle as unknown as { verificationMaterial: Record<string, unknown>; messageSignature?: { messageDigest: { algorithm: string; digest: string }; signature: string } };
  const { tlogEntries, timestampVerificationData } = source.verificationMaterial;
  const out: Record<string, unknown> = {
    ...bundle,
    verificationMaterial: {
      ...content,
      tlogEntries: keepTlog ? (tlogEntries ?? []) : [],
      timestampVerificationData: keepTlog ? (timestampVerificationData ?? { rfc3161Timestamps: [] }) : { rfc3161Timestamps: [] },
    },
  };
  if (source.messageSignature && payload && hashAlgorithm !== 'sha256') {
    const algorithm = hashAlgorithm === 'sha384' ? 'SHA2_384' : 'SHA2_512';
    out.messageSignature = { ...source.messageSignature, messageDigest: { algorithm, digest: createHash(hashAlgorithm).update(payload).digest('base64') } };
  }
  return out as unknown as SerializedBundle;
}

function claimProblem(candidate: Candidate, digest: string, check: CandidateCheck): string | undefined {
  const payload = candidate.payload ?? Buffer.alloc(0);
  if (candidate.format === 'legacy' && candidate.kind === 'signature') return simpleSigningProblem(payload, digest);
  const statement = readStatement(payload, candidate.payloadType);
  if ('problem' in statement) return statement.problem;
  check.predicateType = statement.predicateType;
  check.statement = { _type: statement.type, predicateType: statement.predicateType, subject: statement.subjects, predicate: statement.predicate };
  if (candidate.kind === 'signature' && statement.predicateType !== COSIGN_SIGN_PREDICATE)
    return `the statement's predicate type is ${statement.predicateType}, not the signature type ${COSIGN_SIGN_PREDICATE}`;
  return statementCoversDigest(statement, digest);
}

function tlogInfo(bundle: SerializedBundle, trust: TrustRoot): TlogInfo | undefined {
  const entry = (bundle as unknown as { verificationMaterial: { tlogEntries?: Array<Record<string, unknown>> } }).verificationMaterial.tlogEntries?.[0];
  if (!entry) return undefined;
  const logId = Buffer.from(String((entry.logId as { keyId?: string })?.keyId ?? ''), 'base64').toString('hex');
  const kindVersion = entry.kindVersion as { kind?: string; version?: string } | undefined;
  const seconds = Number(entry.integratedTime);
  return {
    logIndex: String(entry.logIndex ?? ''),
    logId,
    integratedTime: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : undefined,
    timestampedAt: firstTimestamp(bundle),
    kind: kindVersion ? `${kindVersion.kind}/${kindVersion.version}` : 'unknown',
    trusted: trust.tlogIds.has(logId),
    inclusionProof: entry.inclusionProof !== undefined,
  };
}

/** The signing time of the bundle's first RFC 3161 timestamp (shown only; the verifier checks it). */
function firstTimestamp(bundle: SerializedBundle): string | undefined {
  const material = (bundle as unknown as { verificationMaterial: { timestampVerificationData?: { rfc3161Timestamps?: Array<{ signedTimestamp?: string }> } } }).verificationMaterial;
  const encoded = material.timestampVerificationData?.rfc3161Timestamps?.[0]?.signedTimestamp;
  if (!encoded) return undefined;
  try {
    return RFC3161Timestamp.parse(Buffer.from(encoded, 'base64')).signingTime.toISOString();
  } catch {
    return undefined;
  }
}
