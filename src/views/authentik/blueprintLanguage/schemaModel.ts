/**
 * The generated blueprint schema (schemas/blueprint/authentik-blueprint.schema.json, made by
 * scripts/blueprintSchema.ts) read into what the checks, completion and hover look up: each
 * model's fields and the entry states.
 */

export interface FieldInfo {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  description?: string;
  items?: FieldInfo;
}

export interface ModelInfo {
  name: string;
  description?: string;
  /** Undefined when the schema does not know the model's fields (any field is accepted). */
  fields?: ReadonlyMap<string, FieldInfo>;
  /** An entry of this model must have identifiers (every model but the importer's meta models). */
  needsIdentifiers: boolean;
}

export interface BlueprintSchema {
  models: ReadonlyMap<string, ModelInfo>;
  states: readonly string[];
}

type Json = Record<string, unknown>;

export function readBlueprintSchema(schema: Json): BlueprintSchema {
  const defs = (schema.$defs ?? {}) as Record<string, Json>;
  const entries = ((schema.properties as Json)?.entries ?? {}) as Json;
  const branches = (((entries.items as Json)?.oneOf ?? []) as Json[]).filter((branch) => branch && typeof branch === 'object');
  const models = new Map<string, ModelInfo>();
  for (const branch of branches) {
    const properties = (branch.properties ?? {}) as Record<string, Json>;
    const name = properties.model?.const;
    if (typeof name !== 'string') continue;
    const ref = String(properties.attrs?.$ref ?? '').replace('#/$defs/', '');
    const def = defs[ref] ?? {};
    const fields = def.properties ? new Map(Object.entries(def.properties as Record<string, FieldInfo>)) : undefined;
    const needsIdentifiers = Array.isArray(branch.required) && branch.required.includes('identifiers');
    models.set(name, { name, description: typeof def.description === 'string' ? def.description : undefined, fields, needsIdentifiers });
  }
  const states = ((defs.entryState?.enum ?? []) as unknown[]).map(String);
  return { models, states };
}

/** `string`, `string or null`, `list of uuid`… for hover. */
export function describeType(field: FieldInfo): string {
  const types = (Array.isArray(field.type) ? field.type : field.type ? [field.type] : []).filter((t) => t !== 'null');
  let text = types.length === 0 ? 'any value' : types.join(' or ');
  if (types.includes('array') && field.items) text = `list of ${describeType(field.items)}`;
  else if (field.format) text = `${text} (${field.format})`;
  if (Array.isArray(field.type) && field.type.includes('null')) text += ', or null';
  return text;
}
