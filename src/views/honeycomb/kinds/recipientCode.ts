import { CodeResource, HclBody, InputValue, pulumiOf, terraformOf } from '../../../editing/exportCode';
import { Address, JsonObject } from '../../../editing/kind';
import { recipientName } from './recipient';

/**
 * A recipient as code: the provider's resource of its type (`honeycombio_<type>_recipient`) with an
 * import block (the recipient's id), and the same as a Pulumi resource. Secrets are never written:
 * the webhook secret, each header's value and the PagerDuty integration key become sensitive
 * variables (Terraform) or `config.requireSecret` (Pulumi). Field names follow the provider.
 */
const SECRET_NOTE = 'Honeycomb keeps it secret here: it is not copied. Give the value the recipient has (or a new one).';

interface Shape {
  resource: string;
  className: string;
  /** Top-level attributes, in the provider's names (snake_case). */
  attributes: Array<[string, unknown]>;
  templates: Array<{ type: string; body: unknown }>;
  variables: Array<{ name: unknown; default_value: unknown }>;
  headers: Array<{ name: string; value: unknown }>;
}

function shapeOf(object: JsonObject): Shape {
  const d = isObject(object.details) ? object.details : {};
  const type = String(object.type ?? '');
  const secret = (field: string, attribute: string): unknown => (typeof d[field] === 'string' && d[field] !== '' ? new InputValue(attribute, true, SECRET_NOTE) : undefined);
  const base = { templates: [], variables: [], headers: [] };
  switch (type) {
    case 'email':
      return { ...base, resource: 'honeycombio_email_recipient', className: 'EmailRecipient', attributes: [['address', d.email_address]] };
    case 'slack':
      return { ...base, resource: 'honeycombio_slack_recipient', className: 'SlackRecipient', attributes: [['channel', d.slack_channel]] };
    case 'pagerduty':
      return {
        ...base,
        resource: 'honeycombio_pagerduty_recipient',
        className: 'PagerdutyRecipient',
        // The provider requires the key; it is a variable even when the read had none.
        attributes: [
          ['integration_key', new InputValue('integration_key', true, SECRET_NOTE)],
          ['integration_name', d.pagerduty_integration_name],
        ],
      };
    case 'msteams':
    case 'msteams_workflow':
      return {
        ...base,
        resource: `honeycombio_${type}_recipient`,
        className: type === 'msteams' ? 'MsteamsRecipient' : 'MsteamsWorkflowRecipient',
        attributes: [
          ['name', d.webhook_name],
          ['url', d.webhook_url],
        ],
      };
    case 'webhook': {
      const payloads = isObject(d.webhook_payloads) ? d.webhook_payloads : {};
      const templates = isObject(payloads.payload_templates) ? payloads.payload_templates : {};
      return {
        resource: 'honeycombio_webhook_recipient',
        className: 'WebhookRecipient',
        attributes: [
          ['name', d.webhook_name],
          ['url', d.webhook_url],
          ['secret', secret('webhook_secret', 'secret')],
        ],
        templates: Object.entries(templates)
          .filter(([, t]) => isObject(t))
          .map(([kind, t]) => ({ type: kind, body: (t as JsonObject).body })),
        variables: (Array.isArray(payloads.template_variables) ? payloads.template_variables : []).filter(isObject).map((v) => ({ name: v.name, default_value: v.default_value || undefined })),
        headers: (Array.isArray(d.webhook_headers) ? d.webhook_headers : []).filter(isObject).map((h) => ({
          name: String(h.header ?? ''),
          value: typeof h.value === 'string' && h.value !== '' ? new InputValue(`header ${String(h.header ?? '')} value`, true, SECRET_NOTE) : undefined,
        })),
      };
    }
    default:
      throw new Error(`The provider has no resource for recipients of type ${JSON.stringify(type)}.`);
  }
}

export function recipientTerraform(object: JsonObject, address: Address): string {
  return terraformOf(recipientCode(object, address));
}

export function recipientPulumi(object: JsonObject, address: Address): string {
  return pulumiOf(recipientCode(object, address));
}

export function recipientCode(object: JsonObject, address: Address): CodeResource[] {
  const shape = shapeOf(object);
  const name = recipientName(object) || 'recipient';
  const blocks: Array<[string, HclBody]> = [
    ...shape.templates.map((t): [string, HclBody] => [
      'template',
      {
        attributes: [
          ['type', t.type],
          ['body', t.body],
        ],
      },
    ]),
    ...shape.variables.map((v): [string, HclBody] => [
      'variable',
      {
        attributes: [
          ['name', v.name],
          ['default_value', v.default_value],
        ],
      },
    ]),
    ...shape.headers.map((h): [string, HclBody] => [
      'header',
      {
        attributes: [
          ['name', h.name],
          ['value', h.value],
        ],
      },
    ]),
  ];
  const args: Record<string, unknown> = Object.fromEntries(shape.attributes.map(([key, value]) => [camel(key), value]));
  if (shape.templates.length) args.templates = shape.templates;
  if (shape.variables.length) args.variables = shape.variables.map((v) => ({ name: v.name, defaultValue: v.default_value }));
  if (shape.headers.length) args.headers = shape.headers;
  return [
    {
      keys: [`recipient:${address.id}`],
      terraform: { type: shape.resource, name, body: { attributes: shape.attributes, blocks }, importId: address.id },
      pulumi: { module: 'honeycombio', packageName: '@pulumi/honeycombio', className: shape.className, name, args, importId: address.id },
    },
  ];
}

function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
