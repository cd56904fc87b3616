import { toDSSEBundle, bundleToJSON, bundleFromJSON, SerializedBundle } from '@sigstore/bundle';
import { dsse } from '@sigstore/core';
import { X509Certificate } from 'node:crypto';
import { digestHex } from '../../registry/digest';
import { CosignMediaTypes } from '../formats/annotations';
import { Signer } from './signer';

/**
 * What gets signed: in-toto statements about an image digest wrapped in DSSE envelopes (the
 * attestations of both formats, and cosign v3's bundle-format image signature), serialized the
 * way cosign serializes them so the bytes stored in the registry are the bytes the log hashed.
 */
export const IN_TOTO_STATEMENT_V1 = 'https://in-toto.io/Statement/v1';

export function statement(repository: string, digest: string, predicateType: string, predicate: unknown): Buffer {
  return Buffer.from(JSON.stringify({ _type: IN_TOTO_STATEMENT_V1, subject: [{ name: repository, digest: { sha256: digestHex(digest) } }], predicateType, predicate }));
}

export interface SignedEnvelope {
  payload: Buffer;
  payloadType: string;
  signature: Buffer;
  keyid: string;
  /** The envelope JSON exactly as stored in the registry and sent to the log. */
  bytes: Buffer;
}

/** Signs a statement; the envelope JSON has Go's field order (payloadType, payload, signatures). */
export function signEnvelope(signer: Signer, payload: Buffer, keyid = ''): SignedEnvelope {
  const payloadType = CosignMediaTypes.inTotoPayload;
  // DSSE's pre-authentication encoding is what the signature covers.
  const signature = signer.sign(dsse.preAuthEncoding(payloadType, payload));
  const bytes = Buffer.from(JSON.stringify({ payloadType, payload: payload.toString('base64'), signatures: [{ keyid, sig: signature.toString('base64') }] }));
  return { payload, payloadType, signature, keyid, bytes };
}

/**
 * A Sigstore bundle v0.3 around a signed envelope: the leaf certificate (keyless) or a key hint,
 * the log entry and any timestamps. Built with @sigstore/bundle and checked by its validator.
 */
export function dsseBundle(signer: Signer, envelope: SignedEnvelope, tlogEntries: Array<Record<string, unknown>>, rfc3161Timestamps: string[] = []): SerializedBundle {
  const built = toDSSEBundle({
    artifact: envelope.payload,
    artifactType: envelope.payloadType,
    signature: envelope.signature,
    certificate: signer.certificatePem ? new X509Certificate(signer.certificatePem).raw : undefined,
    keyHint: signer.certificatePem ? undefined : envelope.keyid,
    certificateChain: false,
  });
  const json = bundleToJSON(built);
  json.verificationMaterial.tlogEntries = tlogEntries as never;
  json.verificationMaterial.timestampVerificationData = { rfc3161Timestamps: rfc3161Timestamps.map((signedTimestamp) => ({ signedTimestamp })) };
  // Round-trips through the validator, so a malformed bundle fails here rather than in a verifier.
  bundleFromJSON(json);
  return json;
}
