import { RawCode, hclValue, tsValue } from '../../../core/codeText';
import { CodeResource, HclBody, PulumiResource, TerraformResource, pulumiOf, terraformOf } from '../../../editing/exportCode';
import { Address, JsonObject } from '../../../editing/kind';
import { pulumiRecipients, recipientBlocks, tagsOf } from './notifiedRecipientsCode';
import { isObject } from './trigger';

/**
 * A trigger as code: the `honeycombio_trigger` resource with an import block (`<dataset>/<id>`),
 * and the same as a Pulumi resource. Field names follow the provider, which differ from the API's.
 */
export function triggerCode(object: JsonObject, address: Address): CodeResource[] {
  return [{ keys: [`trigger:${address.id}`], terraform: triggerTerraformResource(object, address), pulumi: triggerPulumiResource(object, address) }];
}

export function triggerTerraform(object: JsonObject, address: Address): string {
  return terraformOf(triggerCode(object, address));
}

export function triggerPulumi(object: JsonObject, address: Address): string {
  return pulumiOf(triggerCode(object, address));
}

function triggerTerraformResource(object: JsonObject, address: Address): TerraformResource {
  const threshold = (object.threshold ?? {}) as JsonObject;
  const blocks: Array<[string, HclBody]> = [
    [
      'threshold',
      {
        attributes: [
          ['op', threshold.op],
          ['value', threshold.value],
          ['exceeded_limit', threshold.exceeded_limit],
        ],
      },
    ],
  ];
  blocks.push(...recipientBlocks(object));
  const window = scheduleWindow(object);
  if (window)
    blocks.push([
      'evaluation_schedule',
      {
        attributes: [
          ['start_time', window.start_time],
          ['end_time', window.end_time],
          ['days_of_week', window.days_of_week],
        ],
      },
    ]);
  const baseline = baselineOf(object);
  if (baseline)
    blocks.push([
      'baseline_details',
      {
        attributes: [
          ['offset_minutes', baseline.offset_minutes],
          ['type', baseline.type],
        ],
      },
    ]);
  return {
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
        ['auto_investigate', object.auto_investigate === true ? true : undefined],
        ['tags', tagsOf(object)],
      ],
      blocks,
    },
    importId: `${address.dataset}/${address.id}`,
  };
}

function triggerPulumiResource(object: JsonObject, address: Address): PulumiResource {
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
    autoInvestigate: object.auto_investigate === true ? true : undefined,
    thresholds: [{ op: threshold.op, value: threshold.value, exceededLimit: threshold.exceeded_limit }],
    recipients: pulumiRecipients(object),
    evaluationSchedules: window ? [{ startTime: window.start_time, endTime: window.end_time, daysOfWeeks: window.days_of_week }] : undefined,
    baselineDetails: baseline ? [{ offsetMinutes: baseline.offset_minutes, type: baseline.type }] : undefined,
    tags: tagsOf(object),
  };
  return {
    module: 'honeycombio',
    packageName: '@pulumi/honeycombio',
    className: 'Trigger',
    name: String(object.name ?? 'trigger'),
    args,
    importId: `${address.dataset}/${address.id}`,
  };
}

/** The query as code: the provider takes it as a JSON string (`query_json`), or by id. */
function queryAttribute(object: JsonObject, language: 'terraform' | 'pulumi'): Array<[string, unknown]> {
  if (isObject(object.query) && Object.keys(object.query).length > 0) {
    return language === 'terraform' ? [['query_json', new RawCode(`jsonencode(${hclValue(object.query, '  ')})`)]] : [['queryJson', new RawCode(`JSON.stringify(${tsValue(object.query, '    ')})`)]];
  }
  return object.query_id ? [[language === 'terraform' ? 'query_id' : 'queryId', object.query_id]] : [];
}

function scheduleWindow(object: JsonObject): JsonObject | undefined {
  if (object.evaluation_schedule_type !== 'window' || !isObject(object.evaluation_schedule)) return undefined;
  const window = object.evaluation_schedule.window;
  return isObject(window) ? window : undefined;
}

function baselineOf(object: JsonObject): JsonObject | undefined {
  return isObject(object.baseline_details) && Object.keys(object.baseline_details).length > 0 ? object.baseline_details : undefined;
}
