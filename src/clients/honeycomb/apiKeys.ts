import { ServiceError } from '../../core/errors';
import { HoneycombApi, SERVICE } from './api';
import { idSegment } from './paths';
import { ApiObject, DeleteOutcome } from './writes';

/**
 * A team's API keys through the v2 API (JSON:API, management key with `api-keys:read` /
 * `api-keys:write`). The editor's object is the resource flattened: its `id`, then its attributes
 * (`name`, `key_type`, `disabled`, `permissions`, `timestamps`); the environment it belongs to is
 * the relationship, kept in the object's address, not in its document. Two kinds of key: ingest
 * (`hcxik_` IDs: send events) and configuration (`hcxlk_`: read and change configuration, with
 * permissions). The secret comes once, in the create answer: `createApiKey` takes it out of the
 * object at once, so nothing that keeps or shows the object can hold it. No write is retried. No
 * `vscode` here.
 */
const TYPE = 'api-keys';

export type ApiKeyType = 'ingest' | 'configuration';

/** One API key in the v2 JSON:API shape (API `ApiKeyObject`). */
export interface ApiKeyResource {
  id: string;
  type?: 'api-keys';
  attributes?: Record<string, unknown> & { name?: string; key_type?: string; disabled?: boolean };
  relationships?: { environment?: { data?: { id?: string; type?: string } } };
  links?: { self?: string };
}

export interface ApiKeyItem {
  id: string;
  name: string;
  /** `ingest`, `configuration`, or what a newer API answers. */
  keyType: string;
  disabled: boolean;
  environmentId: string;
}

/** What a create answers: the key without its secret, and the key as a client sends it. */
export interface CreatedApiKey {
  object: ApiObject;
  /**
   * The key as it is used, shown this once: an ingest key is its ID and secret concatenated
   * (API: "with the API Key's ID and secret concatenated"), a configuration key its secret
   * (provider api_key_resource.go: `key` is `ID + Secret` for ingest, `Secret` for configuration).
   */
  key: string;
}

async function apiKeysPath(api: HoneycombApi, signal?: AbortSignal, id?: string): Promise<string> {
  const team = await api.teamSlug(signal);
  return `/2/teams/${encodeURIComponent(team)}/api-keys${id === undefined ? '' : `/${idSegment(id)}`}`;
}

function invalid(operation: string, summary: string): ServiceError {
  return new ServiceError({ kind: 'invalidResponse', service: SERVICE, operation, summary });
}

function toItem(raw: ApiKeyResource): ApiKeyItem {
  const a = raw.attributes ?? {};
  return {
    id: raw.id,
    name: typeof a.name === 'string' ? a.name : '',
    keyType: typeof a.key_type === 'string' ? a.key_type : '',
    disabled: a.disabled === true,
    environmentId: raw.relationships?.environment?.data?.id ?? '',
  };
}

/**
 * Every API key of the team, all pages (`GET /2/teams/{team}/api-keys`, as the Go client's List:
 * no type filter, so both types come back where the service lists both).
 */
export async function listApiKeys(api: HoneycombApi, signal?: AbortSignal): Promise<ApiKeyItem[]> {
  const items = await api.v2All<ApiKeyResource>('listApiKeys', await apiKeysPath(api, signal), signal);
  return items.map((raw) => {
    if (!raw || typeof raw !== 'object' || typeof raw.id !== 'string') throw invalid('listApiKeys', 'an API key in the answer has no id');
    return toItem(raw);
  });
}

/** `{ data: { id, attributes } }` → `{ id, ...attributes }`; a secret in it is never kept. */
function flatApiKey(operation: string, body: unknown): { object: ApiObject; secret?: string } {
  const data = (body as { data?: ApiKeyResource } | undefined)?.data;
  if (!data || typeof data.id !== 'string') throw invalid(operation, 'the answer holds no API key');
  const { secret, ...attributes } = data.attributes ?? {};
  return { object: { id: data.id, ...attributes }, secret: typeof secret === 'string' ? secret : undefined };
}

export async function readApiKey(api: HoneycombApi, id: string, signal?: AbortSignal): Promise<ApiObject> {
  return flatApiKey('getApiKey', await api.v2({ operation: 'getApiKey', path: await apiKeysPath(api, signal, id), signal })).object;
}

/** API `ApiKeyCreateRequest`: the attributes and the environment the key belongs to. */
export async function createApiKey(api: HoneycombApi, environmentId: string, attributes: ApiObject, signal?: AbortSignal): Promise<CreatedApiKey> {
  const body = { data: { type: TYPE, attributes, relationships: { environment: { data: { id: environmentId, type: 'environments' } } } } };
  const answer = await api.v2({ operation: 'createApiKey', method: 'POST', path: await apiKeysPath(api, signal), body, idempotent: false, signal });
  const { object, secret } = flatApiKey('createApiKey', answer);
  // Masked in every log line from now on, whatever else happens to it.
  api.registerSecret(secret);
  if (!secret) throw invalid('createApiKey', `API key ${String(object.id)} was created, but the answer holds no secret: delete it and create another`);
  const key = object.key_type === 'ingest' ? `${String(object.id)}${secret}` : secret;
  api.registerSecret(key);
  return { object, key };
}

/**
 * What each type's update takes (API `IngestKeyRequest` / `ConfigurationKeyRequest`): an ingest
 * key its name and `disabled`, a configuration key also its permissions.
 */
export const UPDATABLE_ATTRIBUTES: Record<ApiKeyType, readonly string[]> = {
  ingest: ['name', 'disabled'],
  configuration: ['name', 'disabled', 'permissions'],
};

/** The type an ID says (API: "The last two characters of the prefix define the type of key"). */
export function keyTypeOfId(id: string): ApiKeyType | undefined {
  return id.startsWith('hcxik_') ? 'ingest' : id.startsWith('hcxlk_') ? 'configuration' : undefined;
}

/** A PATCH of the attributes given; one the key's type cannot change is refused before it is sent. */
export async function updateApiKey(api: HoneycombApi, id: string, attributes: ApiObject, signal?: AbortSignal): Promise<ApiObject> {
  const type = keyTypeOfId(id);
  const refused = type ? Object.keys(attributes).filter((k) => !UPDATABLE_ATTRIBUTES[type].includes(k)) : [];
  if (refused.length > 0) {
    throw new ServiceError({
      kind: 'badInput',
      service: SERVICE,
      operation: 'updateApiKey',
      summary: `an ${type === 'ingest' ? 'ingest' : 'configuration'} key's update takes ${UPDATABLE_ATTRIBUTES[type!].join(', ')}, not ${refused.join(', ')}`,
      hint: 'Create a new key for other values.',
    });
  }
  const body = { data: { id, type: TYPE, attributes } };
  return flatApiKey('updateApiKey', await api.v2({ operation: 'updateApiKey', method: 'PATCH', path: await apiKeysPath(api, signal, id), body, idempotent: false, signal })).object;
}

export async function deleteApiKey(api: HoneycombApi, id: string, signal?: AbortSignal): Promise<DeleteOutcome> {
  try {
    await api.v2({ operation: 'deleteApiKey', method: 'DELETE', path: await apiKeysPath(api, signal, id), idempotent: false, signal });
    return 'deleted';
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'notFound') return 'alreadyGone';
    throw error;
  }
}
