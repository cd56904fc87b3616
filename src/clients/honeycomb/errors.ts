import { FieldError } from '../../core/errors';
import { ParsedErrorBody } from '../../core/http';

/**
 * Honeycomb answers errors in three shapes:
 * - RFC 7807 problems (`application/problem+json`): `{status, type, title, error, detail?, type_detail?}`;
 * - the legacy `{"error": "…"}` body of older v1 endpoints;
 * - JSON:API (`application/vnd.api+json`, all of v2): `{"errors": [{id, code, title, detail, source}]}`.
 * All three become one message in the server's own words; unlike the Terraform provider we keep
 * the problem's `detail` ("Please try again after …"), which is often the useful part.
 */
export function parseHoneycombErrorBody(_status: number, _contentType: string, body: unknown): ParsedErrorBody {
  if (!body || typeof body !== 'object') {
    return {};
  }
  const record = body as Record<string, unknown>;

  if (Array.isArray(record.errors)) {
    const errors = record.errors.filter((e): e is Record<string, unknown> => !!e && typeof e === 'object');
    const fieldErrors: FieldError[] = [];
    const messages: string[] = [];
    for (const error of errors) {
      const text = [str(error.title), str(error.detail)].filter(Boolean).join(': ');
      const source = error.source as Record<string, unknown> | undefined;
      // A header source ("Authorization") is about the key, not a field the user can fix.
      const field = str(source?.pointer) ?? str(source?.parameter);
      if (field && text) {
        fieldErrors.push({ field, messages: [text] });
      } else if (text) {
        messages.push(text);
      }
    }
    return {
      message: messages.length > 0 ? messages.join('; ') : fieldErrors.map((f) => f.messages[0]).join('; ') || undefined,
      code: str(errors[0]?.code),
      fieldErrors: fieldErrors.length > 0 ? fieldErrors : undefined,
    };
  }

  const typeDetail = Array.isArray(record.type_detail) ? record.type_detail : [];
  const fieldErrors: FieldError[] = typeDetail
    .filter((d): d is Record<string, unknown> => !!d && typeof d === 'object')
    .map((d) => ({
      field: str(d.field) ?? '(body)',
      messages: [[str(d.code), str(d.description)].filter(Boolean).join(': ')],
    }));
  const main = str(record.error) ?? str(record.title);
  const detail = str(record.detail);
  const message = main && detail && !main.includes(detail) ? `${main} ${detail}` : (main ?? detail);
  return {
    message,
    code: str(record.type)?.replace(/^.*\/problems\//, ''),
    fieldErrors: fieldErrors.length > 0 ? fieldErrors : undefined,
  };
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
