import type { SerializedBundle } from '@sigstore/bundle';
import { X509Certificate } from 'node:crypto';
import { Descriptor, ImageManifest } from '../../registry/manifest';
import { BundleAnnotations, COSIGN_SIGN_PREDICATE, CosignMediaTypes } from './annotations';
import { Candidate } from './candidate';
import { readStatement } from './intoto';

/**
 * Sigstore bundles attached to an image as OCI referrers (cosign v3's default): an artifact
 * manifest whose one layer is the bundle JSON. A DSSE bundle whose statement has cosign's
 * signing predicate is an image signature; any other predicate is an attestation.
 */
export function isBundleDescriptor(descriptor: Descriptor): boolean {
  // Registries may drop artifactType from the referrers list; such entries are read to find out.
  return !descriptor.artifactType || descriptor.artifactType.startsWith(CosignMediaTypes.bundlePrefix);
}

export function bundleLayer(manifest: ImageManifest): Descriptor | string {
  const type = manifest.artifactType ?? manifest.config?.mediaType ?? '';
  if (!type.startsWith(CosignMediaTypes.bundlePrefix)) return `not a Sigstore bundle (artifact type ${type || 'none'})`;
  const layers = manifest.layers.filter((l) => l.mediaType.startsWith(CosignMediaTypes.bundlePrefix));
  if (layers.length !== 1) return `a bundle manifest needs exactly one bundle layer, this one has ${layers.length}`;
  return layers[0];
}

export function bundleCandidate(referrerDigest: string, manifest: ImageManifest, blob: Buffer | Error): Candidate {
  const label = `bundle ${referrerDigest.slice(0, 19)}…`;
  const predicateTypeHint = manifest.annotations?.[BundleAnnotations.predicateType];
  const unread: Candidate = { label, format: 'bundle', kind: predicateTypeHint === COSIGN_SIGN_PREDICATE ? 'signature' : 'attestation', predicateTypeHint };
  if (blob instanceof Error) return { ...unread, problem: blob.message };
  let json: SerializedBundle & { verificationMaterial?: Record<string, unknown> };
  try {
    json = JSON.parse(blob.toString('utf8')) as typeof json;
  } catch {
    return { ...unread, problem: 'the bundle is not valid JSON' };
  }
  if (!json || typeof json !== 'object' || typeof json.mediaType !== 'string' || !json.mediaType.startsWith(CosignMediaTypes.bundlePrefix)) {
    return { ...unread, problem: 'the blob is not a Sigstore bundle (no bundle mediaType)' };
  }
  const material = (json.verificationMaterial ?? {}) as Record<string, unknown>;
  let certificateDer: Buffer | undefined;
  const single = (material.certificate as { rawBytes?: string } | undefined)?.rawBytes;
  const chain = (material.x509CertificateChain as { certificates?: Array<{ rawBytes?: string }> } | undefined)?.certificates?.[0]?.rawBytes;
  if (single || chain) certificateDer = Buffer.from((single ?? chain) as string, 'base64');
  let certificatePem: string | undefined;
  let certificate: X509Certificate | undefined;
  if (certificateDer) {
    try {
      certificate = new X509Certificate(certificateDer);
      certificatePem = certificate.toString();
    } catch {
      return { ...unread, problem: 'the bundle\u2019s certificate cannot be read' };
    }
  }
  const publicKeyHint = (material.publicKey as { hint?: string } | undefined)?.hint;
  const dsse = (json as { dsseEnvelope?: { payload?: string; payloadType?: string } }).dsseEnvelope;
  if (!dsse) {
    return { ...unread, bundle: json, certificateDer, certificatePem, certificate, publicKeyHint, problem: 'the bundle holds a message signature, not a signed statement about the image' };
  }
  const payload = Buffer.from(dsse.payload ?? '', 'base64');
  const statement = readStatement(payload, dsse.payloadType);
  const kind = !('problem' in statement) && statement.predicateType === COSIGN_SIGN_PREDICATE ? 'signature' : unread.kind;
  return { ...unread, kind, bundle: json, payload, payloadType: dsse.payloadType, certificateDer, certificatePem, certificate, publicKeyHint };
}
