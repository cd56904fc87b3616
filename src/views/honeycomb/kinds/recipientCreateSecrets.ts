import { randomUUID } from 'node:crypto';

/**
 * Secrets asked at "New Recipient…" (a PagerDuty integration key, a webhook secret), held in
 * memory until the document's create sends them. The new document and its session carry only a
 * random reference (`secretRef`), so the secret never reaches a document, its URI, a plan or a
 * log line (the save logs the parent address). A create that fails keeps it for the next try;
 * one that succeeds forgets it.
 */
export interface CreateSecret {
  type: string;
  field: 'pagerduty_integration_key' | 'webhook_secret';
  value: string;
}

const pending = new Map<string, CreateSecret>();

export function keepCreateSecret(secret: CreateSecret): string {
  const ref = randomUUID();
  pending.set(ref, secret);
  return ref;
}

/** The secret under `ref`, still kept in case the create fails and is tried again. */
export function createSecretOf(ref: string): CreateSecret | undefined {
  return pending.get(ref);
}

/** After a successful create the secret is no longer needed here. */
export function forgetCreateSecret(ref: string): void {
  pending.delete(ref);
}
