/**
 * Builds request-log entries without ever storing a credential in clear: secret headers,
 * query parameters and JSON body fields are replaced by `[redacted]`, and the credential is
 * identified only by a label the service supplies (e.g. "config:production").
 */
import type { StandInRequest, RequestLogEntry } from './types';

export const REDACTED = '[redacted]';

/** Headers whose values are always secret. */
const SECRET_HEADERS = ['authorization', 'proxy-authorization', 'x-honeycomb-team', 'cookie', 'x-api-key'];
/** Non-secret headers worth recording. */
const PLAIN_HEADERS = ['accept', 'content-type', 'content-length', 'user-agent', 'if-none-match'];
/** Any other recorded header with a name like these is treated as secret too. */
const SECRET_HEADER_NAME = /(auth|token|secret|password|api-?key|cookie|session|signature)/i;
const SECRET_QUERY_NAME = /^(token|key|api_?key|secret|password|access_token|client_secret|auth)$/i;
const SECRET_FIELD_NAME = /(^|_)(secret|password|token|key|api_?key|private_key|integration_key|client_secret)$/i;

export interface LogPolicy {
  secretHeaders: Set<string>;
  logHeaders: Set<string>;
}

export function logPolicy(extraSecret: string[] = [], extraPlain: string[] = []): LogPolicy {
  const secretHeaders = new Set([...SECRET_HEADERS, ...extraSecret.map((h) => h.toLowerCase())]);
  const logHeaders = new Set([...PLAIN_HEADERS, ...secretHeaders, ...extraPlain.map((h) => h.toLowerCase())]);
  return { secretHeaders, logHeaders };
}

export function redactHeader(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    // Keep the scheme word: "Bearer [redacted]" still shows which scheme the client used.
    const space = value.indexOf(' ');
    if (space > 0) return `${value.slice(0, space)} ${REDACTED}`;
  }
  return REDACTED;
}

export function createEntry(seq: number, req: StandInRequest, policy: LogPolicy, credential?: string): RequestLogEntry {
  const headers: Record<string, string> = {};
  for (const name of policy.logHeaders) {
    const value = req.header(name);
    if (value === undefined) continue;
    const secret = policy.secretHeaders.has(name) || SECRET_HEADER_NAME.test(name);
    headers[name] = secret ? redactHeader(name, value) : value;
  }
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(req.query.keys())) {
    const values = req.query.getAll(name).map((v) => (SECRET_QUERY_NAME.test(name) ? REDACTED : v));
    query[name] = values.length === 1 ? values[0] : values;
  }
  const entry: RequestLogEntry = {
    seq,
    time: new Date().toISOString(),
    method: req.method,
    path: req.path,
    query,
    headers,
  };
  if (credential !== undefined) entry.credential = credential;
  if (req.body !== undefined && typeof req.body === 'object' && req.rawBody.length <= 64 * 1024) {
    entry.body = redactFields(req.body);
  }
  return entry;
}

/** Deep copy of a JSON value with secret-looking fields replaced. */
export function redactFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactFields);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = SECRET_FIELD_NAME.test(k) && v !== null && typeof v !== 'object' ? REDACTED : redactFields(v);
    }
    return out;
  }
  return value;
}
