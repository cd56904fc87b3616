/**
 * The fields ClusterImagePolicy (policy.sigstore.dev v1alpha1 and v1beta1, whose schemas are the
 * same) defines at every level, with the types its CustomResourceDefinition gives them, and the
 * fields of Kubernetes object metadata. The cluster refuses a document with any other field
 * (kubectl's strict field validation) or a value of another type (`message: no` is the boolean
 * false to kubectl's YAML 1.1 reader, and the schema wants a string), and a field dropped here
 * would be a rule nobody enforces. So every unknown field, however deep, is an error that names
 * the nearest known one, and every wrongly typed value is an error that says what it read as.
 */
type Shape = { readonly [field: string]: Expected };
type Expected = Shape | readonly [Shape] | Kind;

/** Values of one kind. `open` holds anything (status); a null is always an unset field. */
type Kind = 'string' | 'boolean' | 'integer' | 'strings' | 'string map' | 'open';
const STRING: Kind = 'string';
const BOOLEAN: Kind = 'boolean';
const INTEGER: Kind = 'integer';
/** A list of strings. */
const STRINGS: Kind = 'strings';
/** A mapping of strings to strings (labels, annotations, label selectors). */
const STRING_MAP: Kind = 'string map';
const OPEN: Kind = 'open';

const SECRET_REF: Shape = { name: STRING, namespace: STRING };
const KEY: Shape = { data: STRING, kms: STRING, secretRef: SECRET_REF, hashAlgorithm: STRING };
const POLICY: Shape = {
  type: STRING,
  data: STRING,
  remote: { url: STRING, sha256sum: STRING },
  configMapRef: { name: STRING, namespace: STRING, key: STRING },
  fetchConfigFile: BOOLEAN,
  includeSpec: BOOLEAN,
  includeObjectMeta: BOOLEAN,
  includeTypeMeta: BOOLEAN,
};
const AUTHORITY: Shape = {
  name: STRING,
  key: KEY,
  keyless: {
    url: STRING,
    identities: [{ issuer: STRING, subject: STRING, issuerRegExp: STRING, subjectRegExp: STRING }],
    'ca-cert': KEY,
    trustRootRef: STRING,
    insecureIgnoreSCT: BOOLEAN,
  },
  static: { action: STRING, message: STRING },
  source: [{ oci: STRING, signaturePullSecrets: [{ name: STRING }], tagPrefix: STRING }],
  ctlog: { url: STRING, trustRootRef: STRING },
  attestations: [{ name: STRING, predicateType: STRING, policy: POLICY }],
  rfc3161timestamp: { trustRootRef: STRING },
  signatureFormat: STRING,
};
/** Kubernetes ObjectMeta, as the API server decodes it (the webhook's own decoding types the label selector alike). */
const METADATA: Shape = {
  name: STRING,
  generateName: STRING,
  namespace: STRING,
  selfLink: STRING,
  uid: STRING,
  resourceVersion: STRING,
  generation: INTEGER,
  creationTimestamp: STRING,
  deletionTimestamp: STRING,
  deletionGracePeriodSeconds: INTEGER,
  labels: STRING_MAP,
  annotations: STRING_MAP,
  ownerReferences: [{ apiVersion: STRING, kind: STRING, name: STRING, uid: STRING, controller: BOOLEAN, blockOwnerDeletion: BOOLEAN }],
  finalizers: STRINGS,
  managedFields: OPEN,
};
const CLUSTER_IMAGE_POLICY: Shape = {
  apiVersion: STRING,
  kind: STRING,
  metadata: METADATA,
  spec: {
    images: [{ glob: STRING }],
    authorities: [AUTHORITY],
    policy: POLICY,
    mode: STRING,
    match: [{ group: STRING, version: STRING, resource: STRING, selector: { matchLabels: STRING_MAP, matchExpressions: [{ key: STRING, operator: STRING, values: STRINGS }] } }],
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

/** Every field of a ClusterImagePolicy document that its schema does not define, or whose value has another type. */
export function unknownFields(document: Record<string, unknown>): UnknownField[] {
  const found: UnknownField[] = [];
  walk(document, CLUSTER_IMAGE_POLICY, '', found);
  return found;
}

/**
 * Mappings and lists of the spec that are not one are reported by the policy reader, with what
 * they should hold; here only their contents are checked.
 */
function walk(value: unknown, expected: Expected, path: string, found: UnknownField[]): void {
  if (value === null || value === undefined) return; // the API server drops a null field
  if (typeof expected === 'string') {
    const problem = kindProblem(value, expected);
    if (problem) found.push({ path, message: problem });
  } else if (Array.isArray(expected)) {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, (expected as readonly [Shape])[0], `${path}[${i}]`, found));
  } else if (isMapping(value)) {
    walkFields(value, expected as Shape, path, found);
  } else if (path === 'metadata') {
    found.push({ path, message: `must be a mapping, not ${describeValue(value)}` });
  }
}

function walkFields(value: Record<string, unknown>, shape: Shape, path: string, found: UnknownField[]): void {
  const known = Object.keys(shape);
  for (const [field, child] of Object.entries(value)) {
    const at = path ? `${path}.${field}` : field;
    const inner = Object.prototype.hasOwnProperty.call(shape, field) ? shape[field] : undefined;
    if (inner !== undefined) {
      walk(child, inner, at, found);
      continue;
    }
    const near = nearest(field, known);
    const removed = field === REMOVED.field && REMOVED.at.test(path);
    const message = removed ? REMOVED.message : near ? `is not a field here; did you mean ${near}?` : `is not a field here (known: ${known.join(', ')})`;
    found.push({ path: at, message });
  }
}

function kindProblem(value: unknown, kind: Kind): string | undefined {
  switch (kind) {
    case 'open':
      return undefined;
    case 'string':
      return typeof value === 'string' ? undefined : `must be a string, not ${describeValue(value)}${typeof value === 'boolean' || typeof value === 'number' ? '; quote it' : ''}`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `must be true or false, not ${describeValue(value)}`;
    case 'integer':
      return Number.isInteger(value) ? undefined : `must be a whole number, not ${describeValue(value)}`;
    case 'strings':
      if (!Array.isArray(value)) return `must be a list of strings, not ${describeValue(value)}`;
      return value.every((item) => typeof item === 'string') ? undefined : 'must be a list of strings; quote the entries that are not';
    case 'string map': {
      if (!isMapping(value)) return `must be a mapping of names to strings, not ${describeValue(value)}`;
      const wrong = Object.entries(value).filter(([, v]) => v !== null && typeof v !== 'string');
      return wrong.length === 0 ? undefined : `must map names to strings: ${wrong.map(([k, v]) => `${k} is ${describeValue(v)}`).join(', ')}; quote them`;
    }
  }
}

/** How a value read, so that YAML 1.1 surprises (`no` is false, `1.10` is 1.1) are visible. */
export function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (isMapping(value)) return 'a mapping';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'boolean') return `the boolean ${value}`;
  if (typeof value === 'number') return `the number ${value}`;
  return String(value);
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
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
