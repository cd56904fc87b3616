import type { SerializedBundle } from '@sigstore/bundle';
import { createHash, X509Certificate } from 'node:crypto';
import { ServiceError } from '../../../core/errors';
import { Descriptor, ImageManifest, isIndex } from '../../registry/manifest';
import { CosignAnnotations, CosignMediaTypes, MAX_SIGNATURE_LAYERS } from './annotations';
import { Candidate } from './candidate';

/**
 * Tag-based signatures (`sha256-<hex>.sig`) and attestations (`.att`): one layer per signature.
 * Each layer becomes a Sigstore bundle v0.1 (message signature or DSSE envelope, the leaf
 * certificate, and the Rekor entry rebuilt from the `bundle` annotation), so one verifier
 * handles both formats.
 */
export interface LegacyLayerInput {
  manifestLabel: string;
  index: number;
  descriptor: Descriptor;
  /** The blob, or the error met fetching it (e.g. a digest mismatch). */
  blob: Buffer | Error;
  kind: 'signature' | 'attestation';
}

interface RekorBundleAnnotation {
  SignedEntryTimestamp?: string;
  Payload?: { body?: string; integratedTime?: number; logIndex?: number; logID?: string };
}

export function legacyLayers(manifest: unknown): Descriptor[] | string {
  const m = manifest as ImageManifest;
  if (isIndex(m) || !Array.isArray(m.layers)) return 'the signature tag holds an index, not a signature manifest';
  if (m.layers.length > MAX_SIGNATURE_LAYERS) return `the signature manifest has ${m.layers.length} layers, more than the ${MAX_SIGNATURE_LAYERS} cosign reads`;
  return m.layers;
}

export function legacyCandidate(input: LegacyLayerInput): Candidate {
  const label = `legacy ${input.kind}, layer ${input.index} of ${input.manifestLabel}`;
  const base: Candidate = { label, format: 'legacy', kind: input.kind };
  if (input.blob instanceof Error) {
    return { ...base, problem: input.blob instanceof ServiceError ? input.blob.summary : input.blob.message };
  }
  const annotations = input.descriptor.annotations ?? {};
  const expectedType = input.kind === 'signature' ? CosignMediaTypes.simpleSigning : CosignMediaTypes.dsseEnvelope;
  if (input.descriptor.mediaType !== expectedType) {
    return { ...base, problem: `layer media type is ${input.descriptor.mediaType}, expected ${expectedType}` };
  }
  let certificatePem: string | undefined;
  let certificateDer: Buffer | undefined;
  let certificate: X509Certificate | undefined;
  if (annotations[CosignAnnotations.certificate]) {
    try {
      certificate = new X509Certificate(annotations[CosignAnnotations.certificate]);
      certificatePem = annotations[CosignAnnotations.certificate];
      certificateDer = certificate.raw;
    } catch {
      return { ...base, problem: `the ${CosignAnnotations.certificate} annotation is not a PEM certificate` };
    }
  }
  const tlog = rekorEntry(annotations[CosignAnnotations.bundle]);
  if (typeof tlog === 'string') return { ...base, problem: tlog };
  const rfc3161 = timestampAnnotation(annotations[CosignAnnotations.rfc3161Timestamp]);
  if (rfc3161 && 'problem' in rfc3161) return { ...base, problem: rfc3161.problem };

  const verificationMaterial = {
    tlogEntries: tlog ? [tlog] : [],
    timestampVerificationData: { rfc3161Timestamps: rfc3161 ? [{ signedTimestamp: rfc3161.value }] : [] },
  };
  if (input.kind === 'signature') {
    const signature = annotations[CosignAnnotations.signature];
    if (!signature) return { ...base, problem: `the layer has no ${CosignAnnotations.signature} annotation` };
    const bundle = {
      mediaType: 'application/vnd.dev.sigstore.bundle+json;version=0.1',
      verificationMaterial,
      messageSignature: {
        messageDigest: { algorithm: 'SHA2_256', digest: createHash('sha256').update(input.blob).digest('base64') },
        signature,
      },
    } as unknown as SerializedBundle;
    return { ...base, payload: input.blob, bundle, certificatePem, certificateDer, certificate };
  }
  // Attestations: the blob is the DSSE envelope; its signature is inside, the annotation is empty.
  let envelope: { payloadType?: unknown; payload?: unknown; signatures?: Array<{ sig?: unknown; keyid?: unknown }> };
  try {
    envelope = JSON.parse(input.blob.toString('utf8')) as typeof envelope;
  } catch {
    return { ...base, problem: 'the attestation layer is not a JSON DSSE envelope' };
  }
  if (typeof envelope.payloadType !== 'string' || typeof envelope.payload !== 'string' || !Array.isArray(envelope.signatures) || envelope.signatures.length === 0) {
    return { ...base, problem: 'the DSSE envelope lacks payloadType, payload or signatures' };
  }
  if (envelope.signatures.length > 1) {
    return { ...base, problem: 'multiple signatures on DSSE envelopes are not currently supported' };
  }
  const bundle = {
    mediaType: 'application/vnd.dev.sigstore.bundle+json;version=0.1',
    verificationMaterial,
    dsseEnvelope: {
      payloadType: envelope.payloadType,
      payload: envelope.payload,
      signatures: envelope.signatures.map((s) => ({ sig: String(s.sig ?? ''), keyid: String(s.keyid ?? '') })),
    },
  } as unknown as SerializedBundle;
  return {
    ...base,
    payload: Buffer.from(envelope.payload, 'base64'),
    payloadType: envelope.payloadType,
    bundle,
    certificatePem,
    certificateDer,
    certificate,
    predicateTypeHint: annotations[CosignAnnotations.predicateType],
  };
}

/** The `dev.sigstore.cosign/bundle` annotation as a bundle tlog entry (SET only, no proof). */
function rekorEntry(annotation: string | undefined): Record<string, unknown> | undefined | string {
  if (!annotation) return undefined;
  let parsed: RekorBundleAnnotation;
  try {
    parsed = JSON.parse(annotation) as RekorBundleAnnotation;
  } catch {
    return `the ${CosignAnnotations.bundle} annotation is not JSON`;
  }
  const payload = parsed.Payload;
  if (!parsed.SignedEntryTimestamp || !payload?.body || payload.integratedTime === undefined || payload.logIndex === undefined || !payload.logID) {
    return `the ${CosignAnnotations.bundle} annotation lacks SignedEntryTimestamp, body, integratedTime, logIndex or logID`;
  }
  let kind: string;
  let version: string;
  try {
    const body = JSON.parse(Buffer.from(payload.body, 'base64').toString('utf8')) as { kind?: string; apiVersion?: string };
    kind = body.kind ?? '';
    version = body.apiVersion ?? '';
  } catch {
    return 'the Rekor entry body in the bundle annotation is not base64 JSON';
  }
  if (!/^[0-9a-f]{64}$/.test(payload.logID)) return 'the Rekor logID in the bundle annotation is not 64 hex digits';
  return {
    logIndex: String(payload.logIndex),
    logId: { keyId: Buffer.from(payload.logID, 'hex').toString('base64') },
    kindVersion: { kind, version },
    integratedTime: String(payload.integratedTime),
    inclusionPromise: { signedEntryTimestamp: parsed.SignedEntryTimestamp },
    canonicalizedBody: payload.body,
  };
}

function timestampAnnotation(annotation: string | undefined): { value: string } | { problem: string } | undefined {
  if (!annotation) return undefined;
  try {
    const parsed = JSON.parse(annotation) as { SignedRFC3161Timestamp?: string };
    if (parsed.SignedRFC3161Timestamp) return { value: parsed.SignedRFC3161Timestamp };
  } catch {
    // fall through to the problem below
  }
  return { problem: `the ${CosignAnnotations.rfc3161Timestamp} annotation is not {"SignedRFC3161Timestamp": …}` };
}
