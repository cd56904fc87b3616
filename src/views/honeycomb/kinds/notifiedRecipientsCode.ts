import { HclBody, referenceTo } from '../../../editing/exportCode';
import { JsonObject } from '../../../editing/kind';

/**
 * The recipients of a trigger or burn alert as the provider's `recipient` blocks (Terraform) and
 * `recipients` list (Pulumi): by id (a reference to the recipient's resource where an export
 * writes it too), or by type and target for the deprecated inline form, with a PagerDuty
 * severity where one is set.
 */
export function recipientBlocks(object: JsonObject): Array<[string, HclBody]> {
  return recipientsOf(object).map((recipient) => {
    const severity = severityOf(recipient);
    return [
      'recipient',
      {
        attributes: recipient.id
          ? [['id', recipientReference(recipient)]]
          : [
              ['type', recipient.type],
              ['target', recipient.target],
            ],
        blocks: severity ? [['notification_details', { attributes: [['pagerduty_severity', severity]] }]] : [],
      },
    ];
  });
}

export function pulumiRecipients(object: JsonObject): JsonObject[] {
  return recipientsOf(object).map((r) => {
    const severity = severityOf(r);
    return r.id ? { id: recipientReference(r), notificationDetails: severity ? [{ pagerdutySeverity: severity }] : undefined } : { type: r.type, target: r.target };
  });
}

/** The tags as a map; `fromEntries` keeps even a key named `__proto__` as a tag of its own. */
export function tagsOf(object: JsonObject): Record<string, string> | undefined {
  if (!Array.isArray(object.tags) || object.tags.length === 0) return undefined;
  return Object.fromEntries(object.tags.filter(isObject).map((tag) => [String(tag.key), String(tag.value ?? '')]));
}

function recipientReference(recipient: JsonObject): unknown {
  return referenceTo(`recipient:${String(recipient.id)}`, 'id', recipient.id);
}

function recipientsOf(object: JsonObject): JsonObject[] {
  return Array.isArray(object.recipients) ? object.recipients.filter(isObject) : [];
}

function severityOf(recipient: JsonObject): unknown {
  return isObject(recipient.details) ? recipient.details.pagerduty_severity || undefined : undefined;
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
