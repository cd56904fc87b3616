import { RegistryClient } from '../../src/clients/registry/client';
import { attachmentTag, sha256Digest } from '../../src/clients/registry/digest';
import { Descriptor, ImageIndex, MediaTypes, isIndex } from '../../src/clients/registry/manifest';
import { bundleReferrerAnnotations, bundleReferrerManifest, fallbackIndexEntry, signatureConfig, signatureManifest } from '../../src/clients/cosign/sign/layout';

/**
 * Writes signatures straight into a test registry in cosign's two layouts — for loading the real
 * fixtures and for building tampered cases the signing commands would never write. The manifests
 * come from the same builders the signing engine uses (src/clients/cosign/sign/layout.ts); only
 * the transactional plan is left out.
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
  options: { conflict?: 'append' | 'replace'; tagPrefix?: string } = {},
): Promise<{ tag: string; digest: string }> {
  const tag = attachmentTag(imageDigest, kind, options.tagPrefix ?? '');
  const existing = options.conflict === 'replace' ? undefined : await client.findManifest(repository, tag);
  const descriptors: Descriptor[] = existing && !isIndex(existing.manifest) ? [...existing.manifest.layers] : [];
  for (const layer of layers) {
    const blob = await client.putBlob(repository, layer.payload);
    const descriptor: Descriptor = { mediaType: layer.mediaType, size: blob.size, digest: blob.digest, annotations: layer.annotations };
    if (!descriptors.some((d) => d.digest === descriptor.digest && JSON.stringify(d.annotations ?? {}) === JSON.stringify(descriptor.annotations))) descriptors.push(descriptor);
  }
  const config = await client.putBlob(repository, signatureConfig(descriptors));
  const put = await client.putManifest(repository, tag, Buffer.from(JSON.stringify(signatureManifest(config, descriptors))), MediaTypes.ociManifest);
  return { tag, digest: put.digest };
}

/**
 * Attaches a Sigstore bundle to an image as a referrer; when the registry did not process the
 * subject, the referrer is also added to the index at the fallback tag.
 */
export async function attachBundle(
  client: RegistryClient,
  repository: string,
  subject: Descriptor,
  bundle: Buffer,
  options: { predicateType: string; created?: string },
): Promise<{ digest: string; fallbackTag?: string }> {
  await client.putBlob(repository, Buffer.from('{}'));
  const layer = await client.putBlob(repository, bundle);
  const annotations = bundleReferrerAnnotations(options.predicateType, options.created);
  const bytes = Buffer.from(JSON.stringify(bundleReferrerManifest(subject, layer, annotations)));
  const put = await client.putManifest(repository, sha256Digest(bytes), bytes, MediaTypes.ociManifest);
  if (put.subjectProcessed) return { digest: put.digest };
  const fallbackTag = attachmentTag(subject.digest);
  const current = await client.findManifest(repository, fallbackTag, { accept: MediaTypes.ociIndex });
  const entries = current && isIndex(current.manifest) ? current.manifest.manifests.filter((d) => d.digest !== put.digest) : [];
  const index: ImageIndex = { schemaVersion: 2, mediaType: MediaTypes.ociIndex, manifests: [...entries, fallbackIndexEntry({ digest: put.digest, size: bytes.length, annotations })] };
  await client.putManifest(repository, fallbackTag, Buffer.from(JSON.stringify(index)), MediaTypes.ociIndex);
  return { digest: put.digest, fallbackTag };
}
