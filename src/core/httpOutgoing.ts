import type { Method } from 'axios';
import type { QueryValue, RequestSpec } from './httpRequest';

/**
 * What is sent for a request: the URL with its query, the headers of the connection and of the
 * request, and the body, encoded as JSON unless it already is text or bytes.
 */

export interface Outgoing {
  url: string;
  method: Method;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** What a connection adds to every request it sends. */
export interface ConnectionDefaults {
  userAgent?: string;
  headers?: Record<string, string>;
}

/** Turns a relative path (or absolute URL) plus query into the URL actually requested. */
export function requestUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = /^https?:\/\//i.test(path) ? new URL(path) : new URL(baseUrl + (path.startsWith('/') ? path : `/${path}`));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) {
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      url.searchParams.append(key, String(item));
    }
  }
  return url.toString();
}

/** A request's own headers override the connection's; a Content-Type it names is kept for a JSON body. */
export function outgoingRequest(url: string, method: Method, connection: ConnectionDefaults, spec: Pick<RequestSpec, 'headers' | 'body'>): Outgoing {
  const headers: Record<string, string> = {
    ...(connection.userAgent ? { 'User-Agent': connection.userAgent } : {}),
    ...connection.headers,
    ...spec.headers,
  };
  let body: string | Buffer | undefined;
  if (spec.body !== undefined && !Buffer.isBuffer(spec.body) && typeof spec.body !== 'string') {
    body = JSON.stringify(spec.body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/json';
    }
  } else {
    body = spec.body;
  }
  return { url, method, headers, body };
}
