import type { ErrorObject, ValidateFunction } from 'ajv';
import { jsonEqual } from './document';
import { EditableKind, JsonObject, JsonPath, Problem } from './kind';
import { pathText } from './plan';
import { closestName, describeValue, valueAt } from './problemText';

/**
 * The kind's validation schema (schemas/validation/, generated from the API description and the
 * overlay of what the service accepts beyond it) checked against a document, with severities that
 * follow one rule: an error only where the service certainly refuses, a warning where it might.
 * - A field the description does not have, or an enum value it does not list, is a warning: the
 *   descriptions lag the services. A field or value the server itself returned (it is in the
 *   baseline) is not even that — the server is the truth; a hover says the field is unknown.
 * - A missing required field, a bound, a pattern: errors — the description states them.
 * - A value of the wrong JSON type: an error for kinds whose service decodes strictly (Honeycomb
 *   is written in Go, whose JSON decoder refuses a string for a number); for kinds with
 *   `lenientScalars` (authentik's serializers read "12" as 12 and 12 as "12") a wrong scalar is a
 *   warning, and a non-list where a list belongs stays an error.
 * - A value that fits none of a `oneOf`'s forms is reported by the form it comes closest to
 *   ("baseline_details needs the field offset_minutes"), not as "matches no form".
 */

const compiled = new Map<string, ValidateFunction>();

export async function schemaProblems(kind: EditableKind, document: JsonObject, baseline?: JsonObject): Promise<Problem[]> {
  let validate = compiled.get(kind.id);
  if (!validate) {
    const { default: Ajv } = await import(/* webpackChunkName: "editing-schema" */ 'ajv');
    // `format`s are hints, not rules here; verbose gives each error its schema (for suggestions).
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false, verbose: true });
    validate = ajv.compile(await kind.schema());
    compiled.set(kind.id, validate);
  }
  if (validate(document)) return [];
  const problems: Problem[] = [];
  for (const error of closestForms(validate.errors ?? [])) {
    const problem = problemOf(kind, error, document, baseline);
    if (problem) problems.push(problem);
  }
  return problems;
}

function problemOf(kind: EditableKind, error: ErrorObject, document: JsonObject, baseline: JsonObject | undefined): Problem | undefined {
  const path = pathOf(error);
  const where = pathText(path);
  const value = valueAt(document, path);
  const params = error.params as Record<string, unknown>;
  const fromServer = baseline !== undefined && sameInBaseline(baseline, path, value);
  switch (error.keyword) {
    case 'additionalProperties': {
      if (fromServer) return undefined;
      const name = String(params.additionalProperty);
      const known = Object.keys((error.parentSchema?.properties as JsonObject | undefined) ?? {});
      const suggestion = closestName(name, known);
      const owner = path.length > 1 ? ` of ${pathText(path.slice(0, -1))}` : '';
      return {
        path,
        severity: 'warning',
        message: `"${name}" is not in the published API description${owner}: it is kept and sent as it is${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
      };
    }
    case 'enum': {
      if (fromServer) return undefined;
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
      return {
        path,
        severity: 'warning',
        message: `${where} is ${describeValue(value)}, which the API description does not list (it lists ${allowed}): it is sent as it is, and ${kind.service} may refuse it`,
      };
    }
    case 'type': {
      const expected = String(params.type);
      const lenient = kind.lenientScalars === true && !expected.includes('array') && !expected.includes('object') && !Array.isArray(value) && !isObject(value);
      return { path, severity: lenient ? 'warning' : 'error', message: `${where} must be ${article(expected.replace(/,/g, ' or '))}, not ${describeValue(value)}` };
    }
    case 'required':
      return { path, severity: 'error', message: `${where === '(document)' ? 'the document' : where} needs the field "${String(params.missingProperty)}"` };
    case 'oneOf':
    case 'anyOf':
      // Only when no form came closest (closestForms keeps this error alone for a value no form fits).
      return { path, severity: 'error', message: `${where} is ${describeValue(value)}, which fits none of the forms the API description allows` };
    default:
      return { path, severity: 'error', message: boundMessage(error, where, value) };
  }
}

function boundMessage(error: ErrorObject, where: string, value: unknown): string {
  const limit = (error.params as { limit?: number }).limit;
  const shown = describeValue(value);
  switch (error.keyword) {
    case 'maximum':
      return `${where} is ${shown}; the API allows at most ${limit}`;
    case 'minimum':
      return `${where} is ${shown}; the API needs at least ${limit}`;
    case 'maxLength':
      return `${where} has ${String(value).length} characters; the API allows at most ${limit}`;
    case 'minLength':
      return `${where} has ${String(value).length} characters; the API needs at least ${limit}`;
    case 'maxItems':
      return `${where} has ${(value as unknown[]).length} items; the API allows at most ${limit}`;
    case 'minItems':
      return `${where} has ${(value as unknown[]).length} items; the API needs at least ${limit}`;
    case 'pattern':
      return `${where} is ${shown}, which does not match the pattern ${String((error.params as { pattern: string }).pattern)} the API requires`;
    default:
      return `${where} is ${shown}: it ${error.message ?? 'is not valid'}`;
  }
}

/**
 * ajv reports every branch of a `oneOf`/`anyOf` that failed. For each alternative the user sees
 * only the branch their value is closest to: the one with the fewest problems, and among those the
 * one that knows most of the value's fields. When that branch has no problem of its own to report
 * (the alternatives differ only in type), the alternative's own error stays.
 */
function closestForms(errors: ErrorObject[]): ErrorObject[] {
  const alternatives = errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
  let kept = errors;
  for (const alternative of alternatives) {
    const prefix = `${alternative.schemaPath}/`;
    const branches = new Map<string, ErrorObject[]>();
    for (const error of kept) {
      if (!error.schemaPath.startsWith(prefix)) continue;
      const branch = error.schemaPath.slice(prefix.length).split('/')[0];
      branches.set(branch, [...(branches.get(branch) ?? []), error]);
    }
    if (branches.size === 0) continue;
    const forms = ((alternative.schema as JsonObject[] | undefined) ?? []).map((s) => Object.keys((s?.properties as JsonObject | undefined) ?? {}));
    const value = alternative.data;
    const fit = (branch: string) => (isObject(value) ? Object.keys(value).filter((k) => forms[Number(branch)]?.includes(k)).length : 0);
    const best = [...branches.entries()].sort(([a, x], [b, y]) => x.length - y.length || fit(b) - fit(a))[0];
    const dropped = new Set([...branches.values()].flat());
    best[1].forEach((e) => dropped.delete(e));
    if (best[1].length > 0) dropped.add(alternative);
    kept = kept.filter((e) => !dropped.has(e));
  }
  return kept;
}

function sameInBaseline(baseline: JsonObject, path: JsonPath, value: unknown): boolean {
  const before = valueAt(baseline, path);
  return before !== undefined && jsonEqual(before, value);
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

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
