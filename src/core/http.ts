import type { Method } from 'axios';
import { AnswerLimit, ANSWER_LIMITS, ERROR_BODY_BYTES, formatBytes } from './answerLimits';
import { ErrorKind, ServiceError } from './errors';
import { ErrorBodyParser, ErrorContext, NOT_JSON_HINT, hostOf, invalidAnswer, neverReachedServer, notJsonSummary, statusError, transportError, truncate } from './httpErrors';
import { MAX_REDIRECTS, RedirectRule, decideRedirect, isRedirect, originOf } from './httpOrigins';
import { BodyTooLarge, HopResponse, Transport, discardBody, readBody } from './httpTransport';
import { Logger, silentLogger } from './logger';
import { KnownSecrets } from './redact';
import { DEFAULT_RETRY_POLICY, IDEMPOTENT_METHODS, RetryPolicy, backoffMs, isRetryableStatus, isRetryableTransportError, statusRetryWaitMs } from './retryPolicy';
import { abortableSleep } from './sleep';

export type { ErrorBodyParser, ParsedErrorBody } from './httpErrors';
export { genericErrorBody, kindForStatus } from './httpErrors';
export { bypassesProxy } from './httpTransport';
export type { RedirectRule } from './httpOrigins';

/**
 * The one HTTP path of the extension. Each connection (a Honeycomb key, an authentik server, a
 * registry) gets its own HttpClient with its own TLS and proxy agents, so `insecure` on one
 * authentik connection never weakens another. The rules are ours, the same for every service:
 * - the timeout bounds the whole operation: every attempt, every wait between them and every
 *   byte of the answer (a server that trickles a byte at a time is cut off at the deadline);
 * - only idempotent requests are retried; a write that fails after it may have reached the
 *   server is reported as `outcomeUnknown`, never repeated;
 * - credentials go only to the origin they belong to; redirects are followed here, by the rules
 *   of httpOrigins.ts;
 * - an answer is read only up to the limit of its kind (answerLimits.ts).
 */

export interface HttpClientOptions {
  /** Display name used in messages: "Honeycomb", "authentik", "Registry 127.0.0.1:5000". */
  service: string;
  baseUrl: string;
  /** Sent with every request; secret ones (by name) only ever to the base URL's origin. */
  headers?: Record<string, string>;
  /** Bounds each whole request, retries and answer included. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  tls?: { insecure?: boolean; ca?: string | string[] };
  /** Proxy URL (http://user:pass@host:port); requests to hosts in `noProxy` go direct. */
  proxy?: string;
  noProxy?: string;
  userAgent?: string;
  logger?: Logger;
  secrets?: KnownSecrets;
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
  /** Relative to the base URL, or absolute (e.g. a `links.next` or a registry `Location`). */
  path: string;
  /** Arrays are sent as repeated keys, as authentik's filters expect. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  body?: unknown;
  responseType?: 'json' | 'text' | 'buffer';
  signal?: AbortSignal;
  /**
   * Marks a request other than GET/HEAD/OPTIONS as safe to repeat (a PUT of content-addressed
   * bytes, a POST that creates an immutable object). Unmarked writes are never retried.
   */
  idempotent?: boolean;
  /** Statuses that count as success besides 2xx (e.g. 404 when probing). */
  acceptStatus?: number[];
  /** Bounds this whole request instead of the client's timeout. */
  timeoutMs?: number;
  /**
   * The origin the secret headers of `headers` belong to, when it is not the base URL's (a
   * registry's token realm, checked by the caller). Requests elsewhere with them are refused.
   */
  credentialOrigin?: string;
  /** Whether a GET may follow a redirect to another origin (without credentials); default no. */
  redirects?: RedirectRule;
  /** How much of the answer is read; default an API answer, or a blob for `buffer`. */
  limit?: AnswerLimit;
}

export interface HttpResponse<T> {
  status: number;
  headers: Record<string, string>;
  data: T;
  /** The URL that answered (after redirects). */
  url: string;
}

interface Outgoing {
  url: string;
  method: Method;
  headers: Record<string, string>;
  body?: string | Buffer;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
  url: string;
}

/** A failure inside one exchange, with where it happened and whether our deadline caused it. */
class ExchangeFault {
  constructor(
    readonly error: unknown,
    readonly phase: 'request' | 'body',
    readonly deadline: boolean,
    readonly cancelled: boolean,
  ) {}
}

const DEFAULT_TIMEOUT_MS = 30_000;

export class HttpClient {
  readonly service: string;
  readonly baseUrl: string;
  private readonly transport: Transport;
  private readonly policy: RetryPolicy;
  private readonly logger: Logger;
  private readonly secrets: KnownSecrets;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly options: HttpClientOptions) {
    this.service = options.service;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.transport = new Transport({ tls: options.tls, proxy: options.proxy, noProxy: options.noProxy });
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.logger = options.logger ?? silentLogger;
    this.secrets = options.secrets ?? new KnownSecrets();
    this.sleep = options.sleep ?? abortableSleep;
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (this.secrets.isSecretHeader(name)) {
        this.secrets.add(value);
      }
    }
  }

  async request<T = unknown>(spec: RequestSpec): Promise<HttpResponse<T>> {
    const method = (spec.method ?? 'GET').toUpperCase() as Method;
    const url = this.buildUrl(spec.path, spec.query);
    const idempotent = spec.idempotent ?? IDEMPOTENT_METHODS.has(method);
    const ctx: ErrorContext = { service: this.service, operation: spec.operation, secrets: this.secrets };
    this.checkCredentialOrigins(url, spec, ctx);
    const headers: Record<string, string> = {
      ...(this.options.userAgent ? { 'User-Agent': this.options.userAgent } : {}),
      ...this.options.headers,
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

    const started = Date.now();
    const deadline = started + (spec.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const timeLeft = () => deadline - Date.now();
    for (let attempt = 0; ; attempt++) {
      const attemptStarted = Date.now();
      if (this.logger.enabled('debug')) {
        this.logger.debug(`→ ${method} ${this.secrets.redactText(url)} ${JSON.stringify(this.secrets.redactHeaders(headers))}`);
      }
      let answer: Answer;
      try {
        answer = await this.exchange({ url, method, headers, body }, spec, deadline, ctx);
      } catch (error) {
        if (error instanceof ServiceError) throw this.withHint(error);
        if (!(error instanceof ExchangeFault)) throw error;
        if (error.cancelled) throw this.cancelled(spec);
        const retry = idempotent && !error.deadline && attempt < this.policy.maxRetries && isRetryableTransportError(error.error);
        const wait = retry ? backoffMs(attempt + 1, this.policy) : 0;
        const failure = this.withHint(
          transportError(ctx, {
            error: error.error,
            host: hostOf(url),
            phase: error.phase,
            deadline: error.deadline,
            elapsedMs: Date.now() - started,
            tries: attempt + 1,
            outcomeUnknown: !idempotent && !neverReachedServer(error.error),
          }),
        );
        if (!retry || wait >= timeLeft()) {
          this.logger.debug(`✗ ${method} ${this.secrets.redactText(url)} ${failure.summary} (${Date.now() - attemptStarted} ms)`);
          throw failure;
        }
        this.logger.debug(`✗ ${method} ${this.secrets.redactText(url)} ${failure.summary}; retry ${attempt + 1} in ${wait} ms`);
        await this.pause(wait, spec);
        continue;
      }

      this.logger.debug(`← ${answer.status} ${method} ${this.secrets.redactText(answer.url)} (${Date.now() - attemptStarted} ms)`);
      if (this.accepts(answer.status, spec)) {
        return { status: answer.status, headers: answer.headers, data: this.decodeBody<T>(answer, spec, ctx), url: answer.url };
      }
      if (idempotent && isRetryableStatus(answer.status) && attempt < this.policy.maxRetries) {
        const wait = statusRetryWaitMs(answer.status, answer.headers, attempt + 1, this.policy);
        // A wait past the deadline would only end in a timeout: say what the server said now.
        if (wait <= this.policy.maxWaitMs && wait < timeLeft()) {
          if (answer.status === 429) {
            this.options.onRateLimited?.({ operation: spec.operation, waitMs: wait, attempt: attempt + 1 });
          }
          this.logger.info(`${this.service} ${spec.operation}: HTTP ${answer.status}, retry ${attempt + 1} of ${this.policy.maxRetries} in ${Math.ceil(wait / 1000)} s`);
          await this.pause(wait, spec);
          continue;
        }
      }
      throw this.withHint(statusError(ctx, { status: answer.status, headers: answer.headers, text: answer.bytes.toString('utf8'), retries: attempt }, this.policy, this.options.parseErrorBody));
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

  /**
   * One attempt: the request, the redirects it earns and its answer read in full, all before
   * the deadline. Throws an ExchangeFault for what the wire did, a ServiceError for what our
   * rules refused (a redirect, an answer over its limit).
   */
  private async exchange(first: Outgoing, spec: RequestSpec, deadline: number, ctx: ErrorContext): Promise<Answer> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), Math.max(0, deadline - Date.now()));
    let cancelled = false;
    const onCancel = (): void => {
      cancelled = true;
      controller.abort();
    };
    spec.signal?.addEventListener('abort', onCancel, { once: true });
    if (spec.signal?.aborted) onCancel();
    let phase: 'request' | 'body' = 'request';
    try {
      const startOrigin = originOf(first.url);
      let hop = first;
      let stripped = false;
      for (let redirects = 0; ; redirects++) {
        phase = 'request';
        const response: HopResponse = await this.transport.send({ ...hop, signal: controller.signal });
        const location = response.headers['location'];
        if (isRedirect(response.status) && location) {
          discardBody(response);
          const next = this.redirectTarget(hop, response.status, location, startOrigin, stripped, redirects, spec, ctx);
          stripped ||= next.stripped;
          hop = next.hop;
          continue;
        }
        phase = 'body';
        const ok = this.accepts(response.status, spec);
        const limit = spec.limit ?? (spec.responseType === 'buffer' ? ANSWER_LIMITS.blob : ANSWER_LIMITS.json);
        try {
          const bytes = await readBody(response, ok ? limit.bytes : ERROR_BODY_BYTES, ok ? 'fail' : 'truncate');
          return { status: response.status, headers: response.headers, bytes, url: hop.url };
        } catch (error) {
          if (!(error instanceof BodyTooLarge)) throw error;
          throw invalidAnswer(
            ctx,
            `the answer from ${hostOf(hop.url)} is larger than ${formatBytes(limit.bytes)}, the most this extension reads for ${limit.what}; reading stopped there`,
            NOT_JSON_HINT,
            response.status,
          );
        }
      }
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- an internal signal, caught by the caller above
      throw new ExchangeFault(error, phase, controller.signal.aborted && !cancelled, cancelled);
    } finally {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onCancel);
    }
  }

  private redirectTarget(
    hop: Outgoing,
    status: number,
    location: string,
    startOrigin: string,
    stripped: boolean,
    redirects: number,
    spec: RequestSpec,
    ctx: ErrorContext,
  ): { hop: Outgoing; stripped: boolean } {
    if (redirects >= MAX_REDIRECTS) {
      throw invalidAnswer(ctx, `the server redirected more than ${MAX_REDIRECTS} times`, NOT_JSON_HINT, status);
    }
    let to: string;
    try {
      to = new URL(location, hop.url).toString();
    } catch {
      throw invalidAnswer(ctx, `the server redirected to an address that is not a URL (HTTP ${status})`, undefined, status);
    }
    const decision = decideRedirect({ method: hop.method, status, startOrigin, to, rule: spec.redirects ?? 'sameOrigin', credentialsStripped: stripped });
    if (!decision.follow) {
      throw invalidAnswer(ctx, decision.summary, 'If the service has moved, point the URL setting at its new address.', status);
    }
    this.logger.debug(`↪ ${status} to ${this.secrets.redactText(originOf(to))}${decision.stripCredentials ? ' without credentials' : ''}`);
    let headers = hop.headers;
    if (decision.stripCredentials) {
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !this.secrets.isSecretHeader(name)));
    }
    if (!decision.keepBody && hop.body !== undefined) {
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^content-(type|length)$/i.test(name)));
    }
    return { hop: { url: to, method: decision.method as Method, headers, body: decision.keepBody ? hop.body : undefined }, stripped: decision.stripCredentials };
  }

  /**
   * The connection's own secret headers belong to the base URL's origin; a request's secret
   * headers to its `credentialOrigin` (default the same). An absolute URL from an answer (a
   * next-page link, an upload location) that points elsewhere is refused, not sent.
   */
  private checkCredentialOrigins(url: string, spec: RequestSpec, ctx: ErrorContext): void {
    const target = originOf(url);
    const home = originOf(this.baseUrl);
    const carries = (headers: Record<string, string> | undefined) => Object.keys(headers ?? {}).some((name) => this.secrets.isSecretHeader(name));
    const owner = carries(this.options.headers) && target !== home ? home : carries(spec.headers) && target !== (spec.credentialOrigin ?? home) ? (spec.credentialOrigin ?? home) : undefined;
    if (owner) {
      throw invalidAnswer(
        ctx,
        `refused to send the credential for ${owner} to ${target}, another origin; the request was not sent`,
        'An answer from the server pointed there. If the service has moved, point the URL setting at its new address.',
      );
    }
  }

  private accepts(status: number, spec: RequestSpec): boolean {
    return (status >= 200 && status < 300) || (spec.acceptStatus ?? []).includes(status);
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

  private decodeBody<T>(answer: Answer, spec: RequestSpec, ctx: ErrorContext): T {
    if (spec.responseType === 'buffer') {
      return answer.bytes as unknown as T;
    }
    const text = answer.bytes.toString('utf8').replace(/^\uFEFF/, '');
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
        this.logger.trace(`body of ${this.secrets.redactText(answer.url)}: ${truncate(JSON.stringify(this.secrets.redactJson(parsed)), 2000)}`);
      }
      return parsed;
    } catch {
      throw this.withHint(invalidAnswer(ctx, notJsonSummary(`the answer from ${hostOf(answer.url)}`, text), NOT_JSON_HINT, answer.status));
    }
  }

  /** The service's own advice replaces the generic one, except a rate limit's wait, which stays. */
  private withHint(error: ServiceError): ServiceError {
    const extra = this.options.hintFor?.({ kind: error.kind, status: error.status, operation: error.operation });
    if (!extra) {
      return error;
    }
    return error.withHint(error.kind === 'rateLimited' && error.hint ? `${extra} ${error.hint}` : extra);
  }
}
