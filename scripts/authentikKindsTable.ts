/**
 * The table of authentik's object kinds, derived from the OpenAPI document (2026.8.3): for each
 * collection the API can list, where its objects live, which operations it allows, the fields of
 * its `…Request` body (as compact draft-07 schemas, descriptions left out), the required, read-only
 * and write-only fields, and which polymorphic list (`/providers/all/`…) shows it under which
 * `meta_model_name`. The extension loads it (`schemas/authentik-kinds.json`) with the first edit
 * (src/clients/authentik/resources/kindsTable.ts) and edits every object on its row.
 *
 * Shared schemas (enums, nested objects such as an OAuth2 provider's redirect URIs) are kept once,
 * under `definitions`, and referred to: the table stays small.
 */
import * as path from 'node:path';
import { loadServiceModel } from '../test/servers/openapi/loadDocument';
import type { KindsTable, TableKind } from '../src/clients/authentik/resources/kindsTable';

type Schema = Record<string, unknown>;
type Operation = { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> }; responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> };
type PathItem = Record<string, Operation>;

export const AUTHENTIK_KINDS_TABLE_PATH = path.resolve(__dirname, '..', '..', 'schemas', 'authentik-kinds.json');

/** The polymorphic lists: each shows objects of many typed collections under its path prefix. */
export const POLYMORPHIC_LISTS: Readonly<Record<string, string>> = {
  provider: '/providers/all/',
  stage: '/stages/all/',
  policy: '/policies/all/',
  propertyMapping: '/propertymappings/all/',
  source: '/sources/all/',
  serviceConnection: '/outposts/service_connections/all/',
};

/**
 * Secrets the API returns in every read, so the document's `writeOnly` does not mark them: the
 * attributes authentik's Terraform provider marks `Sensitive` (its docs/resources/*.md) whose
 * field a read schema has. They are kept out of documents and masked, like write-only ones.
 */
const RETURNED_SECRETS: Readonly<Record<string, readonly string[]>> = {
  OAuth2Provider: ['client_secret'],
  RadiusProvider: ['shared_secret'],
  KubernetesServiceConnection: ['kubeconfig'],
  PlexSource: ['plex_token'],
  AuthenticatorEndpointGDTCStage: ['credentials'],
  AuthenticatorSMSStage: ['account_sid'],
};

/** Paths of the document that are not objects an administrator edits (history, tasks, events, system). */
const NOT_OBJECTS = /^\/(admin|tasks|events\/events|reports|ssf\/streams|stages\/authenticator\/webauthn_device_types)\//;

export function generateKindsTable(): KindsTable & { $comment: string } {
  const document = loadServiceModel('authentik.schema.yml').data;
  const paths = document.paths as Record<string, PathItem>;
  const components = (document.components as Schema).schemas as Record<string, Schema>;
  const models = ((components.ModelEnum?.enum ?? []) as string[]).slice();
  const definitions: Record<string, Schema> = {};
  const compact = (input: unknown): unknown => compactSchema(input, components, definitions);

  const table: KindsTable & { $comment: string } = {
    $comment: 'authentik object kinds derived from authentik.schema.yml by scripts/authentikKindsTable.ts (npm run generate-schemas). Do not edit by hand.',
    families: {},
    kinds: {},
    definitions,
  };
  for (const [itemPath, item] of Object.entries(paths)) {
    const match = /^(\/.+\/)\{([a-z_]+)\}\/$/.exec(itemPath);
    if (!match || NOT_OBJECTS.test(itemPath)) continue;
    const [, collectionPath, param] = match;
    const collection = paths[collectionPath];
    const itemSchema = refName(item.get?.responses?.['200']?.content?.['application/json']?.schema?.$ref);
    if (!collection?.get || !itemSchema) continue;
    const readFields = Object.keys((components[itemSchema].properties as Schema | undefined) ?? {});
    const ops = [collection.get && 'l', collection.post && 'c', item.get && 'r', item.patch && 'u', item.delete && 'd'].filter(Boolean).join('');
    const idField = readFields.includes(param) ? param : 'pk';
    const usedBy = paths[`${itemPath}used_by/`]?.get ? (true as const) : undefined;
    const family = Object.entries(POLYMORPHIC_LISTS).find(([, listPath]) => listPath === collectionPath)?.[0];
    if (family) {
      table.families[family] = { path: collectionPath, param, idField, item: itemSchema, ops, ...(usedBy ? { usedBy } : {}) };
      continue;
    }
    // The PUT body is what a document edits; it is the create body too, except for an agent
    // (AgentCreateRequest takes a parent pk where AgentRequest's read has the parent object).
    const request = refName((item.put ?? collection.post)?.requestBody?.content?.['application/json']?.schema?.$ref);
    const kind: TableKind = { path: collectionPath, param, idField, item: itemSchema, ops };
    const model = models.find((m) => m.split('.')[1] === itemSchema.toLowerCase());
    if (model) kind.model = model;
    const owner = Object.entries(POLYMORPHIC_LISTS).find(([, listPath]) => collectionPath.startsWith(listPath.replace(/all\/$/, '')));
    if (owner && model && isFamilyMember(owner[0], model, components[itemSchema])) kind.family = owner[0];
    if (usedBy) kind.usedBy = usedBy;
    if (request) {
      kind.request = request;
      const body = components[request];
      const properties = (body.properties ?? {}) as Record<string, Schema>;
      kind.fields = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, compact(property) as Schema]));
      const required = ((body.required ?? []) as string[]).filter((f) => f in properties);
      if (required.length) kind.required = required;
      const readOnly = readFields.filter((f) => !(f in properties));
      if (readOnly.length) kind.readOnly = readOnly;
      const writeOnly = Object.entries(properties)
        .filter(([name, property]) => property.writeOnly === true || !readFields.includes(name))
        .map(([name]) => name);
      if (writeOnly.length) kind.writeOnly = writeOnly;
      const returned = (RETURNED_SECRETS[itemSchema] ?? []).filter((f) => f in properties && readFields.includes(f));
      if (returned.length) kind.returnedSecrets = returned;
    }
    table.kinds[itemSchema] = kind;
  }
  return table;
}

/**
 * Whether a kind under a polymorphic list's path is one of that list's objects (a stage under
 * /stages/, not a prompt at /stages/prompt/prompts/). Its item schema says so with
 * `meta_model_name`, except where authentik's serializer leaves the polymorphic fields out: the
 * webhook mapping (`NotificationWebhookMapping`, a `PropertyMapping` subclass in authentik's
 * code, listed in /propertymappings/all/ with its `ak-property-mapping-notification-form`) has
 * only pk, name and expression. Then the model's name tells: it ends as the family's own type does
 * (`…mapping`, `…stage`, `…provider`), which no object under those paths that is not a member does
 * (invitations, prompts, bindings, user and group connections, sync objects). See docs/seed-notes.md.
 */
export function isFamilyMember(family: string, model: string, itemSchema: Schema): boolean {
  if ((itemSchema.properties as Schema | undefined)?.meta_model_name) return true;
  const ownType = /[A-Z][a-z]*$/.exec(family.replace(/^./, (c) => c.toUpperCase()))![0].toLowerCase();
  return model.split('.')[1].endsWith(ownType);
}

export function kindsTableText(): string {
  return `${JSON.stringify(generateKindsTable())}\n`;
}

function refName(ref: string | undefined): string | undefined {
  return ref?.replace('#/components/schemas/', '');
}

/** Keywords that only describe: left out of the table (hover for these kinds comes from nowhere else). */
const DESCRIPTIVE = new Set(['description', 'title', 'example', 'examples', 'readOnly', 'writeOnly', 'deprecated', 'nullable', 'x-tags', 'xml', 'externalDocs', 'discriminator']);

/**
 * One OpenAPI property as compact draft-07: `nullable` as a type union, `allOf` of one `$ref` as
 * that reference, a named component as `#/definitions/<name>` (converted once into `definitions`),
 * read-only properties of nested objects left out, objects with named properties closed.
 */
function compactSchema(input: unknown, components: Record<string, Schema>, definitions: Record<string, Schema>): unknown {
  if (Array.isArray(input)) return input.map((v) => compactSchema(v, components, definitions));
  if (!input || typeof input !== 'object') return input;
  let schema = input as Schema;
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) {
    const { allOf, ...rest } = schema;
    schema = { ...rest, ...(allOf[0] as Schema) };
  }
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref)!;
    if (!(name in definitions)) {
      definitions[name] = {}; // a placeholder first: a component may refer to itself
      definitions[name] = compactSchema(components[name], components, definitions) as Schema;
    }
    const ref = { $ref: `#/definitions/${name}` };
    return schema.nullable === true ? { anyOf: [ref, { type: 'null' }] } : ref;
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DESCRIPTIVE.has(key)) continue;
    if (key === 'properties' && value && typeof value === 'object') {
      const properties: Schema = {};
      for (const [name, property] of Object.entries(value as Record<string, Schema>)) {
        if (property.readOnly === true) continue;
        properties[name] = compactSchema(property, components, definitions);
      }
      out.properties = properties;
    } else if (key === 'required' && Array.isArray(value)) {
      continue;
    } else {
      out[key] = compactSchema(value, components, definitions);
    }
  }
  if (schema.nullable === true && out.type !== undefined) out.type = Array.isArray(out.type) ? [...(out.type as unknown[]), 'null'] : [out.type, 'null'];
  if (Array.isArray(schema.required) && out.properties) {
    const required = (schema.required as string[]).filter((name) => name in (out.properties as Schema));
    if (required.length) out.required = required;
  }
  if (out.properties && Object.keys(out.properties).length > 0 && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}
