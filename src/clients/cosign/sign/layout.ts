import { sha256Digest } from '../../registry/digest';
import { Descriptor, EMPTY_CONFIG, ImageIndex, ImageManifest, MediaTypes, isIndex } from '../../registry/manifest';
import { BundleAnnotations, CosignMediaTypes } from '../formats/annotations';
import { ExistingBundles } from './existing';
import { WritePlan } from './writePlan';

/**
 * The registry layout cosign writes, as plan entries: the tag-based signature manifest (an OCI
 * image manifest whose layers are the signed payloads, with cosign's config listing them) and
 * the Sigstore bundle referrer (empty config, one bundle layer, the image as subject) plus the
 * `sha256-<hex>` fallback index for registries without the referrers API.
 */
export interface NewLayer {
  payload: Buffer;
  mediaType: string;
  annotations: Record<string, string>;
}

/** Go marshals maps with sorted keys; cosign's annotations come out in that order. */
export function sortedAnnotations(annotations: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(annotations).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function layerDescriptor(plan: WritePlan, repository: string, layer: NewLayer): Descriptor {
  const blob = plan.blob(repository, layer.payload);
  return { mediaType: layer.mediaType, size: blob.size, digest: blob.digest, annotations: sortedAnnotations(layer.annotations) };
}

/** cosign's config for a signature image: empty platform, one history entry and diff ID per layer. */
export function signatureConfig(layers: Descriptor[]): Buffer {
  return Buffer.from(
    JSON.stringify({
      architecture: '',
      created: '0001-01-01T00:00:00Z',
      history: layers.map(() => ({ created: '0001-01-01T00:00:00Z' })),
      os: '',
      rootfs: { type: 'layers', diff_ids: layers.map((d) => d.digest) },
      config: {},
    }),
  );
}

/** The tag-based signature manifest: cosign's config (see signatureConfig) and the signed payloads. */
export function signatureManifest(config: { size: number; digest: string }, layers: Descriptor[]): ImageManifest {
  return {
    schemaVersion: 2,
    mediaType: MediaTypes.ociManifest,
    config: { mediaType: MediaTypes.ociConfig, size: config.size, digest: config.digest },
    layers,
  };
}

export function planSignatureManifest(plan: WritePlan, repository: string, tag: string, layers: Descriptor[], previous: { bytes: Buffer; mediaType: string } | null, label: string): string {
  const config = plan.blob(repository, signatureConfig(layers));
  const manifest = signatureManifest(config, layers);
  return plan.manifest({ repository, reference: tag, bytes: Buffer.from(JSON.stringify(manifest)), mediaType: MediaTypes.ociManifest, previous, label });
}

/** The annotations cosign puts on a bundle referrer (the creation time in whole seconds, as Go writes it). */
export function bundleReferrerAnnotations(predicateType: string, created = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')): Record<string, string> {
  return {
    [BundleAnnotations.content]: 'dsse-envelope',
    [BundleAnnotations.predicateType]: predicateType,
    'org.opencontainers.image.created': created,
  };
}

/** A Sigstore bundle as an OCI referrer: the empty config, the bundle as its one layer, the image as subject. */
export function bundleReferrerManifest(subject: Descriptor, bundleLayer: { size: number; digest: string }, annotations: Record<string, string>): ImageManifest {
  return {
    schemaVersion: 2,
    mediaType: MediaTypes.ociManifest,
    artifactType: CosignMediaTypes.bundleV03,
    config: { ...EMPTY_CONFIG },
    layers: [{ mediaType: CosignMediaTypes.bundleV03, digest: bundleLayer.digest, size: bundleLayer.size }],
    subject: { mediaType: subject.mediaType, digest: subject.digest, size: subject.size },
    annotations,
  };
}

/** The fallback index's entry for a bundle referrer. */
export function fallbackIndexEntry(referrer: PlannedReferrer): Descriptor {
  return { mediaType: MediaTypes.ociManifest, digest: referrer.digest, size: referrer.size, artifactType: CosignMediaTypes.bundleV03, annotations: referrer.annotations };
}

export interface PlannedReferrer {
  digest: string;
  size: number;
  annotations: Record<string, string>;
}

export function planBundleReferrer(plan: WritePlan, repository: string, subject: Descriptor, bundle: Buffer, predicateType: string, label: string): PlannedReferrer {
  plan.blob(repository, Buffer.from('{}'));
  const layer = plan.blob(repository, bundle);
  const annotations = bundleReferrerAnnotations(predicateType);
  const bytes = Buffer.from(JSON.stringify(bundleReferrerManifest(subject, layer, annotations)));
  const digest = plan.manifest({ repository, reference: sha256Digest(bytes), bytes, mediaType: MediaTypes.ociManifest, previous: null, label });
  return { digest, size: bytes.length, annotations };
}

/**
 * The fallback index after adding `added` and dropping `removed` (digests). Written only for a
 * registry without the referrers API; entries of other tools are kept as they were.
 */
export function planFallbackIndex(plan: WritePlan, repository: string, tag: string, existing: ExistingBundles, added: PlannedReferrer[], removed: Set<string>, label: string): void {
  if (existing.api) return;
  const current = existing.fallback && isIndex(existing.fallback.manifest) ? existing.fallback.manifest.manifests : [];
  const index: ImageIndex = {
    schemaVersion: 2,
    mediaType: MediaTypes.ociIndex,
    manifests: [...current.filter((d) => !removed.has(d.digest) && !added.some((a) => a.digest === d.digest)), ...added.map(fallbackIndexEntry)],
  };
  const previous = existing.fallback ? { bytes: existing.fallback.bytes, mediaType: existing.fallback.mediaType } : null;
  plan.manifest({ repository, reference: tag, bytes: Buffer.from(JSON.stringify(index)), mediaType: MediaTypes.ociIndex, previous, label });
}
