import { KeyObject, constants, publicDecrypt } from 'node:crypto';

/**
 * A signature checked against the digest of the signed bytes instead of the bytes: the
 * conformance protocol lets `verify-bundle` take `sha256:<hex>` for a message-signature bundle.
 * Node's crypto verifies ECDSA only over a message (it hashes first), so ECDSA is checked here
 * with BigInt arithmetic on the NIST curves — verification uses public values only, so nothing
 * secret can leak through its timing. RSA PKCS#1 v1.5 is checked by opening the signature with
 * the public key and comparing the DigestInfo. Ed25519 signs the message itself: it cannot be
 * checked from a digest.
 */
export type PrehashedOutcome = { valid: boolean } | { unsupported: string };

export function verifyPrehashed(key: KeyObject, sha256Digest: Buffer, signature: Buffer): PrehashedOutcome {
  if (sha256Digest.length !== 32) return { unsupported: 'the digest is not a SHA-256 digest' };
  switch (key.asymmetricKeyType) {
    case 'ec': {
      const curve = CURVES[key.asymmetricKeyDetails?.namedCurve ?? ''];
      if (!curve) return { unsupported: `ECDSA on ${key.asymmetricKeyDetails?.namedCurve} is not supported` };
      return { valid: verifyEcdsa(curve, key, sha256Digest, signature) };
    }
    case 'rsa':
      return { valid: verifyRsaPkcs1(key, sha256Digest, signature) };
    case 'ed25519':
      return { unsupported: 'an Ed25519 signature covers the file itself, not its digest: give the file' };
    default:
      return { unsupported: `${key.asymmetricKeyType} keys are not supported with a digest: give the file` };
  }
}

interface Curve {
  p: bigint;
  n: bigint;
  gx: bigint;
  gy: bigint;
}

// Domain parameters of SEC 2 / FIPS 186 (a = p - 3 on all three).
const CURVES: Record<string, Curve> = {
  prime256v1: {
    p: 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn,
    n: 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
    gx: 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n,
    gy: 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5n,
  },
  secp384r1: {
    p: 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffffn,
    n: 0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973n,
    gx: 0xaa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7n,
    gy: 0x3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5fn,
  },
  secp521r1: {
    p: (1n << 521n) - 1n,
    n: 0x1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409n,
    gx: 0xc6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d3dbaa14b5e77efe75928fe1dc127a2ffa8de3348b3c1856a429bf97e7e31c2e5bd66n,
    gy: 0x11839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e662c97ee72995ef42640c550b9013fad0761353c7086a272c24088be94769fd16650n,
  },
};

/** FIPS 186 ECDSA verification: r == x(u1·G + u2·Q) mod n. */
function verifyEcdsa(curve: Curve, key: KeyObject, digest: Buffer, signature: Buffer): boolean {
  const rs = readDerSignature(signature);
  if (!rs) return false;
  const [r, s] = rs;
  const { n } = curve;
  if (r <= 0n || r >= n || s <= 0n || s >= n) return false;
  const jwk = key.export({ format: 'jwk' });
  const q: Affine = { x: fromBase64Url(jwk.x as string), y: fromBase64Url(jwk.y as string) };
  // The leftmost bits of the digest, as many as the order has.
  const excess = digest.length * 8 - n.toString(2).length;
  const e = toBigInt(digest) >> BigInt(Math.max(0, excess));
  const w = modInverse(s, n);
  const point = sumOfProducts(curve, (e * w) % n, { x: curve.gx, y: curve.gy }, (r * w) % n, q);
  if (!point) return false;
  return point.x % n === r;
}

/** The DER SEQUENCE { INTEGER r, INTEGER s } of an ECDSA signature, strictly read. */
function readDerSignature(der: Buffer): [bigint, bigint] | undefined {
  let offset = 0;
  const length = (): number | undefined => {
    const first = der[offset++];
    if (first === undefined) return undefined;
    if (first < 0x80) return first;
    const count = first & 0x7f;
    if (count === 0 || count > 2) return undefined;
    let value = 0;
    for (let i = 0; i < count; i++) value = value * 256 + (der[offset++] ?? NaN);
    return Number.isNaN(value) || value < 0x80 ? undefined : value;
  };
  if (der[offset++] !== 0x30) return undefined;
  const total = length();
  if (total === undefined || offset + total !== der.length) return undefined;
  const integers: bigint[] = [];
  for (let i = 0; i < 2; i++) {
    if (der[offset++] !== 0x02) return undefined;
    const size = length();
    if (!size || offset + size > der.length) return undefined;
    const bytes = der.subarray(offset, offset + size);
    // Positive and minimal: no sign bit, no needless leading zero.
    if (bytes[0] & 0x80 || (size > 1 && bytes[0] === 0 && !(bytes[1] & 0x80))) return undefined;
    integers.push(toBigInt(bytes));
    offset += size;
  }
  return offset === der.length ? [integers[0], integers[1]] : undefined;
}

/** RSASSA-PKCS1-v1_5 with SHA-256: the opened signature must be exactly the DigestInfo of the digest. */
function verifyRsaPkcs1(key: KeyObject, digest: Buffer, signature: Buffer): boolean {
  const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');
  try {
    const opened = publicDecrypt({ key, padding: constants.RSA_PKCS1_PADDING }, signature);
    return opened.equals(Buffer.concat([SHA256_DIGEST_INFO, digest]));
  } catch {
    return false;
  }
}

interface Affine {
  x: bigint;
  y: bigint;
}
/** Jacobian coordinates (x/z², y/z³); z = 0 is the point at infinity. */
interface Jacobian {
  x: bigint;
  y: bigint;
  z: bigint;
}

const INFINITY: Jacobian = { x: 1n, y: 1n, z: 0n };

/** a·A + b·B by one pass over the bits of both scalars (Shamir's trick). */
function sumOfProducts(curve: Curve, a: bigint, A: Affine, b: bigint, B: Affine): Affine | undefined {
  const { p } = curve;
  const jA: Jacobian = { ...A, z: 1n };
  const jB: Jacobian = { ...B, z: 1n };
  const jAB = add(jA, jB, p);
  let result = INFINITY;
  for (let bit = BigInt(Math.max(a.toString(2).length, b.toString(2).length)) - 1n; bit >= 0n; bit--) {
    result = double(result, p);
    const useA = (a >> bit) & 1n;
    const useB = (b >> bit) & 1n;
    if (useA && useB) result = add(result, jAB, p);
    else if (useA) result = add(result, jA, p);
    else if (useB) result = add(result, jB, p);
  }
  if (result.z === 0n) return undefined;
  const zInverse = modInverse(result.z, p);
  const zInverse2 = (zInverse * zInverse) % p;
  return { x: (result.x * zInverse2) % p, y: (result.y * zInverse2 * zInverse) % p };
}

function double(P: Jacobian, p: bigint): Jacobian {
  if (P.z === 0n || P.y === 0n) return INFINITY;
  const y2 = (P.y * P.y) % p;
  const s = (4n * P.x * y2) % p;
  const z2 = (P.z * P.z) % p;
  // M = 3·x² + a·z⁴ with a = -3, that is 3·(x − z²)·(x + z²).
  const m = mod(3n * (P.x - z2) * (P.x + z2), p);
  const x = mod(m * m - 2n * s, p);
  const y = mod(m * (s - x) - 8n * y2 * y2, p);
  return { x, y, z: (2n * P.y * P.z) % p };
}

function add(P: Jacobian, Q: Jacobian, p: bigint): Jacobian {
  if (P.z === 0n) return Q;
  if (Q.z === 0n) return P;
  const pz2 = (P.z * P.z) % p;
  const qz2 = (Q.z * Q.z) % p;
  const u1 = (P.x * qz2) % p;
  const u2 = (Q.x * pz2) % p;
  const s1 = (P.y * qz2 * Q.z) % p;
  const s2 = (Q.y * pz2 * P.z) % p;
  const h = mod(u2 - u1, p);
  const r = mod(s2 - s1, p);
  if (h === 0n) return r === 0n ? double(P, p) : INFINITY;
  const h2 = (h * h) % p;
  const h3 = (h2 * h) % p;
  const u1h2 = (u1 * h2) % p;
  const x = mod(r * r - h3 - 2n * u1h2, p);
  const y = mod(r * (u1h2 - x) - s1 * h3, p);
  return { x, y, z: (h * P.z * Q.z) % p };
}

function mod(value: bigint, m: bigint): bigint {
  const rest = value % m;
  return rest < 0n ? rest + m : rest;
}

/** Inverse modulo a prime m (Fermat: v^(m−2)). */
function modInverse(value: bigint, m: bigint): bigint {
  let result = 1n;
  let base = mod(value, m);
  for (let exponent = m - 2n; exponent > 0n; exponent >>= 1n) {
    if (exponent & 1n) result = (result * base) % m;
    base = (base * base) % m;
  }
  return result;
}

function toBigInt(bytes: Buffer): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${bytes.toString('hex')}`);
}

function fromBase64Url(text: string): bigint {
  return toBigInt(Buffer.from(text, 'base64url'));
}
