/**
 * The fields ClusterImagePolicy (policy.sigstore.dev v1beta1) defines at each level, as the
 * policy controller's Go types name them. The cluster refuses a document with any other field
 * (kubectl's strict field validation), and a field dropped here would be a rule nobody enforces,
 * so an unknown field is an error that names the nearest known one.
 */
const POLICY_FIELDS = ['type', 'data', 'remote', 'configMapRef', 'fetchConfigFile', 'includeSpec', 'includeObjectMeta', 'includeTypeMeta'];
const KEY_FIELDS = ['secretRef', 'data', 'kms', 'hashAlgorithm'];

export const KNOWN_FIELDS = {
  document: ['apiVersion', 'kind', 'metadata', 'spec', 'status'],
  spec: ['images', 'authorities', 'policy', 'mode', 'match'],
  image: ['glob'],
  authority: ['name', 'key', 'keyless', 'static', 'source', 'ctlog', 'attestations', 'rfc3161timestamp', 'signatureFormat'],
  key: KEY_FIELDS,
  keyless: ['url', 'identities', 'ca-cert', 'trustRootRef', 'insecureIgnoreSCT'],
  caCert: KEY_FIELDS,
  static: ['action', 'message'],
  source: ['oci', 'signaturePullSecrets', 'tagPrefix'],
  ctlog: ['url', 'trustRootRef'],
  rfc3161timestamp: ['trustRootRef'],
  identity: ['issuer', 'subject', 'issuerRegExp', 'subjectRegExp'],
  attestation: ['name', 'predicateType', 'policy'],
  policy: POLICY_FIELDS,
  match: ['group', 'version', 'resource', 'selector'],
} as const;

/** The fields of `value` that `known` lacks, each with the known field it most likely meant. */
export function unknownFields(value: Record<string, unknown>, known: readonly string[]): Array<{ field: string; nearest?: string }> {
  return Object.keys(value)
    .filter((field) => !known.includes(field))
    .map((field) => ({ field, nearest: nearest(field, known) }));
}

/** The known field within a small edit distance (case ignored), if one is close enough to be a typo. */
function nearest(field: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(field.toLowerCase(), name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(field.length / 3)) ? best.name : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
