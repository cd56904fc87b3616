import { isAlias, isMap, isScalar, isSeq } from 'yaml';
import type { Node, YAMLMap } from 'yaml';
import { API_RELEASE } from './modelNames';
import { describeType, type FieldInfo, type ModelInfo } from './schemaModel';
import { checkValues } from './tagChecks';
import type { Walk } from './walk';
import { MERGE, keyOf } from './yamlNodes';

/**
 * The checks of an entry's `identifiers` and `attrs` against its model in the schema: a field the
 * model does not have, a value of another type or outside the field's choices. All are warnings:
 * the schema is one release of authentik's API document, and blueprints outlive releases.
 */

/** Texts a boolean field also takes (Django REST framework's BooleanField reads them as true or false). */
const TRUTHY = new Set(['true', 'false', 'yes', 'no', 'on', 'off', '1', '0', 't', 'f', 'y', 'n']);

/** A mapping of fields to values; `model` undefined: the model is not known (or the entry deletes), so only tags are checked. */
export function checkFields(walk: Walk, map: YAMLMap, model: ModelInfo | undefined, where: 'attrs' | 'identifiers'): void {
  for (const pair of map.items) {
    const name = keyOf(pair);
    const value = pair.value as Node | null;
    if (name === MERGE) {
      // The merged mapping is checked where its anchor is written.
      checkValues(walk, value);
      continue;
    }
    const field = name === undefined ? undefined : model?.fields?.get(name);
    // Identifiers are looked up as the model's database fields (and Django lookups), which the
    // API document does not list in full: only attrs are held against the serializer's fields.
    if (where === 'attrs' && name !== undefined && model?.fields && !field) {
      walk.report('warning', `\`${name}\` is not a field of ${model.name} in authentik ${API_RELEASE}: that release ignores it (another may read it).`, pair.key as Node);
    }
    checkValues(walk, value);
    if (field) checkShape(walk, value, field, name ?? '');
  }
}

/** A field's value against the field: only what is plainly of another kind, as a warning. */
function checkShape(walk: Walk, node: Node | null, field: FieldInfo, name: string): void {
  // A tag's or an alias's value is only known when authentik loads the blueprint.
  if (!node || node.tag || isAlias(node)) return;
  const types = Array.isArray(field.type) ? field.type : field.type ? [field.type] : [];
  if (types.length === 0 || types.includes('object')) return;
  const expected = `\`${name}\` expects ${describeType(field)}`;
  if (isMap(node)) return walk.report('warning', `${expected}, not a mapping.`, node);
  if (isSeq(node)) {
    if (!types.includes('array')) walk.report('warning', `${expected}, not a list.`, node);
    else if (field.items) for (const item of node.items) checkShape(walk, item as Node | null, field.items, `${name} item`);
    return;
  }
  if (!isScalar(node)) return;
  const value = node.value;
  if (value === null) {
    if (!types.includes('null')) walk.report('warning', `${expected}, not null.`, node);
    return;
  }
  if (types.includes('array')) return walk.report('warning', `${expected}, not a single value.`, node);
  if (Array.isArray(field.enum) && field.enum.length > 0 && !field.enum.includes(value)) {
    return walk.report('warning', `\`${String(value)}\` is not a choice of \`${name}\` in authentik ${API_RELEASE}: ${field.enum.join(', ')}.`, node);
  }
  const accepted =
    (types.includes('string') && typeof value !== 'boolean') ||
    (types.includes('boolean') && (typeof value === 'boolean' || TRUTHY.has(String(value).toLowerCase()))) ||
    ((types.includes('integer') || types.includes('number')) && (typeof value === 'number' || /^\s*-?\d+(\.\d+)?\s*$/.test(String(value))));
  if (!accepted) walk.report('warning', `${expected}, not ${JSON.stringify(value)}.`, node);
}
