/**
 * When to retry a request and how long to wait. Kept apart from the HTTP client so the rules
 * can be read (and tested) on their own:
 * - only idempotent requests are retried, and only on 429, 5xx or a network failure. GET, HEAD
 *   and OPTIONS are; a write (POST, PUT, PATCH, DELETE) only when its caller marks it so: a
 *   repeated DELETE answers 404 and a repeated PUT may overwrite a newer change;
 * - a 429 waits as the server says: Honeycomb's `RateLimit: limit=X, remaining=Y, reset=Z`
 *   first, then `Retry-After` (seconds or an HTTP-date), else exponential backoff;
 * - waits are capped; a server that asks for more than the cap gets a clear error instead of a
 *   frozen editor.
 */

export const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RetryPolicy {
  maxRetries: number;
  /** First backoff step; doubled per attempt, with jitter. */
  baseDelayMs: number;
  /** The longest single wait we accept from a server or from backoff. */
  maxWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 300, maxWaitMs: 60_000 };

export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status !== 501 && status !== 505);
}

const RETRYABLE_NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ECONNABORTED', 'ERR_SOCKET_CONNECTION_TIMEOUT']);

export function isRetryableNetworkCode(code: string | undefined): boolean {
  return code !== undefined && RETRYABLE_NETWORK_CODES.has(code);
}

/** A request that failed on the wire: a network code above, or a connection dropped mid-request. */
export function isRetryableTransportError(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return isRetryableNetworkCode(code) || /socket hang up/i.test(String((error as Error)?.message));
}

/** `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP-date. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) {
    return undefined;
  }
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    return Math.round(Number(trimmed) * 1000);
  }
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) {
    return undefined;
  }
  return Math.max(0, date - now);
}

/**
 * The reset time of a `RateLimit` header in milliseconds. Accepts Honeycomb's
 * `limit=100, remaining=0, reset=30` and the structured-field form `"default";r=0;t=30`.
 */
export function parseRateLimitReset(value: string | undefined): number | undefined {
  if (!value) {
    return undefined;
  }
  const match = /(?:^|[\s,;])(?:reset|t)=(\d+(?:\.\d+)?)/i.exec(value);
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

export interface RateLimitInfo {
  limit?: number;
  remaining?: number;
  resetMs?: number;
}

export function parseRateLimit(value: string | undefined): RateLimitInfo | undefined {
  if (!value) {
    return undefined;
  }
  const read = (name: string): number | undefined => {
    const match = new RegExp(`(?:^|[\\s,;])${name}=(\\d+(?:\\.\\d+)?)`, 'i').exec(value);
    return match ? Number(match[1]) : undefined;
  };
  const resetMs = parseRateLimitReset(value);
  return { limit: read('limit'), remaining: read('remaining') ?? read('r'), resetMs };
}

/** The wait before retry number `attempt` (1-based) after a 429. */
export function rateLimitWaitMs(headers: { rateLimit?: string; retryAfter?: string }, attempt: number, policy: RetryPolicy, now = Date.now()): number {
  const reset = parseRateLimitReset(headers.rateLimit);
  // A reset of a few milliseconds is a window boundary, not advice; fall through like the
  // provider does (it ignores resets under 200 ms).
  if (reset !== undefined && reset > 200) {
    return reset;
  }
  const retryAfter = parseRetryAfter(headers.retryAfter, now);
  if (retryAfter !== undefined) {
    return retryAfter;
  }
  return backoffMs(attempt, policy);
}

/**
 * The wait before retry number `attempt` (1-based) after a retryable status: 429 and 503 say
 * when to come back, any other status gets backoff.
 */
export function statusRetryWaitMs(status: number, headers: Record<string, string>, attempt: number, policy: RetryPolicy): number {
  return status === 429 || status === 503 ? rateLimitWaitMs({ rateLimit: headers['ratelimit'], retryAfter: headers['retry-after'] }, attempt, policy) : backoffMs(attempt, policy);
}

/** Exponential backoff with up to 50 % jitter, capped. */
export function backoffMs(attempt: number, policy: RetryPolicy, random = Math.random): number {
  const exp = policy.baseDelayMs * 2 ** Math.max(0, attempt - 1);
  return Math.min(policy.maxWaitMs, Math.round(exp * (1 + random() * 0.5)));
}
