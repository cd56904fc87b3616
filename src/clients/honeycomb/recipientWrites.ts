import { writtenObject } from '../../core/writtenObject';
import { HoneycombApi } from './api';
import { idSegment } from './paths';
import type { ApiObject, DeleteOutcome } from './writes';

/**
 * Writes of the team's recipients (`/1/recipients`, `/1/recipients/{id}`), with the semantics of
 * writes.ts: PUT replaces the whole recipient ("Partial PUT is not supported", the API document),
 * no write is retried, a DELETE answered 404 is "already gone". Recipients are team-wide: any
 * environment's configuration key of the team reaches the same ones. Every secret a recipient
 * answers with (webhook secret, header values, PagerDuty integration key) is registered for
 * masking before the object goes anywhere.
 */
const path = (id?: string) => `/1/recipients${id === undefined ? '' : `/${idSegment(id)}`}`;

export async function getRecipientObject(api: HoneycombApi, id: string, signal?: AbortSignal): Promise<ApiObject> {
  return registerRecipientSecrets(api, api.expectObject<ApiObject>('getRecipient', await api.v1({ operation: 'getRecipient', path: path(id), signal })));
}

export async function createRecipient(api: HoneycombApi, body: ApiObject, signal?: AbortSignal): Promise<ApiObject> {
  registerRecipientSecrets(api, body);
  const response = await api.v1Response({ operation: 'createRecipient', method: 'POST', path: path(), body, signal });
  return registerRecipientSecrets(api, writtenObject(response.status, response.data, { service: 'Honeycomb', operation: 'createRecipient', noun: 'recipient', idField: 'id' }));
}

export async function updateRecipient(api: HoneycombApi, id: string, body: ApiObject, signal?: AbortSignal): Promise<ApiObject> {
  registerRecipientSecrets(api, body);
  const response = await api.v1Response({ operation: 'updateRecipient', method: 'PUT', path: path(id), body, idempotent: false, signal });
  return registerRecipientSecrets(api, writtenObject(response.status, response.data, { service: 'Honeycomb', operation: 'updateRecipient', noun: 'recipient' }));
}

export async function deleteRecipient(api: HoneycombApi, id: string, signal?: AbortSignal): Promise<DeleteOutcome> {
  const response = await api.v1Response({ operation: 'deleteRecipient', method: 'DELETE', path: path(id), idempotent: false, acceptStatus: [404], signal });
  return response.status === 404 ? 'alreadyGone' : 'deleted';
}

function registerRecipientSecrets(api: HoneycombApi, object: ApiObject): ApiObject {
  const details = object.details as Record<string, unknown> | undefined;
  if (!details || typeof details !== 'object') return object;
  for (const field of ['webhook_secret', 'pagerduty_integration_key']) if (typeof details[field] === 'string') api.registerSecret(details[field]);
  if (Array.isArray(details.webhook_headers)) {
    for (const header of details.webhook_headers as unknown[]) {
      const value = (header as { value?: unknown } | null)?.value;
      if (typeof value === 'string') api.registerSecret(value);
    }
  }
  return object;
}
