import type { HoneycombApi } from '../../../clients/honeycomb/api';
import { ServiceError } from '../../../core/errors';
import { Address, JsonObject, KindBackend } from '../../../editing/kind';
import { createSecretOf, forgetCreateSecret } from './recipientCreateSecrets';

/**
 * The editing backend of the team's recipients: `{ env, id }` addresses, each request with the
 * key of the address's environment (recipients are team-wide, so any environment of the team
 * reaches the same ones). A new recipient's secret, asked before its document opened, joins the
 * body here, on its way to the request, and nowhere earlier. Before a delete, the triggers that
 * notify the recipient are listed (`/1/recipients/{id}/triggers`, every environment of the team).
 * No `vscode` here: the save pipeline runs against the stand-in in unit tests.
 */
export function recipientBackend(apiFor: (address: Address) => Promise<HoneycombApi>): KindBackend {
  const writes = () => import(/* webpackChunkName: "honeycomb-writes" */ '../../../clients/honeycomb/recipientWrites');
  return {
    read: async (a, signal) => (await writes()).getRecipientObject(await apiFor(a), a.id, signal),
    create: async (parent, body, signal) => {
      const object = await (await writes()).createRecipient(await apiFor(parent), withCreateSecret(parent, body), signal);
      if (parent.secretRef) forgetCreateSecret(parent.secretRef);
      return { object, address: { env: parent.env, id: String(object.id ?? '') } };
    },
    update: async (a, body, signal) => (await writes()).updateRecipient(await apiFor(a), a.id, body, signal),
    remove: async (a, signal) => (await writes()).deleteRecipient(await apiFor(a), a.id, signal),
    usedBy: async (a, signal) => {
      const { listRecipientTriggers } = await import(/* webpackChunkName: "honeycomb-writes" */ '../../../clients/honeycomb/triggers');
      const triggers = await listRecipientTriggers(await apiFor(a), a.id, signal);
      return triggers.map((t) => `trigger “${t.name}” (${t.dataset === '__all__' ? 'environment-wide' : `dataset ${t.dataset}`})`);
    },
  };
}

/**
 * The body of a create with the secret asked at "New Recipient…" (kept in memory under the
 * parent's `secretRef`, never in the document or its URI). A new PagerDuty recipient cannot be
 * made without its key (API: required): when the key is gone (the window was reloaded since), the
 * create stops with a clear message rather than sending a body Honeycomb refuses.
 */
export function withCreateSecret(parent: Address, body: JsonObject): JsonObject {
  const secret = parent.secretRef ? createSecretOf(parent.secretRef) : undefined;
  const details = isObject(body.details) ? body.details : {};
  if (secret && body.type === secret.type) return { ...body, details: { ...details, [secret.field]: secret.value } };
  if (body.type === 'pagerduty' && typeof details.pagerduty_integration_key !== 'string') {
    throw new ServiceError({
      kind: 'badInput',
      service: 'Honeycomb',
      operation: 'createRecipient',
      summary: 'a new PagerDuty recipient needs its integration key, and none was given for this document',
      hint: 'Start "New Recipient…" again and choose PagerDuty: it asks for the key (kept in memory only, so a window reload forgets it).',
    });
  }
  return body;
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
