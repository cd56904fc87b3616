import type { HoneycombApi } from '../../../clients/honeycomb/api';
import { Address, EditableKind, JsonObject, KindBackend, Problem } from '../../../editing/kind';

/** The kind id, apart so tree nodes can name it without loading the kind. */
export const API_KEY_KIND_ID = 'honeycomb.apiKey';

/**
 * A Honeycomb API key as an editable kind (v2 API, management key): `{ team, environment, id }`,
 * `environment` being the ID of the environment the key belongs to. Its document is the
 * resource's attributes less the timestamps; a save PATCHes only what changed, and what each type's
 * update takes (apiKeyRules.ts). The secret is never in a document: Honeycomb answers it once, at
 * creation, and the backend hands it to `keyCreated` (which offers to keep it) before the object
 * goes anywhere else. A delete always wants the typed name: whatever uses the key stops working.
 */
export const API_KEY_FIELDS = ['name', 'key_type', 'disabled', 'permissions'] as const;
export const API_KEY_READ_ONLY_FIELDS = ['id', 'timestamps', 'secret'] as const;

export interface NewApiKey {
  /** Where it was created. */
  address: Address;
  name: string;
  keyType: string;
  /** The key as clients send it: to be offered once, never kept, logged or shown in a document. */
  key: string;
}

export interface ApiKeyKindParts {
  /** The API with the team's management key. */
  api(): Promise<HoneycombApi>;
  schema(): Promise<JsonObject>;
  rules(document: JsonObject, baseline?: JsonObject): Problem[] | Promise<Problem[]>;
  /** Asks which type a new key is (`keyType` in the parent address); undefined when cancelled. */
  prepareCreate?(parent: Address): Promise<Address | undefined>;
  /** Called once with a new key's secret; not awaited by the save. */
  keyCreated(created: NewApiKey): void;
}

/** A new key's permissions: none, as the API's defaults (the document lists them, to be switched on). */
const CONFIGURATION_PERMISSIONS = [
  'create_datasets',
  'send_events',
  'manage_markers',
  'manage_triggers',
  'manage_boards',
  'run_queries',
  'manage_columns',
  'manage_slos',
  'manage_recipients',
  'manage_privateBoards',
  'read_service_maps',
  'visible_team_members',
];

export function apiKeyTemplate(keyType: string): JsonObject {
  return keyType === 'ingest'
    ? { name: 'New ingest key', key_type: 'ingest', disabled: false, permissions: { create_datasets: false } }
    : { name: 'New configuration key', key_type: 'configuration', disabled: false, permissions: Object.fromEntries(CONFIGURATION_PERMISSIONS.map((p) => [p, false])) };
}

export function apiKeyKind(parts: ApiKeyKindParts): EditableKind {
  return {
    id: API_KEY_KIND_ID,
    noun: 'API key',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-api-key',
    addressKeys: ['team', 'environment', 'id'],
    parentKeys: ['team', 'environment'],
    fieldOrder: API_KEY_FIELDS,
    readOnlyFields: API_KEY_READ_ONLY_FIELDS,
    updateStyle: 'patch',
    schema: parts.schema,
    rules: (document, baseline) => parts.rules(document, baseline),
    prepareCreate: parts.prepareCreate,
    template: (parent) => apiKeyTemplate(parent.keyType ?? 'configuration'),
    nameOf: (object) => (typeof object.name === 'string' ? object.name : ''),
    label: (address, object) => ({
      title: object && typeof object.name === 'string' && address.id ? `API key “${object.name}”` : address.id ? `API key ${address.id}` : 'a new API key',
      location: `environment ${address.environment} of team “${address.team}” (Honeycomb)`,
    }),
    // Whatever sends with the key stops working: always the typed name.
    alwaysTypeNameToDelete: true,
    backend: apiKeyBackend(parts),
    code: {
      terraform: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './apiKeyCode')).apiKeyTerraform(object, address),
      pulumi: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './apiKeyCode')).apiKeyPulumi(object, address),
    },
  };
}

function apiKeyBackend(parts: ApiKeyKindParts): KindBackend {
  const writes = () => import(/* webpackChunkName: "honeycomb-writes" */ '../../../clients/honeycomb/apiKeys');
  return {
    read: async (a, signal) => (await writes()).readApiKey(await parts.api(), a.id, signal),
    create: async (parent, body, signal) => {
      const { object, key } = await (await writes()).createApiKey(await parts.api(), parent.environment, body, signal);
      const address = { team: parent.team, environment: parent.environment, id: String(object.id) };
      parts.keyCreated({ address, name: String(object.name ?? ''), keyType: String(object.key_type ?? ''), key });
      return { object, address };
    },
    update: async (a, body, signal) => (await writes()).updateApiKey(await parts.api(), a.id, body, signal),
    remove: async (a, signal) => (await writes()).deleteApiKey(await parts.api(), a.id, signal),
  };
}
