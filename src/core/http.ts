import type { AxiosInstance, AxiosProxyConfig, AxiosResponse, AxiosStatic, Method } from 'axios';
import * as http from 'node:http';
import * as https from 'node:https';
import { ErrorKind, FieldError, ServiceError } from './errors';
import { Logger, silentLogger } from './logger';
import { SecretRegistry } from './redact';
import {
  DEFAULT_RETRY_POLICY,
  IDEMPOTENT_METHODS,
  RetryPolicy,
  backoffMs,
  isRetryableNetworkCode,
  isRetryableStatus,
  rateLimitWaitMs,
} from './retryPolicy';
import { abortableSleep } from './sleep';

/**
 * The one HTTP path of the extension. Each connection (a Honeycomb key, an authentik server, a
 * registry) gets its own HttpClient with its own TLS and proxy agents, so `insecure` on one
 * authentik connection never weakens another. Transport is axios; retries, error mapping and
 * logging are ours so that they read the same for every service.
 */

/** What a service-specific parser extracts from an error body. */
export interface ParsedErrorBody {
  message?: string;
  code?: string;
  fieldErrors?: FieldError[];
  /** Overrides the kind derived from the status (authentik answers a bad token with 403). */
  kind?: ErrorKind;
}

export type ErrorBodyParser = (status: number, contentType: string, body: unknown) => ParsedErrorBody;

export interface HttpClientOptions {
  /** Display name used in messages: "Honeycomb", "authentik", "Registry 127.0.0.1:5000". */
  service: string;
  baseUrl: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  tls?: { insecure?: boolean; ca?: string | string[] };
  /** Proxy URL (http://user:pass@host:port); requests to hosts in `noProxy` go direct. */
  proxy?: string;
  noProxy?: string;
  userAgent?: string;
  logger?: Logger;
  secrets?: SecretRegistry;
  parseErrorBody?: ErrorBodyParser;
  /** Service-specific advice appended to errors, e.g. which key kind an operation needs. */
  hintFor?: (error: { kind: ErrorKind; status?: number; operation: string }) => string | undefined;
  /** Called before each wait caused by a 429, so a view can say "rate limited, retrying in 12 s". */
  onRateLimited?: (event: { operation: string; waitMs: number; attempt: number }) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The options a service client passes through unchanged from its caller to its HttpClient. */
export type TransportOptions = Pick<HttpClientOptions, 'userAgent' | 'logger' | 'secrets' | 'timeoutMs' | 'proxy' | 'noProxy' | 'sleep' | 'retry'>;

/** Only the transport options of a richer object (a service connection), so nothing else leaks into the HttpClient. */
export function transportOptions(from: TransportOptions): TransportOptions {
  const { userAgent, logger, secrets, timeoutMs, proxy, noProxy, sleep, retry } = from;
  return { userAgent, logger, secrets, timeoutMs, proxy, noProxy, sleep, retry };
}

export type QueryValue = string | number | boolean | undefined | null | Array<string | number | boolean>;

export interface RequestSpec {
  /** The package operation (or a descriptive verb) named in messages and logs. */
  operation: string;
  method?: Method;
  /** Relative to the base URL, or absolute (e.g. a `links.next` or a registry redirect). */
  path: string;
  /** Arrays are sent as repeated keys, as authentik's filters expect. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  body?: unknown;
  responseType?: 'json' | 'text' | 'buffer';
  signal?: AbortSignal;
  /** Marks a non-GET request as safe to repeat (for example a PUT of the same content). */
  idempotent?: boolean;
  /** Statuses that count as success besides 2xx (e.g. 404 when probing). */
  acceptStatus?: number[];
  timeoutMs?: number;
}

export interface HttpResponse<T> {
  status: number;
  headers: Record<string, string>;
  data: T;
  url: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** Methods that change nothing on the server. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Transport failures that happen before a request leaves: the server never saw it. */
const NOT_SENT_CODES = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ERR_INVALID_URL)$/;

export class HttpClient {
  readonly service: string;
  readonly baseUrl: string;
  /** Created on the first request: axios is loaded lazily so activation does not pay for it. */
  private transport?: Promise<AxiosInstance>;
  private readonly policy: RetryPolicy;
  private readonly logger: Logger;
  private readonly secrets: SecretRegistry;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly options: HttpClientOptions) {
    this.service = options.service;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.logger = options.logger ?? silentLogger;
    this.secrets = options.secrets ?? new SecretRegistry();
    this.sleep = options.sleep ?? abortableSleep;
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (this.secrets.isSecretHeader(name)) {
        this.secrets.add(value);
      }
    }
  }

  private axiosInstance(): Promise<AxiosInstance> {
    const options = this.options;
    const tls = { rejectUnauthorized: !options.tls?.insecure, ca: options.tls?.ca, keepAlive: true };
    this.transport ??= loadAxios().then((axios) =>
      axios.create({
        timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        httpAgent: new http.Agent({ keepAlive: true }),
        // axios tunnels HTTPS through a proxy with CONNECT and keeps these TLS options for the origin.
        httpsAgent: new https.Agent(tls),
        // The proxy is chosen here from the options, never from HTTP(S)_PROXY behind our back.
        proxy: proxyConfig(options, this.baseUrl),
        validateStatus: () => true,
        transformResponse: [(data: unknown) => data],
        maxRedirects: 5,
        beforeRedirect: (redirectOptions, response) => this.stripSecretsAcrossHosts(redirectOptions, response),
      }),
    );
    return this.transport;
  }

  async request<T = unknown>(spec: RequestSpec): Promise<HttpResponse<T>> {
    const method = (spec.method ?? 'GET').toUpperCase() as Method;
    const url = this.buildUrl(spec.path, spec.query);
    const retryable = spec.idempotent ?? IDEMPOTENT_METHODS.has(method);
    const headers: Record<string, string> = {
      ...(this.options.userAgent ? { 'User-Agent': this.options.userAgent } : {}),
      ...this.options.headers,
      ...spec.headers,
    };
    let data: unknown = spec.body;
    if (data !== undefined && !Buffer.isBuffer(data) && typeof data !== 'string') {
      data = JSON.stringify(data);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
        headers['Content-Type'] = 'application/json';
      }
    }

    for (let attempt = 0; ; attempt++) {
      const started = Date.now();
      if (this.logger.enabled('debug')) {
        this.logger.debug(`→ ${method} ${this.secrets.redactText(url)} ${JSON.stringify(this.secrets.redactHeaders(headers))}`);
      }
      let response: AxiosResponse<unknown>;
      try {
        const transport = await this.axiosInstance();
        response = await transport.request({
          url,
          method,
          headers,
          data,
          signal: spec.signal,
          timeout: spec.timeoutMs,
          responseType: spec.responseType === 'buffer' ? 'arraybuffer' : 'text',
        });
      } catch (error) {
        const failure = this.transportError(error, spec, url, method);
        if (failure.kind === 'cancelled' || !retryable || attempt >= this.policy.maxRetries || !isRetryableTransport(error)) {
          this.logger.debug(`✗ ${method} ${this.secrets.redactText(url)} ${failure.summary} (${Date.now() - started} ms)`);
          throw failure;
        }
        const wait = backoffMs(attempt + 1, this.policy);
        this.logger.debug(`✗ ${method} ${this.secrets.redactText(url)} ${failure.summary}; retry ${attempt + 1} in ${wait} ms`);
        await this.pause(wait, spec);
        continue;
      }

      const responseHeaders = flattenHeaders(response.headers as Record<string, unknown>);
      this.logger.debug(`← ${response.status} ${method} ${this.secrets.redactText(url)} (${Date.now() - started} ms)`);
      const ok = (response.status >= 200 && response.status < 300) || (spec.acceptStatus ?? []).includes(response.status);
      if (ok) {
        return { status: response.status, headers: responseHeaders, data: this.decodeBody<T>(response, spec, url), url };
      }

      if (retryable && isRetryableStatus(response.status) && attempt < this.policy.maxRetries) {
        const wait =
          response.status === 429 || response.status === 503
            ? rateLimitWaitMs({ rateLimit: responseHeaders['ratelimit'], retryAfter: responseHeaders['retry-after'] }, attempt + 1, this.policy)
            : backoffMs(attempt + 1, this.policy);
        if (wait <= this.policy.maxWaitMs) {
          if (response.status === 429) {
            this.options.onRateLimited?.({ operation: spec.operation, waitMs: wait, attempt: attempt + 1 });
          }
          this.logger.info(`${this.service} ${spec.operation}: HTTP ${response.status}, retry ${attempt + 1} of ${this.policy.maxRetries} in ${Math.ceil(wait / 1000)} s`);
          await this.pause(wait, spec);
          continue;
        }
      }
      throw this.statusError(response, responseHeaders, spec, attempt);
    }
  }

  get<T = unknown>(operation: string, path: string, extra: Omit<RequestSpec, 'operation' | 'path' | 'method'> = {}): Promise<HttpResponse<T>> {
    return this.request<T>({ ...extra, operation, path, method: 'GET' });
  }

  /** Turns a relative path (or absolute URL) plus query into the URL actually requested. */
  buildUrl(path: string, query?: Record<string, QueryValue>): string {
    const url = /^https?:\/\//i.test(path) ? new URL(path) : new URL(this.baseUrl + (path.startsWith('/') ? path : `/${path}`));
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

  private async pause(ms: number, spec: RequestSpec): Promise<void> {
    try {
      await this.sleep(ms, spec.signal);
    } catch {
      throw this.cancelled(spec);
    }
  }

  private cancelled(spec: RequestSpec): ServiceError {
    return new ServiceError({ kind: 'cancelled', service: this.service, operation: spec.operation, summary: 'cancelled' });
  }

  private decodeBody<T>(response: AxiosResponse<unknown>, spec: RequestSpec, url: string): T {
    if (spec.responseType === 'buffer') {
      return Buffer.from(response.data as ArrayBuffer) as unknown as T;
    }
    const text = typeof response.data === 'string' ? response.data : '';
    if (spec.responseType === 'text') {
      return text as unknown as T;
    }
    if (text.trim() === '') {
      return undefined as unknown as T;
    }
    try {
      const parsed = JSON.parse(text) as T;
      // Masking a large body costs more than the request; only do it when someone reads it.
      if (this.logger.enabled('trace')) {
        this.logger.trace(`body of ${this.secrets.redactText(url)}: ${truncate(JSON.stringify(this.secrets.redactJson(parsed)), 2000)}`);
      }
      return parsed;
    } catch {
      throw this.withHint(
        new ServiceError({
          kind: 'invalidResponse',
          service: this.service,
          operation: spec.operation,
          status: response.status,
          summary: `the answer from ${hostOf(url)} was not valid JSON${looksLikeHtml(text) ? ' (it looks like an HTML page, often a proxy or login page)' : ''}`,
          hint: 'Check that the URL points at the service API itself.',
        }),
      );
    }
  }

  private statusError(response: AxiosResponse<unknown>, headers: Record<string, string>, spec: RequestSpec, retries: number): ServiceError {
    const contentType = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    const raw = spec.responseType === 'buffer' ? Buffer.from(response.data as ArrayBuffer).toString('utf8') : String(response.data ?? '');
    let body: unknown = raw;
    try {
      body = raw.trim() ? JSON.parse(raw) : undefined;
    } catch {
      // Not JSON: an HTML error page or plain text; the parser below gets the text.
    }
    const parsed: ParsedErrorBody = this.options.parseErrorBody?.(response.status, contentType, body) ?? genericErrorBody(body);
    const kind = parsed.kind ?? kindForStatus(response.status);
    const retryAfterMs =
      kind === 'rateLimited'
        ? rateLimitWaitMs({ rateLimit: headers['ratelimit'], retryAfter: headers['retry-after'] }, retries + 1, this.policy)
        : undefined;
    let serverMessage = parsed.message?.trim();
    if (!serverMessage && typeof body === 'string' && body.trim() && !looksLikeHtml(body)) {
      serverMessage = truncate(body.trim(), 300);
    }
    const error = new ServiceError({
      kind,
      service: this.service,
      operation: spec.operation,
      status: response.status,
      summary: summaryForStatus(kind, response.status, retries, looksLikeHtml(raw)),
      serverMessage: serverMessage ? this.secrets.redactText(serverMessage) : undefined,
      fieldErrors: parsed.fieldErrors?.map((f) => ({ field: f.field, messages: f.messages.map((m) => this.secrets.redactText(m)) })),
      retryAfterMs,
      hint: defaultHint(kind, retryAfterMs),
    });
    return this.withHint(error);
  }

  private transportError(error: unknown, spec: RequestSpec, url: string, method: Method): ServiceError {
    if ((error as { name?: string; __CANCEL__?: boolean })?.__CANCEL__ || (error as { name?: string })?.name === 'CanceledError' || spec.signal?.aborted) {
      return this.cancelled(spec);
    }
    const code = (error as { code?: string })?.code;
    const host = hostOf(url);
    let kind: ErrorKind = 'network';
    let summary = `could not reach ${host}${code ? ` (${code})` : ''}`;
    let hint = 'Check the URL, your network and proxy settings.';
    if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(String((error as Error)?.message))) {
      kind = 'timeout';
      summary = `no answer from ${host} in time`;
      hint = 'Try again; if it keeps happening, check the network or raise the timeout.';
    } else if (code && /CERT|SELF_SIGNED|TLS|SSL|UNABLE_TO_VERIFY/i.test(code)) {
      summary = `the TLS certificate of ${host} is not trusted (${code})`;
      hint = 'Add the server\u2019s CA to your system, or turn off TLS verification for this connection only if you trust the network.';
    }
    // A write that may have reached the server (anything but "could not connect") has an unknown
    // outcome: the caller must not repeat it blindly, and the user is told it may have happened.
    const outcomeUnknown = !READ_METHODS.has(method) && !(code && NOT_SENT_CODES.test(code)) && !/certificate/.test(summary);
    if (outcomeUnknown && kind === 'network') summary = `the connection to ${host} broke before an answer came${code ? ` (${code})` : ''}: the request may have been applied`;
    else if (outcomeUnknown) summary += ': the request may have been applied';
    return this.withHint(new ServiceError({ kind, service: this.service, operation: spec.operation, summary, hint, cause: error, outcomeUnknown }));
  }

  /** The service's own advice replaces the generic one, except a rate limit's wait, which stays. */
  private withHint(error: ServiceError): ServiceError {
    const extra = this.options.hintFor?.({ kind: error.kind, status: error.status, operation: error.operation });
    if (!extra) {
      return error;
    }
    return error.withHint(error.kind === 'rateLimited' && error.hint ? `${extra} ${error.hint}` : extra);
  }

  /** Never send a credential to another host a redirect points at (registries redirect blobs to storage). */
  private stripSecretsAcrossHosts(redirect: Record<string, unknown>, response: { headers?: Record<string, unknown> } | undefined): void {
    void response;
    const next = String(redirect.hostname ?? redirect.host ?? '');
    const original = new URL(this.baseUrl).hostname;
    if (next && next !== original && redirect.headers && typeof redirect.headers === 'object') {
      const headers = redirect.headers as Record<string, unknown>;
      for (const name of Object.keys(headers)) {
        if (this.secrets.isSecretHeader(name)) {
          delete headers[name];
        }
      }
    }
  }
}

function proxyConfig(options: HttpClientOptions, baseUrl: string): AxiosProxyConfig | false {
  if (!options.proxy || bypassesProxy(new URL(baseUrl).hostname, options.noProxy)) {
    return false;
  }
  const url = new URL(options.proxy.includes('://') ? options.proxy : `http://${options.proxy}`);
  return {
    protocol: url.protocol.replace(':', ''),
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
    auth: url.username ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } : undefined,
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

function isRetryableTransport(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return isRetryableNetworkCode(code) || /socket hang up/i.test(String((error as Error)?.message));
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

/** axios, loaded on first use (in the extension bundle it is a separate chunk). */
function loadAxios(): Promise<AxiosStatic> {
  axiosModule ??= import(/* webpackChunkName: "axios" */ 'axios').then((m) => ((m as unknown as { default?: AxiosStatic }).default ?? (m as unknown as AxiosStatic)));
  return axiosModule;
}

export function kindForStatus(status: number): ErrorKind {
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 429) return 'rateLimited';
  if (status >= 500) return 'server';
  return 'badInput';
}

function summaryForStatus(kind: ErrorKind, status: number, retries: number, html: boolean): string {
  const code = `HTTP ${status}`;
  switch (kind) {
    case 'auth':
      return `the credential was rejected (${code})`;
    case 'forbidden':
      return `access was denied (${code})`;
    case 'notFound':
      return `not found (${code})`;
    case 'rateLimited':
      return retries > 0 ? `still rate limited after ${retries} ${retries === 1 ? 'retry' : 'retries'} (${code})` : `rate limited (${code})`;
    case 'server':
      return `the server failed (${code}${html ? ', an HTML error page' : ''}${retries > 0 ? `, after ${retries} ${retries === 1 ? 'retry' : 'retries'}` : ''})`;
    default:
      return `the request was refused (${code})`;
  }
}

function defaultHint(kind: ErrorKind, retryAfterMs?: number): string | undefined {
  switch (kind) {
    case 'auth':
      return 'Check the credential and set it again.';
    case 'rateLimited':
      return retryAfterMs !== undefined ? `Wait ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s and try again.` : 'Wait a minute and try again.';
    case 'server':
      return 'The service had a problem; try again later.';
    default:
      return undefined;
  }
}

/** Fallback reading of an error body: `{error}`, `{detail}`, `{message}` or plain text. */
export function genericErrorBody(body: unknown): ParsedErrorBody {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    for (const key of ['error', 'detail', 'message', 'title']) {
      if (typeof record[key] === 'string') {
        return { message: record[key] as string };
      }
    }
  }
  return {};
}

function looksLikeHtml(text: string): boolean {
  return /^\s*<(!doctype|html|head|body)/i.test(text);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
