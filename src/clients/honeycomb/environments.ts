import { ServiceError, badInput } from '../../core/errors';
import { HoneycombApi, SERVICE } from './api';
import { DetailFilter, FilterModel, checkDetailFilters, matchesDetailFilters } from './detailFilter';
import { idSegment, listId } from './paths';

/** One environment in the v2 JSON:API shape (spec `Environment`). */
export interface ApiEnvironment {
  id: string;
  type?: 'environments';
  links?: { self?: string };
  attributes?: {
    name?: string;
    slug?: string;
    description?: string;
    color?: string;
    settings?: { delete_protected?: boolean };
  };
}

/** The provider's Environment record. */
export interface Environment {
  color: string;
  deleteProtected: boolean;
  description: string;
  id: string;
  name: string;
  slug: string;
  /** Echo of the input. */
  detailFilters?: DetailFilter[];
}

export interface EnvironmentItem extends Omit<Environment, 'detailFilters'> {
  raw: ApiEnvironment;
}

export interface GetEnvironmentInput {
  /** Selects one environment by ID; cannot be combined with detailFilters. */
  id?: string;
  detailFilters?: DetailFilter[];
}

export interface GetEnvironmentsOutput {
  id: string;
  ids: string[];
  detailFilters?: DetailFilter[];
}

export function toEnvironment(raw: ApiEnvironment): EnvironmentItem {
  const a = raw.attributes ?? {};
  return {
    color: a.color ?? '',
    deleteProtected: a.settings?.delete_protected === true,
    description: a.description ?? '',
    id: raw.id,
    name: a.name ?? '',
    slug: a.slug ?? '',
    raw,
  };
}

export function environmentFilterModel(e: Omit<Environment, 'detailFilters'>): FilterModel {
  return {
    id: { kind: 'string', value: e.id },
    name: { kind: 'string', value: e.name },
    slug: { kind: 'string', value: e.slug },
    description: { kind: 'string', value: e.description },
    color: { kind: 'string', value: e.color },
    delete_protected: { kind: 'boolean', value: e.deleteProtected },
  };
}

/**
 * Every environment of the management key's team: `GET /2/teams/{team}/environments`, all
 * pages, following `links.next`. Needs a management key with `environments:read`.
 */
export async function listEnvironments(api: HoneycombApi, signal?: AbortSignal): Promise<EnvironmentItem[]> {
  const team = await api.teamSlug(signal);
  const items = await api.v2All<ApiEnvironment>('getEnvironments', `/2/teams/${encodeURIComponent(team)}/environments`, signal);
  return items.map((raw) => {
    if (!raw || typeof raw !== 'object' || typeof raw.id !== 'string') {
      throw new ServiceError({ kind: 'invalidResponse', service: SERVICE, operation: 'getEnvironments', summary: 'an environment in the answer has no id' });
    }
    return toEnvironment(raw);
  });
}

/** One environment by ID: `GET /2/teams/{team}/environments/{id}`. */
export async function getEnvironmentById(api: HoneycombApi, id: string, signal?: AbortSignal): Promise<EnvironmentItem> {
  const team = await api.teamSlug(signal);
  const body = await api.v2<{ data?: ApiEnvironment }>({ operation: 'getEnvironment', path: `/2/teams/${encodeURIComponent(team)}/environments/${idSegment(id)}`, signal });
  const raw = api.expectObject<{ data?: ApiEnvironment }>('getEnvironment', body).data;
  if (!raw || typeof raw.id !== 'string') {
    throw new ServiceError({ kind: 'invalidResponse', service: SERVICE, operation: 'getEnvironment', summary: 'the answer holds no environment' });
  }
  return toEnvironment(raw);
}

/**
 * getEnvironment: by `id` (one request), or the single environment the detail filters select
 * (all pages, then exactly one match, as the provider requires).
 */
export async function getEnvironment(api: HoneycombApi, input: GetEnvironmentInput = {}, signal?: AbortSignal): Promise<Environment> {
  const filters = input.detailFilters ?? [];
  checkDetailFilters('getEnvironment', filters);
  if (input.id && filters.length > 0) {
    throw badInput(SERVICE, 'getEnvironment', 'id cannot be combined with detailFilters', 'Give either the environment ID or filters.');
  }
  let found: EnvironmentItem;
  if (input.id) {
    found = await getEnvironmentById(api, input.id, signal);
  } else {
    const matches = (await listEnvironments(api, signal)).filter((e) => matchesDetailFilters(environmentFilterModel(e), filters));
    if (matches.length === 0) {
      throw new ServiceError({ kind: 'notFound', service: SERVICE, operation: 'getEnvironment', summary: 'No Environments found', hint: 'Loosen the detail filters.' });
    }
    if (matches.length > 1) {
      throw badInput(SERVICE, 'getEnvironment', `Multiple Environments found (${matches.map((m) => m.slug).join(', ')})`, 'Narrow the detail filters so that exactly one environment matches.');
    }
    found = matches[0];
  }
  const { raw: _raw, ...record } = found;
  return { ...record, ...(input.detailFilters !== undefined ? { detailFilters: input.detailFilters } : {}) };
}

/** getEnvironments: IDs of the team's environments that pass the detail filters. */
export async function getEnvironments(api: HoneycombApi, input: { detailFilters?: DetailFilter[] } = {}, signal?: AbortSignal): Promise<GetEnvironmentsOutput> {
  const filters = input.detailFilters ?? [];
  checkDetailFilters('getEnvironments', filters);
  const ids = (await listEnvironments(api, signal)).filter((e) => matchesDetailFilters(environmentFilterModel(e), filters)).map((e) => e.id);
  return { id: listId(ids), ids, ...(input.detailFilters !== undefined ? { detailFilters: input.detailFilters } : {}) };
}
