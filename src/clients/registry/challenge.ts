/**
 * `WWW-Authenticate` challenges of the registry API: `Basic realm="…"` or
 * `Bearer realm="https://auth…/token",service="registry.example",scope="repository:x:pull"`.
 */
export interface AuthChallenge {
  scheme: string;
  params: Record<string, string>;
}

export function parseChallenge(header: string | undefined): AuthChallenge | undefined {
  if (!header) {
    return undefined;
  }
  const match = /^\s*([A-Za-z]+)\s*(.*)$/.exec(header);
  if (!match) {
    return undefined;
  }
  const params: Record<string, string> = {};
  const pair = /([A-Za-z_]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g;
  for (const [, key, quoted, bare] of match[2].matchAll(pair)) {
    params[key.toLowerCase()] = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : bare;
  }
  return { scheme: match[1].toLowerCase(), params };
}

/** The registry's base URL: plain HTTP only for the loopback hosts container tools also allow. */
export function registryBaseUrl(host: string): string {
  if (/^https?:\/\//i.test(host)) {
    return host.replace(/\/+$/, '');
  }
  const hostname = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  const loopback = hostname === 'localhost' || /^127\./.test(hostname) || hostname === '::1';
  return `${loopback ? 'http' : 'https'}://${host}`;
}
