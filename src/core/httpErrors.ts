import { ErrorKind, FieldError, ServiceError } from './errors';
import { KnownSecrets } from './redact';
import { RetryPolicy, rateLimitWaitMs } from './retryPolicy';

/**
 * What went wrong with an HTTP request, in the user's words: a status, a failed connection, a
 * deadline, an answer that is not what the API sends. One wording for every service, so
 * Honeycomb, authentik and a registry say the same thing about the same fault.
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

export interface ErrorContext {
  service: string;
  operation: string;
  secrets: KnownSecrets;
}

/** The one wording for an answer that should be JSON and is not (HTML login pages included). */
export function notJsonSummary(what: string, text: string): string {
  return `${what} was not valid JSON${looksLikeHtml(text) ? ' (it looks like an HTML page, often a proxy or login page)' : ''}`;
}

export const NOT_JSON_HINT = 'Check that the URL points at the service API itself.';

export function invalidAnswer(ctx: ErrorContext, summary: string, hint?: string, status?: number): ServiceError {
  return new ServiceError({ kind: 'invalidResponse', service: ctx.service, operation: ctx.operation, status, summary, hint });
}

export interface StatusAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Retries made before this answer. */
  retries: number;
}

export function statusError(ctx: ErrorContext, answer: StatusAnswer, policy: RetryPolicy, parseErrorBody?: ErrorBodyParser): ServiceError {
  const { status, headers, text, retries } = answer;
  const contentType = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  let body: unknown = text;
  try {
    body = text.trim() ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: an HTML error page or plain text; the parser below gets the text.
  }
  const parsed: ParsedErrorBody = parseErrorBody?.(status, contentType, body) ?? genericErrorBody(body);
  const kind = parsed.kind ?? kindForStatus(status);
  const retryAfterMs = kind === 'rateLimited' ? rateLimitWaitMs({ rateLimit: headers['ratelimit'], retryAfter: headers['retry-after'] }, retries + 1, policy) : undefined;
  let serverMessage = parsed.message?.trim();
  if (!serverMessage && typeof body === 'string' && body.trim() && !looksLikeHtml(body)) {
    serverMessage = truncate(body.trim(), 300);
  }
  return new ServiceError({
    kind,
    service: ctx.service,
    operation: ctx.operation,
    status,
    summary: summaryForStatus(kind, status, retries, looksLikeHtml(text)),
    serverMessage: serverMessage ? ctx.secrets.redactText(serverMessage) : undefined,
    fieldErrors: parsed.fieldErrors?.map((f) => ({ field: f.field, messages: f.messages.map((m) => ctx.secrets.redactText(m)) })),
    retryAfterMs,
    hint: defaultHint(kind, retryAfterMs),
  });
}

export interface TransportFault {
  error: unknown;
  host: string;
  /** Whether the status line had arrived: a fault in the body is a broken answer, not no answer. */
  phase: 'request' | 'body';
  /** The request's own deadline ran out (the timeout bounds the whole operation). */
  deadline: boolean;
  elapsedMs: number;
  tries: number;
  /** A write that may have reached the server: it may have been applied. */
  outcomeUnknown: boolean;
}

export function transportError(ctx: ErrorContext, fault: TransportFault): ServiceError {
  const code = (fault.error as { code?: string })?.code;
  const { host, tries } = fault;
  const took = `${tries} ${tries === 1 ? 'try' : 'tries'}`;
  const waited = formatSeconds(fault.elapsedMs);
  let kind: ErrorKind = 'network';
  let summary: string;
  let hint = 'Check the URL, your network and proxy settings.';
  if (fault.deadline || code === 'ETIMEDOUT' || code === 'ECONNABORTED') {
    kind = 'timeout';
    summary = fault.phase === 'body' ? `the answer from ${host} was still arriving after ${waited} (${took})` : `no answer from ${host} within ${waited} (${took})`;
    hint = 'Try again; if it keeps happening, check the network or raise the timeout.';
  } else if (code && /CERT|SELF_SIGNED|TLS|SSL|UNABLE_TO_VERIFY/i.test(code)) {
    summary = `the TLS certificate of ${host} is not trusted (${code})`;
    hint = 'Add the server\u2019s CA to your system, or turn off TLS verification for this connection only if you trust the network.';
  } else {
    summary = fault.phase === 'body' ? `the answer from ${host} broke off (${code ?? 'connection closed'})` : `could not reach ${host}${code ? ` (${code})` : ''}`;
    if (tries > 1) summary += ` after ${took} in ${waited}`;
  }
  if (fault.outcomeUnknown) {
    summary += '; the change may have been applied';
    hint = 'Check whether it was applied before trying again.';
  }
  return new ServiceError({ kind, service: ctx.service, operation: ctx.operation, summary, hint, outcomeUnknown: fault.outcomeUnknown || undefined, cause: fault.error });
}

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ERR_INVALID_URL']);

/** Faults that happen before a request can reach the server: refused, no such host, untrusted TLS. */
export function neverReachedServer(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code !== undefined && (NOT_SENT_CODES.has(code) || /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code));
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
        return { message: record[key] };
      }
    }
  }
  return {};
}

export function looksLikeHtml(text: string): boolean {
  return /^\s*<(!doctype|html|head|body)/i.test(text);
}

/** "40 ms", "2 s", "1.5 s", "11 s". */
export function formatSeconds(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${ms < 10_000 ? Math.round(ms / 100) / 10 : Math.round(ms / 1000)} s`;
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
