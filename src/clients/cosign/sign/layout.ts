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

export function planSignatureManifest(plan: WritePlan, repository: string, tag: string, layers: Descriptor[], previous: { bytes: Buffer; mediaType: string } | null, label: string): string {
  const config = plan.blob(repository, signatureConfig(layers));
  const manifest: ImageManifest = {
    schemaVersion: 2,
    mediaType: MediaTypes.ociManifest,
    config: { mediaType: MediaTypes.ociConfig, size: config.size, digest: config.digest },
    layers,
  };
  return plan.manifest({ repository, reference: tag, bytes: Buffer.from(JSON.stringify(manifest)), mediaType: MediaTypes.ociManifest, previous, label });
}

export interface PlannedReferrer {
  digest: string;
  size: number;
  annotations: Record<string, string>;
}

export function planBundleReferrer(plan: WritePlan, repository: string, subject: Descriptor, bundle: Buffer, predicateType: string, label: string): PlannedReferrer {
  plan.blob(repository, Buffer.from('{}'));
  const layer = plan.blob(repository, bundle);
  const annotations: Record<string, string> = {
    [BundleAnnotations.content]: 'dsse-envelope',
    [BundleAnnotations.predicateType]: predicateType,
    'org.opencontainers.image.created': new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  const manifest: ImageManifest = {
    schemaVersion: 2,
    mediaType: MediaTypes.ociManifest,
    artifactType: CosignMediaTypes.bundleV03,
    config: { ...EMPTY_CONFIG },
    layers: [{ mediaType: CosignMediaTypes.bundleV03, digest: layer.digest, size: layer.size }],
    subject: { mediaType: subject.mediaType, digest: subject.digest, size: subject.size },
    annotations,
  };
  const bytes = Buffer.from(JSON.stringify(manifest));
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
    manifests: [
      ...current.filter((d) => !removed.has(d.digest) && !added.some((a) => a.digest === d.digest)),
      ...added.map((a) => ({ mediaType: MediaTypes.ociManifest, digest: a.digest, size: a.size, artifactType: CosignMediaTypes.bundleV03, annotations: a.annotations })),
    ],
  };
  const previous = existing.fallback ? { bytes: existing.fallback.bytes, mediaType: existing.fallback.mediaType } : null;
  plan.manifest({ repository, reference: tag, bytes: Buffer.from(JSON.stringify(index)), mediaType: MediaTypes.ociIndex, previous, label });
}
