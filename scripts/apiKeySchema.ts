import type { KindSchemaSpec } from './generate-schemas';

type Schema = Record<string, unknown>;

/**
 * An API key's document is the attributes of the API's `ApiKeyObject` (the JSON:API resource
 * flattened, as src/clients/honeycomb/apiKeys.ts reads and writes it). The API describes each
 * key type as a form of its own (a `oneOf` on `key_type`): the document is one object with the
 * configuration key's fields, whose `key_type` names both types; what an ingest key refuses (any
 * permission but `create_datasets`, changes of its permissions) is checked by apiKeyRules.ts,
 * which can say so in words. The name's lower bound is the provider's (`LengthBetween(1, 100)`).
 */
export const API_KEY_SCHEMA: KindSchemaSpec = {
  file: 'honeycomb-api-key',
  document: 'honeycomb.openapi.yaml',
  component: 'ConfigurationKeyAttributes',
  title: 'Honeycomb API key',
  adjust: (schema) => {
    const properties = schema.properties as Record<string, Schema>;
    properties.key_type = {
      ...properties.key_type,
      enum: ['ingest', 'configuration'],
      description: 'ingest (sends events) or configuration (reads and changes configuration, with permissions); it cannot change once the key exists.',
    };
    properties.name = { ...properties.name, minLength: 1 };
    const permissions = properties.permissions;
    permissions.description = 'What the key may do. An ingest key takes create_datasets only, and its permissions cannot change once it exists.';
  },
};
