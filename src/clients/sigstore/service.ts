import { ErrorKind } from '../../core/errors';
import { HttpClient, ParsedErrorBody } from '../../core/http';
import { Logger } from '../../core/logger';
import { KnownSecrets } from '../../core/redact';

/**
 * The HTTP side of the Sigstore services a signer talks to (Fulcio, Rekor, a timestamp authority,
 * an OIDC issuer). Each gets its own HttpClient, so requests share the extension's one HTTP path:
 * timeouts, proxy, user agent, redaction of the identity token in every log line and message.
 * Signing requests are POSTs that create something (a certificate, a log entry), so they are
 * never retried behind the user's back.
 */
export interface SigstoreHttpOptions {
  logger?: Logger;
  secrets?: KnownSecrets;
  userAgent?: string;
  /** Per request; the whole operation is bounded separately by the signing timeout. */
  timeoutMs?: number;
  proxy?: string;
  noProxy?: string;
}

export type SigstoreService = 'Fulcio' | 'Rekor' | 'Rekor v2' | 'Timestamp authority' | 'OIDC issuer';

export function sigstoreHttp(service: SigstoreService, baseUrl: string, options: SigstoreHttpOptions = {}): HttpClient {
  const host = hostOf(baseUrl);
  return new HttpClient({
    service: `${service} ${host}`,
    baseUrl,
    logger: options.logger,
    secrets: options.secrets,
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs,
    proxy: options.proxy,
    noProxy: options.noProxy,
    retry: { maxRetries: 0 },
    parseErrorBody: sigstoreErrorBody,
    hintFor: ({ kind }) => hintFor(service, kind, host),
  });
}

/** Fulcio and Rekor answer `{"code": 400, "message": "…"}` (Rekor v2 as a gRPC status); OIDC issuers `{"error", "error_description"}`. */
export function sigstoreErrorBody(_status: number, _contentType: string, body: unknown): ParsedErrorBody {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    const description = typeof record.error_description === 'string' ? record.error_description : undefined;
    if (typeof record.error === 'string') return { message: description ? `${record.error}: ${description}` : record.error, code: record.error };
    if (typeof record.message === 'string') return { message: record.message };
  }
  if (typeof body === 'string' && body.trim()) return { message: body.trim().slice(0, 300) };
  return {};
}

function hintFor(service: SigstoreService, kind: ErrorKind, host: string): string | undefined {
  switch (kind) {
    case 'network':
    case 'timeout':
      // Rekor v2 and the timestamp authority come from the signing config, not from a setting of their own.
      return service === 'Rekor v2' || service === 'Timestamp authority'
        ? `Check that ${host} is reachable from here (proxy settings apply), or name a reachable one in the signing config (opsConfig.signing.signingConfigFile). Nothing was written to the registry.`
        : `Check that ${host} is reachable from here (proxy settings apply), or point the ${service} address setting at a reachable server.`;
    case 'auth':
    case 'forbidden':
      return service === 'Fulcio' ? 'The identity token was refused (expired, or issued for another audience than "sigstore"); sign in again.' : undefined;
    case 'badInput':
      if (service === 'Rekor' || service === 'Rekor v2') return 'The transparency log refused the entry; the signature was not stored anywhere.';
      return service === 'Timestamp authority' ? 'The timestamp authority refused the request; nothing was logged or written.' : undefined;
    default:
      return undefined;
  }
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
