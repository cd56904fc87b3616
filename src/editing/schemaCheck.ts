import type { ErrorObject, ValidateFunction } from 'ajv';
import { EditableKind, JsonObject, JsonPath, Problem } from './kind';

/**
 * The kind's JSON schema checked once more at save time. The editor already shows schema
 * problems while typing, but its JSON language service validates after a delay: a save must not
 * depend on that race, so the same schema is checked here before anything is sent.
 */

const compiled = new Map<string, ValidateFunction>();

export async function schemaProblems(kind: EditableKind, document: JsonObject): Promise<Problem[]> {
  let validate = compiled.get(kind.id);
  if (!validate) {
    const { default: Ajv } = await import(/* webpackChunkName: "editing-schema" */ 'ajv');
    // The schemas are draft-07, generated from OpenAPI; `format`s are hints, not rules here.
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
    validate = ajv.compile(await kind.schema());
    compiled.set(kind.id, validate);
  }
  if (validate(document)) return [];
  return collapse(validate.errors ?? []).map((error) => ({ path: pathOf(error), message: messageOf(error), severity: 'error' as const }));
}

/**
 * ajv reports every branch of a `oneOf`/`anyOf` that failed; the user needs the one line that
 * says what to do, so branch details under a failed `oneOf` are dropped when the `oneOf` itself
 * is reported at the same place.
 */
function collapse(errors: ErrorObject[]): ErrorObject[] {
  const alternatives = new Set(errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf').map((e) => e.instancePath));
  return errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf' || !alternatives.has(e.instancePath) || !/\/(oneOf|anyOf)\//.test(e.schemaPath));
}

function pathOf(error: ErrorObject): JsonPath {
  const path: JsonPath = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
  if (error.keyword === 'additionalProperties') path.push(String((error.params as { additionalProperty: string }).additionalProperty));
  return path;
}

function messageOf(error: ErrorObject): string {
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'the document';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `"${String(params.additionalProperty)}" is not a field this object takes (it is read-only or unknown)`;
    case 'required':
      return `${where === 'the document' ? 'the document' : where} needs the field "${String(params.missingProperty)}"`;
    case 'enum':
      return `${where} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `${where} must be ${article(String(params.type))}`;
    case 'oneOf':
    case 'anyOf':
      return `${where} does not match any of the allowed forms`;
    default:
      return `${where} ${error.message ?? 'is not valid'}`;
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
