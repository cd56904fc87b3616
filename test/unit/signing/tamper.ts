import * as assert from 'node:assert/strict';
import { RegistryClient } from '../../../src/clients/registry/client';
import { attachmentTag, sha256Digest } from '../../../src/clients/registry/digest';
import { ImageIndex, ImageManifest, MediaTypes } from '../../../src/clients/registry/manifest';

/**
 * Replaces the one bundle attached to an image with a changed copy, the way an attacker with
 * write access to the registry could: a new bundle blob, a new referrer manifest, and the
 * `sha256-<hex>` referrers index pointing at it instead (the test registry has no referrers
 * API). Returns the changed bundle JSON.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function tamperWithBundle(client: RegistryClient, repository: string, digest: string, change: (bundle: Record<string, any>) => void): Promise<Record<string, any>> {
  const tag = attachmentTag(digest);
  const index = (await client.getManifest(repository, tag)).manifest as ImageIndex;
  assert.equal(index.manifests.length, 1, 'one bundle to tamper with');
  const [descriptor] = index.manifests;
  const manifest = (await client.getManifest(repository, descriptor.digest)).manifest as ImageManifest;
  const bundle = JSON.parse((await client.getBlob(repository, manifest.layers[0].digest)).toString('utf8'));
  change(bundle);
  const blob = Buffer.from(JSON.stringify(bundle));
  await client.putBlob(repository, blob);
  const changed = Buffer.from(JSON.stringify({ ...manifest, layers: [{ ...manifest.layers[0], digest: sha256Digest(blob), size: blob.length }] }));
  await client.putManifest(repository, sha256Digest(changed), changed, MediaTypes.ociManifest);
  const newIndex: ImageIndex = { ...index, manifests: [{ ...descriptor, digest: sha256Digest(changed), size: changed.length }] };
  await client.putManifest(repository, tag, Buffer.from(JSON.stringify(newIndex)), MediaTypes.ociIndex);
  return bundle;
}
