import { ServiceError } from '../../../core/errors';
import { Registries, RegistryClient } from '../../registry/client';
import { attachmentTag } from '../../registry/digest';
import { ImageManifest, isIndex } from '../../registry/manifest';
import { bundleCandidate, bundleLayer, isBundleDescriptor } from '../formats/bundles';
import { Candidate } from '../formats/candidate';
import { legacyCandidate, legacyLayers } from '../formats/legacy';
import { Authority } from '../policy/types';

/**
 * Finds the signatures and attestations of one image digest, once per verification: each kind of
 * lookup is a memoized promise, so several authorities share the requests, and bundles are only
 * fetched when an authority still needs them. Blobs are memoized by digest too (cosign often
 * writes the same payload in several layers).
 */
export interface Discovered {
  /** Where it looked, for the report: "127.0.0.1:5000/app:sha256-….sig". */
  where: string;
  candidates: Candidate[];
  /** A registry failure that kept it from looking (auth, network…): nothing was proven. */
  error?: string;
}

const MAX_SIGNATURE_BLOB = 8 * 1024 * 1024;

export class SignatureDiscovery {
  private readonly lookups = new Map<string, Promise<Discovered>>();
  private readonly blobs = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly registries: Registries,
    private readonly image: { registry: string; repository: string; digest: string },
    private readonly signal?: AbortSignal,
  ) {}

  legacy(kind: 'signature' | 'attestation', source?: Authority['source']): Promise<Discovered> {
    const { client, repository } = this.location(source);
    const tag = attachmentTag(this.image.digest, kind === 'signature' ? 'sig' : 'att', source?.tagPrefix ?? '');
    return this.memo(`legacy ${client.registry}/${repository}:${tag}`, async () => {
      const where = `${client.registry}/${repository}:${tag}`;
      const manifest = await client.findManifest(repository, tag, { signal: this.signal });
      if (!manifest) return { where, candidates: [] };
      const layers = legacyLayers(manifest.manifest);
      if (typeof layers === 'string') return { where, candidates: [], error: layers };
      const candidates = await Promise.all(
        layers.map(async (descriptor, index) => {
          const blob = await this.blob(client, repository, descriptor.digest, descriptor.size).catch((e: Error) => e);
          return legacyCandidate({ manifestLabel: tag, index, descriptor, blob, kind });
        }),
      );
      return { where, candidates };
    });
  }

  bundles(source?: Authority['source']): Promise<Discovered> {
    const { client, repository } = this.location(source);
    return this.memo(`bundles ${client.registry}/${repository}`, async () => {
      const where = `referrers of ${client.registry}/${repository}@${this.image.digest}`;
      const referrers = await client.getReferrers(repository, this.image.digest, { signal: this.signal });
      const candidates: Candidate[] = [];
      for (const descriptor of referrers.descriptors.filter(isBundleDescriptor)) {
        let manifest: ImageManifest;
        try {
          const fetched = await client.getManifest(repository, descriptor.digest, { signal: this.signal });
          if (isIndex(fetched.manifest)) continue;
          manifest = fetched.manifest;
        } catch (error) {
          candidates.push({ label: `bundle ${descriptor.digest.slice(0, 19)}…`, format: 'bundle', kind: 'attestation', problem: messageOf(error) });
          continue;
        }
        const layer = bundleLayer(manifest);
        if (typeof layer === 'string') {
          // Referrers of other kinds (SBOMs, scan results) are not signatures; skip them quietly.
          if (!descriptor.artifactType) continue;
          candidates.push({ label: `bundle ${descriptor.digest.slice(0, 19)}…`, format: 'bundle', kind: 'attestation', problem: layer });
          continue;
        }
        const blob = await this.blob(client, repository, layer.digest, layer.size).catch((e: Error) => e);
        candidates.push(bundleCandidate(descriptor.digest, manifest, blob));
      }
      return { where: `${where} (${referrers.via === 'api' ? 'referrers API' : referrers.via === 'tag' ? 'fallback tag ' + attachmentTag(this.image.digest) : 'none found'})`, candidates };
    });
  }

  /** Lookups made so far, by kind: what the registry holds in each format (for the report). */
  completed(): Array<['signature' | 'attestation' | 'bundle', Promise<Discovered>]> {
    return [...this.lookups.entries()].map(([key, pending]) => [key.startsWith('bundles') ? 'bundle' : key.endsWith('.att') ? 'attestation' : 'signature', pending]);
  }

  private location(source: Authority['source']): { client: RegistryClient; repository: string } {
    const registry = source?.repository?.registry ?? this.image.registry;
    const repository = source?.repository?.repository ?? this.image.repository;
    return { client: this.registries.forHost(registry), repository };
  }

  private memo(key: string, load: () => Promise<Discovered>): Promise<Discovered> {
    let pending = this.lookups.get(key);
    if (!pending) {
      pending = load().catch((error: unknown) => {
        if (error instanceof ServiceError && error.kind === 'cancelled') throw error;
        return { where: key.replace(/^\w+ /, ''), candidates: [], error: messageOf(error) };
      });
      this.lookups.set(key, pending);
    }
    return pending;
  }

  private blob(client: RegistryClient, repository: string, digest: string, size: number): Promise<Buffer> {
    const key = `${client.registry}/${repository}@${digest}`;
    let pending = this.blobs.get(key);
    if (!pending) {
      pending =
        size > MAX_SIGNATURE_BLOB
          ? Promise.reject(new Error(`the blob ${digest} is ${size} bytes, too large for a signature`))
          : client.getBlob(repository, digest, { signal: this.signal, maxBytes: MAX_SIGNATURE_BLOB });
      this.blobs.set(key, pending);
    }
    return pending;
  }
}

function messageOf(error: unknown): string {
  return error instanceof ServiceError ? error.message : ((error as Error)?.message ?? String(error));
}
