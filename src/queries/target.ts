import { HoneycombClient } from '../clients/honeycomb';
import { ServiceError } from '../core/errors';
import type { HoneycombExplorer } from '../views/honeycomb/explorer';

/**
 * Which environment a query runs in, and with which key. A configuration key reads one
 * environment: a draft naming an environment uses the key saved for it ("Set API Key for
 * Environment…") or the configured key when that is its own; no environment means the configured
 * key's environment.
 */
export interface QueryTarget {
  envSlug: string;
  envName: string;
  client: HoneycombClient;
}

/** No configuration key at all: a management key alone cannot run queries. */
export function noQueryKeyError(): ServiceError {
  return new ServiceError({
    kind: 'auth',
    service: 'Honeycomb',
    operation: 'getQueryResult',
    summary: 'queries need an API key (a configuration key), and none is configured',
    hint: 'Set one with "Honeycomb: Set API Key…"; a management key cannot run queries.',
  });
}

export async function resolveTarget(explorer: HoneycombExplorer, environment: string | undefined): Promise<QueryTarget> {
  let envSlug = environment;
  if (!envSlug) {
    const own = await explorer.defaultEnvironment();
    if (!own) throw noQueryKeyError();
    envSlug = own.slug;
  }
  const found = await explorer.environmentClient(envSlug);
  if (!found) {
    throw new ServiceError({
      kind: 'auth',
      service: 'Honeycomb',
      operation: 'getQueryResult',
      summary: `no API key is set for environment "${envSlug}"`,
      hint: 'Set one with "Honeycomb: Set API Key for Environment…", or leave "environment" out to use the configured key.',
    });
  }
  const context = await explorer.envContext(envSlug).catch(() => undefined);
  return { envSlug, envName: context?.envName ?? envSlug, client: found.client };
}
