import { json } from '@sigstore/core';
import { KeyObject, X509Certificate, createHash, createPublicKey } from 'node:crypto';
import { badInput } from '../../core/errors';

/**
 * What Rekor v2 (rekor-tiles) is asked to log, in the protobuf JSON of its `CreateEntryRequest`
 * (`hashedRekordRequestV002` or `dsseRequestV002`), and the entry body it stores for each: the
 * canonical JSON of an `Entry` (kind, apiVersion 0.0.2, spec). The body is what the Merkle leaf
 * hashes, so a signer can tell from it whether the log recorded what it was sent.
 */
export type CreateEntryRequestV2 = { hashedRekordRequestV002: Record<string, unknown> } | { dsseRequestV002: Record<string, unknown> };

interface V2Verifier {
  keyDetails: string;
  publicKey?: { rawBytes: string };
  x509Certificate?: { rawBytes: string };
}

const b64 = (bytes: Buffer): string => bytes.toString('base64');

/**
 * The verifier as Rekor v2 wants it: the certificate or key (DER) and the key's algorithm, as
 * the Sigstore algorithm registry names it. This extension signs EC and RSA keys with SHA-256.
 */
export function v2Verifier(verifierPem: string, entryKind: 'dsse' | 'hashedrekord'): V2Verifier {
  const isCertificate = verifierPem.includes('CERTIFICATE');
  const certificate = isCertificate ? new X509Certificate(verifierPem) : undefined;
  const key = certificate ? certificate.publicKey : createPublicKey(verifierPem);
  const keyDetails = keyDetailsOf(key, entryKind);
  return certificate ? { keyDetails, x509Certificate: { rawBytes: b64(certificate.raw) } } : { keyDetails, publicKey: { rawBytes: b64(key.export({ type: 'spki', format: 'der' })) } };
}

function keyDetailsOf(key: KeyObject, entryKind: 'dsse' | 'hashedrekord'): string {
  const details = key.asymmetricKeyDetails ?? {};
  switch (key.asymmetricKeyType) {
    case 'ec':
      if (details.namedCurve === 'prime256v1') return 'PKIX_ECDSA_P256_SHA_256';
      if (details.namedCurve === 'secp384r1') return 'PKIX_ECDSA_P384_SHA_256';
      break;
    case 'rsa':
      if ([2048, 3072, 4096].includes(details.modulusLength ?? 0)) return `PKIX_RSA_PKCS1V15_${details.modulusLength}_SHA256`;
      break;
    case 'ed25519':
      // A hashedrekord entry signs a digest, which Ed25519 can only do in its prehash form (Ed25519ph).
      if (entryKind === 'dsse') return 'PKIX_ED25519';
      break;
  }
  const type = key.asymmetricKeyType;
  const what = type === 'rsa' ? `RSA ${details.modulusLength}` : type === 'ed25519' ? 'Ed25519' : type === 'ec' ? `ECDSA ${details.namedCurve}` : String(type);
  throw badInput(
    'Rekor v2',
    'add log entry',
    `the signing key (${what}) cannot be logged in a Rekor v2 ${entryKind} entry`,
    'Use an ECDSA P-256 key (or RSA 2048/3072/4096), or turn off opsConfig.signing.useTransparencyLogV2.',
  );
}

export interface DsseParts {
  payload: Buffer;
  payloadType: string;
  signature: Buffer;
  keyid?: string;
}

/** `dsseRequestV002`: the envelope (the log checks its signature) and who signed it. */
export function dsseRequestV002(envelope: DsseParts, verifierPem: string): CreateEntryRequestV2 {
  const signature: Record<string, string> = { sig: b64(envelope.signature) };
  if (envelope.keyid) signature.keyid = envelope.keyid;
  return {
    dsseRequestV002: {
      envelope: { payload: b64(envelope.payload), payloadType: envelope.payloadType, signatures: [signature] },
      verifiers: [v2Verifier(verifierPem, 'dsse')],
    },
  };
}

/** `hashedRekordRequestV002`: the SHA-256 of the signed bytes and the signature over them. */
export function hashedRekordRequestV002(sha256Digest: Buffer, signature: Buffer, verifierPem: string): CreateEntryRequestV2 {
  return { hashedRekordRequestV002: { digest: b64(sha256Digest), signature: { content: b64(signature), verifier: v2Verifier(verifierPem, 'hashedrekord') } } };
}

export function entryKindOf(request: CreateEntryRequestV2): 'dsse' | 'hashedrekord' {
  return 'dsseRequestV002' in request ? 'dsse' : 'hashedrekord';
}

/** The canonicalized `Entry` Rekor v2 stores for a request (RFC 8785 JSON of its protobuf JSON). */
export function expectedEntryBody(request: CreateEntryRequestV2): Buffer {
  if ('dsseRequestV002' in request) {
    const { envelope, verifiers } = request.dsseRequestV002 as { envelope: { payload: string; signatures: Array<{ sig: string }> }; verifiers: V2Verifier[] };
    const payloadHash = createHash('sha256').update(Buffer.from(envelope.payload, 'base64')).digest();
    const spec = {
      dsseV002: {
        payloadHash: { algorithm: 'SHA2_256', digest: b64(payloadHash) },
        signatures: envelope.signatures.map((s) => ({ content: s.sig, verifier: verifiers[0] })),
      },
    };
    return Buffer.from(json.canonicalize({ apiVersion: '0.0.2', kind: 'dsse', spec }));
  }
  const { digest, signature } = request.hashedRekordRequestV002 as { digest: string; signature: unknown };
  const spec = { hashedRekordV002: { data: { algorithm: 'SHA2_256', digest }, signature } };
  return Buffer.from(json.canonicalize({ apiVersion: '0.0.2', kind: 'hashedrekord', spec }));
}

/**
 * Whether a body the log returned records this request: same kind and version, same signature
 * bytes, same digest. (Field order and whitespace may differ from ours; meaning may not.)
 */
export function bodyProblem(body: Buffer, request: CreateEntryRequestV2): string | undefined {
  let stored: { kind?: string; apiVersion?: string; spec?: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  let expected: typeof stored;
  try {
    stored = JSON.parse(body.toString('utf8')) as typeof stored;
    expected = JSON.parse(expectedEntryBody(request).toString('utf8')) as typeof expected;
  } catch {
    return 'the entry body it returned is not JSON';
  }
  if (stored.kind !== expected.kind || stored.apiVersion !== expected.apiVersion) return `it logged a ${stored.kind} ${stored.apiVersion} entry, not ${expected.kind} ${expected.apiVersion}`;
  const signer = (s: { content?: string; verifier?: V2Verifier } | undefined) => [s?.content, s?.verifier?.x509Certificate?.rawBytes ?? s?.verifier?.publicKey?.rawBytes];
  /* eslint-disable
       @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call
       -- both bodies are walked as `any` only to compare the same fields of each */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const fingerprint = (spec: Record<string, any> | undefined) => {
    const dsse = spec?.dsseV002;
    if (dsse) return JSON.stringify([dsse.payloadHash?.digest, (dsse.signatures ?? []).map(signer)]);
    const rekord = spec?.hashedRekordV002;
    return JSON.stringify([rekord?.data?.digest, signer(rekord?.signature)]);
  };
  /* eslint-enable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call */
  return fingerprint(stored.spec) === fingerprint(expected.spec) ? undefined : 'the entry it logged holds another signature, signer or digest than the one sent';
}
