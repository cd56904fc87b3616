/**
 * The v2 Environments writes of the Honeycomb stand-in (JSON:API, management keys with
 * `environments:write`): create, update and delete, beside the reads of environmentRoutes.ts.
 *
 * Bodies are checked against the document's `CreateEnvironmentRequest` and
 * `UpdateEnvironmentRequest` and refused with 422 JSON:API errors whose `source.pointer` names the
 * attribute. The service's rules: the body's id is the path's; an environment's name is taken
 * once per team (409, the document's Conflict); a new one is delete-protected (provider:
 * delete_protected "Cannot be set to false on creation"); a protected one cannot be deleted
 * (409: "Environments with Deletion Protection enabled cannot be deleted"); the classic colour cannot be
 * set (the update body's colours do not include it). The update body has no name, so a name sent there is ignored, as
 * a field the document does not know.
 */
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import { openApiValidator } from '../openapi/validator';
import { findManagementKey } from './auth';
import { hcId } from './content';
import { environmentResource } from './environmentRoutes';
import { JSONAPI_TYPE, invalidKeyV2, jsonApiError } from './errors';
import type { HoneycombEnvironment, HoneycombSeed } from './seed';

type Body = Record<string, unknown>;

function gate(seed: HoneycombSeed, req: StandInRequest): StandInResponse | undefined {
  const key = findManagementKey(seed, req);
  if (!key) return invalidKeyV2();
  if (!key.scopes.includes('environments:write')) {
    return jsonApiError({ status: 403, code: 'forbidden', title: 'the API key is missing the environments:write scope', source: { header: 'Authorization' } });
  }
  if (req.params.teamSlug !== seed.team.slug) return jsonApiError({ status: 404, code: 'not-found', title: `team ${req.params.teamSlug} not found`, source: { parameter: 'teamSlug' } });
  return undefined;
}

/** Schema errors as JSON:API errors, each pointing at what it is about. */
function refused(component: string, body: unknown): StandInResponse | undefined {
  const errors = openApiValidator('honeycomb').validateAt(`/components/schemas/${component}`, body);
  if (errors.length === 0) return undefined;
  const [pointer] = errors[0].split(' ');
  return jsonApiError({ status: 422, code: 'validation-failed', title: errors[0].slice(pointer.length + 1), source: { pointer: pointer === '(root)' ? '/data' : pointer } });
}

function resource(seed: HoneycombSeed, e: HoneycombEnvironment, status: number): StandInResponse {
  return { status, headers: { 'Content-Type': JSONAPI_TYPE }, body: { data: environmentResource(seed.team.slug, e) } };
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function environmentWriteRoutes(seed: () => HoneycombSeed): Route[] {
  return [
    {
      method: 'POST',
      path: '/2/teams/{teamSlug}/environments',
      handler: (req) => {
        const s = seed();
        const denied = gate(s, req);
        if (denied) return denied;
        const invalid = refused('CreateEnvironmentRequest', req.body);
        if (invalid) return invalid;
        const attributes = ((req.body as Body).data as Body).attributes as Body;
        const name = String(attributes.name);
        if (s.environments.some((e) => e.name.toLowerCase() === name.toLowerCase() || e.slug === slugOf(name))) {
          return jsonApiError({ status: 409, code: 'conflict', title: `an environment named ${name} exists already`, source: { pointer: '/data/attributes/name' } });
        }
        const environment: HoneycombEnvironment = {
          id: `hcaen_${hcId(`environment/${name}/${Date.now()}`)}`,
          name,
          slug: slugOf(name),
          description: typeof attributes.description === 'string' ? attributes.description : '',
          color: (attributes.color as HoneycombEnvironment['color']) ?? 'blue',
          deleteProtected: true,
        };
        s.environments.push(environment);
        return resource(s, environment, 201);
      },
    },
    {
      method: 'PATCH',
      path: '/2/teams/{teamSlug}/environments/{ID}',
      handler: (req) => {
        const s = seed();
        const denied = gate(s, req);
        if (denied) return denied;
        const found = s.environments.find((e) => e.id === req.params.ID);
        if (!found) return jsonApiError({ status: 404, code: 'not-found', title: 'environment not found', source: { parameter: 'ID' } });
        const invalid = refused('UpdateEnvironmentRequest', req.body);
        if (invalid) return invalid;
        const data = (req.body as Body).data as Body;
        if (data.id !== found.id) return jsonApiError({ status: 422, code: 'validation-failed', title: 'the id in the body is not the id in the path', source: { pointer: '/data/id' } });
        const attributes = (data.attributes ?? {}) as Body;
        if (typeof attributes.description === 'string') found.description = attributes.description;
        if (typeof attributes.color === 'string') found.color = attributes.color as HoneycombEnvironment['color'];
        const settings = attributes.settings as Body | undefined;
        if (typeof settings?.delete_protected === 'boolean') found.deleteProtected = settings.delete_protected;
        return resource(s, found, 200);
      },
    },
    {
      method: 'DELETE',
      path: '/2/teams/{teamSlug}/environments/{ID}',
      handler: (req) => {
        const s = seed();
        const denied = gate(s, req);
        if (denied) return denied;
        const index = s.environments.findIndex((e) => e.id === req.params.ID);
        if (index < 0) return jsonApiError({ status: 404, code: 'not-found', title: 'environment not found', source: { parameter: 'ID' } });
        if (s.environments[index].deleteProtected) {
          return jsonApiError({ status: 409, code: 'conflict', title: 'Environments with Deletion Protection enabled cannot be deleted' });
        }
        s.environments.splice(index, 1);
        return { status: 204, headers: {} };
      },
    },
  ];
}
