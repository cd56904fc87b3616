import { ServiceError } from '../../../core/errors';
import type { QueryValue, RequestSpec } from '../../../core/http';
import { writtenObject } from '../../../core/writtenObject';
import type { KnownSecrets } from '../../../core/redact';
import { AuthentikApi, SERVICE } from '../api';

/**
 * The one request path of the managed-resource calls.
 *
 * Writes are never repeated by the HTTP client: a POST/PATCH/PUT/DELETE that timed out or lost
 * its connection may have been applied, so the user decides (`idempotent: false` overrides the
 * client's rule that PUT and DELETE may be retried).
 *
 * `quiet` answers are read as text and parsed here: the HTTP client writes JSON bodies to the
 * trace log masked by field name, and the names these secrets go by (`key`, `credentials`,
 * `webhook_url`) are not secret names there. Reading them as text keeps the raw body out of the
 * log; the caller registers the secret values before anything else sees them.
 */
export interface SendSpec {
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  quiet?: boolean;
  /** The answer is not JSON (flow export): return the text as is. */
  text?: boolean;
}

export async function send<T>(api: AuthentikApi, spec: SendSpec): Promise<T> {
  return (await sendForAnswer<T>(api, spec)).body;
}

/**
 * A write whose answer must be the object written (create, update, partial update). An accepted
 * write that answers nothing usable keeps its status in the error (core/writtenObject.ts), so the
 * save knows it was applied and never takes an empty answer for the object.
 */
export async function sendWrite(api: AuthentikApi, spec: SendSpec, expect: { noun: string; idField: string }): Promise<Record<string, unknown>> {
  const { status, body } = await sendForAnswer<unknown>(api, spec);
  return writtenObject(status, body, { service: SERVICE, operation: spec.operation, noun: expect.noun, idField: expect.idField });
}

async function sendForAnswer<T>(api: AuthentikApi, spec: SendSpec): Promise<{ status: number; body: T }> {
  const write = spec.method !== 'GET';
  const request: RequestSpec = {
    operation: spec.operation,
    method: spec.method,
    path: spec.path,
    query: spec.query,
    body: spec.body,
    signal: spec.signal,
    ...(write ? { idempotent: false } : {}),
    ...(spec.quiet || spec.text ? { responseType: 'text' as const } : {}),
  };
  const { status, data: answer } = await api.response<unknown>(request);
  if (spec.text) {
    return { status, body: (typeof answer === 'string' ? answer : '') as unknown as T };
  }
  if (!spec.quiet) {
    return { status, body: answer as T };
  }
  const text = typeof answer === 'string' ? answer : '';
  if (text.trim() === '') {
    return { status, body: undefined as unknown as T };
  }
  try {
    return { status, body: JSON.parse(text) as T };
  } catch {
    throw new ServiceError({
      kind: 'invalidResponse',
      service: SERVICE,
      operation: spec.operation,
      status,
      summary: `the answer to ${spec.path} was not valid JSON${/^\s*</.test(text) ? ' (it looks like an HTML page, often a proxy or login page)' : ''}`,
      hint: 'Check that the URL points at the authentik server itself.',
    });
  }
}

/**
 * Adds a secret value to the known secrets that mask logs and messages. JSON documents (a service
 * account key) are registered whole (masked only whole: their field names are ordinary text) and
 * by every string inside them, except the parts Google publishes in every key file (type,
 * endpoint URLs), which would only mask innocent text.
 */
const PUBLIC_KEY_FILE_FIELDS = new Set(['type', 'auth_uri', 'token_uri', 'auth_provider_x509_cert_url', 'client_x509_cert_url', 'universe_domain']);

export function registerSecret(secrets: KnownSecrets | undefined, value: unknown, depth = 0): void {
  if (!secrets || value === undefined || value === null || depth > 8) return;
  if (typeof value === 'string') {
    secrets.add(value);
    return;
  }
  if (typeof value !== 'object') return;
  if (depth === 0) secrets.addDocument(JSON.stringify(value));
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (!PUBLIC_KEY_FILE_FIELDS.has(key)) registerSecret(secrets, item, depth + 1);
  }
}
