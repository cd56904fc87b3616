/**
 * The authentik stand-in: the generic stand-in with authentik's routes, seed and error bodies,
 * optionally behind a simulated auth proxy that demands extra headers (to exercise the
 * extension's `headers` setting) and optionally over HTTPS (its `insecure` / CA options).
 */
import { startStandIn } from '../standIn';
import type { StandIn, StandInRequest } from '../core/types';
import { describeCredential } from './auth';
import { faultResponders, proxyRefusal } from './errors';
import { authentikRoutes } from './routes';
import { createAuthentikSeed, type AuthentikSeed, type SeedOptions } from './seed';

export interface AuthentikStandInOptions extends SeedOptions {
  port?: number;
  /** serve HTTPS with a self-signed certificate (see StandIn.tls) */
  https?: boolean;
  /**
   * Headers a proxy in front of authentik requires, e.g. `{ 'X-Proxy-Auth': 's3cret' }`. A request
   * missing one (or with another value) gets the proxy's HTML refusal and never reaches authentik.
   * Values are treated as secrets in the request log.
   */
  requiredHeaders?: Record<string, string>;
  /** status of the proxy's refusal (default 401, which authentik itself never sends) */
  proxyRefusalStatus?: number;
  /** replaces the default seed (called again on reset) */
  seed?: () => AuthentikSeed;
}

export interface AuthentikStandIn extends StandIn {
  readonly seed: AuthentikSeed;
}

export async function startAuthentikStandIn(options: AuthentikStandInOptions = {}): Promise<AuthentikStandIn> {
  const makeSeed = options.seed ?? (() => createAuthentikSeed({ scale: options.scale }));
  let seed = makeSeed();
  const required = Object.entries(options.requiredHeaders ?? {});

  const gate = required.length ? (req: StandInRequest) => (required.every(([name, value]) => req.header(name) === value) ? undefined : proxyRefusal(options.proxyRefusalStatus ?? 401)) : undefined;

  const standIn = await startStandIn({
    name: 'authentik',
    document: 'authentik',
    routes: authentikRoutes(() => seed),
    port: options.port,
    https: options.https,
    gate,
    faultResponders,
    secretHeaders: required.map(([name]) => name),
    describeCredential: (req) => describeCredential(seed, req),
    onReset: () => {
      seed = makeSeed();
    },
  });
  return Object.defineProperty(standIn, 'seed', { get: () => seed, enumerable: true }) as AuthentikStandIn;
}
