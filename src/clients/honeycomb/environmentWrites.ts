import { ServiceError } from '../../core/errors';
import { HoneycombApi, SERVICE } from './api';
import { ApiEnvironment } from './environments';
import { idSegment } from './paths';
import { ApiObject, DeleteOutcome } from './writes';

/**
 * Writes of a team's environments through the v2 API (JSON:API, management key with
 * `environments:write`). The editor's object is the resource flattened: its `id`, then its
 * attributes (`name`, `slug`, `description`, `color`, `settings`), so a document reads like any
 * other kind's; requests wrap it again (`{data: {id, type, attributes}}`). No write is retried
 * (the error then says the outcome is unknown). No `vscode` here.
 */
const TYPE = 'environments';

async function environmentsPath(api: HoneycombApi, signal?: AbortSignal, id?: string): Promise<string> {
  const team = await api.teamSlug(signal);
  return `/2/teams/${encodeURIComponent(team)}/environments${id === undefined ? '' : `/${idSegment(id)}`}`;
}

/** `{ data: { id, attributes } }` → `{ id, ...attributes }`. */
export function flatEnvironment(operation: string, body: unknown): ApiObject {
  const data = (body as { data?: ApiEnvironment } | undefined)?.data;
  if (!data || typeof data.id !== 'string') throw new ServiceError({ kind: 'invalidResponse', service: SERVICE, operation, summary: 'the answer holds no environment' });
  return { id: data.id, ...(data.attributes ?? {}) };
}

export async function readEnvironment(api: HoneycombApi, id: string, signal?: AbortSignal): Promise<ApiObject> {
  return flatEnvironment('getEnvironment', await api.v2({ operation: 'getEnvironment', path: await environmentsPath(api, signal, id), signal }));
}

/** API (`CreateEnvironmentRequest`): name, description and color only; a new environment is delete-protected. */
export async function createEnvironment(api: HoneycombApi, attributes: ApiObject, signal?: AbortSignal): Promise<ApiObject> {
  const body = { data: { type: TYPE, attributes } };
  return flatEnvironment('createEnvironment', await api.v2({ operation: 'createEnvironment', method: 'POST', path: await environmentsPath(api, signal), body, signal }));
}

/** A PATCH of the attributes given (API `UpdateEnvironmentRequest`: description, color, settings). */
export async function updateEnvironment(api: HoneycombApi, id: string, attributes: ApiObject, signal?: AbortSignal): Promise<ApiObject> {
  const body = { data: { id, type: TYPE, attributes } };
  return flatEnvironment('updateEnvironment', await api.v2({ operation: 'updateEnvironment', method: 'PATCH', path: await environmentsPath(api, signal, id), body, idempotent: false, signal }));
}

export async function deleteEnvironment(api: HoneycombApi, id: string, signal?: AbortSignal): Promise<DeleteOutcome> {
  try {
    await api.v2({ operation: 'deleteEnvironment', method: 'DELETE', path: await environmentsPath(api, signal, id), idempotent: false, signal });
    return 'deleted';
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'notFound') return 'alreadyGone';
    throw error;
  }
}
