import { EditableKind, JsonObject, KindBackend, Problem } from '../../../editing/kind';
import { TRIGGER_KIND_ID } from './ids';
import { datasetLocation } from './locations';

export { TRIGGER_KIND_ID };

/**
 * The Honeycomb trigger as an editable kind. The document holds the writable fields of the
 * OpenAPI `Trigger` under the API's names. Honeycomb answers both a trigger's inline `query` and
 * the `query_id` it was stored under but takes one of them: the document shows the inline query
 * (what people edit), and a save sends it back — Honeycomb gives an identical query the same id.
 */

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
  'tags',
  'recipients',
] as const;

export interface TriggerKindParts {
  backend: KindBackend;
  schema(): Promise<JsonObject>;
  rules(document: JsonObject): Problem[] | Promise<Problem[]>;
}

export function triggerKind(parts: TriggerKindParts): EditableKind {
  return {
    id: TRIGGER_KIND_ID,
    noun: 'trigger',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-trigger',
    addressKeys: ['env', 'dataset', 'id'],
    parentKeys: ['env', 'dataset'],
    writableFields: TRIGGER_FIELDS,
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
    toDocument: triggerDocument,
    backend: parts.backend,
    // The code export loads with its first use (it is in a chunk of its own).
    code: {
      terraform: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './triggerCode')).triggerTerraform(object, address),
      pulumi: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './triggerCode')).triggerPulumi(object, address),
    },
  };
}

/** The writable fields, with the inline query preferred over the id it was stored under. */
export function triggerDocument(object: JsonObject): JsonObject {
  const document: JsonObject = {};
  const hasInlineQuery = isObject(object.query) && Object.keys(object.query).length > 0;
  for (const field of TRIGGER_FIELDS) {
    if (object[field] === undefined || object[field] === null) continue;
    if (field === 'query_id' && hasInlineQuery) continue;
    if (field === 'query' && !hasInlineQuery) continue;
    // An empty baseline object means "no baseline"; it only clutters the document.
    if (field === 'baseline_details' && isObject(object[field]) && Object.keys(object[field]).length === 0) continue;
    document[field] = object[field];
  }
  return document;
}

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
