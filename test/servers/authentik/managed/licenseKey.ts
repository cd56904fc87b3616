/**
 * Enterprise license keys as the stand-in knows them. A real key is an ES512 JWT whose `x5c`
 * chain ends at authentik's licensing CA and whose audience is
 * `enterprise.goauthentik.io/license/<install id>` (authentik/enterprise/license.py). The
 * stand-in cannot hold that CA's key, so it makes keys of the same shape with a random
 * signature and checks everything but the signature: a JWT with an `x5c` of two certificates,
 * the installation's audience, an expiry in the future, and the claims. Anything else gets the
 * server's one answer, "Unable to verify license".
 */
import * as crypto from 'node:crypto';

export interface LicenseClaims {
  name: string;
  /** seconds since the epoch */
  exp: number;
  internal_users: number;
  external_users: number;
  flags?: Array<'trial' | 'non_production'>;
}

export const LICENSE_INVALID = 'Unable to verify license';

export function licenseAudience(installId: string): string {
  return `enterprise.goauthentik.io/license/${installId}`;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A key of a real key's shape for this installation (tests and the demo install it). */
export function standInLicenseKey(installId: string, claims: LicenseClaims): string {
  const chain = [crypto.randomBytes(48).toString('base64'), crypto.randomBytes(48).toString('base64')];
  const header = b64url({ alg: 'ES512', typ: 'JWT', x5c: chain });
  const payload = b64url({ aud: licenseAudience(installId), flags: [], ...claims });
  return `${header}.${payload}.${crypto.randomBytes(132).toString('base64url')}`;
}

/** The claims of an acceptable key, or undefined (answer 400 {"key": [LICENSE_INVALID]}). */
export function readLicenseKey(key: string, installId: string, now = Date.now()): LicenseClaims | undefined {
  const parts = key.trim().split('.');
  if (parts.length !== 3) return undefined;
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')) as { alg?: unknown; x5c?: unknown };
    const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Record<string, unknown>;
    if (header.alg !== 'ES512' || !Array.isArray(header.x5c) || header.x5c.length < 2) return undefined;
    if (payload.aud !== licenseAudience(installId)) return undefined;
    if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now) return undefined;
    if (typeof payload.name !== 'string') return undefined;
    return {
      name: payload.name,
      exp: payload.exp,
      internal_users: Number.isInteger(payload.internal_users) ? (payload.internal_users as number) : 0,
      external_users: Number.isInteger(payload.external_users) ? (payload.external_users as number) : 0,
      flags: Array.isArray(payload.flags) ? (payload.flags as LicenseClaims['flags']) : [],
    };
  } catch {
    return undefined;
  }
}
