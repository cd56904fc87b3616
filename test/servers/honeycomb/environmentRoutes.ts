/**
 * The v2 Environments endpoints of the Honeycomb stand-in (JSON:API, management keys):
 * `GET /2/teams/{teamSlug}/environments` pages with `page[size]` (1–100, default 20) and an
 * opaque `page[after]` cursor and links the next page with a relative `links.next`, like the
 * published api-keys list; `GET …/environments/{ID}` answers one.
 *
 * A management key without the `environments:read` scope gets 403 (the title is the stand-in's
 * own words; the JSON:API shape is the document's).
 */
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import { invalidKeyV2, jsonApiError, JSONAPI_TYPE } from './errors';
import { findManagementKey } from './auth';
import type { HoneycombEnvironment, HoneycombSeed } from './seed';

export function environmentResource(teamSlug: string, e: HoneycombEnvironment): Record<string, unknown> {
  return {
    id: e.id,
    type: 'environments',
    attributes: {
      name: e.name,
      slug: e.slug,
      description: e.description,
      color: e.color,
      settings: { delete_protected: e.deleteProtected },
    },
    links: { self: `/2/teams/${teamSlug}/environments/${e.id}` },
  };
}

/**
 * Checks key, scope and team; returns an error answer or undefined when the request may go on.
 * The single-environment GET declares no 403, so there a missing scope is a 401.
 */
function gate(seed: HoneycombSeed, req: StandInRequest, forbiddenStatus: 401 | 403): StandInResponse | undefined {
  const key = findManagementKey(seed, req);
  if (!key) return invalidKeyV2();
  if (!key.scopes.includes('environments:read')) {
    const code = forbiddenStatus === 403 ? 'forbidden' : 'unauthenticated/missing-scope';
    return jsonApiError({ status: forbiddenStatus, code, title: 'the API key is missing the environments:read scope', source: { header: 'Authorization' } });
  }
  if (req.params.teamSlug !== seed.team.slug) {
    return jsonApiError({ status: 404, code: 'not-found', title: `team ${req.params.teamSlug} not found`, source: { parameter: 'teamSlug' } });
  }
  return undefined;
}

const cursorOf = (index: number): string => Buffer.from(`env:${index}`).toString('base64url');

function indexOf(cursor: string): number | undefined {
  const m = /^env:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : undefined;
}

/** `maxPageSize` caps what a client may ask for, as a server may; tests use it to force paging. */
export function environmentRoutes(seed: () => HoneycombSeed, maxPageSize = 100): Route[] {
  return [
    {
      method: 'GET',
      path: '/2/teams/{teamSlug}/environments',
      handler: (req) => {
        const s = seed();
        const refused = gate(s, req, 403);
        if (refused) return refused;
        const sizeText = req.query.get('page[size]');
        const size = sizeText === null ? 20 : Number(sizeText);
        if (!Number.isInteger(size) || size < 1 || size > 100) {
          return jsonApiError({ status: 422, code: 'validation-failed/invalid', title: 'page[size] must be between 1 and 100', source: { parameter: 'page[size]' } });
        }
        const after = req.query.get('page[after]');
        const start = after === null ? 0 : indexOf(after);
        if (start === undefined) {
          return jsonApiError({ status: 422, code: 'validation-failed/invalid', title: 'page[after] is not a valid cursor', source: { parameter: 'page[after]' } });
        }
        const pageSize = Math.min(size, maxPageSize);
        const page = s.environments.slice(start, start + pageSize);
        const end = start + page.length;
        const next = end < s.environments.length ? `/2/teams/${s.team.slug}/environments?page[after]=${cursorOf(end)}&page[size]=${pageSize}` : null;
        return {
          status: 200,
          headers: { 'Content-Type': JSONAPI_TYPE },
          body: { data: page.map((e) => environmentResource(s.team.slug, e)), links: { next } },
        };
      },
    },
    {
      method: 'GET',
      path: '/2/teams/{teamSlug}/environments/{ID}',
      handler: (req) => {
        const s = seed();
        const refused = gate(s, req, 401);
        if (refused) return refused;
        const found = s.environments.find((e) => e.id === req.params.ID);
        if (!found) {
          return jsonApiError({ status: 404, code: 'not-found', title: 'environment not found', source: { parameter: 'ID' } });
        }
        return { status: 200, headers: { 'Content-Type': JSONAPI_TYPE }, body: { data: environmentResource(s.team.slug, found) } };
      },
    },
  ];
}
