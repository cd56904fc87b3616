/**
 * Generates `schemas/blueprint/authentik-blueprint.schema.json`: what a blueprint file may hold,
 * for the blueprint language features (src/views/authentik/blueprintLanguage/). Same shape as the
 * schema authentik publishes for blueprints (draft-07; `entries` items a `oneOf` with one branch per
 * model; each model's fields in `$defs` as `model_<app_label>.<model_name>`), made from the 2026.8.3
 * API document: `ModelEnum` lists the models, each model's `…Request` schema gives its fields.
 *
 * Kept small, because it ships (as a chunk loaded only when a blueprint is opened): a field keeps
 * its type, format, enum values, items and description, and drops bounds, patterns and titles
 * (authentik checks those itself on the dry run of a save).
 *
 * Beyond the API document, following authentik's own code (docs/seed-notes.md, "Blueprints"):
 * - the meta models the importer registers (`metaapplyblueprint`, `metacleanblueprint`,
 *   `metausersetpassword`), which are not API models;
 * - fields a serializer adds only when it runs for a blueprint (`SERIALIZER_CONTEXT_BLUEPRINT`).
 */
import * as path from 'node:path';
import { loadServiceModel } from '../test/servers/openapi/loadDocument';

type Schema = Record<string, unknown>;

export const BLUEPRINT_SCHEMA_PATH = path.resolve(__dirname, '..', '..', 'schemas', 'blueprint', 'authentik-blueprint.schema.json');

/** The importer's meta models: serializers of their own, no API model (authentik/blueprints/v1/meta/). */
const META_MODELS: Record<string, { description: string; properties: Record<string, Schema> }> = {
  'authentik_blueprints.metaapplyblueprint': {
    description: 'Applies another blueprint (found by its identifiers) when this entry is reached.',
    properties: {
      identifiers: { type: 'object', description: 'Fields that find the blueprint instance to apply, e.g. name or path.' },
      required: { type: 'boolean', description: 'When true (the default), the blueprint must exist; when false, a missing one is skipped.' },
    },
  },
  'authentik_blueprints.metacleanblueprint': {
    description: 'Deletes every object of a model.',
    properties: { model_name: { type: 'string', description: 'The model whose objects are all deleted, as app_label.model_name.' } },
  },
  'authentik_blueprints.metausersetpassword': {
    description: "Sets a user's password.",
    properties: {
      user_identifiers: { type: 'object', description: 'Fields that find the user.' },
      raw_password: { type: 'string', description: 'The new password.' },
      set_unusable: { type: 'boolean', description: 'When true, the password is made unusable instead.' },
    },
  },
};

/** Fields a serializer adds in a blueprint context only (its `__init__` checks `SERIALIZER_CONTEXT_BLUEPRINT`). */
const BLUEPRINT_ONLY_FIELDS: Record<string, Record<string, Schema>> = {
  'authentik_core.application': { icon: { type: 'string', description: "The application's icon: a URL or a path under the media folder." } },
  'authentik_core.token': { key: { type: 'string', description: "The token's key (secret); generated when left out." } },
  'authentik_core.user': {
    password: { type: ['string', 'null'], description: "The user's password, set when the entry is applied." },
    permissions: { type: 'array', items: { type: 'string' }, description: 'Global permissions of the user, as app_label.codename.' },
  },
  'authentik_rbac.role': { permissions: { type: 'array', items: { type: 'string' }, description: 'Global permissions of the role, as app_label.codename.' } },
  'authentik_stages_invitation.invitation': { created_by: { type: ['integer', 'null'], description: 'The user who created the invitation (primary key).' } },
};

/** The entry states of the importer (`BlueprintEntryDesiredState`). */
export const ENTRY_STATES = ['absent', 'present', 'created', 'must_created'];

export function generateBlueprintSchema(): string {
  const document = loadServiceModel('authentik.schema.yml').data;
  const components = ((document.components as Schema).schemas ?? {}) as Record<string, Schema>;
  const models = [...((components.ModelEnum?.enum ?? []) as string[])].sort();
  if (models.length === 0) throw new Error('authentik.schema.yml has no ModelEnum');
  const byLowerName = new Map(Object.keys(components).map((name) => [name.toLowerCase(), name]));
  const defs: Record<string, Schema> = {};
  const withoutRequestSchema: string[] = [];
  for (const model of models) {
    const requestName = byLowerName.get(`${model.split('.')[1]}request`);
    const request = requestName ? components[requestName] : undefined;
    if (!request) withoutRequestSchema.push(model);
    const properties: Record<string, Schema> = {};
    for (const [name, property] of Object.entries((request?.properties ?? {}) as Record<string, Schema>)) properties[name] = field(property, components);
    Object.assign(properties, BLUEPRINT_ONLY_FIELDS[model] ?? {});
    // Without a `…Request` schema the fields are unknown: any field is accepted.
    defs[`model_${model}`] = request ? { type: 'object', properties } : { type: 'object', additionalProperties: true };
  }
  for (const [model, meta] of Object.entries(META_MODELS)) defs[`model_${model}`] = { type: 'object', description: meta.description, properties: meta.properties };
  defs.entryState = { type: 'string', enum: ENTRY_STATES, default: 'present' };
  defs.entryPermissions = {
    type: 'array',
    description: 'Object permissions given on the object this entry makes, to a user or a role.',
    items: {
      type: 'object',
      required: ['permission'],
      properties: { permission: { type: 'string' }, user: { type: 'integer' }, role: { type: 'string' } },
    },
  };
  const allModels = [...models, ...Object.keys(META_MODELS)].sort();
  const out: Schema = {
    $schema: 'http://json-schema.org/draft-07/schema',
    $comment:
      `authentik blueprint files, from ModelEnum and the …Request schemas of authentik.schema.yml (${String((document.info as Schema)?.version ?? '')}) ` +
      `and the importer's meta models, by scripts/blueprintSchema.ts. Models without a Request schema (any field accepted): ${withoutRequestSchema.join(', ') || 'none'}. Do not edit by hand.`,
    type: 'object',
    title: 'authentik blueprint',
    required: ['version', 'entries'],
    properties: {
      version: { type: 'integer', title: 'Blueprint version', default: 1 },
      metadata: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, labels: { type: 'object', additionalProperties: { type: 'string' } } } },
      context: { type: 'object', additionalProperties: true },
      entries: {
        type: 'array',
        items: {
          oneOf: allModels.map((model) => ({
            type: 'object',
            // The importer looks an API model's object up by its identifiers ("No or invalid
            // identifiers" without them); a meta model reads only its attrs.
            required: model in META_MODELS ? ['model'] : ['model', 'identifiers'],
            properties: {
              model: { const: model },
              id: { type: 'string' },
              state: { $ref: '#/$defs/entryState' },
              conditions: { type: 'array' },
              permissions: { $ref: '#/$defs/entryPermissions' },
              attrs: { $ref: `#/$defs/model_${model}` },
              identifiers: { $ref: `#/$defs/model_${model}` },
            },
          })),
        },
      },
    },
    $defs: defs,
  };
  return `${JSON.stringify(out)}\n`;
}

/** One field of a `…Request` schema, reduced to what completion, hover and the checks read. */
function field(input: Schema, components: Record<string, Schema>): Schema {
  const schema = resolve(input, components);
  const out: Schema = {};
  let type = schema.type;
  if (schema.nullable === true || input.nullable === true) type = type === undefined ? undefined : [type, 'null'].flat();
  if (type !== undefined) out.type = type;
  if (typeof schema.format === 'string' && ['uuid', 'date-time', 'email', 'uri', 'binary'].includes(schema.format)) out.format = schema.format;
  if (Array.isArray(schema.enum)) out.enum = schema.enum.filter((value) => value !== null && value !== '');
  const description = input.description ?? schema.description;
  if (typeof description === 'string' && description.trim()) out.description = description.trim();
  if (schema.items && typeof schema.items === 'object') {
    const items = field(schema.items as Schema, components);
    delete items.description;
    out.items = items;
  }
  return out;
}

/** A `$ref`, or an `allOf` of one `$ref` (how the document adds a description to an enum), resolved. */
function resolve(schema: Schema, components: Record<string, Schema>): Schema {
  if (typeof schema.$ref === 'string') return resolve(components[schema.$ref.replace('#/components/schemas/', '')] ?? {}, components);
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) return { ...resolve(schema.allOf[0] as Schema, components), ...(schema.nullable ? { nullable: true } : {}) };
  if (Array.isArray(schema.oneOf)) {
    // `oneOf: [SomeEnum, BlankEnum, NullEnum]`: the first branch's values, nullable when one branch is NullEnum.
    const branches = (schema.oneOf as Schema[]).map((branch) => resolve(branch, components));
    const values = branches.flatMap((branch) => (Array.isArray(branch.enum) ? (branch.enum as unknown[]) : []));
    const first = branches[0] ?? {};
    return { ...first, ...(values.length ? { enum: values } : {}), ...(values.includes(null) ? { nullable: true } : {}) };
  }
  return schema;
}
