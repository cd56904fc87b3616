import { decodeAnswer } from './answerDecoding';
import { ErrorKind, ServiceError } from './errors';
import { refuseForeignCredentials } from './httpCredentials';
import { ErrorBodyParser, ErrorContext, hostOf, neverReachedServer, statusError, transportError } from './httpErrors';
import { Answer, ExchangeFault, exchange } from './httpExchange';
import { RequestLog } from './httpLog';
import { outgoingRequest, requestUrl } from './httpOutgoing';
import { HttpResponse, QueryValue, RequestSpec, isAccepted, methodOf } from './httpRequest';
import { Transport } from './httpTransport';
import { Logger, silentLogger } from './logger';
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
 * - only idempotent requests are retried (retryPolicy.ts); a write that fails after it may have
 *   reached the server is reported as `outcomeUnknown`, never repeated;
 * - credentials go only to the origin they belong to (httpCredentials.ts); redirects are
 *   followed by our own exchange (httpExchange.ts), by the rules of httpOrigins.ts;
 * - an answer is read only up to the limit of its kind (answerLimits.ts).
 * The class below runs the attempts and the waits between them; one attempt is httpExchange.ts.
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

  /** `text` with the known secrets masked: for errors a client builds from an answer itself. */
  redact(text: string): string {
    return this.secrets.redactText(text);
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
        answer = await exchange(this.transport, outgoing, spec, deadline, ctx, log);
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
