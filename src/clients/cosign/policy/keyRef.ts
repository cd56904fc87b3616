import { KeyObject, createHash, createPublicKey } from 'node:crypto';
import { kmsProblem } from './kmsReference';
import { pemBlocks } from './pem';
import { Json, Problems, isObject, isSet } from './problems';
import { KeyAuthority, PublicKeyEntry } from './types';

/**
 * An authority's `key` and a keyless authority's `ca-cert`, which the policy controller's
 * validating webhook checks alike (KeyRef.Validate): exactly one of data, kms and secretRef; a
 * known hash algorithm; `data` whose first PEM block, as Go decodes it, is a public key; a `kms`
 * reference of a supported provider, in its accepted form; a `secretRef` in the controller's own
 * namespace.
 */
const HASH_ALGORITHMS = ['sha224', 'sha256', 'sha384', 'sha512'] as const;
export type HashAlgorithm = KeyAuthority['hashAlgorithm'];

/**
 * The namespace the policy controller runs in, as its standard installation names it. The webhook
 * compares a secretRef's namespace with its own; this extension cannot ask a cluster which it is.
 */
export const CONTROLLER_NAMESPACE = 'cosign-system';

/** The curves Go's x509 reads in a public key; Node reads more (secp256k1, brainpool). */
const GO_CURVES = new Set(['prime256v1', 'secp384r1', 'secp521r1', 'secp224r1']);
const GO_KEY_TYPES = new Set(['rsa', 'ec', 'ed25519', 'x25519', 'dsa']);

export function readKeyRef(ref: Json, at: string, problems: Problems, warnings: string[]): { keys: PublicKeyEntry[]; hashAlgorithm: HashAlgorithm } {
  if (!['data', 'kms', 'secretRef'].some((field) => isSet(ref[field]))) problems.add(at, 'needs data (a PEM public key), kms or secretRef');
  problems.atMostOne(ref, ['data', 'kms', 'secretRef'], at);
  // Any case and surrounding spaces, as the policy controller reads it; a value that is no string is reported with the schema's types.
  const written = typeof ref.hashAlgorithm === 'string' && ref.hashAlgorithm ? ref.hashAlgorithm.trim().toLowerCase() : 'sha256';
  const hashAlgorithm = HASH_ALGORITHMS.find((name) => name === written);
  if (!hashAlgorithm) problems.add(`${at}.hashAlgorithm`, `must be sha224, sha256, sha384 or sha512, not ${JSON.stringify(ref.hashAlgorithm)}`);
  if (typeof ref.kms === 'string' && ref.kms) {
    const problem = kmsProblem(ref.kms);
    if (problem) problems.add(`${at}.kms`, problem);
  }
  if (isObject(ref.secretRef) && typeof ref.secretRef.namespace === 'string' && ref.secretRef.namespace && ref.secretRef.namespace !== CONTROLLER_NAMESPACE) {
    const written = JSON.stringify(ref.secretRef.namespace);
    const own = `its own namespace (${CONTROLLER_NAMESPACE} in its standard installation)`;
    problems.add(`${at}.secretRef.namespace`, `is ${written}; the policy controller reads secrets only from ${own}: leave namespace out or write ${CONTROLLER_NAMESPACE}`);
  }
  const keys = typeof ref.data === 'string' && ref.data ? readKeys(ref.data, `${at}.data`, problems, warnings) : [];
  return { keys, hashAlgorithm: hashAlgorithm ?? 'sha256' };
}

/**
 * The public key of `data`: the first PEM block Go decodes (a broken block before it is skipped,
 * as Go skips it), which must be a PKIX `PUBLIC KEY` or a PKCS#1 `RSA PUBLIC KEY`. A further
 * block is never a second trusted key, so it is pointed out rather than used.
 */
function readKeys(data: string, at: string, problems: Problems, warnings: string[]): PublicKeyEntry[] {
  const blocks = pemBlocks(data);
  if (blocks.length === 0) {
    problems.add(at, 'holds no PEM public key (-----BEGIN PUBLIC KEY-----) that decodes');
    return [];
  }
  const [first] = blocks;
  if (first.type !== 'PUBLIC KEY' && first.type !== 'RSA PUBLIC KEY') {
    problems.add(at, `starts with a ${first.type} block; the policy controller reads only the first block, and it must be a PUBLIC KEY (or RSA PUBLIC KEY)`);
    return [];
  }
  if (blocks.length > 1) warnings.push(`${at} holds ${blocks.length} PEM blocks; only the first is a trusted key (the policy controller ignores the others). Use one authority per key.`);
  const key = publicKey(first.bytes, first.type === 'PUBLIC KEY' ? 'spki' : 'pkcs1');
  if (typeof key === 'string') {
    problems.add(at, `the public key cannot be read: ${key}`);
    return [];
  }
  const der = key.export({ type: 'spki', format: 'der' });
  return [{ pem: key.export({ type: 'spki', format: 'pem' }).toString(), fingerprint: createHash('sha256').update(der).digest('hex') }];
}

/** The key as Go's x509 would read it, or why it would not. */
function publicKey(der: Buffer, type: 'spki' | 'pkcs1'): KeyObject | string {
  if (derLength(der) !== der.length) return 'its DER encoding has bytes after the key (or is cut short)';
  let key: KeyObject;
  try {
    key = createPublicKey({ key: der, format: 'der', type });
  } catch (error) {
    return (error as Error).message;
  }
  const kind = key.asymmetricKeyType ?? 'unknown';
  if (!GO_KEY_TYPES.has(kind)) return `it is a ${kind} key, which the policy controller does not read (RSA, ECDSA or Ed25519)`;
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (kind === 'ec' && !GO_CURVES.has(curve ?? '')) return `its curve ${curve ?? 'unknown'} is not one the policy controller reads (P-224, P-256, P-384, P-521)`;
  return key;
}

/** The length a DER value announces in its header (tag and length), header included. */
function derLength(der: Buffer): number | undefined {
  if (der.length < 2) return undefined;
  const first = der[1];
  if (first < 0x80) return 2 + first;
  const octets = first & 0x7f;
  if (octets === 0 || octets > 4 || der.length < 2 + octets) return undefined;
  let length = 0;
  for (let i = 0; i < octets; i++) length = length * 256 + der[2 + i];
  return 2 + octets + length;
}
