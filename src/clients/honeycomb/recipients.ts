import { ServiceError, badInput } from '../../core/errors';
import { HoneycombApi, SERVICE } from './api';
import { DetailFilter, FilterModel, checkDetailFilters, matchesDetailFilter } from './detailFilter';
import { idSegment, listId, requireInput } from './paths';

/** A recipient as `GET /1/recipients[/{id}]` returns it. Recipients are team-wide. */
export interface ApiRecipient {
  id?: string;
  type: string;
  details?: {
    email_address?: string;
    slack_channel?: string;
    pagerduty_integration_name?: string;
    pagerduty_integration_key?: string;
    webhook_name?: string;
    webhook_url?: string;
    webhook_secret?: string;
    webhook_headers?: Array<{ header: string; value?: string }>;
    webhook_payloads?: unknown;
  };
  created_at?: string;
  updated_at?: string;
}

export const RECIPIENT_TYPES = ['email', 'webhook', 'slack', 'pagerduty', 'msteams', 'msteams_workflow'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

/**
 * The provider's Recipient record. Which detail fields are present depends on the type; for its
 * type each is always present: email → address; slack → channel; pagerduty → integrationKey,
 * integrationName; webhook → name, secret, url; msteams and msteams_workflow → name, url.
 */
export interface Recipient {
  id: string;
  type: string;
  address?: string;
  channel?: string;
  /** Secret. */
  integrationKey?: string;
  integrationName?: string;
  name?: string;
  /** Secret. */
  secret?: string;
  url?: string;
  detailFilter?: DetailFilter;
  /** @deprecated Ignored (recipients are team-wide); echoed. */
  dataset?: string;
  /** @deprecated Use detailFilter; echoed. */
  target?: string;
}

export interface RecipientItem extends Omit<Recipient, 'detailFilter' | 'dataset' | 'target'> {
  createdAt: string;
  updatedAt: string;
  raw: ApiRecipient;
}

export interface GetRecipientInput {
  type: string;
  detailFilter?: DetailFilter;
  /** When given, the recipient is fetched by ID and must be of `type`. */
  id?: string;
  /** @deprecated Ignored: recipients are team-wide. */
  dataset?: string;
  /** @deprecated Use detailFilter: the type's main field must equal it (email address, channel, webhook name). */
  target?: string;
}

export interface GetRecipientsInput {
  type?: string;
  /** Its `name` must be set. */
  detailFilter?: DetailFilter;
  /** The result's identifier is computed; an `id` input is accepted and not used to select. */
  id?: string;
}

export interface GetRecipientsOutput {
  id: string;
  ids: string[];
  type?: string;
  detailFilter?: DetailFilter;
}

/** The type-specific detail fields of a recipient, in the provider's names. */
export type RecipientDetailField = 'address' | 'channel' | 'integrationKey' | 'integrationName' | 'name' | 'secret' | 'url';

/** The detail fields each type has, by the names detail filters use. */
const FIELDS_BY_TYPE: Record<RecipientType, RecipientDetailField[]> = {
  email: ['address'],
  slack: ['channel'],
  pagerduty: ['integrationName', 'integrationKey'],
  webhook: ['name', 'url', 'secret'],
  msteams: ['name', 'url'],
  msteams_workflow: ['name', 'url'],
};

/** Detail-filter names the provider allows for recipients (any spelling of case and `_`). */
const FILTER_FIELDS: Record<string, RecipientDetailField> = { address: 'address', channel: 'channel', name: 'name', integrationname: 'integrationName', url: 'url' };

/** What the deprecated `target` means for each type (the provider's table). */
const TARGET_FIELD: Partial<Record<RecipientType, RecipientDetailField>> = { email: 'address', slack: 'channel', webhook: 'name', msteams: 'name', msteams_workflow: 'name' };

function isRecipientType(type: string): type is RecipientType {
  return (RECIPIENT_TYPES as readonly string[]).includes(type);
}

export function toRecipient(raw: ApiRecipient): RecipientItem {
  const d = raw.details ?? {};
  const base = { id: raw.id ?? '', type: raw.type, createdAt: raw.created_at ?? '', updatedAt: raw.updated_at ?? '', raw };
  switch (raw.type) {
    case 'email':
      return { ...base, address: d.email_address ?? '' };
    case 'slack':
      return { ...base, channel: d.slack_channel ?? '' };
    case 'pagerduty':
      return { ...base, integrationName: d.pagerduty_integration_name ?? '', integrationKey: d.pagerduty_integration_key ?? '' };
    case 'webhook':
      return { ...base, name: d.webhook_name ?? '', url: d.webhook_url ?? '', secret: d.webhook_secret ?? '' };
    case 'msteams':
    case 'msteams_workflow':
      return { ...base, name: d.webhook_name ?? '', url: d.webhook_url ?? '' };
    default:
      return base;
  }
}

/** The detail fields of a recipient of a known type, for display and filtering. */
export function recipientFields(r: Pick<Recipient, 'type'>): RecipientDetailField[] {
  return isRecipientType(r.type) ? FIELDS_BY_TYPE[r.type] : [];
}

/** A short human label: the address, channel, integration or webhook name. */
export function recipientLabel(r: RecipientItem | Recipient): string {
  return r.address || r.channel || r.integrationName || r.name || r.url || r.id;
}

/**
 * Whether a recipient passes a type and a detail filter, doing what the data source documents
 * where the provider's code does not:
 * - CHOICE type: the requested `type` is really compared. The provider stopped comparing it, so
 *   a type-only lookup matched every recipient and a value could match a recipient of another
 *   type; here an email lookup only ever finds email recipients.
 * - CHOICE field: the filter compares the field it names (`address`, `channel`, `name`,
 *   `integration_name`, `url`); a recipient without that field does not match. The provider
 *   compared a field chosen by the recipient's own type, whatever the filter named.
 * Operators and `valueRegex` work as for the other detail filters.
 */
export function matchesRecipient(r: RecipientItem, type: string | undefined, filter: DetailFilter | undefined): boolean {
  if (type !== undefined && r.type !== type) {
    return false;
  }
  if (!filter) {
    return true;
  }
  const field = FILTER_FIELDS[filter.name.toLowerCase().replace(/_/g, '')];
  const value = field ? r[field] : undefined;
  if (typeof value !== 'string') {
    return false;
  }
  const model: FilterModel = { [filter.name]: { kind: 'string', value } };
  return matchesDetailFilter(model, filter);
}

function checkRecipientQuery(operation: string, type: string | undefined, filter: DetailFilter | undefined): void {
  if (type !== undefined && !isRecipientType(type)) {
    throw badInput(SERVICE, operation, `"${type}" is not a recipient type`, `Use one of ${RECIPIENT_TYPES.join(', ')}.`);
  }
  if (filter !== undefined) {
    checkDetailFilters(operation, [filter], 'detailFilter');
    if (!FILTER_FIELDS[filter.name.toLowerCase().replace(/_/g, '')]) {
      throw badInput(SERVICE, operation, `detailFilter.name "${filter.name}" is not a recipient field`, 'Use address, channel, name, integration_name or url.');
    }
  }
}

/** Every recipient of the team, in one request. Secrets in them are registered for masking. */
export async function listRecipients(api: HoneycombApi, signal?: AbortSignal): Promise<RecipientItem[]> {
  const body = await api.v1<ApiRecipient[]>({ operation: 'getRecipients', path: '/1/recipients', signal });
  return api.expectArray<ApiRecipient>('getRecipients', body).map((raw) => registered(api, toRecipient(raw)));
}

/** One recipient by ID, for record panels. */
export async function getRecipientById(api: HoneycombApi, id: string, signal?: AbortSignal): Promise<RecipientItem> {
  const body = await api.v1<ApiRecipient>({ operation: 'getRecipient', path: `/1/recipients/${idSegment(id)}`, signal });
  return registered(api, toRecipient(api.expectObject<ApiRecipient>('getRecipient', body)));
}

function registered(api: HoneycombApi, r: RecipientItem): RecipientItem {
  api.registerSecret(r.secret);
  api.registerSecret(r.integrationKey);
  // A webhook's own headers usually carry the receiving end's credential.
  for (const header of r.raw.details?.webhook_headers ?? []) api.registerSecret(header.value);
  return r;
}

function publicRecord(r: RecipientItem): Recipient {
  const { createdAt: _c, updatedAt: _u, raw: _raw, ...record } = r;
  return record;
}

/**
 * getRecipient: exactly one recipient of `type` that passes the detail filter (or the
 * deprecated `target`), or the one with `id`. Errors in the provider's words when none or
 * several match.
 */
export async function getRecipient(api: HoneycombApi, input: GetRecipientInput, signal?: AbortSignal): Promise<Recipient> {
  const type = requireInput('getRecipient', 'type', input?.type);
  checkRecipientQuery('getRecipient', type, input.detailFilter);
  if (input.target !== undefined && input.detailFilter !== undefined) {
    throw badInput(SERVICE, 'getRecipient', 'target cannot be combined with detailFilter', 'target is deprecated: use detailFilter only.');
  }
  const echo = {
    ...(input.detailFilter !== undefined ? { detailFilter: input.detailFilter } : {}),
    ...(input.dataset !== undefined ? { dataset: input.dataset } : {}),
    ...(input.target !== undefined ? { target: input.target } : {}),
  };
  if (input.id) {
    const found = await getRecipientById(api, input.id, signal);
    if (found.type !== type) {
      throw badInput(SERVICE, 'getRecipient', `recipient ${input.id} is of type ${found.type}, not ${type}`);
    }
    return { ...publicRecord(found), ...echo };
  }
  const targetField = input.target !== undefined ? TARGET_FIELD[type as RecipientType] : undefined;
  const matches = (await listRecipients(api, signal)).filter(
    (r) => matchesRecipient(r, type, input.detailFilter) && (input.target === undefined || (targetField !== undefined && r[targetField] === input.target)),
  );
  if (matches.length === 0) {
    throw new ServiceError({
      kind: 'notFound',
      service: SERVICE,
      operation: 'getRecipient',
      summary: 'your recipient query returned no results',
      hint: `No ${type} recipient matches; check the filter.`,
    });
  }
  if (matches.length > 1) {
    throw badInput(SERVICE, 'getRecipient', `your recipient query returned more than one result (${matches.length} ${type} recipients)`, 'Please try more specific search criteria.');
  }
  return { ...publicRecord(matches[0]), ...echo };
}

/** getRecipients: IDs of the recipients of `type` (any type when omitted) that pass the filter. */
export async function getRecipients(api: HoneycombApi, input: GetRecipientsInput = {}, signal?: AbortSignal): Promise<GetRecipientsOutput> {
  checkRecipientQuery('getRecipients', input.type, input.detailFilter);
  const ids = (await listRecipients(api, signal)).filter((r) => matchesRecipient(r, input.type, input.detailFilter)).map((r) => r.id);
  return {
    id: listId(ids),
    ids,
    ...(input.type !== undefined ? { type: input.type } : {}),
    ...(input.detailFilter !== undefined ? { detailFilter: input.detailFilter } : {}),
  };
}
