import { FieldError } from '../../core/errors';
import { ParsedErrorBody } from '../../core/http';

/**
 * authentik (Django REST framework) error bodies:
 * - 403 `{"detail": "…"}` for a missing or bad token as well as for a missing permission —
 *   authentik never answers 401, so the token texts are recognised and reported as `auth`;
 * - 400 `{field: [messages…], non_field_errors: […]}` or a bare array of strings;
 * - 404 `{"detail": "No Group matches the given query."}` or `"Invalid page."`.
 */
const TOKEN_PROBLEMS = [/token invalid/i, /credentials were not provided/i, /malformed header/i, /invalid token/i];

export function parseAuthentikErrorBody(status: number, _contentType: string, body: unknown): ParsedErrorBody {
  if (Array.isArray(body)) {
    return { message: body.map(String).join(' ') };
  }
  if (!body || typeof body !== 'object') {
    return {};
  }
  const record = body as Record<string, unknown>;
  const detail = typeof record.detail === 'string' ? record.detail : undefined;
  if (status === 403 && detail && TOKEN_PROBLEMS.some((p) => p.test(detail))) {
    return { message: detail, code: str(record.code), kind: 'auth' };
  }
  if (detail) {
    return { message: detail, code: str(record.code) };
  }
  const fieldErrors: FieldError[] = [];
  for (const [field, value] of Object.entries(record)) {
    if (field === 'code') {
      continue;
    }
    const messages = flattenMessages(value);
    if (messages.length > 0) {
      fieldErrors.push({ field: field === 'non_field_errors' ? '(all fields)' : field, messages });
    }
  }
  return { fieldErrors: fieldErrors.length > 0 ? fieldErrors : undefined, code: str(record.code) };
}

/** DRF nests messages for nested serializers; flatten them as "child: message". */
function flattenMessages(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') {
    return [prefix + value];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item) => flattenMessages(item, prefix));
  }
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => flattenMessages(item, `${prefix}${key}: `));
  }
  return [];
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
