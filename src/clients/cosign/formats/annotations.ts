/**
 * Names and media types of cosign's formats, shared by the verifier and the signer.
 * Tag-based ("legacy") signatures live at `sha256-<hex>.sig`, attestations at `.att`; each layer
 * is one signature whose blob is the signed payload. Bundles are OCI referrers of the image.
 */
export const CosignAnnotations = {
  signature: 'dev.cosignproject.cosign/signature',
  certificate: 'dev.sigstore.cosign/certificate',
  chain: 'dev.sigstore.cosign/chain',
  bundle: 'dev.sigstore.cosign/bundle',
  rfc3161Timestamp: 'dev.sigstore.cosign/rfc3161timestamp',
  predicateType: 'predicateType',
} as const;

export const CosignMediaTypes = {
  simpleSigning: 'application/vnd.dev.cosign.simplesigning.v1+json',
  dsseEnvelope: 'application/vnd.dsse.envelope.v1+json',
  bundleV03: 'application/vnd.dev.sigstore.bundle.v0.3+json',
  bundlePrefix: 'application/vnd.dev.sigstore.bundle',
  inTotoPayload: 'application/vnd.in-toto+json',
} as const;

export const BundleAnnotations = {
  predicateType: 'dev.sigstore.bundle.predicateType',
  content: 'dev.sigstore.bundle.content',
} as const;

/** The predicate type of a cosign v3 image signature in bundle format. */
export const COSIGN_SIGN_PREDICATE = 'https://sigstore.dev/cosign/sign/v1';

export const SIMPLE_SIGNING_TYPE = 'cosign container image signature';

/** cosign reads at most this many layers of a signature manifest. */
export const MAX_SIGNATURE_LAYERS = 1000;

/** The simple-signing payload cosign signs, byte for byte (Go's key order, no newline). */
export function simpleSigningPayload(repository: string, digest: string, optional: Record<string, string> | null = null): Buffer {
  return Buffer.from(
    JSON.stringify({
      critical: { identity: { 'docker-reference': repository }, image: { 'docker-manifest-digest': digest }, type: SIMPLE_SIGNING_TYPE },
      optional,
    }),
  );
}
