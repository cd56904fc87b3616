import type { AxiosInstance, AxiosProxyConfig, AxiosStatic, Method } from 'axios';
import * as http from 'node:http';
import * as https from 'node:https';
import type { Readable } from 'node:stream';

/**
 * One HTTP exchange on the wire, nothing more: axios sends the request (TLS options, proxy,
 * decompression) and hands back the status, the headers and the body as a stream. It follows
 * no redirect and applies no timeout or size limit of its own: HttpClient decides those, so
 * every rule reads the same for every service.
 */
export interface TransportSettings {
  tls?: { insecure?: boolean; ca?: string | string[] };
  /** Proxy URL (http://user:pass@host:port); requests to hosts in `noProxy` go direct. */
  proxy?: string;
  noProxy?: string;
}

export interface Hop {
  url: string;
  method: Method;
  headers: Record<string, string>;
  body?: string | Buffer;
  signal: AbortSignal;
}

export interface HopResponse {
  status: number;
  /** Lower-case names, repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Readable;
}

export class Transport {
  /** Created on the first request: axios is loaded lazily so activation does not pay for it. */
  private instance?: Promise<AxiosInstance>;

  constructor(private readonly settings: TransportSettings) {}

  async send(hop: Hop): Promise<HopResponse> {
    const axios = await this.axios();
    const response = await axios.request({
      url: hop.url,
      method: hop.method,
      headers: hop.headers,
      data: hop.body,
      signal: hop.signal,
      responseType: 'stream',
      // Chosen per request: a redirect may lead to a host that noProxy lists.
      proxy: proxyConfig(this.settings, hop.url),
    });
    return { status: response.status, headers: flattenHeaders(response.headers), body: response.data as Readable };
  }

  private axios(): Promise<AxiosInstance> {
    const { tls } = this.settings;
    this.instance ??= loadAxios().then((axios) =>
      axios.create({
        // Bounded by HttpClient's deadline over the whole exchange, body included.
        timeout: 0,
        httpAgent: new http.Agent({ keepAlive: true }),
        // axios tunnels HTTPS through a proxy with CONNECT and keeps these TLS options for the origin.
        httpsAgent: new https.Agent({ rejectUnauthorized: !tls?.insecure, ca: tls?.ca, keepAlive: true }),
        validateStatus: () => true,
        maxRedirects: 0,
        maxBodyLength: Infinity,
      }),
    );
    return this.instance;
  }
}

/** Thrown by readBody when the body is larger than the limit; reading stopped there. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the body is larger than ${limit} bytes`);
  }
}

/**
 * Reads a body up to `maxBytes`. Past it: `fail` destroys the stream and throws BodyTooLarge;
 * `truncate` destroys it and keeps what arrived. A declared Content-Length over the limit fails
 * before the first byte is read.
 */
export async function readBody(response: HopResponse, maxBytes: number, over: 'fail' | 'truncate'): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (over === 'fail' && Number.isFinite(declared) && declared > maxBytes) {
    response.body.destroy();
    throw new BodyTooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    if (total + bytes.length > maxBytes) {
      response.body.destroy();
      if (over === 'fail') throw new BodyTooLarge(maxBytes);
      chunks.push(bytes.subarray(0, maxBytes - total));
      break;
    }
    chunks.push(bytes);
    total += bytes.length;
  }
  return Buffer.concat(chunks);
}

/** Drops a body nobody reads (a redirect's), freeing the connection's resources. */
export function discardBody(response: HopResponse): void {
  response.body.on('error', () => undefined);
  response.body.destroy();
}

function proxyConfig(settings: TransportSettings, url: string): AxiosProxyConfig | false {
  if (!settings.proxy || bypassesProxy(new URL(url).hostname, settings.noProxy)) {
    return false;
  }
  const proxy = new URL(settings.proxy.includes('://') ? settings.proxy : `http://${settings.proxy}`);
  return {
    protocol: proxy.protocol.replace(':', ''),
    host: proxy.hostname,
    port: Number(proxy.port) || (proxy.protocol === 'https:' ? 443 : 80),
    auth: proxy.username ? { username: decodeURIComponent(proxy.username), password: decodeURIComponent(proxy.password) } : undefined,
  };
}

/** `NO_PROXY` semantics: comma-separated hosts or domain suffixes, `*` for all. */
export function bypassesProxy(hostname: string, noProxy: string | undefined): boolean {
  if (!noProxy) {
    return false;
  }
  const host = hostname.toLowerCase();
  return noProxy
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/:\d+$/, ''))
    .filter(Boolean)
    .some((entry) => entry === '*' || host === entry.replace(/^\./, '') || host.endsWith(entry.startsWith('.') ? entry : `.${entry}`));
}

function flattenHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value !== undefined && value !== null) {
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    }
  }
  return out;
}

let axiosModule: Promise<AxiosStatic> | undefined;

/** Loads the HTTP library ahead of the first request (a failure shows on that request). */
export function preloadHttpLibrary(): void {
  loadAxios().catch(() => undefined);
}

/** axios, loaded on first use (in the extension bundle it is a separate chunk). */
function loadAxios(): Promise<AxiosStatic> {
  axiosModule ??= import(/* webpackChunkName: "axios" */ 'axios').then((m) => (m as unknown as { default?: AxiosStatic }).default ?? (m as unknown as AxiosStatic));
  return axiosModule;
}
