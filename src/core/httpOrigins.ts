/**
 * Where a request may go. A credential belongs to an origin (scheme, host and port), never to a
 * host name alone: `http://127.0.0.1:8080` and `http://127.0.0.1:9090` are different servers
 * run by possibly different people. Redirects are followed by HttpClient itself (in
 * httpExchange.ts; axios follows none), one hop at a time, by the rules below, so the rule is
 * ours and testable.
 */

/** What a redirect may do, chosen per request. */
export type RedirectRule =
  /** Follow redirects within the request's own origin only (the default). */
  | 'sameOrigin'
  /**
   * Also follow a GET or HEAD to another origin, WITHOUT any credential header: registries send
   * blob downloads to storage elsewhere (a signed URL that needs no login).
   */
  | 'crossOriginWithoutCredentials';

export type RedirectDecision = { follow: true; method: string; keepBody: boolean; stripCredentials: boolean } | { follow: false; summary: string };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export const MAX_REDIRECTS = 5;

export function isRedirect(status: number): boolean {
  return REDIRECT_STATUSES.has(status);
}

/** `scheme://host:port` of a URL (default ports omitted, as URL.origin writes them). */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

export interface RedirectHop {
  method: string;
  status: number;
  /** The origin the request started at (where its credentials belong). */
  startOrigin: string;
  /** Where the redirect points, resolved against the URL that answered. */
  to: string;
  rule: RedirectRule;
  /** An earlier hop already left the origin and dropped the credentials. */
  credentialsStripped: boolean;
}

export function decideRedirect(hop: RedirectHop): RedirectDecision {
  const target = new URL(hop.to);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    return { follow: false, summary: `the server redirected to a ${target.protocol} address (HTTP ${hop.status}); it was not followed` };
  }
  const read = hop.method === 'GET' || hop.method === 'HEAD';
  const sameOrigin = target.origin === hop.startOrigin && !hop.credentialsStripped;
  if (sameOrigin) {
    if (read) return { follow: true, method: hop.method, keepBody: false, stripCredentials: false };
    // 307 and 308 ask for the same request again; 303 points at the result of a write done.
    if (hop.status === 307 || hop.status === 308) return { follow: true, method: hop.method, keepBody: true, stripCredentials: false };
    if (hop.status === 303) return { follow: true, method: 'GET', keepBody: false, stripCredentials: false };
    // 301 and 302 turn a write into a GET in browsers: that would drop the change without a word.
    return { follow: false, summary: `the server answered the ${hop.method} with a redirect (HTTP ${hop.status}) to another address; the change was not sent again` };
  }
  if (read && (hop.rule === 'crossOriginWithoutCredentials' || hop.credentialsStripped)) {
    return { follow: true, method: hop.method, keepBody: false, stripCredentials: true };
  }
  return {
    follow: false,
    summary: `the server redirected to ${target.origin}, another origin than ${hop.startOrigin} (HTTP ${hop.status}); ${read ? 'the request was not sent there' : 'the change was not sent there'}`,
  };
}
