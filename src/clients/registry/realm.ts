import { isIP } from 'node:net';

/**
 * Where a registry may send us for a token. The realm of a Bearer challenge is chosen by the
 * registry, so a hostile one could point a client holding credentials at an internal address.
 * The rule follows go-containerregistry: https only (http only when the registry itself is
 * plain http), and a realm on a loopback, private, link-local or unspecified IP literal only
 * when it is the registry's own host and port.
 */
export function realmProblem(realm: string, registryBaseUrl: string): string | undefined {
  let url: URL;
  let registry: URL;
  try {
    url = new URL(realm);
    registry = new URL(registryBaseUrl);
  } catch {
    return `the token realm "${realm}" is not a URL`;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && registry.protocol === 'http:')) {
    return `the token realm ${url.origin} is not https`;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isInternalAddress(host) && url.host !== registry.host) {
    return `the token realm ${url.host} is an internal address other than the registry itself`;
  }
  return undefined;
}

function isInternalAddress(ip: string): boolean {
  if (isIP(ip) === 4) {
    const [a, b] = ip.split('.').map(Number);
    return a === 127 || a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  const lower = ip.toLowerCase();
  if (lower.startsWith('::ffff:')) return isInternalAddress(lower.slice(7));
  return (
    lower === '::' || lower === '::1' || lower.startsWith('fe8') || lower.startsWith('fe9') || lower.startsWith('fea') || lower.startsWith('feb') || lower.startsWith('fc') || lower.startsWith('fd')
  );
}

/**
 * Token services whose origin differs from their registry's but which the registry's own
 * operator documents as where its logins go, so a login from Docker's config.json may be sent
 * there: Docker Hub's API answers on index.docker.io and issues tokens on auth.docker.io (and
 * config.json keys Docker Hub logins by that service's v1 URL).
 */
const KNOWN_TOKEN_SERVICES: Record<string, string> = {
  'https://index.docker.io': 'https://auth.docker.io',
};

export const ADD_LOGIN_COMMAND = 'Image Signatures: Add Registry Login\u2026';

/**
 * Whether a login may go to this token realm, and why not. A login is a password or refresh
 * token the user gave for one registry; the realm is chosen by whatever answers as that registry.
 * - A login saved by "Add Registry Login…" was checked against the registry and its realm at that
 *   time; that realm's origin is saved with it (`realmOrigin`), and the login goes there only.
 *   Another realm later means the registry changed (or someone interferes): the user re-adds it.
 * - Any other login (Docker's config.json, a credential helper, one saved before realms were
 *   recorded) was never checked against a token service, so it goes only to the registry's own
 *   origin (or the known token service above): the registry's answer alone cannot send the
 *   user's password to another server.
 */
export function realmLoginProblem(realm: string, registryBaseUrl: string, registry: string, checkedRealmOrigin: string | undefined): { summary: string; hint: string } | undefined {
  const realmOrigin = new URL(realm).origin;
  if (checkedRealmOrigin !== undefined) {
    if (realmOrigin === checkedRealmOrigin) return undefined;
    return {
      summary: `the login for ${registry} was checked with the token service at ${checkedRealmOrigin}, but the registry now asks for it at ${realmOrigin}; it was not sent there`,
      hint: `If ${registry} really moved its token service, remove the login and add it again (${ADD_LOGIN_COMMAND}).`,
    };
  }
  const own = new URL(registryBaseUrl).origin;
  if (realmOrigin === own || KNOWN_TOKEN_SERVICES[own] === realmOrigin) return undefined;
  return {
    summary:
      `the registry asks for the login at ${realmOrigin}, another origin than ${own}; a login that was not checked with that token service ` +
      "(from Docker's config.json, or saved before this check existed) is only sent to the registry itself",
    hint: `Add the login in the editor with "${ADD_LOGIN_COMMAND}": it checks the token service and remembers it.`,
  };
}
