import { ErrorKind } from '../../core/errors';
import { ParsedErrorBody } from '../../core/http';

/**
 * The registry API's error body: `{"errors":[{"code":"MANIFEST_UNKNOWN","message":"…","detail":…}]}`
 * (distribution spec). Codes become error kinds where the HTTP status alone would mislead.
 */
export function parseRegistryError(_status: number, _contentType: string, body: unknown): ParsedErrorBody {
  const errors = (body as { errors?: Array<{ code?: string; message?: string }> } | undefined)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return {};
  const first = errors[0] ?? {};
  const message = errors.map((e) => [e.code, e.message].filter(Boolean).join(': ')).join('; ');
  const kind: ErrorKind | undefined = first.code === 'DENIED' ? 'forbidden' : first.code === 'UNAUTHORIZED' ? 'auth' : first.code === 'TOOMANYREQUESTS' ? 'rateLimited' : undefined;
  return { message, code: first.code, kind };
}

export function registryHint(registry: string): (error: { kind: ErrorKind; status?: number; operation: string }) => string | undefined {
  return ({ kind }) => {
    switch (kind) {
      case 'auth':
      case 'forbidden':
        return `Add a login for ${registry} (Image Signatures: Add Registry Login…, or docker login), or check that it may read this repository.`;
      case 'notFound':
        return 'Check the repository name and the tag or digest.';
      case 'network':
        return `Check that ${registry} is reachable from here (proxy settings apply).`;
      default:
        return undefined;
    }
  };
}
