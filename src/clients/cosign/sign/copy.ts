import { badInput } from '../../../core/errors';
import { FetchedManifest } from '../../registry/client';
import { attachmentTag } from '../../registry/digest';
import { Descriptor, ImageIndex, MediaTypes, isIndex } from '../../registry/manifest';
import { ImageReference, parseReference, repositoryName } from '../../registry/reference';
import { isBundleDescriptor } from '../formats/bundles';
import { digestReference } from './inputs';
import { planSignatureManifest } from './layout';
import { SigningSession } from './session';
import { CopyInput, CopyResult, SigningOptions, WrittenItem } from './types';
import { WritePlan, applyPlan } from './writePlan';

/**
 * The Copy resource: an image by digest (an index with all its platform images) to another
 * repository, with what is attached to it: the `.sig`, `.att` and `.sbom` tags cosign copies,
 * and the Sigstore bundle referrers (which cosign's copy leaves behind). Signatures still verify
 * at the destination: cosign ignores the `docker-reference` they name. Existing signatures at
 * the destination are kept; the source's are added to them. The source's digest is kept, so
 * `copiedRef` equals the input digest.
 */
const ATTACHMENTS = ['sig', 'att', 'sbom'] as const;

export async function copy(input: CopyInput, options: SigningOptions): Promise<CopyResult> {
  const session = new SigningSession('copy', options);
  return session.run(async () => {
    const source = digestReference(input.source, 'source', 'copy');
    const destination = destinationRepository(input.destination);
    const digest = source.digest as string;
    if (source.registry === destination.registry && source.repository === destination.repository) {
      throw badInput('Image signing', 'copy', `destination ${repositoryName(destination)} is the source repository itself`);
    }
    const from = session.registries.forHost(source.registry);
    const to = session.registries.forHost(destination.registry);
    const sameHost = source.registry === destination.registry;
    const plan = new WritePlan();
    const written: WrittenItem[] = [];
    const where = (reference: string) => `${repositoryName(destination)}${reference.startsWith('sha256:') ? '@' : ':'}${reference}`;

    const copyManifest = async (fetched: FetchedManifest, reference: string, previous: FetchedManifest | undefined | null, label: string): Promise<void> => {
      if (isIndex(fetched.manifest)) {
        for (const child of fetched.manifest.manifests) {
          await copyManifest(await from.getManifest(source.repository, child.digest, { signal: session.signal }), child.digest, null, `platform image ${child.digest.slice(0, 19)}…`);
        }
      } else {
        for (const blob of [fetched.manifest.config, ...fetched.manifest.layers]) {
          plan.copiedBlob(destination.repository, blob.digest, () => from.getBlob(source.repository, blob.digest, { signal: session.signal }), sameHost ? source.repository : undefined);
        }
      }
      plan.manifest({
        repository: destination.repository,
        reference,
        bytes: fetched.bytes,
        mediaType: fetched.mediaType,
        previous: previous ? { bytes: previous.bytes, mediaType: previous.mediaType } : null,
        label,
      });
    };

    session.progress(`reading ${repositoryName(source)}@${digest.slice(0, 19)}…`);
    const image = await from.getManifest(source.repository, digest, { signal: session.signal });
    const already = await to.findManifest(destination.repository, digest, { signal: session.signal });
    if (!already) await copyManifest(image, digest, null, where(digest));
    written.push({
      format: 'legacy',
      kind: 'copy',
      location: where(digest),
      detail: already ? 'the image was already there' : `image ${isIndex(image.manifest) ? `index with ${image.manifest.manifests.length} platform images` : 'manifest'} with its blobs`,
    });

    for (const suffix of ATTACHMENTS) {
      const tag = attachmentTag(digest, suffix);
      const attached = await from.findManifest(source.repository, tag, { signal: session.signal });
      if (!attached || isIndex(attached.manifest)) continue;
      const current = await to.findManifest(destination.repository, tag, { signal: session.signal });
      const layers = attached.manifest.layers;
      const existing = current && !isIndex(current.manifest) ? current.manifest.layers : [];
      const key = (d: Descriptor) => `${d.digest} ${JSON.stringify(d.annotations ?? {})}`;
      const added = layers.filter((d) => !existing.some((e) => key(e) === key(d)));
      if (added.length === 0) continue;
      if (existing.length === 0) {
        await copyManifest(attached, tag, current, where(tag));
      } else {
        // The destination's own signatures stay; the source's are added after them.
        for (const layer of added)
          plan.copiedBlob(destination.repository, layer.digest, () => from.getBlob(source.repository, layer.digest, { signal: session.signal }), sameHost ? source.repository : undefined);
        planSignatureManifest(plan, destination.repository, tag, [...existing, ...added], current ? { bytes: current.bytes, mediaType: current.mediaType } : null, where(tag));
      }
      written.push({
        format: 'legacy',
        kind: 'copy',
        location: where(tag),
        detail:
          `${added.length} ${suffix === 'sig' ? 'signature' : suffix === 'att' ? 'attestation' : 'SBOM'} layer${added.length === 1 ? '' : 's'}` +
          `${existing.length ? `, added to the ${existing.length} there` : ''}`,
      });
    }

    const referrers = await from.getReferrers(source.repository, digest, { signal: session.signal });
    const bundles = referrers.descriptors.filter(isBundleDescriptor);
    if (bundles.length > 0) {
      for (const descriptor of bundles) {
        const referrer = await from.getManifest(source.repository, descriptor.digest, { signal: session.signal });
        await copyManifest(referrer, descriptor.digest, null, where(descriptor.digest));
      }
      const destinationReferrers = await to.getReferrers(destination.repository, digest, { signal: session.signal });
      if (destinationReferrers.via !== 'api') {
        const tag = attachmentTag(digest);
        const current = destinationReferrers.via === 'tag' ? await to.findManifest(destination.repository, tag, { accept: MediaTypes.ociIndex, signal: session.signal }) : undefined;
        const index: ImageIndex = {
          schemaVersion: 2,
          mediaType: MediaTypes.ociIndex,
          manifests: [...destinationReferrers.descriptors.filter((d) => !bundles.some((b) => b.digest === d.digest)), ...bundles],
        };
        plan.manifest({
          repository: destination.repository,
          reference: tag,
          bytes: Buffer.from(JSON.stringify(index)),
          mediaType: MediaTypes.ociIndex,
          previous: current ? { bytes: current.bytes, mediaType: current.mediaType } : null,
          label: where(tag),
        });
      }
      written.push({ format: 'bundle', kind: 'copy', location: `referrers of ${where(digest)}`, detail: `${bundles.length} Sigstore bundle${bundles.length === 1 ? '' : 's'}` });
    }

    if (!plan.empty) await applyPlan(to, plan, session.signal, (m) => session.progress(m));
    return {
      operation: 'copy',
      ...session.base(`${repositoryName(source)}@${digest}`),
      source: input.source,
      destination: input.destination,
      copiedRef: input.source.trim(),
      destinationRef: `${repositoryName(destination)}@${digest}`,
      written,
    };
  });
}

function destinationRepository(value: string): ImageReference {
  const trimmed = value.trim();
  if (trimmed.includes('@')) throw badInput('Image signing', 'copy', `destination "${trimmed}" must be a repository without a digest; the copy keeps the source's digest`);
  const ref = parseReference(trimmed);
  if (/:[\w][\w.-]{0,127}$/.test(trimmed.slice(trimmed.lastIndexOf('/') + 1))) {
    throw badInput('Image signing', 'copy', `destination "${trimmed}" must be a repository without a tag (e.g. registry.example.com/team/app); the copy keeps the source's digest`);
  }
  return ref;
}
