import { loadYamlDocument } from '../../servers/openapi/loadDocument';

type Schema = Record<string, unknown>;

/**
 * Objects of an authentik kind in the shape the API description gives them (2026.8.3), for round
 * trips of kinds the real-object corpus does not cover: every property of the read schema, read-only
 * ones included, with a value of its type. Variant 0 fills everything (lists hold one item, enums
 * their first value); variant 1 takes the other choices (nullable fields null, lists empty, the
 * last enum value), so a kind is tried with both shapes it can come in.
 */
export function sampleObject(schemaName: string, variant: 0 | 1): Record<string, unknown> {
  const components = (loadYamlDocument('authentik.schema.yml').data.components as Schema).schemas as Record<string, Schema>;
  return sample({ $ref: `#/components/schemas/${schemaName}` }, components, variant, 'object', 0) as Record<string, unknown>;
}

function sample(input: Schema, components: Record<string, Schema>, variant: 0 | 1, name: string, depth: number): unknown {
  let schema = input;
  if (typeof schema.$ref === 'string') schema = { ...components[schema.$ref.split('/').pop()!], ...withoutRef(schema) };
  if (Array.isArray(schema.allOf)) schema = { ...schema, ...(schema.allOf as Schema[]).reduce<Schema>((all, part) => ({ ...all, ...resolve(part, components) }), {}), allOf: undefined };
  if (Array.isArray(schema.oneOf)) return sample((schema.oneOf as Schema[])[0], components, variant, name, depth + 1);
  if (variant === 1 && schema.nullable === true) return null;
  if (Array.isArray(schema.enum)) {
    const values = (schema.enum as unknown[]).filter((v) => v !== '' && v !== null);
    return values.length ? values[variant === 0 ? 0 : values.length - 1] : schema.enum[0];
  }
  switch (schema.type) {
    case 'boolean':
      return variant === 0;
    case 'integer':
    case 'number':
      return Math.max(Number(schema.minimum ?? 0), Math.min(Number(schema.maximum ?? 100), 3 + variant));
    case 'array':
      return variant === 0 && depth < 3 ? [sample((schema.items as Schema) ?? {}, components, variant, name, depth + 1)] : [];
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      if (Object.keys(properties).length === 0) return depth > 2 ? {} : { key: `value-${variant}` };
      return Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, sample(property, components, variant, key, depth + 1)]));
    }
    default:
      return stringOf(schema, name, variant);
  }
}

function stringOf(schema: Schema, name: string, variant: 0 | 1): string {
  switch (schema.format) {
    case 'uuid':
      return `0c5a1f4e-${variant}b2d-4c3e-9f10-${String(name.length).padStart(12, '0')}`;
    case 'date-time':
      return `2026-0${variant + 3}-14T09:30:00Z`;
    case 'uri':
      return `https://id.example.com/${name}/${variant}`;
    case 'email':
      return `${name}.${variant}@example.com`;
    default: {
      const text = `${name.replace(/_/g, '-')}-${variant}`;
      return typeof schema.maxLength === 'number' ? text.slice(0, schema.maxLength) : text;
    }
  }
}

function resolve(schema: Schema, components: Record<string, Schema>): Schema {
  return typeof schema.$ref === 'string' ? (components[schema.$ref.split('/').pop()!] ?? {}) : schema;
}

function withoutRef(schema: Schema): Schema {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}
