import { RegistryClient, FetchedManifest } from '../../registry/client';
import { attachmentTag } from '../../registry/digest';
import { Descriptor, MediaTypes, isIndex } from '../../registry/manifest';
import { bundleCandidate, bundleLayer, isBundleDescriptor } from '../formats/bundles';
import { Candidate } from '../formats/candidate';
import { legacyCandidate } from '../formats/legacy';

/**
 * What an image already carries, read before signing so `conflict` can be applied and a failure
 * can restore it: the manifest at the `.sig`/`.att` tag with each layer read back, and the Sigstore
 * bundles among its referrers (with the fallback index, which the signer rewrites).
 */
export interface ExistingLayer {
  descriptor: Descriptor;
  candidate: Candidate;
}

export interface ExistingLegacy {
  tag: string;
  manifest?: FetchedManifest;
  layers: ExistingLayer[];
}

export interface ExistingBundle {
  /** The referrer manifest's digest. */
  digest: string;
  descriptor: Descriptor;
  candidate: Candidate;
}

export interface ExistingBundles {
  /** The index at the `sha256-<hex>` fallback tag, when there is one. */
  fallback?: FetchedManifest;
  /** Whether the registry serves the referrers API (then the fallback index is not needed). */
  api: boolean;
  bundles: ExistingBundle[];
}

export async function readLegacy(client: RegistryClient, repository: string, digest: string, kind: 'sig' | 'att', signal?: AbortSignal): Promise<ExistingLegacy> {
  const tag = attachmentTag(digest, kind);
  const manifest = await client.findManifest(repository, tag, { signal });
  if (!manifest || isIndex(manifest.manifest)) return { tag, manifest, layers: [] };
  const layers: ExistingLayer[] = [];
  for (const [index, descriptor] of manifest.manifest.layers.entries()) {
    const blob = await client.getBlob(repository, descriptor.digest, { signal, maxBytes: 8 * 1024 * 1024 }).catch((e: Error) => e);
    layers.push({ descriptor, candidate: legacyCandidate({ manifestLabel: tag, index, descriptor, blob, kind: kind === 'sig' ? 'signature' : 'attestation' }) });
  }
  return { tag, manifest, layers };
}

export async function readBundles(client: RegistryClient, repository: string, digest: string, signal?: AbortSignal): Promise<ExistingBundles> {
  const referrers = await client.getReferrers(repository, digest, { signal });
  const fallback = referrers.via === 'tag' ? await client.findManifest(repository, attachmentTag(digest), { accept: `${MediaTypes.ociIndex}, ${MediaTypes.dockerManifestList}`, signal }) : undefined;
  const bundles: ExistingBundle[] = [];
  for (const descriptor of referrers.descriptors.filter(isBundleDescriptor)) {
    const fetched = await client.getManifest(repository, descriptor.digest, { signal });
    if (isIndex(fetched.manifest)) continue;
    const manifest = fetched.manifest;
    const layer = bundleLayer(manifest);
    if (typeof layer === 'string') continue;
    const blob = await client.getBlob(repository, layer.digest, { signal, maxBytes: 8 * 1024 * 1024 }).catch((e: Error) => e);
    bundles.push({ digest: descriptor.digest, descriptor, candidate: bundleCandidate(descriptor.digest, manifest, blob) });
  }
  return { fallback, api: referrers.via === 'api', bundles };
}
