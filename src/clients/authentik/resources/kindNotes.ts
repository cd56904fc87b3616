import type { AuthentikKind } from './kinds';

/**
 * Traps worth knowing when editing each managed kind (for hovers, hints and reviewers). Kept out
 * of kinds.ts so the text does not weigh on the extension's activation bundle: import this module
 * lazily where it is shown.
 */
export const KIND_NOTES: Readonly<Record<AuthentikKind, readonly string[]>> = {
  application: [
    'Without superuser_full_list=true the list holds only the applications the token\u2019s user may open.',
    'Changing slug changes the object\u2019s URL: follow the slug of the PATCH answer.',
    'provider and backchannel_providers are provider ids (integers); entitlements reference the application by pk (uuid).',
  ],
  applicationEntitlement: ['app is the application\u2019s pk (uuid), not its slug.'],
  blueprint: [
    'Saving validates content on the server (a dry run): a bad entry answers 400 {"content": ["Failed to validate blueprint", "- …"]} (see blueprintLog.ts).',
    'Either path (a file from available/) or content must be set: 400 non_field_errors "Either path or content must be set."',
    'apply/ runs the blueprint in the background and answers with the instance as it was.',
  ],
  brand: ['Only one brand may be default: 400 {"default": ["Only a single brand can be set as default."]}.', 'flow_* fields hold flow pks (uuids), not slugs.'],
  certificateKeyPair: [
    'certificate_data and key_data are write-only: the certificate PEM is read from view_certificate/, the key from view_private_key/.',
    'PATCH without key_data keeps the key; an invalid PEM answers 400 "Unable to load certificate." / "Unable to load private key (possibly encrypted?)."',
  ],
  connectorAgent: ['Durations: the server ignores unknown keys silently (hourz=1;minutes=5 is five minutes); validate with validateDuration first.'],
  enrollmentToken: ['expires is an ISO date-time (not a duration); with expiring=false it is ignored.', 'view_key/ answers 404 for an expired token.'],
  browserConnector: ['The specification\u2019s EndpointsBrowserConnector is the Google Chrome connector (its browserUrl is chrome_url); /endpoints/fleet/connectors/ is another connector kind.'],
  license: ['name, expiry and the user counts come from the key; a key not made for this installation answers 400 {"key": ["Unable to verify license"]}.'],
  eventRule: ['The specification calls it EventRule; the API NotificationRule. transports are transport pks, picked by name in an editor.'],
  eventTransport: [
    'The item path parameter is `uuid` (the object\u2019s pk).',
    'Webhook header values are not a transport field: webhook_mapping_headers points at a webhook property mapping (/propertymappings/notification/{pm_uuid}/) ' +
      'whose expression returns the headers — that expression is where a header secret lives.',
    'mode webhook/webhook_slack without webhook_url answers 400 {"webhook_url": ["Webhook URL may not be empty."]}.',
    'test/ answers 200 {messages} (for webhooks: status code and response text) or 500 when sending failed.',
  ],
  flow: [
    'Everything that refers to a flow (bindings, brands, providers) holds its pk, not its slug.',
    'Deleting a flow cascades to its bindings and clears brand/source references: show used_by/ first.',
    'export/ answers the flow as blueprint YAML (served as text/html by Django).',
  ],
  flowStageBinding: [
    'A binding has no name: show "order · stage name" (displayNameOf).',
    'target, stage and order are unique together: 400 non_field_errors "The fields target, stage, order must make a unique set."; moving a binding means PATCHing the order of each binding involved.',
  ],
};
