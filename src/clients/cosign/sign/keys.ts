import { KeyObject, createPrivateKey, createPublicKey, scryptSync } from 'node:crypto';
import { badInput } from '../../../core/errors';

/**
 * Private keys for signing with a key pair: a plain PEM (PKCS#8 `PRIVATE KEY`, SEC1
 * `EC PRIVATE KEY`, PKCS#1 `RSA PRIVATE KEY`, or an encrypted PKCS#8 with a password) or cosign's
 * own encrypted format (`ENCRYPTED SIGSTORE PRIVATE KEY`, also `ENCRYPTED COSIGN PRIVATE KEY`):
 * scrypt derives a key from the password, NaCl secretbox holds the PKCS#8 DER. Messages never
 * include the key or the password.
 */
export interface SigningKey {
  privateKey: KeyObject;
  publicKeyPem: string;
  /** The digest the signature uses: sha256, or none for Ed25519 (it hashes internally). */
  hash: 'sha256' | null;
  algorithm: string;
}

const COSIGN_LABELS = /-----BEGIN ENCRYPTED (SIGSTORE|COSIGN) PRIVATE KEY-----([\s\S]*?)-----END ENCRYPTED \1 PRIVATE KEY-----/;

export function loadSigningKey(pem: string, password?: string, source = 'the private key'): SigningKey {
  const cosign = COSIGN_LABELS.exec(pem);
  let privateKey: KeyObject;
  if (cosign) {
    privateKey = createPrivateKey({ key: decryptCosignKey(cosign[2], password ?? '', source), format: 'der', type: 'pkcs8' });
  } else if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)) {
    const encrypted = /-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/.test(pem);
    if (encrypted && !password) throw badInput('Signing key', 'read', `${source} is encrypted and no password was given`, 'Enter the key\u2019s password.');
    try {
      privateKey = createPrivateKey({ key: pem, format: 'pem', passphrase: encrypted ? password : undefined });
    } catch {
      throw badInput('Signing key', 'read', encrypted ? `${source} could not be decrypted: the password is wrong or the key is damaged` : `${source} is not a readable PEM private key`);
    }
  } else {
    throw badInput(
      'Signing key',
      'read',
      `${source} holds no PEM private key (no "-----BEGIN … PRIVATE KEY-----" block)`,
      'Use a key made by cosign generate-key-pair or openssl (PKCS#8, SEC1 or PKCS#1 PEM).',
    );
  }
  const type = privateKey.asymmetricKeyType;
  const curve = privateKey.asymmetricKeyDetails?.namedCurve;
  if (type === 'ec' && curve !== 'prime256v1' && curve !== 'secp384r1') {
    throw badInput('Signing key', 'read', `${source} is an EC key on ${curve}; cosign-compatible signing supports P-256 and P-384`);
  }
  if (type !== 'ec' && type !== 'rsa' && type !== 'ed25519') {
    throw badInput('Signing key', 'read', `${source} is a ${type} key; use ECDSA (P-256, P-384), RSA or Ed25519`);
  }
  return {
    privateKey,
    publicKeyPem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString(),
    hash: type === 'ed25519' ? null : 'sha256',
    algorithm: type === 'ec' ? `ECDSA ${curve === 'prime256v1' ? 'P-256' : 'P-384'}` : type === 'rsa' ? `RSA ${privateKey.asymmetricKeyDetails?.modulusLength ?? ''}`.trim() : 'Ed25519',
  };
}

interface CosignEnvelope {
  kdf?: { name?: string; params?: { N?: number; r?: number; p?: number }; salt?: string };
  cipher?: { name?: string; nonce?: string };
  ciphertext?: string;
}

function decryptCosignKey(body: string, password: string, source: string): Buffer {
  let envelope: CosignEnvelope;
  try {
    envelope = JSON.parse(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')) as CosignEnvelope;
  } catch {
    throw badInput('Signing key', 'read', `${source} is a cosign key whose body is not base64 JSON`);
  }
  const { kdf, cipher, ciphertext } = envelope;
  if (kdf?.name !== 'scrypt' || cipher?.name !== 'nacl/secretbox' || !kdf.salt || !cipher.nonce || !ciphertext) {
    throw badInput('Signing key', 'read', `${source} is a cosign key with an unknown encryption (${kdf?.name ?? '?'} / ${cipher?.name ?? '?'}); expected scrypt and nacl/secretbox`);
  }
  const N = kdf.params?.N ?? 32768;
  const r = kdf.params?.r ?? 8;
  const p = kdf.params?.p ?? 1;
  if (N > 1 << 20 || r > 32 || p > 16) throw badInput('Signing key', 'read', `${source} asks for scrypt parameters too costly to derive (N=${N}, r=${r}, p=${p})`);
  const key = scryptSync(password, Buffer.from(kdf.salt, 'base64'), 32, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 });
  // tweetnacl is loaded only when a cosign key is used.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const nacl = require('tweetnacl') as typeof import('tweetnacl');
  const opened = nacl.secretbox.open(Buffer.from(ciphertext, 'base64'), Buffer.from(cipher.nonce, 'base64'), key);
  if (!opened)
    throw badInput('Signing key', 'read', `${source} could not be decrypted: the password is wrong or the key is damaged`, 'Enter the password you gave cosign generate-key-pair (COSIGN_PASSWORD).');
  return Buffer.from(opened);
}
