/** Shapes shared by the generic stand-in server, its routes and the service stand-ins. */
import type { IncomingHttpHeaders } from 'node:http';
import type { DocumentName } from '../openapi/validator';

export interface StandInRequest {
  /** upper-case */
  method: string;
  /** raw (still percent-encoded) path, without the query string */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** first value of a header, case-insensitive */
  header(name: string): string | undefined;
  /** template parameters of the matched route, percent-decoded */
  params: Record<string, string>;
  /** parsed JSON body, the text for other media types, undefined when empty */
  body: unknown;
  /** set when a JSON body could not be parsed */
  bodyError?: string;
  rawBody: Buffer;
  /** e.g. `http://127.0.0.1:41234`; services build absolute URLs from it */
  baseUrl: string;
}

export interface StandInResponse {
  status: number;
  headers?: Record<string, string | number>;
  /** serialised as JSON (Content-Type defaults to application/json) unless `text` is given */
  body?: unknown;
  /** sent byte for byte, e.g. a published example file or an HTML page */
  text?: string;
}

export type RouteHandler = (req: StandInRequest) => StandInResponse | Promise<StandInResponse>;

export interface Route {
  method: string;
  /** full request path template, OpenAPI style: `/api/v3/core/users/{id}/` */
  path: string;
  handler: RouteHandler;
}

/**
 * `resetAfterApply` and `hangAfterApply` run the request (a write changes the state) and then
 * reset the connection, or send nothing until the client gives up: a write whose outcome the
 * client cannot know.
 */
export type FaultKind = 'rateLimit' | 'serverError' | 'slow' | 'reset' | 'malformedJson' | 'htmlError' | 'resetAfterApply' | 'hangAfterApply' | 'bodyAfterApply';
export type RetryAfterFormat = 'seconds' | 'http-date' | 'none';

export interface FaultSpec {
  kind: FaultKind;
  /**
   * Which requests: `"GET /1/datasets/{slug}"`, `"/1/auth"`, a prefix `"/api/v3/core/*"`, or
   * omitted for every request. A method may be `*`.
   */
  route?: string;
  /** serve this fault for the next N matching requests, then drop it; omitted = until cleared */
  times?: number;
  /** rateLimit: seconds until the client may retry (default 1) */
  retryAfterSeconds?: number;
  /** rateLimit: how Retry-After is written; omitted = what the service does for that endpoint */
  retryAfterFormat?: RetryAfterFormat;
  /** slow: delay before the normal response (default 2000 ms) */
  delayMs?: number;
  /** serverError (default 500) or htmlError (default 502) */
  status?: number;
  /**
   * bodyAfterApply: the request is handled (a write is made) and answered with its own status but
   * this body instead (an HTML page, "" for none, `[]`…), with `contentType` (default text/html).
   */
  body?: string;
  contentType?: string;
}

export interface ActiveFault extends FaultSpec {
  id: string;
  /** how many requests it has answered */
  served: number;
}

export interface FaultController {
  inject(spec: FaultSpec): ActiveFault;
  /** one fault by id, or all */
  clear(id?: string): void;
  list(): ActiveFault[];
}

/** The service's own bodies for injected 429 and 5xx answers. */
export interface FaultResponders {
  rateLimit(req: StandInRequest, fault: { retryAfterSeconds: number; retryAfterFormat?: RetryAfterFormat }): StandInResponse;
  serverError(req: StandInRequest, status: number): StandInResponse;
}

export interface RequestLogEntry {
  seq: number;
  /** ISO timestamp of arrival */
  time: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  /** selected headers; secret ones as `[redacted]` (an Authorization scheme word is kept) */
  headers: Record<string, string>;
  /** which seeded credential was presented (a label, never the secret), or "unknown" */
  credential?: string;
  /** JSON request body with secret-looking fields redacted */
  body?: unknown;
  /** matched route, e.g. `GET /1/auth` */
  route?: string;
  status?: number;
  durationMs?: number;
  fault?: FaultKind;
  /** the client closed the connection while a `slow` fault held the answer back (it gave up) */
  clientClosed?: boolean;
  /** answered by the gate (e.g. the simulated auth proxy) */
  gated?: boolean;
  violation?: boolean;
}

export interface Violation {
  seq: number;
  time: string;
  method: string;
  path: string;
  status: number;
  kind: 'schema' | 'unrouted' | 'handler';
  errors: string[];
  message: string;
}

export interface StandInOptions {
  /** shown in messages and the control surface, e.g. "honeycomb" */
  name: string;
  document: DocumentName;
  routes: Route[];
  https?: boolean;
  /** default 0 (any free port); always bound to 127.0.0.1 */
  port?: number;
  /**
   * Runs before routing; a response it returns is sent as is, without schema validation,
   * because it is not the service's own (e.g. an auth proxy in front of authentik).
   */
  gate?: (req: StandInRequest) => StandInResponse | undefined;
  /** adds service headers to every routed response before validation (Honeycomb RateLimit) */
  decorate?: (req: StandInRequest, res: StandInResponse) => void;
  faultResponders?: Partial<FaultResponders>;
  /** extra header names whose values are secrets (logged redacted) */
  secretHeaders?: string[];
  /** extra non-secret header names to record in the request log */
  logHeaders?: string[];
  /** label of the credential a request presents, for the log (never the secret itself) */
  describeCredential?: (req: StandInRequest) => string | undefined;
  /** restore mutable seed state; called by reset() */
  onReset?: () => void;
}

export interface StandIn {
  name: string;
  url: string;
  port: number;
  /** set for HTTPS stand-ins: the self-signed certificate (also its own CA) and where it came from */
  tls?: { cert: string; source: 'openssl' | 'vendored' };
  /** request log, oldest first (the array is live and cleared in place by reset()) */
  requests: RequestLogEntry[];
  violations: Violation[];
  faults: FaultController;
  /** clears log, violations and faults and restores seed state */
  reset(): void;
  stop(): Promise<void>;
}
