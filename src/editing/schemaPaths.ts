import { JsonObject, JsonPath } from './kind';

/**
 * Whether a kind's validation schema describes the field at a path: the question the hover of an
 * edit document asks ("is this field in the published API description?"). Walks `properties`,
 * `items` and every branch of `anyOf`/`oneOf`/`allOf`. A schema that leaves an object open (no
 * `properties`, or `additionalProperties` not false) describes whatever sits in it.
 */
export function describesPath(schema: JsonObject, path: JsonPath): boolean {
  if (path.length === 0) return true;
  const [step, ...rest] = path;
  return branchesOf(schema).some((branch) => {
    const next = typeof step === 'number' ? branch.items : namedOrExtra(branch, step);
    if (next === true || (next === undefined && isOpen(branch))) return true;
    return isSchema(next) && describesPath(next, rest);
  });
}

/** The schema of a named field: its own, or what the object allows beside its named ones. */
function namedOrExtra(branch: JsonObject, name: string): unknown {
  const properties = branch.properties as Record<string, unknown> | undefined;
  if (properties && Object.prototype.hasOwnProperty.call(properties, name)) return properties[name];
  return branch.additionalProperties;
}

/** A schema that says nothing about what is inside (`{ "type": "object" }`, `{}`). */
function isOpen(branch: JsonObject): boolean {
  return branch.properties === undefined && branch.items === undefined && branch.additionalProperties === undefined;
}

function isSchema(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function branchesOf(schema: JsonObject): JsonObject[] {
  const out: JsonObject[] = [schema];
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = schema[key];
    if (Array.isArray(list)) for (const item of list) if (item && typeof item === 'object') out.push(...branchesOf(item as JsonObject));
  }
  return out;
}
