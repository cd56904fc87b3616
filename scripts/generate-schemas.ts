/**
 * Generates the JSON schema of each editable kind (schemas/<kind>.schema.json) from the official
 * OpenAPI documents vendored in test/servers/openapi/. The editor binds them to edit documents
 * (package.json `jsonValidation`) for completion, hover and problems, and the save pipeline
 * checks them again before anything is sent.
 *
 *   npm run generate-schemas           writes the files
 *   (test/unit/editing/schemas.test.ts fails when a committed file differs from what this makes)
 *
 * Each schema holds only the fields a document may hold: `readOnly` properties are left out,
 * `$ref`s are inlined, `allOf`s merged, and objects that name their properties are closed
 * (`additionalProperties: false`) so a misspelled field is underlined. Draft-07, which VS Code's
 * JSON language service reads.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadYamlDocument } from '../test/servers/openapi/loadDocument';
import { AUTHENTIK_KINDS, AUTHENTIK_KIND_NAMES, AuthentikKind } from '../src/clients/authentik/resources/kinds';
import { schemaFileOf } from '../src/views/authentik/kinds/ids';
import { secretFieldsOf } from '../src/views/authentik/kinds/kind';

type Schema = Record<string, unknown>;

export interface KindSchemaSpec {
  /** Output file name without `.schema.json`; also the document suffix: `*.honeycomb-trigger.json`. */
  file: string;
  document: 'honeycomb.openapi.yaml' | 'authentik.schema.yml';
  /** The component schema the document holds. */
  component: string;
  title: string;
  /** Changes after the generic conversion, where the document under-specifies (said in each `why`). */
  adjust?: (schema: Schema, components: Record<string, Schema>) => void;
}

/** The trigger query subset, as the provider documents it (see src/clients/honeycomb/triggerRules.ts). */
const TRIGGER_QUERY_FIELDS = ['calculations', 'filters', 'filter_combination', 'breakdowns', 'time_range'];

export const KIND_SCHEMAS: KindSchemaSpec[] = [
  {
    file: 'honeycomb-trigger',
    document: 'honeycomb.openapi.yaml',
    // The PUT body; the create body's `oneOf` of two open schemas accepts nothing as written.
    component: 'TriggerResponse',
    title: 'Honeycomb trigger',
    adjust: (schema, components) => {
      const properties = schema.properties as Record<string, Schema>;
      // The document gives the inline query `properties: {}` with the words "a strict subset of a
      // Query Specification": the subset is spelled out here so completion offers its fields.
      const query = convert(components.Query, components) as Schema;
      const queryProperties = query.properties as Record<string, Schema>;
      properties.query = {
        ...properties.query,
        type: 'object',
        properties: Object.fromEntries(TRIGGER_QUERY_FIELDS.map((k) => [k, queryProperties[k]]).filter(([, v]) => v !== undefined)),
        additionalProperties: false,
      };
      // The frequency rules sit in the description text (an indentation slip in the document);
      // they are checked as rules (triggerRules.ts), and said here for hover.
      properties.frequency = {
        ...properties.frequency,
        description: `${String(properties.frequency.description ?? '')
          .split('minimum:')[0]
          .trim()} A multiple of 60 between 60 and 86400; default 900.`,
      };
    },
  },
  {
    file: 'honeycomb-query-annotation',
    document: 'honeycomb.openapi.yaml',
    component: 'QueryAnnotation',
    title: 'Honeycomb query annotation',
  },
  ...AUTHENTIK_KIND_NAMES.map(authentikSchemaSpec),
];

/**
 * An authentik kind's document: the create body (`…Request`; a PATCH takes the same fields, all
 * optional) without its secret fields (and not requiring write-only ones), which are set by their own commands and never sit in a
 * document. Durations are strings the server reads leniently; their rule is said for hover and
 * checked strictly by the kind's rules.
 */
function authentikSchemaSpec(kind: AuthentikKind): KindSchemaSpec {
  const spec = AUTHENTIK_KINDS[kind];
  return {
    file: schemaFileOf(kind),
    document: 'authentik.schema.yml',
    component: spec.schemas.create,
    title: `authentik ${spec.label.toLowerCase()}`,
    adjust: (schema) => {
      const properties = schema.properties as Record<string, Schema>;
      for (const secret of secretFieldsOf(spec)) delete properties[secret];
      if (Array.isArray(schema.required)) {
        // Write-only fields are never read back, so a document of an existing object lacks them;
        // a new certificate's PEM comes from a file when it is created (see editorKinds.ts).
        schema.required = (schema.required as string[]).filter((name) => name in properties && !spec.writeOnlyFields.includes(name));
        if ((schema.required as string[]).length === 0) delete schema.required;
      }
      for (const field of spec.durationFields) {
        if (properties[field])
          properties[field] = {
            ...properties[field],
            description: (
              `${String(properties[field].description ?? '').trim()} A duration: key=value parts separated by ";" ` +
              'with the keys weeks, days, hours, minutes, seconds, milliseconds, microseconds (e.g. hours=8;minutes=30).'
            ).trim(),
          };
      }
    },
  };
}

const SCHEMA_DIR = path.resolve(__dirname, '..', '..', 'schemas');

/** The generated schema text of one kind (stable key order, two-space indent, final newline). */
export function generateSchema(spec: KindSchemaSpec): string {
  const document = loadYamlDocument(spec.document).data;
  const components = ((document.components as Schema).schemas ?? {}) as Record<string, Schema>;
  const source = components[spec.component];
  if (!source) throw new Error(`${spec.document} has no component schema ${spec.component}`);
  const schema = convert(source, components) as Schema;
  spec.adjust?.(schema, components);
  const out: Schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $comment:
      `The writable fields of ${/^[aeiou]/i.test(spec.title) ? 'an' : 'a'} ${spec.title}, generated from ${spec.document} (${spec.component}) ` +
      'by scripts/generate-schemas.ts. Do not edit by hand.',
    title: spec.title,
    ...schema,
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

/**
 * One OpenAPI schema as draft-07: `$ref`s inlined, `allOf` merged, read-only properties left out,
 * `nullable` as a type union, OpenAPI-only keywords dropped, named properties closed.
 */
function convert(input: unknown, components: Record<string, Schema>, depth = 0): unknown {
  if (depth > 30) throw new Error('schema nesting too deep (a $ref cycle?)');
  if (Array.isArray(input)) return input.map((v) => convert(v, components, depth + 1));
  if (!input || typeof input !== 'object') return input;
  let schema = input as Schema;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = components[name];
    if (!target) throw new Error(`unresolved $ref ${schema.$ref}`);
    const { $ref: _ref, ...siblings } = schema;
    schema = { ...target, ...siblings };
  }
  if (Array.isArray(schema.allOf)) schema = mergeAllOf(schema, components, depth);
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (['example', 'examples', 'x-tags', 'xml', 'externalDocs', 'discriminator', 'readOnly', 'writeOnly', 'deprecated', 'nullable'].includes(key)) continue;
    if (key === 'properties' && value && typeof value === 'object') {
      const properties: Schema = {};
      for (const [name, property] of Object.entries(value as Schema)) {
        const resolved = resolveRef(property as Schema, components);
        if (resolved.readOnly === true) continue;
        properties[name] = convert(property, components, depth + 1);
      }
      out.properties = properties;
    } else if (key === 'required' && Array.isArray(value)) {
      continue; // filtered below, against the writable properties
    } else {
      out[key] = convert(value, components, depth + 1);
    }
  }
  if (schema.nullable === true) out.type = Array.isArray(out.type) ? [...(out.type as unknown[]), 'null'] : out.type ? [out.type, 'null'] : undefined;
  if (Array.isArray(schema.required) && out.properties) {
    const required = (schema.required as string[]).filter((name) => name in (out.properties as Schema));
    if (required.length) out.required = required;
  }
  if (out.properties && Object.keys(out.properties).length > 0 && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

function resolveRef(schema: Schema, components: Record<string, Schema>): Schema {
  if (typeof schema?.$ref === 'string') return components[schema.$ref.replace('#/components/schemas/', '')] ?? schema;
  return schema;
}

/** `allOf: [A, B]` → one object schema with the properties and required fields of both. */
function mergeAllOf(schema: Schema, components: Record<string, Schema>, depth: number): Schema {
  const { allOf, ...rest } = schema;
  const merged: Schema = { ...rest };
  const properties: Schema = { ...((rest.properties as Schema) ?? {}) };
  const required = new Set<string>((rest.required as string[]) ?? []);
  for (const part of allOf as Schema[]) {
    let member = resolveRef(part, components);
    if (Array.isArray(member.allOf)) member = mergeAllOf(member, components, depth + 1);
    Object.assign(properties, (member.properties as Schema) ?? {});
    for (const name of (member.required as string[]) ?? []) required.add(name);
    for (const [key, value] of Object.entries(member)) {
      if (!['properties', 'required', 'allOf'].includes(key) && !(key in merged)) merged[key] = value;
    }
  }
  if (Object.keys(properties).length) merged.properties = properties;
  if (required.size) merged.required = [...required];
  return merged;
}

export function schemaPath(spec: KindSchemaSpec): string {
  return path.join(SCHEMA_DIR, `${spec.file}.schema.json`);
}

if (require.main === module) {
  for (const spec of KIND_SCHEMAS) {
    fs.writeFileSync(schemaPath(spec), generateSchema(spec));
    process.stdout.write(`wrote schemas/${spec.file}.schema.json\n`);
  }
}
