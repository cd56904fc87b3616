/**
 * A small HTTP(S) client for the stand-in tests. node:http rather than fetch: the tests need
 * TLS options (self-signed CA, rejectUnauthorized) and the raw error codes of resets.
 */
import * as http from 'node:http';
import * as https from 'node:https';

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json<T = any>(): T; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read stand-in answers loosely
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** an object is sent as JSON */
  body?: string | object;
  ca?: string;
  rejectUnauthorized?: boolean;
  timeoutMs?: number;
}

export function request(url: string, options: RequestOptions = {}): Promise<HttpResult> {
  const target = new URL(url);
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  let payload: string | undefined;
  if (options.body !== undefined) {
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (typeof options.body !== 'string' && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/json';
    }
    headers['Content-Length'] = String(Buffer.byteLength(payload));
  }
  const lib = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      target,
      {
        method: options.method ?? 'GET',
        headers,
        agent: false, // no pooled sockets: a reset in one test must not leak into the next
        ca: options.ca,
        rejectUnauthorized: options.rejectUnauthorized,
        timeout: options.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('client timeout'), { code: 'CLIENT_TIMEOUT' })));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The error a request fails with (for resets, TLS failures, timeouts). */
export async function requestError(url: string, options: RequestOptions = {}): Promise<NodeJS.ErrnoException> {
  let r: HttpResult;
  try {
    r = await request(url, options);
  } catch (e) {
    return e as NodeJS.ErrnoException;
  }
  throw new Error(`expected the request to fail, got HTTP ${r.status}`);
}
