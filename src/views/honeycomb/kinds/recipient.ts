import { hasOwn, setOwn } from '../../../core/ownProperties';
import { serverFieldsOf } from '../../../editing/document';
import { Address, EditableKind, JsonObject, KindBackend, Problem } from '../../../editing/kind';
import type { Change } from '../../../editing/plan';
import { RECIPIENT_KIND_ID } from './recipientIds';

export { RECIPIENT_KIND_ID };

/**
 * A Honeycomb recipient (email, Slack, PagerDuty, webhook, Microsoft Teams workflow) as an
 * editable kind. Recipients are team-wide, at `/1/recipients/{id}`: the address is the
 * environment whose key reaches them and the id. The document is the API's object less what the
 * server computes and less every secret: the webhook secret, each header's value and the
 * PagerDuty integration key are set with their own commands (recipientSecretCommands.ts) and never
 * sit in a document, a plan or a log. Honeycomb answers them on a read (the provider reads them
 * back into its state), and its PUT replaces the whole recipient, so a save sends them back as the
 * server has them (`recipientBody`): saving a document never clears a secret it does not show.
 */
export const RECIPIENT_FIELDS = ['type', 'details'] as const;
/** `readOnly` in the API description's RecipientProperties. */
export const RECIPIENT_READ_ONLY_FIELDS = ['id', 'created_at', 'updated_at'] as const;
/** The secrets among a recipient's details (besides header values). */
export const SECRET_DETAILS = ['webhook_secret', 'pagerduty_integration_key'] as const;

export interface RecipientKindParts {
  backend: KindBackend;
  schema(): Promise<JsonObject>;
  rules(document: JsonObject, baseline?: JsonObject): Problem[] | Promise<Problem[]>;
  /** Asks the type (and a new PagerDuty recipient's key) before a "New Recipient…" document opens. */
  prepareCreate?(parent: Address): Promise<Address | undefined>;
}

export function recipientKind(parts: RecipientKindParts): EditableKind {
  const kind: EditableKind = {
    id: RECIPIENT_KIND_ID,
    noun: 'recipient',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-recipient',
    addressKeys: ['env', 'id'],
    parentKeys: ['env'],
    fieldOrder: RECIPIENT_FIELDS,
    readOnlyFields: RECIPIENT_READ_ONLY_FIELDS,
    updateStyle: 'replace',
    schema: parts.schema,
    rules: (document, baseline) => parts.rules(document, baseline),
    prepareCreate: parts.prepareCreate,
    template: (parent) => recipientTemplate(parent.type ?? 'email'),
    nameOf: recipientName,
    label: (address, object) => {
      const name = object ? recipientName(object) : '';
      return {
        title: name && address.id ? `recipient “${name}”` : address.id ? `recipient ${address.id}` : 'a new recipient',
        location: `the team of environment “${address.env}” (Honeycomb; recipients are team-wide)`,
      };
    },
    toDocument: (object) => recipientDocument(kind, object),
    replaceBody: recipientBody,
    consequences: recipientConsequences,
    backend: parts.backend,
    code: {
      terraform: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './recipientCode')).recipientTerraform(object, address),
      pulumi: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './recipientCode')).recipientPulumi(object, address),
    },
  };
  return kind;
}

/** What a new recipient of `type` starts from: the fields its type needs, with values to replace. */
export function recipientTemplate(type: string): JsonObject {
  switch (type) {
    case 'slack':
      return { type, details: { slack_channel: '#alerts' } };
    case 'pagerduty':
      return { type, details: { pagerduty_integration_name: 'New PagerDuty service' } };
    case 'webhook':
      return { type, details: { webhook_name: 'New webhook', webhook_url: 'https://hooks.example.com/honeycomb', webhook_headers: [] } };
    case 'msteams_workflow':
      return { type, details: { webhook_name: 'New Teams workflow', webhook_url: 'https://example.logic.azure.com/workflows/replace-me' } };
    default:
      return { type: 'email', details: { email_address: 'oncall@example.com' } };
  }
}

/** The name people know a recipient by: its webhook or integration name, address or channel. */
export function recipientName(object: JsonObject): string {
  const details = isObject(object.details) ? object.details : {};
  for (const field of ['webhook_name', 'pagerduty_integration_name', 'email_address', 'slack_channel']) {
    const value = details[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return typeof object.id === 'string' ? object.id : '';
}

/** The server's recipient as a document: every field but the computed ones and the secrets. */
export function recipientDocument(kind: EditableKind, object: JsonObject): JsonObject {
  const document = serverFieldsOf(kind, object);
  if (isObject(document.details)) document.details = withoutSecrets(document.details);
  return document;
}

/**
 * The details less the secrets, and less details answered as `null` (the Go client sends
 * `webhook_headers: null` when there are none, and a `null` would read as a wrong type in the
 * document); a save sends those back as they came (`recipientBody`).
 */
function withoutSecrets(details: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(details)) {
    if ((SECRET_DETAILS as readonly string[]).includes(key) || details[key] === null) continue;
    setOwn(out, key, key === 'webhook_headers' && Array.isArray(details[key]) ? details[key].map(headerWithoutValue) : details[key]);
  }
  return out;
}

function headerWithoutValue(header: unknown): unknown {
  if (!isObject(header)) return header;
  const { value: _value, ...rest } = header;
  return rest;
}

/**
 * The PUT body: the generic one (the server's object less read-only fields, the document on top)
 * with the secrets (and details answered as `null`) put back from the server's object, so a PUT — which replaces the recipient —
 * never clears one the document does not show. A header's value goes back with the header of the
 * same name (HTTP names ignore case); a new or renamed header has none until it is set.
 */
export function recipientBody(body: JsonObject, current: JsonObject): JsonObject {
  if (!isObject(body.details) || !isObject(current.details) || body.type !== current.type) return body;
  const stored = current.details;
  const details: JsonObject = { ...body.details };
  for (const field of SECRET_DETAILS) {
    if (!hasOwn(details, field) && hasOwn(stored, field)) setOwn(details, field, stored[field]);
  }
  for (const field of Object.keys(stored)) {
    if (stored[field] === null && !hasOwn(details, field)) setOwn(details, field, null);
  }
  if (Array.isArray(details.webhook_headers)) {
    details.webhook_headers = (details.webhook_headers as unknown[]).map((header) => {
      if (!isObject(header) || hasOwn(header, 'value') || typeof header.header !== 'string') return header;
      const value = storedHeaderValue(stored, header.header);
      return value === undefined ? header : { ...header, value };
    });
  }
  return { ...body, details };
}

/** The value the server has for header `name`, matched ignoring case. */
export function storedHeaderValue(details: JsonObject, name: string): unknown {
  const headers: unknown[] = Array.isArray(details.webhook_headers) ? details.webhook_headers : [];
  const found = headers.find((h) => isObject(h) && typeof h.header === 'string' && h.header.toLowerCase() === name.toLowerCase());
  return isObject(found) ? found.value : undefined;
}

/** A header sent without a value (new, or renamed): the plan says so, and how to set it. */
export function recipientConsequences(_current: JsonObject, body: JsonObject): Change[] {
  const details = isObject(body.details) ? body.details : {};
  const headers = Array.isArray(details.webhook_headers) ? details.webhook_headers : [];
  return headers.flatMap((header, i): Change[] =>
    isObject(header) && !hasOwn(header, 'value') && typeof header.header === 'string'
      ? [{ path: ['details', 'webhook_headers', i, 'value'], kind: 'set', note: `no value yet: set it with "Set Header Value…" after saving` }]
      : [],
  );
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
