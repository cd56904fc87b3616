import { ServiceError } from '../../core/errors';
import { HoneycombApi, SERVICE } from './api';
import { ENVIRONMENT_WIDE, datasetSegment, idSegment, requireInput } from './paths';

/** A trigger as the API returns it (spec `TriggerResponse`). */
export interface ApiTrigger {
  id?: string;
  dataset_slug?: string;
  name: string;
  description?: string;
  tags?: Array<{ key: string; value: string }>;
  threshold?: { op: string; value: number; exceeded_limit?: number };
  frequency?: number;
  alert_type?: string;
  disabled?: boolean;
  triggered?: boolean;
  recipients?: Array<{ id?: string; type?: string; target?: string; details?: { pagerduty_severity?: string; variables?: Array<{ name: string; value?: string }> } }>;
  evaluation_schedule_type?: string;
  evaluation_schedule?: { window?: { days_of_week: string[]; start_time: string; end_time: string } };
  baseline_details?: { type?: string; offset_minutes?: number };
  query?: Record<string, unknown>;
  query_id?: string;
  created_at?: string;
  updated_at?: string;
}

export interface TriggerRecipientRef {
  id: string;
  type: string;
  target: string;
}

/** A trigger for the views (named after the provider's trigger resource fields; not a data source). */
export interface TriggerItem {
  id: string;
  /** The dataset the trigger runs on; `__all__` for an environment-wide trigger. */
  dataset: string;
  name: string;
  description: string;
  disabled: boolean;
  triggered: boolean;
  alertType: string;
  frequency: number;
  thresholds: Array<{ op: string; value: number; exceededLimit: number }>;
  recipients: TriggerRecipientRef[];
  tags: Record<string, string>;
  queryId: string;
  queryJson: string;
  createdAt: string;
  updatedAt: string;
  raw: ApiTrigger;
}

/** getTriggerRecipient's output (deprecated operation). */
export interface TriggerRecipient {
  dataset: string;
  id: string;
  target?: string;
  type: string;
}

export function toTrigger(pathDataset: string, raw: ApiTrigger): TriggerItem {
  const tags: Record<string, string> = {};
  for (const tag of raw.tags ?? []) {
    if (tag && typeof tag.key === 'string') tags[tag.key] = String(tag.value ?? '');
  }
  return {
    id: raw.id ?? '',
    // Lists of one dataset may omit dataset_slug; the path says which dataset it is.
    dataset: raw.dataset_slug || pathDataset,
    name: raw.name,
    description: raw.description ?? '',
    disabled: raw.disabled === true,
    triggered: raw.triggered === true,
    alertType: raw.alert_type ?? 'on_change',
    frequency: raw.frequency ?? 900,
    thresholds: raw.threshold ? [{ op: raw.threshold.op, value: raw.threshold.value, exceededLimit: raw.threshold.exceeded_limit ?? 1 }] : [],
    recipients: (raw.recipients ?? []).map((r) => ({ id: r.id ?? '', type: r.type ?? '', target: r.target ?? '' })),
    tags,
    queryId: raw.query_id ?? '',
    queryJson: raw.query && Object.keys(raw.query).length > 0 ? JSON.stringify(raw.query) : '',
    createdAt: raw.created_at ?? '',
    updatedAt: raw.updated_at ?? '',
    raw,
  };
}

/** Every trigger of a dataset (or, with `__all__`, of the environment), in one request. */
export async function listTriggers(api: HoneycombApi, dataset: string, signal?: AbortSignal): Promise<TriggerItem[]> {
  const body = await api.v1<ApiTrigger[]>({ operation: 'getTriggers', path: `/1/triggers/${datasetSegment(dataset)}`, signal });
  return api.expectArray<ApiTrigger>('getTriggers', body).map((raw) => toTrigger(dataset, raw));
}

/** One trigger, for record panels. */
export async function getTrigger(api: HoneycombApi, dataset: string, id: string, signal?: AbortSignal): Promise<TriggerItem> {
  const body = await api.v1<ApiTrigger>({ operation: 'getTrigger', path: `/1/triggers/${datasetSegment(dataset)}/${idSegment(id)}`, signal });
  return toTrigger(dataset, api.expectObject<ApiTrigger>('getTrigger', body));
}

/** The triggers (team-wide) that notify one recipient: `GET /1/recipients/{id}/triggers`. */
export async function listRecipientTriggers(api: HoneycombApi, recipientId: string, signal?: AbortSignal): Promise<TriggerItem[]> {
  const body = await api.v1<ApiTrigger[]>({ operation: 'getRecipientTriggers', path: `/1/recipients/${idSegment(recipientId)}/triggers`, signal });
  return api.expectArray<ApiTrigger>('getRecipientTriggers', body).map((raw) => toTrigger(ENVIRONMENT_WIDE, raw));
}

/**
 * getTriggerRecipient: the ID of the first recipient, on any trigger of the dataset, whose
 * type and target are exactly those asked for (`target` defaults to "").
 *
 * @deprecated Use getRecipient, which looks recipients up team-wide with a detail filter. This
 * still works for configurations written against the old data source.
 */
export async function getTriggerRecipient(api: HoneycombApi, input: { dataset: string; type: string; target?: string; id?: string }, signal?: AbortSignal): Promise<TriggerRecipient> {
  const dataset = requireInput('getTriggerRecipient', 'dataset', input?.dataset);
  const type = requireInput('getTriggerRecipient', 'type', input?.type);
  const target = input.target ?? '';
  for (const trigger of await listTriggers(api, dataset, signal)) {
    const found = trigger.recipients.find((r) => r.type === type && r.target === target);
    if (found) {
      return { dataset, id: found.id, type, ...(input.target !== undefined ? { target: input.target } : {}) };
    }
  }
  throw new ServiceError({
    kind: 'notFound',
    service: SERVICE,
    operation: 'getTriggerRecipient',
    summary: `could not find a trigger recipient in "${dataset}" with type = "${type}" and target = "${target}"`,
    hint: 'getTriggerRecipient is deprecated: look the recipient up with getRecipient instead.',
  });
}
