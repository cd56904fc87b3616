import { QueryProblem, problem } from './querySpec';

/**
 * The rules of a recipient document that its JSON schema cannot say, checked before anything is
 * sent. An error only where Honeycomb certainly refuses, a warning where only the Terraform
 * provider's validators do (the service may accept more). Each cites its source:
 * - "API": Honeycomb's API description (`/1/recipients`, `WebhookRecipient` and friends);
 * - "provider": honeycombio/terraform-provider-honeycombio@bde0d12 — the webhook recipient's
 *   schema and ValidateConfig (`internal/provider/webhook_recipient_resource.go`), the other
 *   types' resources (`honeycombio/resource_*_recipient.go`), `client/recipient.go`.
 * Secrets (the webhook secret, header values, the PagerDuty integration key) never sit in a
 * document: they are set with their own commands, and one typed into a document is refused
 * before it can reach a plan or a log.
 */
type Json = Record<string, unknown>;

/** API `RecipientType`; `msteams` is deprecated (no longer created) and read-only here. */
export const WRITABLE_RECIPIENT_TYPES = ['email', 'slack', 'pagerduty', 'webhook', 'msteams_workflow'] as const;
export const LEGACY_TEAMS_TYPE = 'msteams';

/** The detail fields each type needs (API `required`, provider `Required: true`). */
export const REQUIRED_DETAILS: Record<string, string[]> = {
  email: ['email_address'],
  slack: ['slack_channel'],
  pagerduty: ['pagerduty_integration_name'],
  webhook: ['webhook_name', 'webhook_url'],
  msteams_workflow: ['webhook_name', 'webhook_url'],
  msteams: ['webhook_name', 'webhook_url'],
};

/** Where each secret lives, and the command that sets it. */
export const SECRET_COMMANDS = {
  webhook_secret: 'Set Webhook Secret…',
  pagerduty_integration_key: 'Set Integration Key…',
  header_value: 'Set Header Value…',
} as const;

/** provider: webhookTemplateTypes; API: the properties of `payload_templates`. */
const TEMPLATE_TYPES = ['trigger', 'exhaustion_time', 'budget_rate'];
/** API `TemplateVariableDefinition.name` pattern; provider webhookTemplateNameRegex. */
const VARIABLE_NAME = /^[a-z](?:[a-zA-Z0-9]+$)?$/;
/** provider webhookHeaderDefaults: headers Honeycomb sets itself (compared ignoring case). */
const RESERVED_HEADERS = ['content-type', 'user-agent', 'x-honeycomb-webhook-token'];
/** provider: resource_slack_recipient.go channelRegex. */
const SLACK_CHANNEL = /^#.*|^@.*|^(C|D|G|U)[A-Z0-9]{6,}$/;
/** RFC 7230 token characters: what `httpguts.ValidHeaderFieldName` accepts (provider ValidateConfig). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export function recipientProblems(document: Json, baseline?: Json): QueryProblem[] {
  const out: QueryProblem[] = [];
  const type = document.type;
  if (typeof type !== 'string' || type === '') {
    out.push(problem(['type'], `a recipient needs a type: one of ${WRITABLE_RECIPIENT_TYPES.join(', ')}`));
    return out;
  }
  // API (updateRecipient): "Updates to the Recipient Type is not supported."
  if (baseline && typeof baseline.type === 'string' && baseline.type !== type) {
    out.push(problem(['type'], `the type cannot change once the recipient exists (it is ${JSON.stringify(baseline.type)}): Honeycomb refuses it. Create a new recipient instead.`));
    return out;
  }
  if (type === LEGACY_TEAMS_TYPE) {
    out.push(
      problem(
        ['type'],
        'Microsoft Teams (legacy connector) recipients are read-only here: the type is deprecated and Honeycomb no longer creates them (API: MSTeamsRecipient is deprecated; ' +
          'provider: "Creating new MSTeams recipients is no longer possible"). Create an msteams_workflow recipient with a Teams Workflow URL and point triggers and burn alerts at it.',
      ),
    );
    return out;
  }
  if (!(WRITABLE_RECIPIENT_TYPES as readonly string[]).includes(type)) {
    // A type newer than this editor: the server decides; nothing here knows its fields.
    out.push(problem(['type'], `"${type}" is not a recipient type this editor knows (${WRITABLE_RECIPIENT_TYPES.join(', ')}): it is sent as it is`, 'warning'));
    return out;
  }
  const details = document.details;
  if (!isObject(details)) {
    out.push(problem(['details'], `a ${type} recipient needs details with ${REQUIRED_DETAILS[type].join(' and ')}`));
    return out;
  }
  for (const field of REQUIRED_DETAILS[type]) {
    if (typeof details[field] !== 'string') out.push(problem(['details', field], `a ${type} recipient needs details.${field} (API: required)`));
    // provider: LengthBetween(1, …) on names and URLs; the service's answer to an empty one is not documented.
    else if (details[field].trim() === '') out.push(problem(['details', field], `details.${field} is empty (the provider requires at least one character)`, 'warning'));
  }
  out.push(...secretsInDocument(details));
  switch (type) {
    case 'email':
      if (typeof details.email_address === 'string' && details.email_address !== '' && !isEmailAddress(details.email_address)) {
        out.push(problem(['details', 'email_address'], `${JSON.stringify(details.email_address)} is not an email address (the provider parses it with net/mail and refuses it)`, 'warning'));
      }
      break;
    case 'slack':
      if (typeof details.slack_channel === 'string' && details.slack_channel !== '' && !SLACK_CHANNEL.test(details.slack_channel)) {
        out.push(problem(['details', 'slack_channel'], 'a Slack channel begins with # or @, or is a channel id such as CABC123DEF (provider: channelRegex)', 'warning'));
      }
      break;
    case 'webhook':
      out.push(...urlProblems(details), ...webhookPayloadProblems(details), ...headerProblems(details));
      break;
    case 'msteams_workflow':
      out.push(...urlProblems(details));
      break;
  }
  return out;
}

/** A secret typed into the document would show in the plan's diff: it goes through its command instead. */
function secretsInDocument(details: Json): QueryProblem[] {
  const out: QueryProblem[] = [];
  if (details.webhook_secret !== undefined)
    out.push(
      problem(['details', 'webhook_secret'], `the webhook secret is not edited in the document (it would show in the plan): remove it and use "${SECRET_COMMANDS.webhook_secret}" on the recipient`),
    );
  if (details.pagerduty_integration_key !== undefined) {
    out.push(
      problem(
        ['details', 'pagerduty_integration_key'],
        `the integration key is not edited in the document (it would show in the plan): remove it and use "${SECRET_COMMANDS.pagerduty_integration_key}" on the recipient`,
      ),
    );
  }
  if (Array.isArray(details.webhook_headers)) {
    details.webhook_headers.forEach((header, i) => {
      if (isObject(header) && header.value !== undefined) {
        out.push(
          problem(
            ['details', 'webhook_headers', i, 'value'],
            `header values are not edited in the document (they usually carry a credential): remove it and use "${SECRET_COMMANDS.header_value}" on the recipient`,
          ),
        );
      }
    });
  }
  return out;
}

/** provider: validation.IsURLWithHTTPorHTTPS on webhook and Teams URLs; API and provider: at most 2048 characters (the schema says the length). */
function urlProblems(details: Json): QueryProblem[] {
  const url = details.webhook_url;
  if (typeof url !== 'string' || url === '') return [];
  let ok: boolean;
  try {
    const parsed = new URL(url);
    ok = (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.host !== '';
  } catch {
    ok = false;
  }
  return ok ? [] : [problem(['details', 'webhook_url'], `${JSON.stringify(url)} is not an http or https URL (the provider refuses it)`, 'warning')];
}

function webhookPayloadProblems(details: Json): QueryProblem[] {
  const payloads = details.webhook_payloads;
  if (payloads === undefined || payloads === null) return [];
  if (!isObject(payloads)) return [];
  const out: QueryProblem[] = [];
  const templates = isObject(payloads.payload_templates) ? payloads.payload_templates : {};
  const templateCount = TEMPLATE_TYPES.filter((t) => templates[t] !== undefined && templates[t] !== null).length;
  const variables = Array.isArray(payloads.template_variables) ? payloads.template_variables : [];
  // API: template_variables "maxLength: 10" (meant as items); provider: variable SizeAtMost(10).
  if (variables.length > 10) out.push(problem(['details', 'webhook_payloads', 'template_variables'], `at most 10 template variables (there are ${variables.length})`));
  // provider ValidateConfig: "cannot configure a variable without also configuring a template".
  if (variables.length > 0 && templateCount === 0) {
    out.push(problem(['details', 'webhook_payloads', 'template_variables'], 'template variables without a payload template are never used: the provider refuses them', 'warning'));
  }
  const seen = new Set<string>();
  variables.forEach((variable, i) => {
    if (!isObject(variable)) return;
    const name = variable.name;
    const at = ['details', 'webhook_payloads', 'template_variables', i, 'name'];
    if (typeof name !== 'string') return;
    // API pattern and maxLength 64; provider LengthBetween(1, 64) and the same pattern.
    if (!VARIABLE_NAME.test(name) || name.length > 64) out.push(problem(at, `${JSON.stringify(name)} is not a variable name: letters and digits, beginning with a lowercase letter, at most 64 (API)`));
    // provider ValidateConfig: "cannot have more than one variable with the same name".
    if (seen.has(name)) out.push(problem(at, `the variable ${JSON.stringify(name)} is defined twice (the provider refuses it)`, 'warning'));
    seen.add(name);
  });
  return out;
}

function headerProblems(details: Json): QueryProblem[] {
  const headers = details.webhook_headers;
  if (!Array.isArray(headers)) return [];
  const out: QueryProblem[] = [];
  // API: webhook_headers "maxLength: 5" (meant as items); provider: header SizeAtMost(5).
  if (headers.length > 5) out.push(problem(['details', 'webhook_headers'], `at most 5 custom headers (there are ${headers.length})`));
  const seen = new Set<string>();
  headers.forEach((header, i) => {
    if (!isObject(header) || typeof header.header !== 'string') return;
    const name = header.header;
    const at = ['details', 'webhook_headers', i, 'header'];
    if (!HEADER_NAME.test(name)) out.push(problem(at, `${JSON.stringify(name)} is not an HTTP header name (the provider refuses it)`, 'warning'));
    // provider: NoneOfCaseInsensitive(Content-Type, User-Agent, X-Honeycomb-Webhook-Token).
    if (RESERVED_HEADERS.includes(name.toLowerCase())) out.push(problem(at, `Honeycomb sets ${name} itself (the provider refuses it as a custom header)`, 'warning'));
    // Header values are matched to their header by name (case-insensitively, as HTTP does): two of a name would share a value.
    if (seen.has(name.toLowerCase())) out.push(problem(at, `the header ${name} is there twice`, 'warning'));
    seen.add(name.toLowerCase());
  });
  return out;
}

/** `someone@example.com` or `Someone <someone@example.com>`, roughly what Go's net/mail.ParseAddress takes. */
function isEmailAddress(value: string): boolean {
  const angle = /^[^<>]*<([^<>]+)>$/.exec(value.trim());
  const address = angle ? angle[1] : value.trim();
  return /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+$/.test(address) && !address.endsWith('.');
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
