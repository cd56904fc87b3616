/**
 * authentik's error answers (its Django REST Framework behaviour): every authentication failure is
 * 403 `{"detail": …}` (never 401); throttling is DRF's 429 with a seconds Retry-After; an
 * unhandled server error is Django's HTML 500 page, not JSON.
 */
import type { FaultResponders, StandInResponse } from '../core/types';
import { retryAfterValue } from '../core/faults';

export const NOT_PROVIDED = 'Authentication credentials were not provided.';
export const TOKEN_INVALID = 'Token invalid/expired';
export const MALFORMED_HEADER = 'Malformed header';

export function detail(status: number, text: string): StandInResponse {
  return { status, headers: { 'Content-Type': 'application/json' }, body: { detail: text } };
}

export const faultResponders: FaultResponders = {
  rateLimit(_req, f) {
    const s = f.retryAfterSeconds;
    const retryAfter = retryAfterValue(f.retryAfterFormat ?? 'seconds', s);
    return {
      status: 429,
      headers: { 'Content-Type': 'application/json', ...(retryAfter === undefined ? {} : { 'Retry-After': retryAfter }) },
      body: { detail: `Request was throttled. Expected available in ${s} second${s === 1 ? '' : 's'}.` },
    };
  },
  serverError(_req, status) {
    const title = status === 500 ? 'Server Error (500)' : `Error (${status})`;
    return {
      status,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      text: `\n<!doctype html>\n<html lang="en">\n<head>\n  <title>${title}</title>\n</head>\n<body>\n  <h1>${title}</h1><p></p>\n</body>\n</html>\n`,
    };
  },
};

/** What nginx `auth_request` shows when the proxy in front of authentik refuses a request. */
export function proxyRefusal(status: number): StandInResponse {
  const title = status === 401 ? '401 Authorization Required' : status === 403 ? '403 Forbidden' : `${status} Error`;
  return {
    status,
    headers: { 'Content-Type': 'text/html' },
    text: `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
  };
}
