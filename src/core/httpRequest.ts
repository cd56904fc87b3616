import type { Method } from 'axios';
import { AnswerLimit, ANSWER_LIMITS } from './answerLimits';
import type { RedirectRule } from './httpOrigins';

/**
 * A request as a service client describes it to HttpClient, the answer it gets back, and the
 * defaults of what it leaves out, read in one place by the client and by the exchange.
 */

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

export function methodOf(spec: RequestSpec): Method {
  return (spec.method ?? 'GET').toUpperCase() as Method;
}

/** A 2xx, or a status the caller expects (a 404 when probing): its answer is the result. */
export function isAccepted(status: number, spec: RequestSpec): boolean {
  return (status >= 200 && status < 300) || (spec.acceptStatus ?? []).includes(status);
}

export function answerLimitOf(spec: RequestSpec): AnswerLimit {
  return spec.limit ?? (spec.responseType === 'buffer' ? ANSWER_LIMITS.blob : ANSWER_LIMITS.json);
}
