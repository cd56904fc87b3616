import { documentOf } from '../../../editing/document';
import type { SaveUi } from '../../../editing/guardedSave';
import { Address, EditableKind, JsonObject } from '../../../editing/kind';
import type { Change } from '../../../editing/plan';
import { requestBody } from '../../../editing/requestBody';
import { storedHeaderValue } from './recipient';

/**
 * Setting one secret of a recipient (its webhook secret, a header's value, its PagerDuty
 * integration key) through the same plan and confirmation as a save: the recipient is read, the
 * PUT body is the whole recipient as the server has it (its other secrets included, so nothing
 * else changes) with the one secret replaced, and the plan names the field but never the value —
 * its diff shows documents, which hold no secret. No `vscode` here; the commands that ask for the
 * value are in recipientSecretCommands.ts.
 */
export type SecretEdit = { field: 'webhook_secret' | 'pagerduty_integration_key'; value: string } | { field: 'header_value'; header: string; value: string };

export type SecretOutcome = { status: 'saved'; object: JsonObject } | { status: 'cancelled' };

/** API: a PagerDuty integration key is exactly 32 characters; a webhook secret at most 255; a header value at most 750. */
export function secretValueProblem(edit: SecretEdit): string | undefined {
  switch (edit.field) {
    case 'pagerduty_integration_key':
      return edit.value.length === 32 ? undefined : `A PagerDuty integration key is 32 characters (this one has ${edit.value.length}).`;
    case 'webhook_secret':
      return edit.value.length <= 255 ? undefined : `A webhook secret is at most 255 characters (this one has ${edit.value.length}).`;
    case 'header_value':
      if (edit.value.length > 750) return `A header value is at most 750 characters (this one has ${edit.value.length}).`;
      // provider: httpguts.ValidHeaderFieldValue — no control characters but tab.
      // eslint-disable-next-line no-control-regex
      return /[\u0000-\u0008\u000a-\u001f\u007f]/.test(edit.value) ? 'A header value cannot hold line breaks or other control characters.' : undefined;
  }
}

/** Which recipient types hold the secret. */
const TYPE_OF: Record<SecretEdit['field'], string> = { webhook_secret: 'webhook', header_value: 'webhook', pagerduty_integration_key: 'pagerduty' };

export async function writeRecipientSecret(kind: EditableKind, address: Address, edit: SecretEdit, ui: SaveUi, signal?: AbortSignal): Promise<SecretOutcome> {
  const invalid = secretValueProblem(edit);
  if (invalid) throw new Error(invalid);
  const current = await kind.backend.read(address, signal);
  const label = kind.label(address, current);
  if (current.type !== TYPE_OF[edit.field]) throw new Error(`${label.title} is a ${String(current.type)} recipient: only a ${TYPE_OF[edit.field]} recipient has this secret.`);
  const document = documentOf(kind, current);
  const body = requestBody(kind, current, document, document);
  const details: JsonObject = { ...(body.details as JsonObject) };
  let path: Change['path'];
  let wasSet: boolean;
  if (edit.field === 'header_value') {
    const headers = Array.isArray(details.webhook_headers) ? (details.webhook_headers as JsonObject[]) : [];
    const index = headers.findIndex((h) => typeof h?.header === 'string' && h.header.toLowerCase() === edit.header.toLowerCase());
    if (index < 0) throw new Error(`${label.title} has no header ${edit.header}: add it in the recipient's document and save it first.`);
    wasSet = typeof storedHeaderValue(current.details as JsonObject, edit.header) === 'string' && storedHeaderValue(current.details as JsonObject, edit.header) !== '';
    details.webhook_headers = headers.map((h, i) => (i === index ? { ...h, value: edit.value } : h));
    path = ['details', 'webhook_headers', index, 'value'];
  } else {
    wasSet = typeof details[edit.field] === 'string' && details[edit.field] !== '';
    details[edit.field] = edit.value;
    path = ['details', edit.field];
  }
  const change: Change = { path, kind: 'set', before: wasSet ? '(set, not shown)' : undefined, note: 'the value you typed (not shown)' };
  const sent = { ...body, details };
  if (!(await ui.confirm({ verb: 'update', label, changes: [change], current: document, proposed: document, body: sent }))) return { status: 'cancelled' };
  return { status: 'saved', object: await kind.backend.update(address, sent, signal) };
}
