import type { KindSchemaSpec } from './generate-schemas';

type Schema = Record<string, unknown>;

/**
 * An environment's document is the attributes of the API's `Environment` (the JSON:API resource
 * flattened, as src/clients/honeycomb/environmentWrites.ts reads and writes it), less the `slug`
 * Honeycomb makes from the name. The length limits come from the create and update bodies
 * (`CreateEnvironmentRequest`: name and description at most 255), which the provider holds too
 * (`LengthBetween(1, 255)` for the name).
 */
export const ENVIRONMENT_SCHEMA: KindSchemaSpec = {
  file: 'honeycomb-environment',
  document: 'honeycomb.openapi.yaml',
  component: 'Environment',
  title: 'Honeycomb environment',
  adjust: (schema) => {
    const attributes = (schema.properties as Record<string, Schema>).attributes;
    for (const key of Object.keys(schema)) delete schema[key];
    Object.assign(schema, attributes);
    const properties = schema.properties as Record<string, Schema>;
    delete properties.slug;
    properties.name = { ...properties.name, minLength: 1, maxLength: 255, description: 'The name of the environment; it cannot change once the environment exists.' };
    properties.description = { ...properties.description, maxLength: 255 };
    schema.required = ['name'];
  },
};
