/**
 * Honeycomb's three error styles (as its API documentation shows them) and its 429/5xx answers for
 * fault injection: legacy `{"error"}` (application/json), RFC 7807 problems
 * (application/problem+json, `type` built on the host called) and JSON:API errors on /2/
 * (application/vnd.api+json, always with `id` and `code`, as the document requires).
 */
import * as crypto from 'node:crypto';
import { exampleText } from '../examples';
import { retryAfterValue } from '../core/faults';
import type { FaultResponders, RetryAfterFormat, StandInRequest, StandInResponse } from '../core/types';
import { openApiValidator } from '../openapi/validator';
import type { RateLimitWindow } from './rateLimit';

export const JSON_TYPE = 'application/json';
export const PROBLEM_TYPE = 'application/problem+json';
export const JSONAPI_TYPE = 'application/vnd.api+json';

/** 401 for v1: the published legacy body, byte for byte. */
export function unknownKeyV1(): StandInResponse {
  return { status: 401, headers: { 'Content-Type': JSON_TYPE }, text: exampleText('honeycomb', 'errors/401.legacy.json') };
}

export interface JsonApiError {
  status: number;
  code: string;
  title: string;
  detail?: string;
  source?: { pointer?: string; header?: string; parameter?: string };
}

export function jsonApiError(e: JsonApiError, headers: Record<string, string> = {}): StandInResponse {
  const error: Record<string, unknown> = {
    id: crypto.randomBytes(16).toString('hex'),
    status: String(e.status),
    code: e.code,
    title: e.title,
  };
  if (e.detail !== undefined) error.detail = e.detail;
  if (e.source !== undefined) error.source = e.source;
  return { status: e.status, headers: { 'Content-Type': JSONAPI_TYPE, ...headers }, body: { errors: [error] } };
}

/** 401 for v2: shape of the provider's fixture, plus the `id` the document requires. */
export function invalidKeyV2(): StandInResponse {
  return jsonApiError({ status: 401, code: 'unauthenticated/invalid-key', title: 'invalid API key', source: { header: 'Authorization' } });
}

export function problem(req: StandInRequest, status: number, type: string, title: string, error: string, detail?: string, headers: Record<string, string> = {}): StandInResponse {
  const body: Record<string, unknown> = { status, type: `${req.baseUrl}/problems/${type}`, title, error };
  if (detail !== undefined) body.detail = detail;
  return { status, headers: { 'Content-Type': PROBLEM_TYPE, ...headers }, body };
}

/** RFC 3339 without milliseconds, as in Honeycomb's "Please try again after …" details. */
function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function faultResponders(window: RateLimitWindow): FaultResponders {
  return {
    rateLimit(req, f) {
      const isQueryData = req.method === 'POST' && req.path.startsWith('/1/query_results/');
      // Most 429s carry an HTTP-date Retry-After; Query Data does not (docs api/rate-limit).
      const format: RetryAfterFormat = f.retryAfterFormat ?? (isQueryData ? 'none' : 'http-date');
      const retryAt = Math.ceil(Date.now() / 1000) * 1000 + f.retryAfterSeconds * 1000;
      const headers: Record<string, string> = { ...window.exhaustedHeaders(f.retryAfterSeconds) };
      const retryAfter = retryAfterValue(format, f.retryAfterSeconds);
      if (retryAfter !== undefined) headers['Retry-After'] = retryAfter;
      const after = `Please try again after ${rfc3339(retryAt)}.`;
      if (req.path.startsWith('/2/')) {
        return jsonApiError({ status: 429, code: 'rate-limited/may-retry', title: 'request rate limit exceeded', detail: after }, headers);
      }
      const title = 'You have exceeded your rate limit.';
      const detail = isQueryData ? 'This endpoint allows 10 requests per minute.' : after;
      return problem(req, 429, 'rate-limited', title, title, detail, headers);
    },
    serverError(req, status) {
      // No published 5xx body exists. Follow what the document declares for this endpoint:
      // InternalError (problem+json / JSON:API) where a 5xx is declared, else the legacy
      // GenericError `{"error"}` of its `default` response.
      if (req.path.startsWith('/2/')) {
        return jsonApiError({ status, code: 'internal', title: 'internal server error' });
      }
      const declared = openApiValidator('honeycomb').declaredMediaTypes(req.method, req.path, status) ?? [];
      if (!declared.includes(PROBLEM_TYPE) && declared.includes(JSON_TYPE)) {
        return { status, headers: { 'Content-Type': JSON_TYPE }, body: { error: 'something went wrong!' } };
      }
      return problem(req, status, 'internal-error', 'Internal Server Error', 'something went wrong!');
    },
  };
}
