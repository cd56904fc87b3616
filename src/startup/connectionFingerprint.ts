import { createHmac, randomBytes } from 'crypto';
import type * as vscode from 'vscode';
import { SecretKeys } from '../core/secretKeys';

/**
 * A remembered tree is shown only to the connection it was read with: the same address, the
 * same credentials. Credentials are secret, and so is a plain hash of them (it would confirm a
 * guessed key), so a tree keeps an HMAC of what makes up its connection, under a random key that
 * lives in SecretStorage beside the credentials (`SecretKeys.rememberedTreeKey`). What
 * globalState holds then says nothing about any credential to someone without that key.
 */

/** The secret reads a fingerprint needs: the start-up chunk's early reads, or the store. */
export type SecretReads = Pick<vscode.SecretStorage, 'get' | 'keys'>;

/** The fingerprint of a connection described by `parts` (address, credentials…), under `key`. */
export function connectionFingerprint(key: string, parts: readonly string[]): string {
  return createHmac('sha256', Buffer.from(key, 'base64')).update(JSON.stringify(parts)).digest('base64url');
}

/** A new fingerprint key: 32 random bytes, base64. */
export function newFingerprintKey(): string {
  return randomBytes(32).toString('base64');
}

/** The fingerprint key, made and stored the first time a tree is remembered. */
export async function fingerprintKey(secrets: Pick<vscode.SecretStorage, 'get' | 'store'>): Promise<string> {
  const stored = await secrets.get(SecretKeys.rememberedTreeKey);
  if (stored) return stored;
  const made = newFingerprintKey();
  await secrets.store(SecretKeys.rememberedTreeKey, made);
  return made;
}
