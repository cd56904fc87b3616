import type { AttachmentQuery, AttachmentStatus } from '../clients/cosign/verify/attachments';
import type { HclBlock, HclValue } from './hclParse';

/**
 * What the CodeLens of a `resource "cosign_sign"` or `resource "cosign_attest"` block asks the
 * registry: the image it signs, and for an attestation the predicate types it attests
 * (`predicate_type`, or the `type` of each `predicates` block, as the provider reads them). A
 * value Terraform would evaluate is not guessed: the lens says it was not checked.
 */
export function attachmentQueryOf(type: string, block: HclBlock): AttachmentQuery | { notChecked: string } {
  const image = attribute(block, 'image');
  if (!image) return { notChecked: 'No image: not checked' };
  if (image.kind !== 'literal' || typeof image.value !== 'string') return { notChecked: 'Image is an expression: not checked' };
  if (type === 'cosign_sign') return { image: image.value.trim(), kind: 'signature' };
  const written = [attribute(block, 'predicate_type'), ...block.blocks.filter((b) => b.type === 'predicates').map((b) => attribute(b, 'type'))].filter((v) => v !== undefined);
  if (written.some((v) => v.kind !== 'literal' || typeof v.value !== 'string')) return { notChecked: 'Predicate type is an expression: not checked' };
  const predicateTypes = written.map((v) => String((v as { value: string }).value));
  return { image: image.value.trim(), kind: 'attestation', predicateTypes };
}

function attribute(block: HclBlock, name: string): HclValue | undefined {
  return block.attributes.find((a) => a.name === name)?.value;
}

/** The lens's title: what the registry holds, in a few words. */
export function attachmentLensTitle(query: AttachmentQuery, status: AttachmentStatus): string {
  const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const types = query.predicateTypes?.length ? ` ${query.predicateTypes.join(', ')}` : '';
  if (status.state === 'error') return `Could not check the ${query.kind}s: ${status.message}`;
  if (query.kind === 'signature') return status.state === 'found' ? `Signed (${plural(status.count, 'signature')})` : 'Not signed';
  if (status.state === 'found') return `Attested${types} (${plural(status.count, 'attestation')})`;
  return status.missing?.length ? `Not attested: ${status.missing.join(', ')}` : 'Not attested';
}
