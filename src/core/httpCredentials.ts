import { ErrorContext, invalidAnswer } from './httpErrors';
import { originOf } from './httpOrigins';
import type { RequestSpec } from './httpRequest';

/**
 * The connection's own secret headers belong to the base URL's origin; a request's secret
 * headers to its `credentialOrigin` (default the same). An absolute URL from an answer (a
 * next-page link, an upload location) that points elsewhere is refused, not sent.
 */
export function refuseForeignCredentials(url: string, baseUrl: string, connectionHeaders: Record<string, string> | undefined, spec: RequestSpec, ctx: ErrorContext): void {
  const target = originOf(url);
  const home = originOf(baseUrl);
  const carries = (headers: Record<string, string> | undefined) => Object.keys(headers ?? {}).some((name) => ctx.secrets.isSecretHeader(name));
  const owner = carries(connectionHeaders) && target !== home ? home : carries(spec.headers) && target !== (spec.credentialOrigin ?? home) ? (spec.credentialOrigin ?? home) : undefined;
  if (owner) {
    throw invalidAnswer(
      ctx,
      `refused to send the credential for ${owner} to ${target}, another origin; the request was not sent`,
      'An answer from the server pointed there. If the service has moved, point the URL setting at its new address.',
    );
  }
}
