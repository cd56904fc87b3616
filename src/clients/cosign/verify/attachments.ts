import { predicateTypeOf } from '../sign/conflicts';
import { Registries } from '../../registry/client';
import { parseReference } from '../../registry/reference';
import { Candidate } from '../formats/candidate';
import { Discovered, SignatureDiscovery } from './discovery';

/**
 * Whether an image digest already carries signatures or attestations: what a `cosign_sign` or
 * `cosign_attest` block would add. It looks where the verifier looks (the `.sig`/`.att` tags and
 * the Sigstore bundle referrers, with the same discovery) and counts what it finds; nothing is
 * verified, so a count says "something is there", not "someone trusted signed it".
 */
export type AttachmentStatus =
  | { state: 'found'; count: number; where: string[] }
  /** `missing`: the wanted predicate types with no attestation (all of them when none is there). */
  | { state: 'none'; where: string[]; missing?: string[] }
  | { state: 'error'; message: string };

export interface AttachmentQuery {
  /** The image as the block writes it: the provider signs a digest reference only. */
  image: string;
  kind: 'signature' | 'attestation';
  /** For attestations, the predicate types the block attests; each must be there. */
  predicateTypes?: readonly string[];
}

export async function attachmentStatus(query: AttachmentQuery, registries: Registries, signal?: AbortSignal): Promise<AttachmentStatus> {
  let ref;
  try {
    ref = parseReference(query.image);
  } catch (error) {
    return { state: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  if (!ref.digest) return { state: 'error', message: `${query.image} is not a digest reference; the provider ${query.kind === 'signature' ? 'signs' : 'attests'} an image@sha256:… only.` };
  const discovery = new SignatureDiscovery(registries, { registry: ref.registry, repository: ref.repository, digest: ref.digest }, signal);
  const looked = await Promise.all([discovery.legacy(query.kind), discovery.bundles()]);
  const failed = looked.find((d) => d.error !== undefined);
  if (failed) return { state: 'error', message: `${failed.where}: ${failed.error}` };
  const where = looked.map((d) => d.where);
  const found = looked.flatMap((d: Discovered) => d.candidates).filter((c) => c.kind === query.kind);
  const wanted = query.kind === 'attestation' ? (query.predicateTypes ?? []) : [];
  if (wanted.length === 0) return found.length > 0 ? { state: 'found', count: found.length, where } : { state: 'none', where };
  const types = found.map((c: Candidate) => predicateTypeOf(c) ?? '');
  const missing = wanted.filter((type) => !types.includes(type));
  if (missing.length > 0) return { state: 'none', where, missing };
  return { state: 'found', count: types.filter((type) => wanted.includes(type)).length, where };
}
