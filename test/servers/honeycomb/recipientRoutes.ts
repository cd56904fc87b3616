/**
 * The recipient writes of the Honeycomb stand-in: create, replace and delete the team's
 * recipients (`/1/recipients`, `/1/recipients/{id}`), keeping state for the session. Reads are in
 * configRoutes.ts.
 *
 * A body is checked against the document's schema of its type (`WebhookRecipient`,
 * `PagerDutyRecipient`…: the `Recipient` `oneOf` by `type`) and the service's rules, and refused
 * with the 422 `validation-failed` problem naming each field:
 * - the type cannot change on a PUT ("Updates to the Recipient Type is not supported");
 * - a `msteams` recipient can no longer be created (deprecated; the provider: "Creating new
 *   MSTeams recipients is no longer possible");
 * - at most 5 headers and 10 template variables (the document writes these limits as
 *   `maxLength` on arrays, which checks nothing; the provider's SizeAtMost(5) and (10));
 * - a recipient used by a trigger cannot be deleted (409; the document: "only … if it is NOT in
 *   use by any Triggers or Burn Alerts").
 * A detail the document does not have is ignored, as Go's JSON decoder does. PUT replaces: the
 * details become the body's, so a secret the body leaves out is gone — which is why a client
 * sends the whole recipient, secrets included.
 */
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import type { openApiValidator } from '../openapi/validator';
import { hcId, type SeedRecipient } from './content';
import { problem } from './errors';
import type { HoneycombSeed } from './seed';
import { Body, Ctx, Detail, bodyOf, context, invalid, isResponse, json, notFound, schemaDetail } from './writeRoutes';

const SCHEMA_OF: Record<string, string> = {
  pagerduty: 'PagerDutyRecipient',
  email: 'EmailRecipient',
  slack: 'SlackRecipient',
  webhook: 'WebhookRecipient',
  msteams: 'MSTeamsRecipient',
  msteams_workflow: 'MSTeamsWorkflowRecipient',
};
const READ_ONLY = ['id', 'created_at', 'updated_at'];
/** client/recipient.go RecipientDetails (less `marker_id`, which belongs to triggers). */
const DETAIL_FIELDS = [
  'email_address',
  'slack_channel',
  'pagerduty_integration_name',
  'pagerduty_integration_key',
  'webhook_name',
  'webhook_url',
  'webhook_secret',
  'webhook_headers',
  'webhook_payloads',
];

/**
 * A key without "Manage Recipients". The document declares 403 for a create only; for a replace or
 * delete it declares 401, so that is what the stand-in answers there (with the same words).
 */
function forbidden(req: StandInRequest): StandInResponse {
  return json(req.method === 'POST' ? 403 : 401, { error: 'This API key does not have the "Manage Recipients" permission.' });
}

function check(schema: ReturnType<typeof openApiValidator>, req: StandInRequest, body: Body, previous?: SeedRecipient): StandInResponse | undefined {
  const type = typeof body.type === 'string' ? body.type : '';
  if (!SCHEMA_OF[type]) return invalid(req, [{ field: 'type', code: type ? 'invalid' : 'missing', description: `type must be one of ${Object.keys(SCHEMA_OF).join(', ')}` }]);
  if (previous && previous.type !== type) return invalid(req, [{ field: 'type', description: 'the type of a recipient cannot be changed' }]);
  if (!previous && type === 'msteams') return invalid(req, [{ field: 'type', description: 'MS Teams recipients are deprecated and can no longer be created: use msteams_workflow' }]);
  const known = { type, details: body.details, ...Object.fromEntries(READ_ONLY.filter((k) => k in body).map((k) => [k, body[k]])) };
  // Unknown details are ignored (Go's decoder): only the schema's own complaints count.
  const details: Detail[] = schema
    .validateAt(`/components/schemas/${SCHEMA_OF[type]}`, known)
    .filter((e) => !/must NOT have unevaluated properties/.test(e))
    .map(schemaDetail);
  const d = (body.details ?? {}) as Body;
  if (Array.isArray(d.webhook_headers) && d.webhook_headers.length > 5) details.push({ field: 'details.webhook_headers', description: 'at most 5 custom headers' });
  const variables = ((d.webhook_payloads ?? {}) as Body).template_variables;
  if (Array.isArray(variables) && variables.length > 10) details.push({ field: 'details.webhook_payloads.template_variables', description: 'at most 10 template variables' });
  return details.length ? invalid(req, details) : undefined;
}

/** The details a recipient keeps: the body's, as Go decodes them into its struct (unknown ones dropped). */
function storedDetails(details: Body): Body {
  return Object.fromEntries(
    Object.entries(details ?? {})
      .filter(([key]) => DETAIL_FIELDS.includes(key))
      .map(([key, value]) => [key, structuredClone(value)]),
  );
}

export function recipientRoutes(seed: () => HoneycombSeed, schema: () => ReturnType<typeof openApiValidator>): Route[] {
  const recipientContext = (req: StandInRequest): Ctx | StandInResponse => {
    const ctx = context(seed(), req);
    if (isResponse(ctx)) return ctx;
    return ctx.key.access.recipients ? ctx : forbidden(req);
  };
  const find = (id: string) => seed().recipients.findIndex((r) => r.id === id);
  return [
    {
      method: 'POST',
      path: '/1/recipients',
      handler: (req) => {
        const ctx = recipientContext(req);
        if (isResponse(ctx)) return ctx;
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const refused = check(schema(), req, body);
        if (refused) return refused;
        const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
        const recipient: SeedRecipient = {
          id: hcId(`recipient/${now}/${Math.random()}`),
          created_at: now,
          updated_at: now,
          type: body.type as SeedRecipient['type'],
          details: storedDetails(body.details as Body),
        };
        seed().recipients.push(recipient);
        return json(201, recipient);
      },
    },
    {
      method: 'PUT',
      path: '/1/recipients/{recipientId}',
      handler: (req) => {
        const ctx = recipientContext(req);
        if (isResponse(ctx)) return ctx;
        const index = find(req.params.recipientId);
        if (index < 0) return notFound(req, 'Recipient');
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const previous = seed().recipients[index];
        const refused = check(schema(), req, body, previous);
        if (refused) return refused;
        // Partial PUT is not supported: the details are the body's, and what it leaves out is gone.
        const recipient: SeedRecipient = { ...previous, details: storedDetails(body.details as Body), updated_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') };
        seed().recipients[index] = recipient;
        return json(200, recipient);
      },
    },
    {
      method: 'DELETE',
      path: '/1/recipients/{recipientId}',
      handler: (req) => {
        const ctx = recipientContext(req);
        if (isResponse(ctx)) return ctx;
        const id = req.params.recipientId;
        const index = find(id);
        if (index < 0) return notFound(req, 'Recipient');
        const users = Object.values(seed().content)
          .flatMap((c) => c.triggers)
          .filter((t) => t.recipients.some((r) => r.id === id));
        if (users.length > 0) {
          return problem(
            req,
            409,
            'conflict',
            'Request could not be completed due to a conflict with the current state of the target resource.',
            `Recipient is in use by ${users.length} trigger(s) and cannot be deleted.`,
          );
        }
        seed().recipients.splice(index, 1);
        return { status: 204, headers: {} };
      },
    },
  ];
}
