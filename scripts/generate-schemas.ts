/**
 * Generates two JSON schemas for each editable kind from the services' API descriptions (the
 * vendored OpenAPI documents in test/servers/openapi/, with the overlay of what the services
 * accept beyond them, overlay.ts):
 *
 * - `schemas/validation/<kind>.schema.json`, what the editor checks a document against (while
 *   typing and again before a save): `readOnly` properties left out, `$ref`s inlined, `allOf`s
 *   merged, objects that name their properties closed (`additionalProperties: false`) so a
 *   misspelled field is found. How strictly each finding counts (an unknown field or enum value is
 *   a warning, a wrong type an error…) is decided in src/editing/schemaCheck.ts, not here.
 * - `schemas/<kind>.schema.json`, bound to edit documents by package.json `jsonValidation`, for
 *   the editor's completion and hover only: the same fields and descriptions with every
 *   validating keyword taken out (enum values become `examples`), so the JSON language service
 *   never reports a problem of its own beside ours — one voice, with our severities and words.
 *
 *   npm run generate-schemas           writes the files
 *   (test/unit/editing/schemas.test.ts fails when a committed file differs from what this makes)
 *
 * Draft-07, which VS Code's JSON language service reads.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadServiceModel } from '../test/servers/openapi/loadDocument';
import { toHints } from './schemaHints';
import { RECIPIENT_SCHEMA } from './recipientSchema';
import { BLUEPRINT_SCHEMA_PATH, generateBlueprintSchema } from './blueprintSchema';
import { AUTHENTIK_KINDS_TABLE_PATH, kindsTableText } from './authentikKindsTable';
import { MARKER_SCHEMAS } from './markerSchemas';
import { ENVIRONMENT_SCHEMA } from './environmentSchema';
import { API_KEY_SCHEMA } from './apiKeySchema';
import { DATASET_SCHEMAS } from './datasetSchemas';
import { BOARD_SCHEMAS } from './boardSchema';
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
  /** Changes to the completion-and-hover schema only (after `toHints`). */
  hints?: (schema: Schema) => void;
}

/** The hand-written schema of query files (`*.honeycomb-query.json`): the one description of a query's fields. */
function queryFileSchema(): Schema {
  return JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, 'honeycomb-query.schema.json'), 'utf8')) as Schema;
}

/**
 * What a trigger's inline query may hold, for completion: the query file schema's fields less the
 * ones the provider refuses in a trigger query (orders, limit, start_time, end_time; see
 * src/clients/honeycomb/triggerRules.ts). The query itself is checked by those rules, in code, so
 * the validation schema only says it is an object.
 */
const TRIGGER_QUERY_REFUSED = ['orders', 'limit', 'start_time', 'end_time'];

/**
 * An SLO's document: the create body (`SLOCreate`), whose `dataset_slugs` is writable — the PUT
 * body's `SLO` marks it read-only, yet Honeycomb's Go client sends it on every write and an SLO
 * created under `__all__` needs it (the rule that it cannot change is in sloRules.ts).
 * A burn alert's: the API describes each alert type as a form of its own (a `oneOf` on
 * `alert_type`); the document is one object with the fields of both, and which of them a type
 * needs or refuses is checked by burnAlertRules.ts, which can say so in words.
 */
const SLO_SCHEMAS: KindSchemaSpec[] = [
  { file: 'honeycomb-slo', document: 'honeycomb.openapi.yaml', component: 'SLOCreate', title: 'Honeycomb SLO' },
  {
    file: 'honeycomb-burn-alert',
    document: 'honeycomb.openapi.yaml',
    component: 'CreateExhaustionTimeBurnAlertRequest',
    title: 'Honeycomb burn alert',
    adjust: (schema, components) => {
      delete schema.title;
      const properties = schema.properties as Record<string, Schema>;
      const budgetRate = (convert(components.BudgetRateBurnAlert, components) as Schema).properties as Record<string, Schema>;
      for (const field of ['budget_rate_window_minutes', 'budget_rate_decrease_threshold_per_million']) properties[field] = budgetRate[field];
      schema.required = ['slo', 'recipients'];
    },
  },
];

export const KIND_SCHEMAS: KindSchemaSpec[] = [
  {
    file: 'honeycomb-trigger',
    document: 'honeycomb.openapi.yaml',
    // The PUT body; the create body's `oneOf` of two open schemas accepts nothing as written.
    component: 'TriggerResponse',
    title: 'Honeycomb trigger',
    adjust: (schema) => {
      const properties = schema.properties as Record<string, Schema>;
      properties.query = {
        type: 'object',
        description: "The trigger's query: a query specification without orders, limit, start_time or end_time; time_range from the frequency to four times it " + '(the frequency when left out).',
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
    hints: (schema) => {
      const query = (queryFileSchema().properties as Record<string, Schema>).query;
      const fields = Object.fromEntries(Object.entries(query.properties as Record<string, Schema>).filter(([name]) => !TRIGGER_QUERY_REFUSED.includes(name)));
      const properties = schema.properties as Record<string, Schema>;
      properties.query = { ...properties.query, properties: fields };
    },
  },
  {
    file: 'honeycomb-query-annotation',
    document: 'honeycomb.openapi.yaml',
    component: 'QueryAnnotation',
    title: 'Honeycomb query annotation',
  },
  ...SLO_SCHEMAS,
  RECIPIENT_SCHEMA,
  ...MARKER_SCHEMAS,
  ENVIRONMENT_SCHEMA,
  API_KEY_SCHEMA,
  ...DATASET_SCHEMAS,
  ...BOARD_SCHEMAS,
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

/** The validation schema of one kind, as an object. */
function validationSchema(spec: KindSchemaSpec): Schema {
  const document = loadServiceModel(spec.document).data;
  const components = ((document.components as Schema).schemas ?? {}) as Record<string, Schema>;
  const source = components[spec.component];
  if (!source) throw new Error(`${spec.document} has no component schema ${spec.component}`);
  const schema = convert(source, components) as Schema;
  spec.adjust?.(schema, components);
  return schema;
}

/** The validation schema text of one kind (stable key order, two-space indent, final newline). */
export function generateSchema(spec: KindSchemaSpec): string {
  return schemaText(spec, 'The fields of', 'checked by the editor', validationSchema(spec));
}

/** The completion-and-hover schema text of one kind. */
export function generateHints(spec: KindSchemaSpec): string {
  const hints = toHints(validationSchema(spec)) as Schema;
  spec.hints?.(hints);
  return schemaText(spec, 'Completion and hover for', 'bound to its edit documents; it checks nothing (the editor does, with schemas/validation/)', hints);
}

function schemaText(spec: KindSchemaSpec, lead: string, role: string, schema: Schema): string {
  const out: Schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $comment:
      `${lead} ${/^[aeiou]/i.test(spec.title) ? 'an' : 'a'} ${spec.title}, ${role}. Generated from ${spec.document} (${spec.component}) ` +
      'and the overlay of test/servers/openapi/overlay.ts by scripts/generate-schemas.ts. Do not edit by hand.',
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

/** The completion-and-hover schema, bound by package.json. */
export function schemaPath(spec: KindSchemaSpec): string {
  return path.join(SCHEMA_DIR, `${spec.file}.schema.json`);
}

/** The validation schema the editor checks documents against. */
export function validationSchemaPath(spec: KindSchemaSpec): string {
  return path.join(SCHEMA_DIR, 'validation', `${spec.file}.schema.json`);
}

/**
 * The models authentik's blueprints may name (`ModelEnum` of the API description, `app_label.model`):
 * what tells a blueprint entry's unknown model apart when authentik's log only says "App or Model
 * does not exist".
 */
export function generateAuthentikModels(): string {
  const document = loadServiceModel('authentik.schema.yml').data;
  const models = (((document.components as Schema).schemas as Record<string, Schema>).ModelEnum?.enum ?? []) as string[];
  if (models.length === 0) throw new Error('authentik.schema.yml has no ModelEnum');
  const out = { $comment: 'ModelEnum of authentik.schema.yml, by scripts/generate-schemas.ts. Do not edit by hand.', models: [...models].sort() };
  return `${JSON.stringify(out, null, 2)}\n`;
}

export const AUTHENTIK_MODELS_PATH = path.join(SCHEMA_DIR, 'authentik-models.json');

if (require.main === module) {
  fs.writeFileSync(AUTHENTIK_MODELS_PATH, generateAuthentikModels());
  fs.writeFileSync(AUTHENTIK_KINDS_TABLE_PATH, kindsTableText());
  fs.mkdirSync(path.dirname(BLUEPRINT_SCHEMA_PATH), { recursive: true });
  fs.writeFileSync(BLUEPRINT_SCHEMA_PATH, generateBlueprintSchema());
  fs.mkdirSync(path.join(SCHEMA_DIR, 'validation'), { recursive: true });
  for (const spec of KIND_SCHEMAS) {
    fs.writeFileSync(validationSchemaPath(spec), generateSchema(spec));
    fs.writeFileSync(schemaPath(spec), generateHints(spec));
    process.stdout.write(`wrote schemas/validation/${spec.file}.schema.json and schemas/${spec.file}.schema.json\n`);
  }
}
