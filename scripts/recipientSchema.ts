import type { KindSchemaSpec } from './generate-schemas';

type Schema = Record<string, unknown>;

/** Secret details set by their own commands, never in a recipient document (src/views/honeycomb/kinds/recipient.ts). */
const SECRET_DETAILS = ['webhook_secret', 'pagerduty_integration_key'];

/**
 * The recipient document: the API's `Recipient` (a `oneOf` by `type`) without its secrets — the
 * webhook secret, the PagerDuty integration key and each header's `value` are set by commands.
 * The document writes the webhook limits as `maxLength` on arrays, which checks nothing there;
 * they are meant as item counts (the provider's SizeAtMost(5) headers and SizeAtMost(10)
 * variables), so they become `maxItems` (docs/seed-notes.md).
 */
export const RECIPIENT_SCHEMA: KindSchemaSpec = {
  file: 'honeycomb-recipient',
  document: 'honeycomb.openapi.yaml',
  component: 'Recipient',
  title: 'Honeycomb recipient',
  adjust: (schema) => {
    for (const branch of (schema.oneOf ?? []) as Schema[]) {
      const details = (branch.properties as Record<string, Schema> | undefined)?.details;
      const properties = details?.properties as Record<string, Schema> | undefined;
      if (!details || !properties) continue;
      for (const secret of SECRET_DETAILS) delete properties[secret];
      if (Array.isArray(details.required)) details.required = (details.required as string[]).filter((name) => !SECRET_DETAILS.includes(name));
      const headers = properties.webhook_headers;
      if (headers) {
        asItems(headers);
        delete ((headers.items as Schema).properties as Schema).value;
      }
      const variables = (properties.webhook_payloads?.properties as Record<string, Schema> | undefined)?.template_variables;
      if (variables) asItems(variables);
    }
  },
};

/** `maxLength` on an array → `maxItems`. */
function asItems(schema: Schema): void {
  if (schema.type === 'array' && typeof schema.maxLength === 'number') {
    schema.maxItems = schema.maxLength;
    delete schema.maxLength;
  }
}
