import type { Method } from 'axios';
import { ERROR_BODY_BYTES, formatBytes } from './answerLimits';
import { ServiceError } from './errors';
import { ErrorContext, NOT_JSON_HINT, hostOf, invalidAnswer } from './httpErrors';
import type { RequestLog } from './httpLog';
import { MAX_REDIRECTS, RedirectRule, decideRedirect, isRedirect, originOf } from './httpOrigins';
import type { Outgoing } from './httpOutgoing';
import { RequestSpec, answerLimitOf, isAccepted } from './httpRequest';
import { BodyTooLarge, HopResponse, Transport, discardBody, readBody } from './httpTransport';

/**
 * One attempt at a request: the request, the redirects it earns and its answer read in full, all
 * before the deadline of the whole request, so a server that trickles a byte at a time is cut
 * off there. Redirects are followed here, one hop at a time, by the rules of httpOrigins.ts; an
 * answer is read up to the limit of its kind (answerLimits.ts), an error answer only for the
 * server's words. Whether to try again is HttpClient's business.
 */

/** An answer read in full, from the URL that gave it (after redirects). */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
  url: string;
}

/** A failure inside one exchange, with where it happened and whether our deadline caused it. */
export class ExchangeFault {
  constructor(
    readonly error: unknown,
    readonly phase: 'request' | 'body',
    readonly deadline: boolean,
    readonly cancelled: boolean,
  ) {}
}

/**
 * Throws an ExchangeFault for what the wire did, a ServiceError for what our rules refused (a
 * redirect, an answer over its limit).
 */
export async function exchange(transport: Transport, first: Outgoing, spec: RequestSpec, deadline: number, ctx: ErrorContext, log: RequestLog): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Math.max(0, deadline - Date.now()));
  let cancelled = false;
  const onCancel = (): void => {
    cancelled = true;
    controller.abort();
  };
  spec.signal?.addEventListener('abort', onCancel, { once: true });
  if (spec.signal?.aborted) onCancel();
  let phase: 'request' | 'body' = 'request';
  try {
    const startOrigin = originOf(first.url);
    let hop = first;
    let stripped = false;
    for (let redirects = 0; ; redirects++) {
      phase = 'request';
      const response: HopResponse = await transport.send({ ...hop, signal: controller.signal });
      const location = response.headers['location'];
      if (isRedirect(response.status) && location) {
        discardBody(response);
        const next = redirectedHop(hop, response.status, location, startOrigin, stripped, redirects, spec.redirects ?? 'sameOrigin', ctx, log);
        stripped ||= next.stripped;
        hop = next.hop;
        continue;
      }
      phase = 'body';
      const ok = isAccepted(response.status, spec);
      const limit = answerLimitOf(spec);
      try {
        const bytes = await readBody(response, ok ? limit.bytes : ERROR_BODY_BYTES, ok ? 'fail' : 'truncate');
        return { status: response.status, headers: response.headers, bytes, url: hop.url };
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        throw invalidAnswer(
          ctx,
          `the answer from ${hostOf(hop.url)} is larger than ${formatBytes(limit.bytes)}, the most this extension reads for ${limit.what}; reading stopped there`,
          NOT_JSON_HINT,
          response.status,
        );
      }
    }
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- an internal signal, caught by HttpClient
    throw new ExchangeFault(error, phase, controller.signal.aborted && !cancelled, cancelled);
  } finally {
    clearTimeout(timer);
    spec.signal?.removeEventListener('abort', onCancel);
  }
}

/**
 * The next hop of a redirect, if our rules follow it: without the credentials once the request
 * has left its origin, and with the body (and its Content-Type and Content-Length) only when
 * the redirect asks for the same request again (a 307 or 308).
 */
function redirectedHop(
  hop: Outgoing,
  status: number,
  location: string,
  startOrigin: string,
  stripped: boolean,
  redirects: number,
  rule: RedirectRule,
  ctx: ErrorContext,
  log: RequestLog,
): { hop: Outgoing; stripped: boolean } {
  if (redirects >= MAX_REDIRECTS) {
    throw invalidAnswer(ctx, `the server redirected more than ${MAX_REDIRECTS} times`, NOT_JSON_HINT, status);
  }
  let to: string;
  try {
    to = new URL(location, hop.url).toString();
  } catch {
    throw invalidAnswer(ctx, `the server redirected to an address that is not a URL (HTTP ${status})`, undefined, status);
  }
  const decision = decideRedirect({ method: hop.method, status, startOrigin, to, rule, credentialsStripped: stripped });
  if (!decision.follow) {
    throw invalidAnswer(ctx, decision.summary, 'If the service has moved, point the URL setting at its new address.', status);
  }
  log.redirected(status, to, decision.stripCredentials);
  let headers = hop.headers;
  if (decision.stripCredentials) {
    headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !ctx.secrets.isSecretHeader(name)));
  }
  if (!decision.keepBody && hop.body !== undefined) {
    headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^content-(type|length)$/i.test(name)));
  }
  return { hop: { url: to, method: decision.method as Method, headers, body: decision.keepBody ? hop.body : undefined }, stripped: decision.stripCredentials };
}
