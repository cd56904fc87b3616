import { isMap, isScalar, isSeq } from 'yaml';
import type { Node, Pair } from 'yaml';
import { checkFields } from './fieldChecks';
import { API_RELEASE, MODEL_NAME, closeModel, findModel } from './modelNames';
import type { ModelInfo } from './schemaModel';
import { checkValues } from './tagChecks';
import type { Walk } from './walk';
import { MERGE, keyOf } from './yamlNodes';

/**
 * The checks of `entries` and of each entry's own keys: the model, the state, the id, the
 * conditions, that `identifiers` and `attrs` are mappings (their fields are fieldChecks.ts's), the
 * permissions, and keys an entry does not have.
 */

const ENTRY_KEYS = ['model', 'state', 'conditions', 'identifiers', 'attrs', 'permissions', 'id'];

/** `entries`: a list of entries, or a mapping of sections to lists of entries. */
export function checkEntryList(walk: Walk, value: Node | null, key: Node): void {
  if (value === null || (isScalar(value) && value.value === null)) return;
  // A tag (e.g. !Enumerate) may make the entries, or a section of them, when authentik loads it.
  if (value.tag) return madeEntries(walk, value);
  if (isSeq(value)) {
    for (const item of value.items) checkEntry(walk, item as Node | null);
  } else if (isMap(value)) {
    for (const section of value.items) {
      const list = section.value as Node | null;
      if (list?.tag) madeEntries(walk, list);
      else if (isSeq(list)) for (const item of list.items) checkEntry(walk, item as Node | null);
      else walk.report('error', 'Each section of `entries` is a list of entries.', list ?? (section.key as Node));
    }
  } else {
    walk.report('error', '`entries` is a list of entries (or a mapping of sections to lists).', value ?? key);
  }
}

/** Entries a tag makes: only the tags can be checked; the ids the entries get are not known. */
function madeEntries(walk: Walk, node: Node): void {
  walk.beginEntry();
  walk.facts.someIdsUnknown = true;
  checkValues(walk, node);
}

function checkEntry(walk: Walk, node: Node | null): void {
  if (node?.tag) return madeEntries(walk, node);
  walk.beginEntry();
  if (!isMap(node)) {
    walk.report('error', 'An entry is a mapping with `model`, `identifiers` and `attrs`.', node);
    return;
  }
  const byKey = new Map<string, Pair>();
  for (const pair of node.items) byKey.set(keyOf(pair) ?? '', pair);
  walk.conditional = byKey.has('conditions');
  // An entry to delete needs no valid serializer (the importer deletes what its identifiers find).
  const state = byKey.get('state')?.value;
  const deleting = isScalar(state) && !state.tag && state.value === 'absent';
  const modelPair = byKey.get('model');
  // `<<: *anchor` may bring any key of the entry: what is missing is not known to be missing.
  const merged = byKey.has(MERGE);
  let model: ModelInfo | undefined;
  if (!modelPair) {
    if (!merged) walk.report('error', 'This entry has no `model`.', node, node.range?.[0]);
  } else model = checkModel(walk, modelPair.value as Node | null, modelPair.key as Node);
  if (model?.needsIdentifiers && !byKey.has('identifiers') && !deleting && !merged) {
    // Without identifiers the importer cannot look the object up and refuses the entry, unless a condition skips it.
    walk.report(walk.conditional ? 'warning' : 'error', `An entry of ${model.name} needs \`identifiers\`: the fields authentik finds the object by.`, modelPair?.key as Node);
  }
  for (const pair of node.items) checkEntryKey(walk, pair, model, deleting);
}

/** One key of an entry (the model is checked before, as the other keys depend on it). */
function checkEntryKey(walk: Walk, pair: Pair, model: ModelInfo | undefined, deleting: boolean): void {
  const key = keyOf(pair) ?? '';
  const value = pair.value as Node | null;
  switch (key) {
    case 'model':
      break;
    case MERGE:
      checkValues(walk, value);
      break;
    case 'state':
      if (isScalar(value) && !value.tag && !walk.schema.states.includes(String(value.value)))
        walk.report('error', `\`${String(value.value)}\` is not an entry state: ${walk.schema.states.join(', ')}.`, value);
      else checkValues(walk, value);
      break;
    case 'id':
      if (isScalar(value) && !value.tag && value.value !== null) walk.facts.ids[walk.entryIndex] = String(value.value);
      else if (value?.tag) {
        walk.facts.someIdsUnknown = true;
        checkValues(walk, value);
      }
      break;
    case 'conditions':
      if (!isSeq(value)) walk.report('error', '`conditions` is a list of values that must all be true.', value ?? (pair.key as Node));
      else checkValues(walk, value);
      break;
    case 'identifiers':
    case 'attrs':
      if (key === 'attrs' && (value === null || (isScalar(value) && value.value === null && !value.tag))) break;
      if (!isMap(value) || value.tag) walk.report('error', `\`${key}\` is a mapping of the model's fields to values.`, value ?? (pair.key as Node));
      else checkFields(walk, value, deleting ? undefined : model, key);
      break;
    case 'permissions':
      checkPermissions(walk, value, pair.key as Node);
      break;
    default:
      walk.report('warning', `authentik ignores \`${key}\` in an entry: an entry has ${ENTRY_KEYS.map((k) => `\`${k}\``).join(', ')}.`, pair.key as Node);
  }
}

/** The entry's model, when the schema has it (undefined: none, or not known here). */
function checkModel(walk: Walk, value: Node | null, key: Node): ModelInfo | undefined {
  // A tag (e.g. !Format) makes the model's name when authentik loads the entry.
  if (value?.tag) {
    checkValues(walk, value);
    return undefined;
  }
  if (!isScalar(value) || value.value === null || value.value === '') {
    walk.report('error', "The entry's `model` is its app_label.model_name, e.g. authentik_flows.flow.", value ?? key);
    return undefined;
  }
  const name = String(value.value);
  const model = findModel(walk.schema, name);
  if (model) return model;
  if (!MODEL_NAME.test(name)) walk.report('error', `\`${name}\` is not a model name: a model is written app_label.model_name, e.g. authentik_flows.flow.`, value);
  // Releases add and remove models (authentik_crypto_secrets.secret is newer than 2026.8.3): only the server knows.
  else walk.report('warning', `authentik ${API_RELEASE} has no model \`${name}\`${closeModel(walk.schema, name)}; another release may have it (the server's dry run decides).`, value);
  return undefined;
}

function checkPermissions(walk: Walk, value: Node | null, key: Node): void {
  if (!isSeq(value)) return walk.report('error', '`permissions` is a list of { permission, user or role }.', value ?? key);
  for (const item of value.items as (Node | null)[]) {
    if (!isMap(item)) {
      walk.report('error', 'A permission is a mapping with `permission` and `user` or `role`.', item);
      continue;
    }
    if (!item.items.some((p) => keyOf(p) === 'permission' || keyOf(p) === MERGE)) walk.report('error', 'This permission has no `permission`.', item, item.range?.[0]);
    for (const pair of item.items) {
      if (!['permission', 'user', 'role', MERGE].includes(keyOf(pair) ?? '')) walk.report('warning', `authentik ignores \`${keyOf(pair)}\` in a permission.`, pair.key as Node);
    }
    checkValues(walk, item);
  }
}
