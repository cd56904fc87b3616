/** Deterministic identifiers, so the same seed always has the same UUIDs (tests can name them). */
import * as crypto from 'node:crypto';

/** A version-4-shaped UUID derived from a name: stable across runs, distinct per name. */
export function uuidFor(name: string): string {
  const h = crypto.createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A 40-character client ID / secret of the kind authentik generates. */
export function tokenFor(name: string, length = 40): string {
  let out = '';
  for (let i = 0; out.length < length; i++) out += crypto.createHash('sha256').update(`${name}#${i}`).digest('base64url');
  return out.slice(0, length);
}

/** A fixed instant a given number of days before `now` (whole days, so runs on one day agree). */
export function daysAgo(days: number, now = Date.now()): string {
  const day = Math.floor(now / 86_400_000) * 86_400_000;
  return new Date(day - days * 86_400_000).toISOString().replace('.000Z', 'Z');
}
