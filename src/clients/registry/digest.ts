import { createHash } from 'node:crypto';

/** Content digests as the registry API writes them: `sha256:<64 lower-case hex>`. */
const DIGEST = /^sha256:[a-f0-9]{64}$/;

export function isDigest(value: string): boolean {
  return DIGEST.test(value);
}

export function sha256Digest(bytes: Buffer | string): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** The hex part of a digest, e.g. for cosign's `sha256-<hex>.sig` tags. */
export function digestHex(digest: string): string {
  return digest.slice(digest.indexOf(':') + 1);
}

/** cosign's tag for things attached to a digest: `sha256-<hex>` plus an optional suffix. */
export function attachmentTag(digest: string, suffix?: 'sig' | 'att' | 'sbom', prefix = ''): string {
  const [algorithm, hex] = digest.split(':');
  return `${prefix}${algorithm}-${hex}${suffix ? `.${suffix}` : ''}`;
}
