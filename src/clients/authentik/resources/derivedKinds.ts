import { AUTHENTIK_KINDS, AUTHENTIK_KIND_NAMES } from './kinds';
import { KINDS_TABLE, KindsTable, ObjectKindSpec, TableKind, baseSpecOf } from './kindsTable';

/**
 * Every other authentik object kind, made from its row of the generated table alone: users,
 * groups, each provider, source, stage, policy and property mapping type, outposts, service
 * connections, roles, tokens… No `vscode` here.
 *
 * A derived kind is named by its item schema (`OAuth2Provider`). An object of a polymorphic list
 * (`/providers/all/`) is routed to its own kind by its `meta_model_name`
 * (`authentik_providers_oauth2.oauth2provider`), or, from a server that leaves that out, by its
 * `component` (`ak-provider-oauth2-form`, the name of the admin UI's form for it): either is a
 * key `derivedKind` accepts. The 13 hand-tuned kinds are found under their own names instead.
 */

export interface DerivedKind {
  /** The item schema: `OAuth2Provider`. */
  name: string;
  row: TableKind;
  spec: ObjectKindSpec;
}

/** The operations a user asks for, and why the API refuses each one a kind does not have. */
export type Refusals = Partial<Record<'edit' | 'create' | 'delete', string>>;

const HAND_TUNED = new Set(AUTHENTIK_KIND_NAMES.map((k) => AUTHENTIK_KINDS[k].schemas.item));

/** The kind a key names: an item schema, a `meta_model_name`, or `<family>:<component>` for a polymorphic object. */
export function derivedKind(key: string, table: KindsTable = KINDS_TABLE): DerivedKind | undefined {
  const name = table.kinds[key] ? key : (modelKind(table, key) ?? componentKind(table, key));
  if (!name || HAND_TUNED.has(name)) return undefined;
  const row = table.kinds[name];
  return { name, row, spec: baseSpecOf(row) };
}

function modelKind(table: KindsTable, model: string): string | undefined {
  return Object.keys(table.kinds).find((name) => table.kinds[name].model === model);
}

/**
 * `provider:ak-provider-oauth2-form` → the kind at `/providers/oauth2/`: the admin UI names each
 * form `ak-<family>-<path below the family>-form`; nested paths (`/stages/prompt/stages/`) use the
 * first part (`ak-stage-prompt-form`).
 */
function componentKind(table: KindsTable, key: string): string | undefined {
  const [familyName, component] = key.split(':');
  const family = component !== undefined ? table.families[familyName] : undefined;
  // `propertyMapping` forms are `ak-property-mapping-…`, `serviceConnection` ones `ak-service-connection-…`.
  const match = family && new RegExp(`^ak-${familyName.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-(.+)-form$`).exec(component);
  if (!family || !match) return undefined;
  const prefix = family.path.replace(/all\/$/, '');
  const candidates = Object.keys(table.kinds).filter((name) => table.kinds[name].family === familyName);
  const below = (name: string) => table.kinds[name].path.slice(prefix.length).replace(/\/$/, '').split('/');
  const wanted = match[1].replace(/_/g, '-');
  return candidates.find((name) => below(name).join('-').replace(/_/g, '-') === wanted) ?? candidates.find((name) => below(name)[0].replace(/_/g, '-') === wanted && below(name).length > 1);
}

/** Why the API refuses what the kind's row lacks (said on the node and by the command, never a missing button). */
export function refusalsOf(name: string, row: TableKind): Refusals {
  const out: Refusals = {};
  const item = `${row.path}{${row.param}}/`;
  if (!row.ops.includes('u') || !row.fields)
    out.edit = `authentik's API has no PATCH for ${item} (2026.8.3): a ${baseSpecOf(row).label.toLowerCase()} cannot be changed once made${row.ops.includes('d') ? ', only deleted' : ''}.`;
  if (!row.ops.includes('c') || !row.request) out.create = `authentik's API has no POST on ${row.path} (2026.8.3): ${name} objects are made by authentik itself, not by a client.`;
  if (!row.ops.includes('d')) out.delete = `authentik's API has no DELETE for ${item} (2026.8.3).`;
  return out;
}

/**
 * Why a key from the tree names no kind of the table, or undefined when it names one: an object
 * of a polymorphic list with an empty `component` (the built-in source authentik makes itself),
 * or a model with no typed endpoint in the API.
 */
export function unknownKindReason(key: string, table: KindsTable = KINDS_TABLE): string | undefined {
  if (derivedKind(key, table) || table.kinds[key]) return undefined;
  const [familyName, component] = key.split(':');
  const family = component !== undefined ? table.families[familyName] : undefined;
  if (family && !component)
    return (
      `authentik lists this object in ${family.path} without naming its type ` +
      `(its component is empty, as for the built-in source authentik makes itself): the API has no endpoint to change it (2026.8.3).`
    );
  if (family) return `authentik's API has no typed endpoint for ${component} objects of ${family.path} (2026.8.3): they cannot be changed through the API.`;
  return `authentik's API has no typed endpoint for ${key} objects (2026.8.3): authentik keeps them itself, and they cannot be changed through the API.`;
}

/** The kinds of a polymorphic list a "New…" in its folder may make (those the API can create). */
export function creatableKindsOf(family: string, table: KindsTable = KINDS_TABLE): DerivedKind[] {
  return Object.keys(table.kinds)
    .filter((name) => table.kinds[name].family === family && !refusalsOf(name, table.kinds[name]).create)
    .map((name) => derivedKind(name, table))
    .filter((k): k is DerivedKind => k !== undefined)
    .sort((a, b) => a.spec.label.localeCompare(b.spec.label));
}

/**
 * The draft-07 schema a document of the kind is checked against: the body's fields less those that
 * never sit in a document (`hidden`: secrets, create-only), required as on create except write-only
 * ones (a document of an existing object cannot carry them), the shared definitions alongside.
 */
export function documentSchemaOf(row: TableKind, hidden: readonly string[], table: KindsTable = KINDS_TABLE): Record<string, unknown> {
  const properties = Object.fromEntries(Object.entries(row.fields ?? {}).filter(([name]) => !hidden.includes(name)));
  const required = (row.required ?? []).filter((f) => f in properties && !(row.writeOnly ?? []).includes(f));
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
    definitions: table.definitions,
  };
}

/**
 * A new object's document: each required field with a value of its type the user replaces (a
 * name, the first value of an enum, an empty reference), so the document says at once what the
 * server wants and the schema check points at what is still empty.
 */
export function templateOf(row: TableKind, table: KindsTable = KINDS_TABLE): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const label = baseSpecOf(row).label;
  for (const field of row.required ?? []) {
    if ((row.writeOnly ?? []).includes(field)) continue;
    out[field] = placeholder(field, row.fields?.[field] ?? {}, table, label);
  }
  return out;
}

function placeholder(field: string, schema: Record<string, unknown>, table: KindsTable, label: string): unknown {
  const resolved = typeof schema.$ref === 'string' ? (table.definitions[schema.$ref.replace('#/definitions/', '')] ?? {}) : schema;
  if (Array.isArray(resolved.enum)) return (resolved.enum as unknown[]).find((v) => v !== '' && v !== null) ?? (resolved.enum as unknown[])[0];
  const type: unknown = Array.isArray(resolved.type) ? (resolved.type as unknown[])[0] : resolved.type;
  if (type === 'boolean') return false;
  if (type === 'integer' || type === 'number') return 0;
  if (type === 'array') return [];
  if (type === 'object') return {};
  if (resolved.format === 'uuid') return '';
  if (field === 'slug' || resolved.pattern === '^[-a-zA-Z0-9_]+$') return `new-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  // "New user", "New OAuth2 provider": only a plain capitalised first word goes lower case.
  return field === 'name' || field === 'username' ? `New ${label.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())}` : '';
}
