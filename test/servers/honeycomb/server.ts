/**
 * The Honeycomb stand-in: the generic stand-in with Honeycomb's routes, seed, error bodies and
 * rate-limit headers.
 */
import { startStandIn } from '../standIn';
import type { Route, StandIn } from '../core/types';
import { getAuthV1, getAuthV2, describeCredential } from './auth';
import { BoardStore, boardRoutes } from './boardRoutes';
import { configRoutes } from './configRoutes';
import { environmentRoutes } from './environmentRoutes';
import { environmentWriteRoutes } from './environmentWriteRoutes';
import { apiKeyRoutes } from './apiKeyRoutes';
import { faultResponders } from './errors';
import { QueryState, queryRoutes, type QueryRouteOptions } from './queryRoutes';
import { RateLimitWindow, type RateLimitOptions } from './rateLimit';
import { createHoneycombSeed, type HoneycombSeed, type SeedOptions } from './seed';
import { writeRoutes, type WriteState } from './writeRoutes';

export interface HoneycombStandInOptions extends SeedOptions {
  port?: number;
  https?: boolean;
  rateLimit?: RateLimitOptions;
  /** replaces the default seed (called again on reset) */
  seed?: () => HoneycombSeed;
  /** largest page the v2 environments list serves, whatever the client asks (default 100) */
  environmentPageSize?: number;
  /** query results: polls before completion, results per minute, the clock of that budget */
  queries?: QueryRouteOptions;
}

export interface HoneycombStandIn extends StandIn {
  /** the live seed data (reset() restores a fresh copy) */
  readonly seed: HoneycombSeed;
  /** the live options of the query endpoints; tests may change them between requests */
  readonly queries: QueryRouteOptions;
}

export async function startHoneycombStandIn(options: HoneycombStandInOptions = {}): Promise<HoneycombStandIn> {
  const makeSeed = options.seed ?? (() => createHoneycombSeed({ scale: options.scale, hostileNames: options.hostileNames }));
  let seed = makeSeed();
  const window = new RateLimitWindow(options.rateLimit);
  const queries = new QueryState();
  const queryOptions: QueryRouteOptions = { ...options.queries };
  let boards = new BoardStore(seed, queries);
  // Triggers and annotations may name queries created through POST /1/queries.
  const writeState: WriteState = {
    storedQuery: (environment, id) => {
      const stored = queries.queries.get(id);
      if (!stored || stored.environment !== environment) return undefined;
      const { id: _id, ...query } = stored.body;
      return query;
    },
  };

  const routes: Route[] = [
    { method: 'GET', path: '/1/auth', handler: (req) => getAuthV1(seed, req) },
    { method: 'GET', path: '/2/auth', handler: (req) => getAuthV2(seed, req) },
    ...configRoutes(() => seed),
    ...environmentRoutes(() => seed, options.environmentPageSize),
    ...environmentWriteRoutes(() => seed),
    ...apiKeyRoutes(() => seed),
    ...queryRoutes(() => seed, queries, queryOptions),
    ...writeRoutes(() => seed, writeState),
    ...boardRoutes(
      () => seed,
      () => boards,
    ),
  ];

  const standIn = await startStandIn({
    name: 'honeycomb',
    document: 'honeycomb',
    routes,
    port: options.port,
    https: options.https,
    faultResponders: faultResponders(window),
    describeCredential: (req) => describeCredential(seed, req),
    // Honeycomb sends the rate-limit headers on most answers, not on authentication failures.
    decorate: (_req, res) => {
      if (res.status === 401 || res.status >= 500) return;
      res.headers = { ...window.count(), ...res.headers };
    },
    onReset: () => {
      seed = makeSeed();
      window.reset();
      queries.reset();
      boards = new BoardStore(seed, queries);
    },
  });
  Object.defineProperty(standIn, 'queries', { value: queryOptions, enumerable: true });
  return Object.defineProperty(standIn, 'seed', { get: () => seed, enumerable: true }) as HoneycombStandIn;
}
