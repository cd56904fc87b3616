import { hasOwn, setOwn } from '../../../core/ownProperties';
import { jsonEqual, serverFieldsOf } from '../../../editing/document';
import { EditableKind, JsonObject, KindBackend, Problem } from '../../../editing/kind';
import type { Change } from '../../../editing/plan';
import { TRIGGER_KIND_ID } from './ids';
import { datasetLocation } from './locations';

export { TRIGGER_KIND_ID };

/**
 * The Honeycomb trigger as an editable kind. The document holds every field of the trigger the
 * server returned, less the ones it computes, under the API's names — fields this editor does not
 * know included (they go back as they came). Honeycomb answers both a trigger's inline `query`
 * and the `query_id` it was stored under but takes one of them: the document shows the inline
 * query (what people edit); a save sends `query_id` while the query is unchanged (as Honeycomb's
 * Go client does) and the query itself once it was changed.
 */

/** Known fields, in the order a document shows them. */
export const TRIGGER_FIELDS = [
  'name',
  'description',
  'disabled',
  'query',
  'query_id',
  'threshold',
  'frequency',
  'alert_type',
  'evaluation_schedule_type',
  'evaluation_schedule',
  'baseline_details',
  'auto_investigate',
  'tags',
  'recipients',
] as const;

/** What Honeycomb computes (`readOnly` in the API description's `BaseTrigger`). */
export const TRIGGER_READ_ONLY_FIELDS = ['id', 'dataset_slug', 'triggered', 'created_at', 'updated_at'] as const;

export interface TriggerKindParts {
  backend: KindBackend;
  schema(): Promise<JsonObject>;
  rules(document: JsonObject): Problem[] | Promise<Problem[]>;
}

export function triggerKind(parts: TriggerKindParts): EditableKind {
  const kind: EditableKind = {
    id: TRIGGER_KIND_ID,
    noun: 'trigger',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-trigger',
    addressKeys: ['env', 'dataset', 'id'],
    parentKeys: ['env', 'dataset'],
    fieldOrder: TRIGGER_FIELDS,
    readOnlyFields: TRIGGER_READ_ONLY_FIELDS,
    // Honeycomb's Go client (client/trigger.go, Update): a PUT resets what it leaves out, "except
    // for the disabled flag, which will retain its existing value when omitted".
    keptWhenLeftOut: ['disabled'],
    updateStyle: 'replace',
    schema: parts.schema,
    rules: (document) => parts.rules(document),
    template: () => ({
      name: 'New trigger',
      description: '',
      disabled: false,
      query: { calculations: [{ op: 'COUNT' }], time_range: 900 },
      threshold: { op: '>', value: 100, exceeded_limit: 1 },
      frequency: 900,
      alert_type: 'on_change',
      recipients: [],
    }),
    nameOf: (object) => (typeof object.name === 'string' ? object.name : ''),
    label: (address, object) => ({
      title: object && typeof object.name === 'string' && address.id ? `trigger “${object.name}”` : address.id ? `trigger ${address.id}` : 'a new trigger',
      location: datasetLocation(address),
    }),
    toDocument: (object) => triggerDocument(kind, object),
    replaceBody: triggerBody,
    consequences: triggerConsequences,
    backend: parts.backend,
    // The code export loads with its first use (it is in a chunk of its own).
    code: {
      terraform: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './triggerCode')).triggerTerraform(object, address),
      pulumi: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './triggerCode')).triggerPulumi(object, address),
    },
  };
  return kind;
}

/**
 * The server's trigger as a document: every field but the computed ones, with the inline query
 * preferred over the id it was stored under. Known fields the server answered as null (no
 * schedule) and an empty baseline (`{}` means "no baseline") are left out: they only clutter the
 * document, and a save sends them back as they are.
 */
export function triggerDocument(kind: EditableKind, object: JsonObject): JsonObject {
  const document = serverFieldsOf(kind, object);
  const hasInlineQuery = isObject(object.query) && Object.keys(object.query).length > 0;
  for (const field of TRIGGER_FIELDS) {
    if (hasOwn(document, field) && document[field] === null) delete document[field];
  }
  if (hasInlineQuery) delete document.query_id;
  else delete document.query;
  if (isObject(document.baseline_details) && Object.keys(document.baseline_details).length === 0) delete document.baseline_details;
  return document;
}

/**
 * The PUT body: Honeycomb takes `query` or `query_id`, not both. An unchanged inline query goes
 * as its `query_id` — what Honeycomb's Go client sends when it has both — so the trigger keeps
 * its stored query; a changed one goes as the query. A baseline removed from the document is sent
 * as `{}`, which is how the provider clears it (trigger_resource.go, expandBaselineDetails): a PUT
 * that leaves `baseline_details` out is not documented to clear it.
 */
export function triggerBody(body: JsonObject, current: JsonObject, proposed: JsonObject): JsonObject {
  const out = { ...body };
  const storedId = typeof current.query_id === 'string' && current.query_id !== '' ? current.query_id : undefined;
  if (hasOwn(proposed, 'query')) {
    if (storedId && jsonEqual(proposed.query, current.query)) {
      delete out.query;
      setOwn(out, 'query_id', storedId);
    } else {
      delete out.query_id;
    }
  } else if (hasOwn(out, 'query_id')) {
    delete out.query;
  }
  if (!hasOwn(proposed, 'baseline_details') && isObject(current.baseline_details) && Object.keys(current.baseline_details).length > 0) {
    setOwn(out, 'baseline_details', {});
  }
  return out;
}

/** A changed inline query is stored again by Honeycomb: the trigger's `query_id` changes with it. */
export function triggerConsequences(current: JsonObject, body: JsonObject): Change[] {
  if (!hasOwn(body, 'query') || typeof current.query_id !== 'string' || current.query_id === '') return [];
  return [{ path: ['query_id'], kind: 'set', before: current.query_id, note: 'a new id (Honeycomb stores the changed query as a new query)' }];
}

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
