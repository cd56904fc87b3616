/**
 * The fields ClusterImagePolicy (policy.sigstore.dev v1alpha1 and v1beta1, whose schemas are the
 * same) defines at every level, as the policy controller's CustomResourceDefinition lists them.
 * The cluster refuses a document with any other field (kubectl's strict field validation), and a
 * field dropped here would be a rule nobody enforces, so every unknown field, however deep, is an
 * error that names the nearest known one.
 */
type Shape = { readonly [field: string]: Shape | readonly [Shape] | typeof VALUE | typeof OPEN };

/** A scalar (or a value whose type the reader checks itself). */
const VALUE = 'value';
/** A mapping with keys of the user's choosing (labels, metadata). */
const OPEN = 'open';

const SECRET_REF: Shape = { name: VALUE, namespace: VALUE };
const KEY: Shape = { data: VALUE, kms: VALUE, secretRef: SECRET_REF, hashAlgorithm: VALUE };
const POLICY: Shape = {
  type: VALUE,
  data: VALUE,
  remote: { url: VALUE, sha256sum: VALUE },
  configMapRef: { name: VALUE, namespace: VALUE, key: VALUE },
  fetchConfigFile: VALUE,
  includeSpec: VALUE,
  includeObjectMeta: VALUE,
  includeTypeMeta: VALUE,
};
const AUTHORITY: Shape = {
  name: VALUE,
  key: KEY,
  keyless: {
    url: VALUE,
    identities: [{ issuer: VALUE, subject: VALUE, issuerRegExp: VALUE, subjectRegExp: VALUE }],
    'ca-cert': KEY,
    trustRootRef: VALUE,
    insecureIgnoreSCT: VALUE,
  },
  static: { action: VALUE, message: VALUE },
  source: [{ oci: VALUE, signaturePullSecrets: [{ name: VALUE }], tagPrefix: VALUE }],
  ctlog: { url: VALUE, trustRootRef: VALUE },
  attestations: [{ name: VALUE, predicateType: VALUE, policy: POLICY }],
  rfc3161timestamp: { trustRootRef: VALUE },
  signatureFormat: VALUE,
};
const CLUSTER_IMAGE_POLICY: Shape = {
  apiVersion: VALUE,
  kind: VALUE,
  metadata: OPEN,
  spec: {
    images: [{ glob: VALUE }],
    authorities: [AUTHORITY],
    policy: POLICY,
    mode: VALUE,
    match: [{ group: VALUE, version: VALUE, resource: VALUE, selector: { matchLabels: OPEN, matchExpressions: [{ key: VALUE, operator: VALUE, values: VALUE }] } }],
  },
  status: OPEN,
};

/** A field ClusterImagePolicy once had, with what to write instead. */
const REMOVED = { field: 'regex', at: /^spec\.images\[\d+\]$/, message: 'was removed from ClusterImagePolicy; write a glob' };

export interface UnknownField {
  /** Path from the document's root, e.g. `spec.authorities[0].ctLog`. */
  path: string;
  message: string;
}

/** Every field of a ClusterImagePolicy document that its schema does not define. */
export function unknownFields(document: Record<string, unknown>): UnknownField[] {
  const found: UnknownField[] = [];
  walk(document, CLUSTER_IMAGE_POLICY, '', found);
  return found;
}

function walk(value: unknown, shape: Shape, path: string, found: UnknownField[]): void {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return; // the reader reports wrong types
  const known = Object.keys(shape);
  for (const [field, child] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${field}` : field;
    const inner = Object.prototype.hasOwnProperty.call(shape, field) ? shape[field] : undefined;
    if (inner === undefined) {
      const near = nearest(field, known);
      const removed = field === REMOVED.field && REMOVED.at.test(path);
      const message = removed ? REMOVED.message : near ? `is not a field here; did you mean ${near}?` : `is not a field here (known: ${known.join(', ')})`;
      found.push({ path: at, message });
    } else if (Array.isArray(inner)) {
      if (Array.isArray(child)) child.forEach((item, i) => walk(item, (inner as readonly [Shape])[0], `${at}[${i}]`, found));
    } else if (typeof inner === 'object') {
      walk(child, inner as Shape, at, found);
    }
  }
}

/**
 * The known field within a small edit distance (case ignored), if one is close enough to be a
 * typo; a field that is a clipped or extended known name (`sha256` for `sha256sum`) counts as close.
 */
function nearest(field: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  const written = field.toLowerCase();
  for (const name of known) {
    const candidate = name.toLowerCase();
    const clipped = Math.min(written.length, candidate.length) >= 3 && (candidate.startsWith(written) || written.startsWith(candidate));
    // A clipped name ranks behind a one-letter typo (subjectRegex is subjectRegExp, not subject).
    const distance = clipped ? Math.min(1.5, editDistance(written, candidate)) : editDistance(written, candidate);
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
