import type { Bundle, SerializedBundle } from '@sigstore/bundle';
import { RFC3161Timestamp, X509Certificate as SigstoreCertificate } from '@sigstore/core';
import { X509Certificate, createPublicKey } from 'node:crypto';
import { rekorBodyKeys } from './rekorBody';

/**
 * Checks on a serialized bundle that the Sigstore verifier does not make, or makes only by
 * failing in a way no user could read: a root certificate carried in the bundle, an inclusion
 * proof without its checkpoint, a log entry made for another signer.
 */
interface Material {
  x509CertificateChain?: { certificates?: Array<{ rawBytes?: string }> };
  tlogEntries?: Array<{ canonicalizedBody?: string; inclusionProof?: { checkpoint?: { envelope?: string } } }>;
}

const materialOf = (bundle: SerializedBundle): Material => (bundle as unknown as { verificationMaterial?: Material }).verificationMaterial ?? {};

/**
 * A bundle may carry its signing certificate and intermediates, never a root: trust anchors come
 * only from the trusted root, and a verifier that took one from the bundle would trust whoever
 * made the bundle.
 */
export function certificateChainProblem(bundle: SerializedBundle): string | undefined {
  for (const [index, item] of (materialOf(bundle).x509CertificateChain?.certificates ?? []).entries()) {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(Buffer.from(item.rawBytes ?? '', 'base64'));
    } catch {
      return `certificate ${index + 1} of the bundle's chain cannot be read`;
    }
    if (isSelfSigned(certificate)) {
      return `the bundle's certificate chain includes a root certificate (${certificate.subject.replace(/\n/g, ', ')}): a bundle must not carry a trust anchor, roots come only from the trusted root`;
    }
  }
  return undefined;
}

function isSelfSigned(certificate: X509Certificate): boolean {
  try {
    return certificate.checkIssued(certificate) && certificate.verify(certificate.publicKey);
  } catch {
    return false;
  }
}

/** An inclusion proof proves nothing without the signed checkpoint it leads to. */
export function inclusionProofProblem(bundle: SerializedBundle): string | undefined {
  for (const entry of materialOf(bundle).tlogEntries ?? []) {
    if (entry.inclusionProof && typeof entry.inclusionProof.checkpoint?.envelope !== 'string') {
      return 'transparency-log proof invalid: the inclusion proof has no checkpoint (the log\u2019s signed tree head), so it cannot show the entry is in the log';
    }
  }
  return undefined;
}

/**
 * The log entry must be about this signer: the key or certificate in the Rekor body must be the
 * one that signed (GHSA-fx35-mq7g-6g98: a legacy bundle logged for another key).
 */
export function logEntryKeyProblem(bundle: SerializedBundle, signerDer: Buffer): string | undefined {
  for (const entry of materialOf(bundle).tlogEntries ?? []) {
    if (!entry.canonicalizedBody) continue;
    const keys = rekorBodyKeys(Buffer.from(entry.canonicalizedBody, 'base64'));
    if (keys === undefined) continue; // an unknown kind: the verifier has compared the signature
    const matches = keys.some((pem) => sameKeyMaterial(pem, signerDer));
    if (!matches) return 'comparing public key PEMs: the transparency-log entry was made for a different key or certificate than the one that signed';
  }
  return undefined;
}

/** `signerDer` is a DER certificate or a DER SubjectPublicKeyInfo. */
function sameKeyMaterial(pem: string, signerDer: Buffer): boolean {
  try {
    if (pem.includes('CERTIFICATE')) {
      // The same bytes are the same certificate, without parsing it again; else Node's parse decides.
      if (pemBody(pem)?.equals(signerDer)) return true;
      return new X509Certificate(pem).raw.equals(signerDer);
    }
    const der = createPublicKey(pem).export({ type: 'spki', format: 'der' });
    if (der.equals(signerDer)) return true;
    // A key in the log and a certificate signing: compare with the certificate's key.
    return new X509Certificate(signerDer).publicKey.export({ type: 'spki', format: 'der' }).equals(der);
  } catch {
    return false;
  }
}

/** The DER of a PEM that is exactly one certificate block, else undefined. */
function pemBody(pem: string): Buffer | undefined {
  const match = /^\s*-----BEGIN CERTIFICATE-----\r?\n([A-Za-z0-9+/=\r\n]+)-----END CERTIFICATE-----\s*$/.exec(pem);
  return match ? Buffer.from(match[1], 'base64') : undefined;
}

/**
 * The DER parts of the verification material, read as the Sigstore verifier reads them, so that
 * one that does not parse is named (which part, which entry) instead of surfacing as the
 * parser's bare "request past end of buffer".
 */
export function verificationMaterialProblem(bundle: Bundle): string | undefined {
  const material = bundle.verificationMaterial;
  const content = material.content;
  const certificates =
    content.$case === 'certificate'
      ? [{ what: 'the certificate', der: content.certificate.rawBytes }]
      : content.$case === 'x509CertificateChain'
        ? content.x509CertificateChain.certificates.map((c, i) => ({ what: i === 0 ? 'the signing certificate of the chain' : `certificate ${i + 1} of the chain`, der: c.rawBytes }))
        : [];
  if (content.$case === 'x509CertificateChain' && certificates.length === 0) return "the bundle's verification material: the certificate chain is empty";
  for (const { what, der } of certificates) {
    const problem = derProblem(() => SigstoreCertificate.parse(Buffer.from(der)));
    if (problem) return `the bundle's verification material: ${what} is not valid DER: ${problem}`;
  }
  for (const [i, stamp] of (material.timestampVerificationData?.rfc3161Timestamps ?? []).entries()) {
    const problem = derProblem(() => RFC3161Timestamp.parse(Buffer.from(stamp.signedTimestamp)));
    if (problem) return `the bundle's verification material: RFC 3161 timestamp ${i + 1} is not valid DER: ${problem}`;
  }
  return undefined;
}

function derProblem(parse: () => unknown): string | undefined {
  try {
    parse();
    return undefined;
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    // The ASN.1 reader's words for a value that claims more bytes than there are.
    return message === 'request past end of buffer' ? 'it is cut short (an element runs past the end of the data)' : message;
  }
}
