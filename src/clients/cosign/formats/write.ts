import { RegistryClient } from '../../registry/client';
import { attachmentTag, sha256Digest } from '../../registry/digest';
import { Descriptor, EMPTY_CONFIG, ImageIndex, ImageManifest, MediaTypes, isIndex } from '../../registry/manifest';
import { BundleAnnotations, CosignMediaTypes } from './annotations';

/**
 * Writing cosign's two formats into a registry: tag-based signature/attestation manifests and
 * Sigstore bundles as OCI referrers (with the `sha256-<hex>` fallback index for registries
 * without the referrers API). The verifier's tests load fixtures with these; signing
 * writes its output with them.
 */
export interface LegacyLayer {
  payload: Buffer;
  mediaType: string;
  annotations: Record<string, string>;
}

/**
 * Puts signature (or attestation) layers at `sha256-<hex>.sig` (`.att`). `append` keeps the
 * layers already there (skipping exact duplicates), `replace` writes only the new ones.
 */
export async function writeLegacyLayers(
  client: RegistryClient,
  repository: string,
  imageDigest: string,
  kind: 'sig' | 'att',
  layers: LegacyLayer[],
  options: { conflict?: 'append' | 'replace'; tagPrefix?: string; signal?: AbortSignal } = {},
): Promise<{ tag: string; digest: string }> {
  const tag = attachmentTag(imageDigest, kind, options.tagPrefix ?? '');
  const existing = options.conflict === 'replace' ? undefined : await client.findManifest(repository, tag, { signal: options.signal });
  const descriptors: Descriptor[] = existing && !isIndex(existing.manifest) ? [...existing.manifest.layers] : [];
  for (const layer of layers) {
    const blob = await client.putBlob(repository, layer.payload, options.signal);
    const descriptor: Descriptor = { mediaType: layer.mediaType, size: blob.size, digest: blob.digest, annotations: layer.annotations };
    if (!descriptors.some((d) => d.digest === descriptor.digest && JSON.stringify(d.annotations ?? {}) === JSON.stringify(descriptor.annotations))) descriptors.push(descriptor);
  }
  // cosign's config lists the layers; verifiers ignore it, but tools that inspect it expect it.
  const config = Buffer.from(
    JSON.stringify({
      architecture: '',
      created: '0001-01-01T00:00:00Z',
      history: descriptors.map(() => ({ created: '0001-01-01T00:00:00Z' })),
      os: '',
      rootfs: { type: 'layers', diff_ids: descriptors.map((d) => d.digest) },
      config: {},
    }),
  );
  const configBlob = await client.putBlob(repository, config, options.signal);
  const manifest: ImageManifest = {
    schemaVersion: 2,
    mediaType: MediaTypes.ociManifest,
    config: { mediaType: MediaTypes.ociConfig, size: configBlob.size, digest: configBlob.digest },
    layers: descriptors,
  };
  const put = await client.putManifest(repository, tag, Buffer.from(JSON.stringify(manifest)), MediaTypes.ociManifest, options.signal);
  return { tag, digest: put.digest };
}

/**
 * Attaches a Sigstore bundle to an image as a referrer: the empty config, one bundle layer, the
 * image as `subject`. When the registry did not process the subject, the referrer is added to
 * the index at the fallback tag (replacing an earlier entry with the same digest).
 */
export async function attachBundle(
  client: RegistryClient,
  repository: string,
  subject: Descriptor,
  bundle: Buffer,
  options: { predicateType?: string; created?: string; signal?: AbortSignal } = {},
): Promise<{ digest: string; fallbackTag?: string }> {
  await client.putBlob(repository, Buffer.from('{}'), options.signal);
  const layer = await client.putBlob(repository, bundle, options.signal);
  const annotations: Record<string, string> = { [BundleAnnotations.content]: 'dsse-envelope', 'org.opencontainers.image.created': options.created ?? new Date().toISOString() };
  if (options.predicateType) annotations[BundleAnnotations.predicateType] = options.predicateType;
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
  const put = await client.putManifest(repository, sha256Digest(bytes), bytes, MediaTypes.ociManifest, options.signal);
  if (put.subjectProcessed) return { digest: put.digest };
  const fallbackTag = attachmentTag(subject.digest);
  const current = await client.findManifest(repository, fallbackTag, { accept: MediaTypes.ociIndex, signal: options.signal });
  const entries = current && isIndex(current.manifest) ? current.manifest.manifests.filter((d) => d.digest !== put.digest) : [];
  const index: ImageIndex = {
    schemaVersion: 2,
    mediaType: MediaTypes.ociIndex,
    manifests: [...entries, { mediaType: MediaTypes.ociManifest, digest: put.digest, size: bytes.length, artifactType: CosignMediaTypes.bundleV03, annotations }],
  };
  await client.putManifest(repository, fallbackTag, Buffer.from(JSON.stringify(index)), MediaTypes.ociIndex, options.signal);
  return { digest: put.digest, fallbackTag };
}
