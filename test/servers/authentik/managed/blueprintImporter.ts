/**
 * The stand-in's blueprint importer, enough of authentik's (blueprints/v1/importer.py) to
 * validate `content` the way a save does and to answer with a log like the real one:
 *
 * - the YAML is read with authentik's tags; `!KeyOf`, `!Find`, `!Context`, `!Format` and `!Env`
 *   are resolved (other tags keep their plain value);
 * - `version` must be 1 ("Invalid blueprint version");
 * - entries are checked in order and the first bad one stops the run, as in authentik:
 *   an unknown model → "App or Model does not exist"; an entry without identifiers → "Entry
 *   invalid: No or invalid identifiers"; `!KeyOf x` before an entry with id x →
 *   "Entry invalid: KeyOf: failed to find entry with `id` of `x` and a model instance"; attrs
 *   (merged with the identifiers) that do not fit the model's request schema → "Entry invalid:
 *   Serializer errors {…}" in Python's repr of DRF's errors. An entry whose identifiers match an
 *   existing object is checked as a partial update (required fields may be left out); unknown
 *   attributes are ignored, as DRF does;
 * - then "Blueprint validation failed" closes a failed log.
 *
 * The models it knows are the managed kinds, groups and the stage kinds of the directory.
 * Differences, on purpose: YAML syntax errors and a wrong top-level shape are reported as log
 * lines (authentik raises them uncaught, a 500 the schema does not declare), and applying a
 * blueprint records its status but does not create the entries' objects.
 */
import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import type { ErrorObject } from 'ajv/dist/2020';
import { openApiValidator } from '../../openapi/validator';
import { uuidFor } from '../directory/ids';
import type { AuthentikSeed } from '../seed';

export interface ImportCheck {
  valid: boolean;
  /** log events, in order */
  events: string[];
  /** `app_label.model_name` of the entries */
  models: string[];
}

interface ModelInfo {
  request: string;
  /** the stand-in's objects of the model, as records with the API's field names */
  objects?: (seed: AuthentikSeed) => Array<Record<string, unknown>>;
  pk?: string;
}

const STAGE_MODELS: Record<string, [request: string, kind: string]> = {
  'authentik_stages_identification.identificationstage': ['IdentificationStageRequest', 'identification'],
  'authentik_stages_password.passwordstage': ['PasswordStageRequest', 'password'],
  'authentik_stages_authenticator_validate.authenticatorvalidatestage': ['AuthenticatorValidateStageRequest', 'authenticator_validate'],
  'authentik_stages_authenticator_totp.authenticatortotpstage': ['AuthenticatorTOTPStageRequest', 'authenticator_totp'],
  'authentik_stages_user_login.userloginstage': ['UserLoginStageRequest', 'user_login'],
  'authentik_stages_user_logout.userlogoutstage': ['UserLogoutStageRequest', 'user_logout'],
  'authentik_stages_user_write.userwritestage': ['UserWriteStageRequest', 'user_write'],
  'authentik_stages_prompt.promptstage': ['PromptStageRequest', 'prompt'],
  'authentik_stages_email.emailstage': ['EmailStageRequest', 'email'],
  'authentik_stages_consent.consentstage': ['ConsentStageRequest', 'consent'],
  'authentik_stages_deny.denystage': ['DenyStageRequest', 'deny'],
};

const rec = <T>(items: T[]) => items as unknown as Array<Record<string, unknown>>;

const MODELS: Record<string, ModelInfo> = {
  'authentik_core.application': { request: 'ApplicationRequest', objects: (s) => rec(s.directory.applications), pk: 'pk' },
  'authentik_core.applicationentitlement': { request: 'ApplicationEntitlementRequest', objects: (s) => rec(s.directory.entitlements), pk: 'pk' },
  'authentik_core.group': { request: 'GroupRequest', objects: (s) => rec(s.directory.groups), pk: 'pk' },
  'authentik_blueprints.blueprintinstance': { request: 'BlueprintInstanceRequest', objects: (s) => rec(s.directory.blueprints), pk: 'pk' },
  'authentik_brands.brand': { request: 'BrandRequest', objects: (s) => rec(s.directory.brands), pk: 'brand_uuid' },
  'authentik_crypto.certificatekeypair': { request: 'CertificateKeyPairRequest', objects: (s) => rec(s.directory.certificates), pk: 'pk' },
  'authentik_endpoints_connectors_agent.agentconnector': { request: 'AgentConnectorRequest', objects: (s) => rec(s.directory.agentConnectors), pk: 'connector_uuid' },
  'authentik_endpoints_connectors_agent.enrollmenttoken': { request: 'EnrollmentTokenRequest', objects: (s) => rec(s.directory.enrollmentTokens), pk: 'token_uuid' },
  'authentik_endpoints_connectors_google_chrome.googlechromeconnector': { request: 'GoogleChromeConnectorRequest', objects: (s) => rec(s.directory.browserConnectors), pk: 'connector_uuid' },
  'authentik_enterprise.license': { request: 'LicenseRequest', objects: (s) => rec(s.directory.licenses), pk: 'license_uuid' },
  'authentik_events.notificationrule': { request: 'NotificationRuleRequest', objects: (s) => rec(s.directory.notificationRules), pk: 'pk' },
  'authentik_events.notificationtransport': { request: 'NotificationTransportRequest', objects: (s) => rec(s.directory.notificationTransports), pk: 'pk' },
  'authentik_flows.flow': { request: 'FlowRequest', objects: (s) => rec(s.directory.flows), pk: 'pk' },
  'authentik_flows.flowstagebinding': { request: 'FlowStageBindingRequest', objects: (s) => rec(s.directory.bindings), pk: 'pk' },
  ...Object.fromEntries(
    Object.entries(STAGE_MODELS).map(([model, [request, kind]]) => [model, { request, objects: (s: AuthentikSeed) => rec(s.directory.stages.filter((x) => x.kind === kind)), pk: 'pk' }]),
  ),
};

export const KNOWN_BLUEPRINT_MODELS = Object.keys(MODELS);

class EntryInvalid extends Error {}

/** A value written with one of authentik's YAML tags (`!KeyOf flow`). */
class Tag {
  constructor(
    readonly tag: string,
    readonly value: unknown,
  ) {}
}

const FAILED = 'Blueprint validation failed';

export function checkBlueprint(seed: AuthentikSeed, content: string, instanceContext: Record<string, unknown> = {}): ImportCheck {
  const fail = (event: string, models: string[] = []): ImportCheck => ({ valid: false, events: [event, FAILED], models });
  const doc = parseDocument(content, { strict: false, uniqueKeys: false, prettyErrors: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    const at = e.linePos?.[0];
    return fail(`YAML error${at ? ` at line ${at.line}, column ${at.col}` : ''}: ${e.message.split('\n')[0]}`);
  }
  const root = toValue(doc.contents);
  if (!root || typeof root !== 'object' || Array.isArray(root)) return fail('Entry invalid: the blueprint is not a mapping');
  const blueprint = root as Record<string, unknown>;
  if ((blueprint.version ?? 1) !== 1) return { valid: false, events: ['Invalid blueprint version'], models: [] };
  const rawEntries = blueprint.entries ?? [];
  const entries = Array.isArray(rawEntries) ? rawEntries : rawEntries && typeof rawEntries === 'object' ? Object.values(rawEntries).flat() : undefined;
  if (!entries) return fail('Entry invalid: entries must be a list');
  const context = { ...(isRecord(blueprint.context) ? blueprint.context : {}), ...instanceContext };
  const created = new Map<string, string>();
  const models: string[] = [];
  for (const raw of entries) {
    if (!isRecord(raw) || typeof plain(raw.model) !== 'string') return fail('Entry invalid: every entry needs a model', models);
    const entry = raw;
    const resolve = (value: unknown): unknown => resolveTags(value, seed, context, created);
    try {
      const conditions = Array.isArray(entry.conditions) ? entry.conditions.map(resolve) : [];
      if (!conditions.every(Boolean)) continue;
      const model = String(resolve(entry.model));
      const info = MODELS[model];
      if (!info) return fail('App or Model does not exist', models);
      models.push(model);
      const identifiers = isRecord(entry.identifiers) ? (resolve(entry.identifiers) as Record<string, unknown>) : {};
      if (Object.keys(identifiers).length === 0) throw new EntryInvalid('No or invalid identifiers');
      const attrs = isRecord(entry.attrs) ? (resolve(entry.attrs) as Record<string, unknown>) : {};
      const existing = findExisting(seed, info, identifiers);
      if (plain(entry.state) === 'must_created' && existing) throw new EntryInvalid('State is set to BlueprintEntryDesiredState.MUST_CREATED and object exists already');
      if (plain(entry.state) !== 'absent') {
        const errors = serializerErrors(info.request, { ...attrs, ...withoutPk(identifiers) }, !!existing);
        if (errors) throw new EntryInvalid(`Serializer errors ${errors}`);
      }
      const id = typeof plain(entry.id) === 'string' ? String(plain(entry.id)) : undefined;
      const pk = existing ? String(existing[info.pk ?? 'pk']) : String(identifiers.pk ?? uuidFor(`blueprint-entry:${model}:${JSON.stringify(identifiers)}`));
      if (id) created.set(id, pk);
    } catch (e) {
      if (e instanceof EntryInvalid) return fail(`Entry invalid: ${e.message}`, models);
      throw e;
    }
  }
  return { valid: true, events: [], models: [...new Set(models)] };
}

/** `{'name': [ErrorDetail(string='This field is required.', code='required')]}`, or undefined when valid. */
function serializerErrors(requestSchema: string, data: Record<string, unknown>, partial: boolean): string | undefined {
  const validator = openApiValidator('authentik');
  const errors = validator
    .errorsAt(`/components/schemas/${requestSchema}`, data)
    // DRF ignores attributes a serializer does not have, and a partial update needs no required field.
    .filter((e) => e.keyword !== 'unevaluatedProperties' && e.keyword !== 'additionalProperties' && !(partial && e.keyword === 'required'));
  if (errors.length === 0) return undefined;
  const byField = new Map<string, Array<[string, string]>>();
  for (const e of errors) {
    const field = e.keyword === 'required' ? String((e.params as { missingProperty?: unknown }).missingProperty) : (e.instancePath.split('/')[1] ?? 'non_field_errors');
    const value = e.instancePath
      .split('/')
      .slice(1)
      .reduce<unknown>((v, s) => (isRecord(v) || Array.isArray(v) ? (v as Record<string, unknown>)[s] : undefined), data);
    const list = byField.get(field) ?? [];
    const detail = drfDetail(e, value);
    if (!list.some(([m]) => m === detail[0])) list.push(detail);
    byField.set(field, list);
  }
  const items = [...byField].map(([field, details]) => `${pyStr(field)}: [${details.map(([m, code]) => `ErrorDetail(string=${pyStr(m)}, code=${pyStr(code)})`).join(', ')}]`);
  return `{${items.join(', ')}}`;
}

function drfDetail(e: ErrorObject, value: unknown): [message: string, code: string] {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return ['This field is required.', 'required'];
    case 'enum':
      return [`"${String(value)}" is not a valid choice.`, 'invalid_choice'];
    case 'type':
      return value === null ? ['This field may not be null.', 'null'] : [`Incorrect type. Expected ${String(p.type)}.`, 'invalid'];
    case 'minLength':
      return ['This field may not be blank.', 'blank'];
    case 'maxLength':
      return [`Ensure this field has no more than ${String(p.limit)} characters.`, 'max_length'];
    case 'minimum':
      return [`Ensure this value is greater than or equal to ${String(p.limit)}.`, 'min_value'];
    case 'maximum':
      return [`Ensure this value is less than or equal to ${String(p.limit)}.`, 'max_value'];
    case 'pattern':
      return p.pattern === '^[-a-zA-Z0-9_]+$'
        ? ['Enter a valid “slug” consisting of letters, numbers, underscores or hyphens.', 'invalid']
        : ['This value does not match the required pattern.', 'invalid'];
    case 'format':
      return p.format === 'uuid' ? [`“${String(value)}” is not a valid UUID.`, 'invalid'] : [`Enter a valid ${String(p.format)}.`, 'invalid'];
    default:
      return [e.message ?? 'Invalid value.', 'invalid'];
  }
}

/** Python's repr of a str: single quotes unless the text has one and no double quote. */
function pyStr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  return quote + text.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`).replace(/\n/g, '\\n') + quote;
}

function findExisting(seed: AuthentikSeed, info: ModelInfo, identifiers: Record<string, unknown>): Record<string, unknown> | undefined {
  const objects = info.objects?.(seed) ?? [];
  const pkField = info.pk ?? 'pk';
  if (identifiers.pk !== undefined) {
    const byPk = objects.find((o) => o[pkField] === identifiers.pk);
    if (byPk) return byPk;
  }
  const rest = Object.entries(withoutPk(identifiers));
  if (rest.length === 0) return undefined;
  return objects.find((o) => rest.every(([k, v]) => JSON.stringify(o[k]) === JSON.stringify(v)));
}

function withoutPk(identifiers: Record<string, unknown>): Record<string, unknown> {
  const { pk: _pk, ...rest } = identifiers;
  void _pk;
  return rest;
}

function resolveTags(value: unknown, seed: AuthentikSeed, context: Record<string, unknown>, created: Map<string, string>): unknown {
  const again = (v: unknown) => resolveTags(v, seed, context, created);
  if (Array.isArray(value)) return value.map(again);
  if (isTag(value)) {
    const args = Array.isArray(value.value) ? value.value : [value.value];
    switch (value.tag) {
      case '!KeyOf': {
        const id = String(value.value);
        const pk = created.get(id);
        if (!pk) throw new EntryInvalid(`KeyOf: failed to find entry with \`id\` of \`${id}\` and a model instance`);
        return pk;
      }
      case '!Find': {
        const [model, ...conditions] = args.map(again) as [unknown, ...unknown[]];
        const info = MODELS[String(model)];
        const found = (info?.objects?.(seed) ?? []).find((o) => conditions.every((c) => Array.isArray(c) && String(o[String(c[0])]) === String(c[1])));
        return found ? found[info?.pk ?? 'pk'] : null;
      }
      case '!Context': {
        const [key, fallback] = args.map(again);
        return Object.prototype.hasOwnProperty.call(context, String(key)) ? context[String(key)] : (fallback ?? null);
      }
      case '!Env':
        return args.length > 1 ? again(args[1]) : null;
      case '!Format': {
        const [format, ...rest] = args.map(again);
        let i = 0;
        return String(format).replace(/%[sd]/g, () => String(rest[i++] ?? ''));
      }
      default:
        return again(value.value);
    }
  }
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, again(v)]));
  return value;
}

/** The YAML node as plain data, with custom-tagged nodes kept as `{tag, value}`. */
function toValue(node: unknown): unknown {
  const n = node as (Node & { tag?: string }) | null | undefined;
  if (n === null || n === undefined) return null;
  let value: unknown;
  if (isMap(n)) value = Object.fromEntries(n.items.map((p) => [String(isScalar(p.key) ? p.key.value : toValue(p.key)), toValue(p.value)]));
  else if (isSeq(n)) value = n.items.map(toValue);
  else if (isScalar(n)) value = n.value;
  else value = (n as { toJSON?: () => unknown }).toJSON?.();
  return n.tag && n.tag.startsWith('!') ? new Tag(n.tag, value) : value;
}

function isTag(value: unknown): value is Tag {
  return value instanceof Tag;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Tag);
}

function plain(value: unknown): unknown {
  return isTag(value) ? value.value : value;
}
