import { KnownSecrets } from './redact';

/**
 * One error model for every service. Whatever goes wrong (a refused key, a timeout, an HTML
 * page where JSON was expected, bad user input) becomes a ServiceError whose message names the
 * service, the operation and what to do next. Views turn it into an error node, commands into a
 * notification; nobody shows a raw axios error to the user.
 */

export type ErrorKind =
  | 'auth' // the credential is missing or was rejected
  | 'forbidden' // the credential works but lacks a permission or scope
  | 'notFound'
  | 'rateLimited'
  | 'network' // could not reach the server (DNS, refused, reset, TLS)
  | 'timeout'
  | 'invalidResponse' // the server answered something we cannot read
  | 'server' // 5xx
  | 'badInput' // the user's (or a file's) input was wrong; also 400/409/422 answers
  | 'cancelled';

export interface FieldError {
  field: string;
  messages: string[];
}

export interface ServiceErrorInit {
  kind: ErrorKind;
  service: string;
  operation: string;
  /** What happened, in the user's terms, without a trailing full stop. */
  summary: string;
  /** The server's own words, when it gave any. */
  serverMessage?: string;
  /** What the user can do next. */
  hint?: string;
  status?: number;
  fieldErrors?: FieldError[];
  retryAfterMs?: number;
  /** A write failed after it may have reached the server: it may have been applied (never retried). */
  outcomeUnknown?: boolean;
  cause?: unknown;
}

export class ServiceError extends Error {
  readonly kind: ErrorKind;
  readonly service: string;
  readonly operation: string;
  readonly summary: string;
  readonly serverMessage?: string;
  readonly hint?: string;
  readonly status?: number;
  readonly fieldErrors: FieldError[];
  readonly retryAfterMs?: number;
  readonly outcomeUnknown?: boolean;

  constructor(init: ServiceErrorInit) {
    super(composeMessage(init));
    this.name = 'ServiceError';
    this.kind = init.kind;
    this.service = init.service;
    this.operation = init.operation;
    this.summary = init.summary;
    this.serverMessage = init.serverMessage;
    this.hint = init.hint;
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? [];
    this.retryAfterMs = init.retryAfterMs;
    this.outcomeUnknown = init.outcomeUnknown;
    const cause = scrubbedCause(init.cause);
    if (cause !== undefined) {
      (this as { cause?: unknown }).cause = cause;
    }
  }

  /** A copy with another hint (clients add service-specific advice to generic HTTP errors). */
  withHint(hint: string): ServiceError {
    return new ServiceError({ ...this.toInit(), hint });
  }

  /** A copy whose text has been passed through a redactor (used before anything is shown). */
  mapText(redact: (text: string) => string): ServiceError {
    const init = this.toInit();
    return new ServiceError({
      ...init,
      summary: redact(init.summary),
      serverMessage: init.serverMessage === undefined ? undefined : redact(init.serverMessage),
      hint: init.hint === undefined ? undefined : redact(init.hint),
      fieldErrors: init.fieldErrors?.map((f) => ({ field: f.field, messages: f.messages.map(redact) })),
    });
  }

  private toInit(): ServiceErrorInit {
    return {
      kind: this.kind,
      service: this.service,
      operation: this.operation,
      summary: this.summary,
      serverMessage: this.serverMessage,
      hint: this.hint,
      status: this.status,
      fieldErrors: this.fieldErrors,
      retryAfterMs: this.retryAfterMs,
      outcomeUnknown: this.outcomeUnknown,
      cause: (this as { cause?: unknown }).cause,
    };
  }
}

/**
 * What an error keeps of its cause: the name, the words and the code (ECONNRESET…), nothing else.
 * A raw HTTP client error holds the whole request, headers and credentials included; a cause kept
 * as is would carry them into every log line or report that prints the error in depth.
 */
function scrubbedCause(cause: unknown): unknown {
  if (cause === undefined || cause instanceof ServiceError) {
    return cause;
  }
  const source = cause instanceof Error ? cause : undefined;
  const plain = new Error(PATTERNS_ONLY.redactText(source ? source.message : String(cause)));
  plain.name = source?.name ?? 'Error';
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it (cause is unknown)
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string' || typeof code === 'number') {
    (plain as { code?: string | number }).code = code;
  }
  return plain;
}

/** No known values: masks what looks secret whatever it is (Bearer …, PEM keys). */
const PATTERNS_ONLY = new KnownSecrets();

function composeMessage(init: ServiceErrorInit): string {
  const parts = [`${init.service} ${init.operation}: ${init.summary}.`];
  if (init.fieldErrors && init.fieldErrors.length > 0) {
    const fields = init.fieldErrors.map((f) => `${f.field}: ${f.messages.join(' ')}`).join('; ');
    // A field message may end in a question ("did you mean "AND"?"): no full stop after it.
    parts.push(/[.?!]$/.test(fields) ? fields : `${fields}.`);
  } else if (init.serverMessage) {
    parts.push(`The server said: "${init.serverMessage}".`);
  }
  if (init.hint) {
    parts.push(init.hint);
  }
  return parts.join(' ');
}

/**
 * A command that cannot be done as asked (the API does not allow it on this object, or what the
 * user wrote does not say which object): the message is the reason, shown as it is.
 */
export class RefusedError extends Error {}

export function badInput(service: string, operation: string, summary: string, hint?: string): ServiceError {
  return new ServiceError({ kind: 'badInput', service, operation, summary, hint });
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}

export function isCancellation(value: unknown): boolean {
  return value instanceof ServiceError && value.kind === 'cancelled';
}

/**
 * The server accepted the request (a 2xx answer) but what it answered could not be read: an HTML
 * page, an empty body, another shape. For a write this means the change was made.
 */
export function isAcceptedButUnreadable(value: unknown): value is ServiceError {
  return value instanceof ServiceError && value.kind === 'invalidResponse' && value.status !== undefined && value.status >= 200 && value.status < 300;
}
