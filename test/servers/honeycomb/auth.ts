/**
 * Honeycomb authentication: which seeded key a request presents, and the two auth endpoints.
 *
 * v1 keys travel in `X-Honeycomb-Team` (sent exactly as the user supplied it), management keys
 * as `Authorization: Bearer <id>:<secret>`. Bodies follow the published examples; a key bound to
 * a published example is answered with that example verbatim.
 */
import { exampleText } from '../examples';
import type { StandInRequest, StandInResponse } from '../core/types';
import { invalidKeyV2, JSON_TYPE, JSONAPI_TYPE, unknownKeyV1 } from './errors';
import type { EnvironmentKey, HoneycombSeed, ManagementKey } from './seed';

export function findEnvironmentKey(seed: HoneycombSeed, req: StandInRequest): EnvironmentKey | undefined {
  const token = req.header('x-honeycomb-team');
  return token === undefined ? undefined : seed.environmentKeys.find((k) => k.token === token && !k.disabled);
}

/** `Bearer <id>:<secret>`; the scheme word is case-insensitive, the secret must match exactly. */
export function findManagementKey(seed: HoneycombSeed, req: StandInRequest): ManagementKey | undefined {
  const parsed = parseBearer(req);
  if (!parsed) return undefined;
  return seed.managementKeys.find((k) => k.id === parsed.id && k.secret === parsed.secret && !k.disabled);
}

function parseBearer(req: StandInRequest): { id: string; secret: string } | undefined {
  const m = /^bearer\s+([^:\s]+):(\S+)$/i.exec(req.header('authorization')?.trim() ?? '');
  return m ? { id: m[1], secret: m[2] } : undefined;
}

/** Label of the presented credential for the request log (never the secret). */
export function describeCredential(seed: HoneycombSeed, req: StandInRequest): string | undefined {
  const team = req.header('x-honeycomb-team');
  const bearer = req.header('authorization');
  if (team === undefined && bearer === undefined) return undefined;
  const env = findEnvironmentKey(seed, req);
  if (env) return `${env.type}:${env.environment}:${env.name}`;
  if (team !== undefined && seed.publishedExampleKeys.some((k) => k.token === team)) return 'published-example';
  const mgmt = findManagementKey(seed, req);
  if (mgmt) return `management:${mgmt.name}`;
  const p = parseBearer(req);
  if (p && seed.publishedExampleManagementKeys.some((k) => k.id === p.id && k.secret === p.secret)) return 'published-example';
  return 'unknown';
}

/** GET /1/auth — key metadata in the shape (and key order) of examples/GET_1_auth.json. */
export function getAuthV1(seed: HoneycombSeed, req: StandInRequest): StandInResponse {
  const token = req.header('x-honeycomb-team');
  const published = seed.publishedExampleKeys.find((k) => k.token === token);
  if (published) {
    return { status: 200, headers: { 'Content-Type': JSON_TYPE }, text: exampleText('honeycomb', published.file) };
  }
  const key = findEnvironmentKey(seed, req);
  if (!key) return unknownKeyV1();
  const env = seed.environments.find((e) => e.slug === key.environment);
  if (!env) throw new Error(`seed: key ${key.name} names unknown environment ${key.environment}`);
  const a = key.access;
  const access =
    key.type === 'ingest'
      ? { createDatasets: a.createDatasets }
      : {
          events: a.events,
          markers: a.markers,
          triggers: a.triggers,
          boards: a.boards,
          queries: a.queries,
          columns: a.columns,
          createDatasets: a.createDatasets,
          slos: a.slos,
          recipients: a.recipients,
          privateBoards: a.privateBoards,
        };
  return {
    status: 200,
    headers: { 'Content-Type': JSON_TYPE },
    body: {
      id: key.id,
      type: key.type,
      api_key_access: access,
      environment: { name: env.name, slug: env.slug },
      team: { name: seed.team.name, slug: seed.team.slug },
    },
  };
}

/** GET /2/auth — JSON:API document in the shape of examples/GET_2_auth.json. */
export function getAuthV2(seed: HoneycombSeed, req: StandInRequest): StandInResponse {
  const p = parseBearer(req);
  const published = p && seed.publishedExampleManagementKeys.find((k) => k.id === p.id && k.secret === p.secret);
  if (published) {
    return { status: 200, headers: { 'Content-Type': JSONAPI_TYPE }, text: exampleText('honeycomb', published.file) };
  }
  const key = findManagementKey(seed, req);
  if (!key) return invalidKeyV2();
  const team = seed.team;
  return {
    status: 200,
    headers: { 'Content-Type': JSONAPI_TYPE },
    body: {
      included: [{ id: team.id, type: 'teams', attributes: { name: team.name, slug: team.slug } }],
      data: {
        id: key.id,
        type: 'api-keys',
        relationships: { team: { data: { id: team.id, type: 'teams' } } },
        attributes: {
          name: key.name,
          key_type: 'management',
          disabled: key.disabled,
          scopes: [...key.scopes],
          timestamps: { created: key.created, updated: key.updated },
        },
      },
    },
  };
}
