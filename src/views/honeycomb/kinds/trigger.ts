import { RawCode, hclValue, tsValue } from '../../../core/codeText';
import { HclBody, pulumiResource, terraformResource } from '../../../editing/exportCode';
import { Address, EditableKind, JsonObject, KindBackend, Problem } from '../../../editing/kind';
import { datasetLocation } from './locations';

/**
 * The Honeycomb trigger as an editable kind. The document holds the writable fields of the
 * OpenAPI `Trigger` under the API's names. Honeycomb answers both a trigger's inline `query` and
 * the `query_id` it was stored under but takes one of them: the document shows the inline query
 * (what people edit), and a save sends it back — Honeycomb gives an identical query the same id.
 */
export const TRIGGER_KIND_ID = 'honeycomb.trigger';

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
  schema: JsonObject;
  rules(document: JsonObject): Problem[];
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
    code: { terraform: triggerTerraform, pulumi: triggerPulumi },
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
    if (field === 'baseline_details' && isObject(object[field]) && Object.keys(object[field] as object).length === 0) continue;
    document[field] = object[field];
  }
  return document;
}

function triggerTerraform(object: JsonObject, address: Address): string {
  const threshold = (object.threshold ?? {}) as JsonObject;
  const blocks: Array<[string, HclBody]> = [
    ['threshold', { attributes: [['op', threshold.op], ['value', threshold.value], ['exceeded_limit', threshold.exceeded_limit]] }],
  ];
  for (const recipient of recipientsOf(object)) {
    const details = isObject(recipient.details) ? recipient.details : undefined;
    blocks.push([
      'recipient',
      {
        attributes: recipient.id ? [['id', recipient.id]] : [['type', recipient.type], ['target', recipient.target]],
        blocks: details?.pagerduty_severity ? [['notification_details', { attributes: [['pagerduty_severity', details.pagerduty_severity]] }]] : [],
      },
    ]);
  }
  const window = scheduleWindow(object);
  if (window) blocks.push(['evaluation_schedule', { attributes: [['start_time', window.start_time], ['end_time', window.end_time], ['days_of_week', window.days_of_week]] }]);
  const baseline = baselineOf(object);
  if (baseline) blocks.push(['baseline_details', { attributes: [['offset_minutes', baseline.offset_minutes], ['type', baseline.type]] }]);
  return terraformResource({
    type: 'honeycombio_trigger',
    name: String(object.name ?? 'trigger'),
    body: {
      attributes: [
        ['name', object.name],
        ['description', object.description || undefined],
        ['dataset', address.dataset],
        ...queryAttribute(object, 'terraform'),
        ['frequency', object.frequency],
        ['alert_type', object.alert_type],
        ['disabled', object.disabled === true ? true : undefined],
        ['tags', tagsOf(object)],
      ],
      blocks,
    },
    importId: `${address.dataset}/${address.id}`,
  });
}

function triggerPulumi(object: JsonObject, address: Address): string {
  const threshold = (object.threshold ?? {}) as JsonObject;
  const window = scheduleWindow(object);
  const baseline = baselineOf(object);
  const args: JsonObject = {
    name: object.name,
    description: object.description || undefined,
    dataset: address.dataset,
    ...Object.fromEntries(queryAttribute(object, 'pulumi')),
    frequency: object.frequency,
    alertType: object.alert_type,
    disabled: object.disabled === true ? true : undefined,
    thresholds: [{ op: threshold.op, value: threshold.value, exceededLimit: threshold.exceeded_limit }],
    recipients: recipientsOf(object).map((r) => {
      const details = isObject(r.details) ? r.details : undefined;
      return r.id
        ? { id: r.id, notificationDetails: details?.pagerduty_severity ? [{ pagerdutySeverity: details.pagerduty_severity }] : undefined }
        : { type: r.type, target: r.target };
    }),
    evaluationSchedules: window ? [{ startTime: window.start_time, endTime: window.end_time, daysOfWeeks: window.days_of_week }] : undefined,
    baselineDetails: baseline ? [{ offsetMinutes: baseline.offset_minutes, type: baseline.type }] : undefined,
    tags: tagsOf(object),
  };
  return pulumiResource({ module: 'honeycombio', packageName: '@pulumi/honeycombio', className: 'Trigger', name: String(object.name ?? 'trigger'), args, importId: `${address.dataset}/${address.id}` });
}

/** The query as code: the provider takes it as a JSON string (`query_json`), or by id. */
function queryAttribute(object: JsonObject, language: 'terraform' | 'pulumi'): Array<[string, unknown]> {
  if (isObject(object.query) && Object.keys(object.query).length > 0) {
    return language === 'terraform'
      ? [['query_json', new RawCode(`jsonencode(${hclValue(object.query, '  ')})`)]]
      : [['queryJson', new RawCode(`JSON.stringify(${tsValue(object.query, '    ')})`)]];
  }
  return object.query_id ? [[language === 'terraform' ? 'query_id' : 'queryId', object.query_id]] : [];
}

function recipientsOf(object: JsonObject): JsonObject[] {
  return Array.isArray(object.recipients) ? object.recipients.filter(isObject) : [];
}

function tagsOf(object: JsonObject): Record<string, string> | undefined {
  if (!Array.isArray(object.tags) || object.tags.length === 0) return undefined;
  const tags: Record<string, string> = {};
  for (const tag of object.tags.filter(isObject)) tags[String(tag.key)] = String(tag.value ?? '');
  return tags;
}

function scheduleWindow(object: JsonObject): JsonObject | undefined {
  if (object.evaluation_schedule_type !== 'window' || !isObject(object.evaluation_schedule)) return undefined;
  const window = object.evaluation_schedule.window;
  return isObject(window) ? window : undefined;
}

function baselineOf(object: JsonObject): JsonObject | undefined {
  return isObject(object.baseline_details) && Object.keys(object.baseline_details).length > 0 ? object.baseline_details : undefined;
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
