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
  return lower === '::' || lower === '::1' || lower.startsWith('fe8') || lower.startsWith('fe9') || lower.startsWith('fea') || lower.startsWith('feb') || lower.startsWith('fc') || lower.startsWith('fd');
}
