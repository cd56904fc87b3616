import { createHash, createPublicKey, generateKeyPairSync, sign as nodeSign, X509Certificate } from 'node:crypto';
import { FulcioClient } from '../../sigstore/fulcio';
import { readIdentityToken } from '../../sigstore/identityToken';
import { SignerInfo, signerFromCertificate } from '../verify/identity';
import { SigningKey } from './keys';

/**
 * Who signs: an ephemeral P-256 key certified by Fulcio for an OIDC identity (keyless), or the
 * user's own key pair. Either way the signer says what goes into the transparency log (the
 * certificate, or the public key) and who it is, so conflicts can be judged and the report can
 * name the signer. Private keys stay in this object; nothing here is serialized.
 */
export interface Signer {
  kind: 'keyless' | 'key';
  /** What the log and the bundle name as the verifier: the leaf certificate or the public key (PEM). */
  verifierPem: string;
  publicKeyPem: string;
  certificatePem?: string;
  /** Intermediates and root as cosign writes them in the chain annotation. */
  chainPem?: string;
  info: SignerInfo;
  /** A short description for the confirmation and the report. */
  description: string;
  sign(data: Buffer): Buffer;
}

/** Gets a Fulcio certificate for a fresh key; the proof of possession signs the token's subject. */
export async function keylessSigner(fulcio: FulcioClient, identityToken: string, signal?: AbortSignal): Promise<Signer> {
  const identity = readIdentityToken(identityToken);
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const proofOfPossession = nodeSign('sha256', Buffer.from(identity.subject), privateKey);
  const certificate = await fulcio.signingCertificate({ identityToken, publicKeyPem, proofOfPossession }, signal);
  const info = signerFromCertificate(new X509Certificate(certificate.leafPem));
  return {
    kind: 'keyless',
    verifierPem: certificate.leafPem,
    publicKeyPem,
    certificatePem: certificate.leafPem,
    chainPem: certificate.chainPem.join(''),
    info,
    description: `keyless: ${info.subjects.join(', ') || identity.subject} (issuer ${info.issuer ?? identity.issuer})`,
    sign: (data) => nodeSign('sha256', data, privateKey),
  };
}

export function keySigner(key: SigningKey): Signer {
  const fingerprint = keyFingerprint(key.publicKeyPem);
  return {
    kind: 'key',
    verifierPem: key.publicKeyPem,
    publicKeyPem: key.publicKeyPem,
    info: { subjects: [], keyFingerprint: fingerprint },
    description: `key ${key.algorithm}, sha256:${fingerprint.slice(0, 12)}…`,
    sign: (data) => nodeSign(key.hash, data, key.privateKey),
  };
}

/** Who signed, for a result: for a key pair also its public key (not secret), so a policy can name it. */
export function signerSummary(signer: Signer | undefined): (SignerInfo & { description: string; publicKeyPem?: string }) | undefined {
  if (!signer) return undefined;
  return { ...signer.info, description: signer.description, publicKeyPem: signer.kind === 'key' ? signer.publicKeyPem : undefined };
}

/** SHA-256 of the DER public key, as the verifier reports key fingerprints. */
export function keyFingerprint(publicKeyPem: string): string {
  return createHash('sha256')
    .update(createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

/** Whether an existing signature's certificate or key belongs to the same signer (for SKIPSAME). */
export function sameSigner(signer: Signer, certificatePem: string | undefined, verifiesWithKey: () => boolean): boolean {
  if (signer.kind === 'key') return !certificatePem && verifiesWithKey();
  if (!certificatePem) return false;
  try {
    const other = signerFromCertificate(new X509Certificate(certificatePem));
    return other.issuer === signer.info.issuer && other.subjects.join('\n') === signer.info.subjects.join('\n');
  } catch {
    return false;
  }
}
