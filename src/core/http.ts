import type { Method } from 'axios';
import { decodeAnswer } from './answerDecoding';
import { ERROR_BODY_BYTES, formatBytes } from './answerLimits';
import { ErrorKind, ServiceError } from './errors';
import { ErrorBodyParser, ErrorContext, NOT_JSON_HINT, hostOf, invalidAnswer, neverReachedServer, statusError, transportError } from './httpErrors';
import { MAX_REDIRECTS, decideRedirect, isRedirect, originOf } from './httpOrigins';
import { BodyTooLarge, HopResponse, Transport, discardBody, readBody } from './httpTransport';
import { refuseForeignCredentials } from './httpCredentials';
import { RequestLog } from './httpLog';
import { Logger, silentLogger } from './logger';
import { Outgoing, outgoingRequest, requestUrl } from './httpOutgoing';
import { HttpResponse, QueryValue, RequestSpec, answerLimitOf, isAccepted, methodOf } from './httpRequest';
import { KnownSecrets } from './redact';
import { DEFAULT_RETRY_POLICY, IDEMPOTENT_METHODS, RetryPolicy, backoffMs, isRetryableStatus, isRetryableTransportError, statusRetryWaitMs } from './retryPolicy';
import { abortableSleep } from './sleep';

export type { ErrorBodyParser, ParsedErrorBody } from './httpErrors';
export { genericErrorBody, kindForStatus } from './httpErrors';
export { bypassesProxy } from './httpTransport';
export type { RedirectRule } from './httpOrigins';
export type { HttpResponse, QueryValue, RequestSpec } from './httpRequest';

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
    const method = methodOf(spec);
    const url = this.buildUrl(spec.path, spec.query);
    const idempotent = spec.idempotent ?? IDEMPOTENT_METHODS.has(method);
    const ctx: ErrorContext = { service: this.service, operation: spec.operation, secrets: this.secrets };
    refuseForeignCredentials(url, this.baseUrl, this.options.headers, spec, ctx);
    const outgoing = outgoingRequest(url, method, this.options, spec);
    const log = new RequestLog(this.logger, ctx, method, url);

    const started = Date.now();
    const deadline = started + (spec.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const timeLeft = () => deadline - Date.now();
    for (let attempt = 0; ; attempt++) {
      const attemptStarted = Date.now();
      log.sending(outgoing.headers);
      let answer: Answer;
      try {
        answer = await this.exchange(outgoing, spec, deadline, ctx, log);
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
          log.failed(failure.summary, Date.now() - attemptStarted);
          throw failure;
        }
        log.retryingAfterFailure(failure.summary, attempt + 1, wait);
        await this.pause(wait, spec);
        continue;
      }

      log.answered(answer.status, answer.url, Date.now() - attemptStarted);
      if (isAccepted(answer.status, spec)) {
        return { status: answer.status, headers: answer.headers, data: this.decode<T>(answer, spec, ctx, log), url: answer.url };
      }
      if (idempotent && isRetryableStatus(answer.status) && attempt < this.policy.maxRetries) {
        const wait = statusRetryWaitMs(answer.status, answer.headers, attempt + 1, this.policy);
        // A wait past the deadline would only end in a timeout: say what the server said now.
        if (wait <= this.policy.maxWaitMs && wait < timeLeft()) {
          if (answer.status === 429) {
            this.options.onRateLimited?.({ operation: spec.operation, waitMs: wait, attempt: attempt + 1 });
          }
          log.retryingAfterStatus(answer.status, attempt + 1, this.policy.maxRetries, wait);
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
    return requestUrl(this.baseUrl, path, query);
  }

  /**
   * One attempt: the request, the redirects it earns and its answer read in full, all before
   * the deadline. Throws an ExchangeFault for what the wire did, a ServiceError for what our
   * rules refused (a redirect, an answer over its limit).
   */
  private async exchange(first: Outgoing, spec: RequestSpec, deadline: number, ctx: ErrorContext, log: RequestLog): Promise<Answer> {
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
          const next = this.redirectTarget(hop, response.status, location, startOrigin, stripped, redirects, spec, ctx, log);
          stripped ||= next.stripped;
          hop = next.hop;
          continue;
        }
        phase = 'body';
        const ok = isAccepted(response.status, spec);
        const limit = answerLimitOf(spec);
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
    log: RequestLog,
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
    log.redirected(status, to, decision.stripCredentials);
    let headers = hop.headers;
    if (decision.stripCredentials) {
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !this.secrets.isSecretHeader(name)));
    }
    if (!decision.keepBody && hop.body !== undefined) {
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^content-(type|length)$/i.test(name)));
    }
    return { hop: { url: to, method: decision.method as Method, headers, body: decision.keepBody ? hop.body : undefined }, stripped: decision.stripCredentials };
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

  private decode<T>(answer: Answer, spec: RequestSpec, ctx: ErrorContext, log: RequestLog): T {
    try {
      return decodeAnswer<T>(answer, spec.responseType, ctx, log);
    } catch (error) {
      throw error instanceof ServiceError ? this.withHint(error) : error;
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
