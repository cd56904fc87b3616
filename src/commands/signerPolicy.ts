import type { OperationResult } from '../clients/cosign/sign/types';

/** A policy that accepts exactly what was just signed: the signer's identity or key, and the predicates. */
export function signerPolicy(result: OperationResult, format: string, predicateTypes: string[], tlogUrl: string | undefined): { text: string; source: string } | undefined {
  const signer = result.signer;
  if (!signer) return undefined;
  const authority: Record<string, unknown> = { name: 'signer' };
  if (format !== 'both') authority.signatureFormat = format;
  if (signer.keyFingerprint) {
    // The policy controller reads bundles for keyless authorities only: no key policy can accept a bundle alone.
    if (!signer.publicKeyPem || format === 'bundle') return undefined;
    authority.key = { data: signer.publicKeyPem };
    if (result.tlog.length > 0) authority.ctlog = { url: tlogUrl ?? 'https://rekor.sigstore.dev' };
  } else {
    authority.keyless = { url: 'https://fulcio.sigstore.dev', identities: [{ issuer: signer.issuer, subject: signer.subjects[0] }] };
  }
  if (predicateTypes.length) authority.attestations = predicateTypes.map((t, i) => ({ name: `predicate-${i + 1}`, predicateType: t }));
  // The signed digest, normalized: the name the webhook matches globs against (a tag would cover nothing).
  const policy = { apiVersion: 'policy.sigstore.dev/v1beta1', kind: 'ClusterImagePolicy', metadata: { name: 'just-signed' }, spec: { images: [{ glob: result.ref }], authorities: [authority] } };
  return { text: JSON.stringify(policy, null, 2), source: `a policy naming the signer (${signer.description})` };
}
