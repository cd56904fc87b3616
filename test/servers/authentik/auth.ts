/**
 * Token authentication as authentik does it (authentik/api/authentication.py + DRF):
 * the header is split at the first space; a scheme other than `Bearer` (any case) counts as no
 * credentials; `Bearer` with nothing after it is a malformed header; an unknown, expired,
 * non-API token or one of an inactive user is "Token invalid/expired". Anonymous requests reach
 * the view, which then decides (most require authentication; /root/config/ does not).
 */
import type { StandInRequest, StandInResponse } from '../core/types';
import { detail, MALFORMED_HEADER, TOKEN_INVALID } from './errors';
import type { AuthentikSeed, AuthentikToken, AuthentikUser } from './seed';

export type AuthResult = { kind: 'user'; user: AuthentikUser; token: AuthentikToken } | { kind: 'anonymous' } | { kind: 'rejected'; response: StandInResponse };

export function authenticate(seed: AuthentikSeed, req: StandInRequest, now = Date.now()): AuthResult {
  const raw = req.header('authorization');
  if (raw === undefined) return { kind: 'anonymous' };
  const space = raw.indexOf(' ');
  const scheme = space < 0 ? raw : raw.slice(0, space);
  const credentials = space < 0 ? '' : raw.slice(space + 1).trim();
  if (scheme.toLowerCase() !== 'bearer') return { kind: 'anonymous' };
  if (!credentials) return { kind: 'rejected', response: detail(403, MALFORMED_HEADER) };
  const token = seed.tokens.find((t) => t.key === credentials);
  const user = token && seed.users.find((u) => u.pk === token.userPk);
  const expired = token?.expires != null && Date.parse(token.expires) <= now;
  if (!token || !user || token.intent !== 'api' || expired || !user.isActive) {
    return { kind: 'rejected', response: detail(403, TOKEN_INVALID) };
  }
  return { kind: 'user', user, token };
}

/** Label of the presented token for the request log (never the token itself). */
export function describeCredential(seed: AuthentikSeed, req: StandInRequest): string | undefined {
  const raw = req.header('authorization');
  if (raw === undefined) return undefined;
  const credentials = raw.slice(raw.indexOf(' ') + 1).trim();
  const token = seed.tokens.find((t) => t.key === credentials);
  return token ? `token:${token.identifier}` : 'unknown';
}
