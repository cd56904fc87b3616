/**
 * The v2 API Keys endpoints of the Honeycomb stand-in (JSON:API, management keys with
 * `api-keys:read` / `api-keys:write`): list (paged like the environments), get, create, update and
 * delete, over the seed's environment keys, so a key created here works at once with `/1/auth` and
 * a disabled or deleted one stops working.
 *
 * Bodies are checked against the document's `ApiKeyCreateRequest` and `ApiKeyUpdateRequest` and
 * refused with 422 JSON:API errors whose `source.pointer` names the attribute. The service's rules
 * as the document says them: the secret is answered once, by the create; an ingest key's update
 * takes name and disabled, a configuration key's also permissions ("Values omitted will not be
 * replaced"); the body's id is the path's.
 */
import { randomBytes } from 'node:crypto';
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import { openApiValidator } from '../openapi/validator';
import { findManagementKey } from './auth';
import { JSONAPI_TYPE, invalidKeyV2, jsonApiError } from './errors';
import type { ApiKeyAccess, EnvironmentKey, HoneycombSeed } from './seed';

type Body = Record<string, unknown>;

/** API permission name → the seed's access flag (`api_key_access` of /1/auth). */
const ACCESS: Array<[string, keyof ApiKeyAccess]> = [
  ['create_datasets', 'createDatasets'],
  ['send_events', 'events'],
  ['manage_markers', 'markers'],
  ['manage_triggers', 'triggers'],
  ['manage_boards', 'boards'],
  ['run_queries', 'queries'],
  ['manage_columns', 'columns'],
  ['manage_slos', 'slos'],
  ['manage_recipients', 'recipients'],
  ['manage_privateBoards', 'privateBoards'],
];

function gate(seed: HoneycombSeed, req: StandInRequest, scope: 'api-keys:read' | 'api-keys:write'): StandInResponse | undefined {
  const key = findManagementKey(seed, req);
  if (!key) return invalidKeyV2();
  if (!key.scopes.includes(scope)) return jsonApiError({ status: 403, code: 'forbidden', title: `the API key is missing the ${scope} scope`, source: { header: 'Authorization' } });
  if (req.params.teamSlug !== seed.team.slug) return jsonApiError({ status: 404, code: 'not-found', title: `team ${req.params.teamSlug} not found`, source: { parameter: 'teamSlug' } });
  return undefined;
}

function refused(component: string, body: unknown): StandInResponse | undefined {
  const errors = openApiValidator('honeycomb').validateAt(`/components/schemas/${component}`, body);
  if (errors.length === 0) return undefined;
  const [pointer] = errors[0].split(' ');
  return jsonApiError({ status: 422, code: 'validation-failed', title: errors[0].slice(pointer.length + 1), source: { pointer: pointer === '(root)' ? '/data' : pointer } });
}

function permissionsOf(k: EnvironmentKey): Body {
  if (k.type === 'ingest') return { create_datasets: k.access.createDatasets };
  return {
    ...Object.fromEntries(ACCESS.map(([api, flag]) => [api, k.access[flag]])),
    read_service_maps: k.readServiceMaps ?? false,
    visible_team_members: k.visibleToMembers ?? false,
  };
}

function resource(seed: HoneycombSeed, k: EnvironmentKey, secret?: string): Body {
  const env = seed.environments.find((e) => e.slug === k.environment);
  return {
    id: k.id,
    type: 'api-keys',
    attributes: {
      key_type: k.type,
      name: k.name,
      disabled: k.disabled ?? false,
      permissions: permissionsOf(k),
      timestamps: { created: k.created ?? '2025-03-04T09:12:45Z', updated: k.updated ?? k.created ?? '2025-03-04T09:12:45Z' },
      ...(secret === undefined ? {} : { secret }),
    },
    relationships: { environment: { data: { id: env?.id ?? '', type: 'environments' } } },
    links: { self: `/2/teams/${seed.team.slug}/api-keys/${k.id}` },
  };
}

function answer(status: number, body: unknown): StandInResponse {
  return { status, headers: { 'Content-Type': JSONAPI_TYPE }, body };
}

function setPermissions(k: EnvironmentKey, permissions: Body | undefined): void {
  if (!permissions) return;
  for (const [api, flag] of ACCESS) if (typeof permissions[api] === 'boolean') k.access[flag] = permissions[api];
  if (typeof permissions.read_service_maps === 'boolean') k.readServiceMaps = permissions.read_service_maps;
  if (typeof permissions.visible_team_members === 'boolean') k.visibleToMembers = permissions.visible_team_members;
}

const cursorOf = (index: number): string => Buffer.from(`key:${index}`).toString('base64url');
const indexOf = (cursor: string): number | undefined => {
  const m = /^key:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : undefined;
};
const newId = (type: 'ingest' | 'configuration') => `hcx${type === 'ingest' ? 'ik' : 'lk'}_${randomBytes(13).toString('hex')}`;

export function apiKeyRoutes(seed: () => HoneycombSeed): Route[] {
  const found = (s: HoneycombSeed, id: string) => s.environmentKeys.find((k) => k.id === id);
  const notFound = () => jsonApiError({ status: 404, code: 'not-found', title: 'API key not found', source: { parameter: 'ID' } });
  return [
    {
      method: 'GET',
      path: '/2/teams/{teamSlug}/api-keys',
      handler: (req) => {
        const s = seed();
        const denied = gate(s, req, 'api-keys:read');
        if (denied) return denied;
        const size = Number(req.query.get('page[size]') ?? 20);
        const start = indexOf(req.query.get('page[after]') ?? cursorOf(0));
        if (!Number.isInteger(size) || size < 1 || size > 100 || start === undefined) {
          return jsonApiError({
            status: 422,
            code: 'validation-failed/invalid',
            title: 'page[size] must be between 1 and 100 and page[after] a cursor of this list',
            source: { parameter: 'page[size]' },
          });
        }
        const type = req.query.get('filter[type]');
        const keys = s.environmentKeys.filter((k) => type === null || k.type === type);
        const page = keys.slice(start, start + size);
        const end = start + page.length;
        const next = end < keys.length ? `/2/teams/${s.team.slug}/api-keys?page[after]=${cursorOf(end)}&page[size]=${size}` : null;
        return answer(200, { data: page.map((k) => resource(s, k)), links: { next } });
      },
    },
    {
      method: 'GET',
      path: '/2/teams/{teamSlug}/api-keys/{ID}',
      handler: (req) => {
        const s = seed();
        const denied = gate(s, req, 'api-keys:read');
        if (denied) return denied;
        const k = found(s, req.params.ID);
        return k ? answer(200, { data: resource(s, k) }) : notFound();
      },
    },
    {
      method: 'POST',
      path: '/2/teams/{teamSlug}/api-keys',
      handler: (req) => {
        const s = seed();
        const denied = gate(s, req, 'api-keys:write');
        if (denied) return denied;
        const invalid = refused('ApiKeyCreateRequest', req.body);
        if (invalid) return invalid;
        const data = (req.body as Body).data as Body;
        const attributes = data.attributes as Body;
        const envId = (((data.relationships as Body).environment as Body).data as Body).id;
        const env = s.environments.find((e) => e.id === envId);
        if (!env) return jsonApiError({ status: 404, code: 'not-found', title: 'environment not found', source: { pointer: '/data/relationships/environment/data/id' } });
        const type = attributes.key_type as 'ingest' | 'configuration';
        const id = newId(type);
        const secret = randomBytes(16).toString('hex');
        const none = Object.fromEntries(ACCESS.map(([, flag]) => [flag, false])) as unknown as ApiKeyAccess;
        const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
        const key: EnvironmentKey = {
          id,
          name: String(attributes.name),
          token: type === 'ingest' ? `${id}${secret}` : secret,
          type,
          environment: env.slug,
          access: none,
          disabled: attributes.disabled === true,
          created: now,
          updated: now,
        };
        setPermissions(key, attributes.permissions as Body | undefined);
        s.environmentKeys.push(key);
        return answer(201, { data: resource(s, key, secret) });
      },
    },
    {
      method: 'PATCH',
      path: '/2/teams/{teamSlug}/api-keys/{ID}',
      handler: (req) => {
        const s = seed();
        const denied = gate(s, req, 'api-keys:write');
        if (denied) return denied;
        const k = found(s, req.params.ID);
        if (!k) return notFound();
        const invalid = refused('ApiKeyUpdateRequest', req.body);
        if (invalid) return invalid;
        const data = (req.body as Body).data as Body;
        if (data.id !== k.id) return jsonApiError({ status: 422, code: 'validation-failed', title: 'the id in the body is not the id in the path', source: { pointer: '/data/id' } });
        const attributes = (data.attributes ?? {}) as Body;
        if (typeof attributes.name === 'string') k.name = attributes.name;
        if (typeof attributes.disabled === 'boolean') k.disabled = attributes.disabled;
        if (k.type === 'configuration') setPermissions(k, attributes.permissions as Body | undefined);
        k.updated = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
        return answer(200, { data: resource(s, k) });
      },
    },
    {
      method: 'DELETE',
      path: '/2/teams/{teamSlug}/api-keys/{ID}',
      handler: (req) => {
        const s = seed();
        const denied = gate(s, req, 'api-keys:write');
        if (denied) return denied;
        const index = s.environmentKeys.findIndex((k) => k.id === req.params.ID);
        if (index < 0) return notFound();
        s.environmentKeys.splice(index, 1);
        return { status: 204, headers: {} };
      },
    },
  ];
}
