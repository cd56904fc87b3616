import { validateDuration } from '../../../clients/authentik/durations';
import { AUTHENTIK_KINDS, AuthentikKind, KindSpec, displayNameOf } from '../../../clients/authentik/resources/kinds';
import { Address, EditableKind, JsonObject, KindBackend, Problem } from '../../../editing/kind';
import { objectEditableKind, secretProblems } from './objectKind';
import { editKindId, schemaFileOf } from './ids';

/**
 * One of authentik's 13 managed resources as an editable kind, made from its row of the kinds
 * table (clients/authentik/resources/kinds.ts): the document holds every field the server
 * returned except the read-only ones, secrets and create-only fields (a field the table does not
 * know stays), a save PATCHes only what changed, and a new object is POSTed
 * with the `…Request` body. No `vscode` here: the whole pipeline runs against the stand-in on
 * plain Node.
 *
 * Addresses: `{ id }` (the lookup value: slug, uuid…) for top-level kinds; child kinds also
 * carry their parent's value (`{ parent, id }`: a binding's flow pk, an entitlement's
 * application pk, a token's connector uuid) so "New…" under a parent fills it in.
 */
export interface AuthentikKindParts {
  backend: KindBackend;
  schema(): Promise<JsonObject>;
  /** `authentik at id.example.com`: where every object of this connection lives. */
  location(): string;
  /** Questions before a "New…" document (a binding's stage, a certificate's files…). */
  prepareCreate?(parent: Address): Promise<Address | undefined>;
}

/** The secret fields of a kind that are fields at all (the enrollment key is an endpoint). */
export function secretFieldsOf(spec: KindSpec): string[] {
  return spec.secrets.filter((s) => s.where !== 'revealEndpoint').map((s) => s.name);
}

/** What a document of the kind holds, in the table's order. */
export function documentFieldsOf(spec: KindSpec): string[] {
  const secret = new Set(secretFieldsOf(spec));
  return spec.writableFields.filter((f) => !secret.has(f) && !spec.createOnlyFields.includes(f));
}

/** The command that sets each secret, named in the problem a secret in a document gets. */
const SECRET_COMMANDS: Record<string, string> = {
  key_data: '"Replace private key from file…"',
  key: '"Install license key…"',
  credentials: '"Replace credentials from file…"',
  webhook_url: '"Set webhook URL…"',
};

export function authentikEditableKind(kind: AuthentikKind, parts: AuthentikKindParts): EditableKind {
  const spec = AUTHENTIK_KINDS[kind];
  return objectEditableKind(editKindId(kind), schemaFileOf(kind), spec, {
    ...parts,
    fieldOrder: documentFieldsOf(spec),
    hiddenFields: [...secretFieldsOf(spec), ...spec.createOnlyFields],
    parentKeys: spec.parent ? ['parent'] : [],
    displayName: (object) => displayNameOf(kind, object),
    rules: (document) => rulesOf(spec, document),
    template: (parent) => templateOf(kind, parent),
    code: spec.terraform
      ? {
          terraform: async (object) => (await import(/* webpackChunkName: "authentik-kinds" */ './code')).authentikTerraform(kind, object),
          pulumi: async (object) => (await import(/* webpackChunkName: "authentik-kinds" */ './code')).authentikPulumi(kind, object),
        }
      : undefined,
  });
}

/**
 * What the schema cannot say: secrets belong to their own commands, and durations are read
 * strictly (authentik silently reads an unknown key as nothing), each problem on the bad part.
 */
export function rulesOf(spec: KindSpec, document: JsonObject): Problem[] {
  const problems: Problem[] = [];
  problems.push(...secretProblems(document, secretFieldsOf(spec), spec.label, (field) => SECRET_COMMANDS[field]));
  for (const field of spec.durationFields) {
    const value = document[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') continue; // the schema says it must be a string
    const result = validateDuration(value);
    for (const p of result.problems) {
      problems.push({ path: [field], message: `${field}: ${p.message}`, severity: 'error', within: { start: p.start, end: Math.max(p.end, p.start + 1) } });
    }
  }
  return problems;
}

/** A new object the server accepts once its names are changed; parents come from the address. */
export function templateOf(kind: AuthentikKind, parent: Address): JsonObject {
  switch (kind) {
    case 'application':
      return { name: 'New application', slug: 'new-application', meta_launch_url: '', meta_description: '', policy_engine_mode: 'any', open_in_new_tab: false };
    case 'applicationEntitlement':
      return { name: 'new-entitlement', app: parent.parent ?? '', attributes: {} };
    case 'blueprint':
      return { name: 'New blueprint', enabled: true, context: {}, content: 'version: 1\nmetadata:\n  name: New blueprint\nentries: []\n' };
    case 'brand':
      return { domain: 'new.example.com', default: false, branding_title: 'authentik', attributes: {} };
    case 'certificateKeyPair':
      return { name: parent.name ?? 'New certificate' };
    case 'connectorAgent':
      return { name: 'New agent connector', enabled: true, snapshot_expiry: 'hours=24', auth_session_duration: 'hours=8', refresh_interval: 'minutes=30' };
    case 'enrollmentToken':
      return { name: 'new-enrollment-token', connector: parent.parent ?? '', expiring: true, expires: new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z') };
    case 'browserConnector':
      return { name: 'New Google Chrome connector', enabled: true };
    case 'license':
      return {};
    case 'eventRule':
      return { name: 'New notification rule', severity: 'notice', transports: [], destination_event_user: false };
    case 'eventTransport':
      return { name: 'New notification transport', mode: 'local', send_once: false };
    case 'flow':
      return { name: 'New flow', slug: 'new-flow', title: 'New flow', designation: 'authentication' };
    case 'flowStageBinding':
      return {
        target: parent.parent ?? '',
        stage: parent.stage ?? '',
        order: Number(parent.order ?? 10),
        evaluate_on_plan: false,
        re_evaluate_policies: true,
        policy_engine_mode: 'any',
        invalid_response_action: 'retry',
      };
  }
}
