import type { SerializedBundle } from '@sigstore/bundle';
import type { X509Certificate } from 'node:crypto';

/**
 * One signature or attestation found for an image, in either format, brought to the shape the
 * Sigstore verifier reads (a serialized bundle). Verification decides per authority which key
 * material and which transparency-log requirements apply, so the candidate keeps everything.
 */
export interface Candidate {
  /** How the report names it: "legacy signature, layer 1 of sha256-….sig" or "bundle sha256:…". */
  label: string;
  format: 'legacy' | 'bundle';
  kind: 'signature' | 'attestation';
  /** Why it could not be read (blob digest mismatch, malformed annotations…). */
  problem?: string;
  /** The content that was signed: simple-signing payload, or the DSSE envelope's payload. */
  payload?: Buffer;
  payloadType?: string;
  /** Serialized bundle without key material, ready for `bundleFromJSON` once the key is chosen. */
  bundle?: SerializedBundle;
  /** PEM of the leaf certificate, when the signature carries one. */
  certificatePem?: string;
  /** DER of the leaf certificate. */
  certificateDer?: Buffer;
  /** Node's parse of `certificateDer`, made when the candidate was read, so a check does not parse it again. */
  certificate?: X509Certificate;
  /** Bundles written with a public key: the key material is a hint only. */
  publicKeyHint?: string;
  /** The predicate type an annotation claims (the statement itself is authoritative). */
  predicateTypeHint?: string;
}
