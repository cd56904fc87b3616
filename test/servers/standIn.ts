/**
 * A generic local stand-in for a REST API, for tests and the demo.
 *
 * Every response a route produces is validated against the service's official OpenAPI document
 * before it is sent; a non-conforming one is recorded in `violations` and replaced by a loud
 * 500 ("stand-in response violates <doc>: …"), so a stand-in can never teach a client something
 * the real service would not send. Injected faults and gate answers (a simulated proxy) are
 * deliberately not validated: they imitate what is *not* the service's documented behaviour.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { CONTROL_PREFIX, handleControl } from './core/control';
import { InjectedFaults, htmlErrorPage, retryAfterValue, truncateJson } from './core/faults';
import { createEntry, logPolicy } from './core/requestLog';
import type { FaultResponders, RequestLogEntry, Route, StandIn, StandInOptions, StandInRequest, StandInResponse, Violation } from './core/types';
import { openApiValidator } from './openapi/validator';
import { TemplateIndex } from './pathTemplate';
import { testCertificate } from './tls';

export * from './core/types';
export { retryAfterValue } from './core/faults';

const MAX_BODY = 10 * 1024 * 1024;
/** The demo can run for hours; keep the log bounded (oldest entries go first). */
const MAX_LOG = 10_000;

/** Used when a service does not supply its own fault bodies. */
const DEFAULT_RESPONDERS: FaultResponders = {
  rateLimit: (_req, f): StandInResponse => {
    const retryAfter = retryAfterValue(f.retryAfterFormat ?? 'seconds', f.retryAfterSeconds);
    return {
      status: 429,
      headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter },
      body: { error: 'rate limited' },
    };
  },
  serverError: (_req, status) => ({ status, body: { error: http.STATUS_CODES[status] ?? 'server error' } }),
};

interface Prepared {
  status: number;
  headers: Record<string, string | number>;
  text: string;
}

export async function startStandIn(options: StandInOptions): Promise<StandIn> {
  const validator = openApiValidator(options.document); // load now, not on the first request
  const routes = new Map<string, TemplateIndex<Route>>();
  for (const route of options.routes) {
    const method = route.method.toUpperCase();
    if (!routes.has(method)) routes.set(method, new TemplateIndex<Route>());
    routes.get(method)!.add(route.path, route);
  }
  const responders: FaultResponders = { ...DEFAULT_RESPONDERS, ...options.faultResponders };
  const policy = logPolicy(options.secretHeaders, options.logHeaders);
  const faults = new InjectedFaults();
  const requests: RequestLogEntry[] = [];
  const violations: Violation[] = [];
  const stopping = new AbortController();
  let seq = 0;

  const cert = options.https ? testCertificate() : undefined;
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    serve(req, res).catch((e: Error) => {
      // Only a bug in the stand-in itself lands here; answer loudly rather than hang.
      if (!res.headersSent) send(res, prepare(standInError(500, 'handler', `stand-in ${options.name} failed: ${e.stack ?? e}`, []).response));
      else res.destroy();
    });
  };
  const server = cert ? https.createServer({ key: cert.key, cert: cert.cert }, listener) : http.createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `${cert ? 'https' : 'http'}://127.0.0.1:${port}`;

  const standIn: StandIn = {
    name: options.name,
    url,
    port,
    tls: cert ? { cert: cert.cert, source: cert.source } : undefined,
    requests,
    violations,
    faults,
    reset() {
      requests.length = 0;
      violations.length = 0;
      faults.clear();
      options.onReset?.();
    },
    stop() {
      stopping.abort();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };

  async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const started = performance.now();
    const ctx = await readRequest(req, url);
    if (ctx.path.startsWith(CONTROL_PREFIX)) {
      send(res, prepare(handleControl(ctx, standIn, faults, validator.file)));
      return;
    }
    let credential: string | undefined;
    try {
      credential = options.describeCredential?.(ctx);
    } catch {
      credential = 'unknown';
    }
    const entry = createEntry(++seq, ctx, policy, credential);
    requests.push(entry);
    if (requests.length > MAX_LOG) requests.splice(0, requests.length - MAX_LOG);
    const done = (p: Prepared) => {
      entry.status = p.status;
      entry.durationMs = Math.round(performance.now() - started);
      send(res, p);
    };

    const fault = faults.take(ctx.method, ctx.path);
    if (fault) entry.fault = fault.kind;
    switch (fault?.kind) {
      case 'reset':
        entry.durationMs = Math.round(performance.now() - started);
        resetConnection(req.socket);
        return;
      case 'htmlError':
        return done(prepare(htmlErrorPage(fault.status ?? 502)));
      case 'serverError':
        return done(prepare(responders.serverError(ctx, fault.status ?? 500)));
      case 'rateLimit':
        return done(prepare(responders.rateLimit(ctx, { retryAfterSeconds: fault.retryAfterSeconds ?? 1, retryAfterFormat: fault.retryAfterFormat })));
      case 'slow': {
        const clientGone = new AbortController();
        res.once('close', () => clientGone.abort());
        try {
          await delay(fault.delayMs ?? 2000, undefined, { signal: AbortSignal.any([clientGone.signal, stopping.signal]) });
        } catch {
          // The client gave up (its timeout or cancellation under test) or the stand-in is stopping.
          if (clientGone.signal.aborted) entry.clientClosed = true;
          return;
        }
        break;
      }
    }

    const gated = options.gate?.(ctx);
    if (gated) {
      entry.gated = true;
      return done(prepare(gated));
    }

    const prepared = await answer(ctx, entry);
    if (fault?.kind === 'resetAfterApply') {
      entry.status = prepared.status;
      resetConnection(req.socket);
      return;
    }
    if (fault?.kind === 'hangAfterApply') {
      entry.status = prepared.status;
      // The write happened; the answer never comes. Wait for the client to give up (or a stop).
      await new Promise<void>((resolve) => {
        res.once('close', () => resolve());
        stopping.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      res.destroy();
      return;
    }
    if (fault?.kind === 'malformedJson') {
      prepared.text = truncateJson(prepared.text);
      prepared.headers['Content-Length'] = Buffer.byteLength(prepared.text);
    }
    if (fault?.kind === 'bodyAfterApply') {
      // The request was handled; what comes back is not what the service would say.
      prepared.text = fault.body ?? '';
      prepared.headers['Content-Type'] = fault.contentType ?? 'text/html';
      prepared.headers['Content-Length'] = Buffer.byteLength(prepared.text);
    }
    done(prepared);
  }

  /** Routes the request, runs the handler and validates its response. */
  async function answer(ctx: StandInRequest, entry: RequestLogEntry): Promise<Prepared> {
    const match = routes.get(ctx.method)?.match(ctx.path);
    if (!match) {
      const message = `stand-in ${options.name} has no route for ${ctx.method} ${ctx.path}`;
      return prepare(record(ctx, entry, standInError(501, 'unrouted', message, [])));
    }
    entry.route = `${ctx.method} ${match.template}`;
    ctx.params = match.params;
    let response: StandInResponse;
    try {
      response = await match.value.handler(ctx);
      options.decorate?.(ctx, response);
    } catch (e) {
      const message = `stand-in ${options.name} handler for ${entry.route} threw: ${(e as Error).stack ?? String(e)}`;
      return prepare(record(ctx, entry, standInError(500, 'handler', message, [])));
    }
    const prepared = prepare(response);
    const contentType = headerValue(prepared.headers, 'content-type');
    const parsed = parseForValidation(prepared.text, contentType);
    const errors = parsed.error ? [parsed.error] : validator.validateResponse({ method: ctx.method, path: ctx.path, status: prepared.status, contentType, body: parsed.value });
    if (errors.length === 0) return prepared;
    const shown = errors.slice(0, 8).join('; ') + (errors.length > 8 ? `; (+${errors.length - 8} more)` : '');
    const message = `stand-in response violates ${validator.file}: ${ctx.method} ${ctx.path} → ${prepared.status}: ${shown}`;
    return prepare(record(ctx, entry, standInError(500, 'schema', message, errors, prepared.status)));
  }

  function record(ctx: StandInRequest, entry: RequestLogEntry, e: ReturnType<typeof standInError>): StandInResponse {
    entry.violation = true;
    violations.push({
      seq: entry.seq,
      time: new Date().toISOString(),
      method: ctx.method,
      path: ctx.path,
      status: e.originalStatus ?? e.response.status,
      kind: e.kind,
      errors: e.errors,
      message: e.message,
    });
    return e.response;
  }

  return standIn;
}

function standInError(status: number, kind: Violation['kind'], message: string, errors: string[], originalStatus?: number) {
  return {
    kind,
    message,
    errors,
    originalStatus,
    // `error` is what Honeycomb clients read, `detail` what authentik clients read: the
    // message reaches the test output whichever client hits it.
    response: {
      status,
      headers: { 'Content-Type': 'application/json', 'X-Stand-In-Violation': kind },
      body: { error: message, detail: message, violations: errors },
    } as StandInResponse,
  };
}

function prepare(r: StandInResponse): Prepared {
  const headers: Record<string, string | number> = { ...(r.headers ?? {}) };
  let text = '';
  if (r.text !== undefined) text = r.text;
  else if (r.body !== undefined) {
    text = JSON.stringify(r.body);
    if (headerValue(headers, 'content-type') === undefined) headers['Content-Type'] = 'application/json';
  }
  headers['Content-Length'] = Buffer.byteLength(text);
  return { status: r.status, headers, text };
}

function send(res: http.ServerResponse, p: Prepared): void {
  if (res.destroyed) return;
  res.writeHead(p.status, p.headers);
  res.end(p.text);
}

function headerValue(headers: Record<string, string | number>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : String(headers[key]);
}

function isJsonMediaType(contentType: string | undefined): boolean {
  const mt = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return mt === 'application/json' || mt.endsWith('+json');
}

/** What the validator sees is exactly what goes on the wire, re-parsed. */
function parseForValidation(text: string, contentType: string | undefined): { value?: unknown; error?: string } {
  if (text === '') return { value: undefined };
  if (!isJsonMediaType(contentType)) return { value: text };
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    return { error: `body sent as ${contentType} is not valid JSON: ${(e as Error).message}` };
  }
}

async function readRequest(req: http.IncomingMessage, baseUrl: string): Promise<StandInRequest> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error(`request body over ${MAX_BODY} bytes`);
    chunks.push(chunk as Buffer);
  }
  const rawBody = Buffer.concat(chunks);
  const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
  const header = (name: string) => {
    const v = req.headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  };
  let body: unknown;
  let bodyError: string | undefined;
  if (rawBody.length > 0) {
    const text = rawBody.toString('utf8');
    if (isJsonMediaType(header('content-type'))) {
      try {
        body = JSON.parse(text);
      } catch (e) {
        bodyError = (e as Error).message;
      }
    } else body = text;
  }
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    header,
    params: {},
    body,
    bodyError,
    rawBody,
    baseUrl,
  };
}

/** Sends a TCP RST where the platform allows it (the client sees ECONNRESET), else just drops. */
function resetConnection(socket: Socket): void {
  try {
    socket.resetAndDestroy();
  } catch {
    socket.destroy(); // e.g. a TLS socket, whose handle cannot send an RST
  }
}
