/**
 * The 13 managed kinds of the authentik stand-in: storage, serialisation, authentik's own
 * checks, delete cascades and used_by/ (see store.ts). Messages are Django's and DRF's wording;
 * used_by/ actions follow the foreign keys' on_delete (cascade, set_null, set_default) and
 * `cascade_many` for many-to-many links, as authentik's UsedByMixin reports them.
 */
import * as crypto from 'node:crypto';
import { X509Certificate } from 'node:crypto';
import type * as Api from '../../../../src/clients/authentik/types';
import { describe as describeCertificate } from '../directory/certificates';
import type {
  SeedAgentConnector,
  SeedApplication,
  SeedBinding,
  SeedBlueprint,
  SeedBrowserConnector,
  SeedCertificate,
  SeedEnrollmentToken,
  SeedEntitlement,
  SeedFlow,
  SeedLicense,
  SeedNotificationRule,
  SeedNotificationTransport,
} from '../directory/model';
import * as S from '../directory/serialize';
import type { AuthentikSeed } from '../seed';
import { checkBlueprint } from './blueprintImporter';
import { LICENSE_INVALID, readLicenseKey } from './licenseKey';
import { type Body, type Ctx, type FieldErrors, type Store, errorsOf, invalidPk, notUnique, pick, SLUG, SLUG_MESSAGE } from './store';

const uuid = () => crypto.randomUUID();
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const remove = <T>(list: T[], keep: (x: T) => boolean) => list.splice(0, list.length, ...list.filter(keep));

/** Checks every reference field of `merged` the request sent; adds DRF's "Invalid pk" messages. */
function checkRefs(add: (f: string, m: string) => void, sent: Body, refs: Record<string, (value: unknown) => boolean>): void {
  for (const [field, known] of Object.entries(refs)) {
    if (!(field in sent)) continue;
    const value = sent[field];
    if (value === null || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      if (!known(v)) {
        add(field, invalidPk(v));
        break;
      }
    }
  }
}

const flowRef = (ctx: Ctx) => (v: unknown) => ctx.r.flowsByPk.has(String(v));
const certRef = (ctx: Ctx) => (v: unknown) => ctx.r.certificatesByPk.has(String(v));
const appRef = (ctx: Ctx) => (v: unknown) => ctx.seed.directory.applications.some((a) => a.pk === v);

// --- applications ---

const APPLICATION_FIELDS = [
  'name',
  'slug',
  'provider',
  'backchannel_providers',
  'open_in_new_tab',
  'meta_launch_url',
  'meta_icon',
  'meta_description',
  'meta_publisher',
  'policy_engine_mode',
  'group',
  'meta_hide',
];

export const applications: Store<SeedApplication> = {
  path: '/core/applications/',
  param: 'slug',
  model: 'Application',
  items: (s) => s.directory.applications,
  key: (a) => a.slug,
  serialize: (ctx, a) => S.application(ctx.r, a),
  fields: (a) => pick({ ...a, meta_icon: a.meta_icon ?? '' }, APPLICATION_FIELDS),
  defaults: () => ({
    provider: null,
    backchannel_providers: [],
    open_in_new_tab: false,
    meta_launch_url: '',
    meta_icon: '',
    meta_description: '',
    meta_publisher: '',
    policy_engine_mode: 'any',
    group: '',
    meta_hide: false,
  }),
  check(ctx, merged, sent, existing) {
    const { errors, add } = errorsOf();
    const others = ctx.seed.directory.applications.filter((a) => a !== existing);
    if ('slug' in sent && !SLUG.test(String(sent.slug))) add('slug', SLUG_MESSAGE);
    else if (others.some((a) => a.slug === merged.slug)) add('slug', notUnique('Application', 'slug'));
    checkRefs(add, sent, { provider: (v) => ctx.r.providersByPk.has(Number(v)), backchannel_providers: (v) => ctx.r.providersByPk.has(Number(v)) });
    if (!errors.provider && merged.provider !== null && others.some((a) => a.provider === merged.provider)) add('provider', notUnique('Application', 'provider'));
    return errors;
  },
  build: (_ctx, m) => ({ pk: uuid(), ...(pick(m, APPLICATION_FIELDS) as Omit<SeedApplication, 'pk'>) }),
  apply: (_ctx, a, sent) => Object.assign(a, pick(sent, APPLICATION_FIELDS)),
  cascade(ctx, a) {
    remove(ctx.seed.directory.entitlements, (e) => e.app !== a.pk);
    for (const b of ctx.seed.directory.brands) if (b.default_application === a.pk) b.default_application = null;
  },
  usedBy(ctx, a) {
    return [
      ...ctx.seed.directory.entitlements.filter((e) => e.app === a.pk).map((e) => used('authentik_core', 'applicationentitlement', e.pk, e.name, 'cascade')),
      ...ctx.seed.directory.brands.filter((b) => b.default_application === a.pk).map((b) => used('authentik_brands', 'brand', b.brand_uuid, `Brand ${b.domain}`, 'set_null')),
    ];
  },
};

// --- application entitlements ---

export const entitlements: Store<SeedEntitlement> = {
  path: '/core/application_entitlements/',
  param: 'pbm_uuid',
  model: 'ApplicationEntitlement',
  items: (s) => s.directory.entitlements,
  key: (e) => e.pk,
  serialize: (_ctx, e) => ({ pbm_uuid: e.pk, name: e.name, app: e.app, attributes: e.attributes }),
  fields: (e) => ({ name: e.name, app: e.app, attributes: e.attributes }),
  defaults: () => ({ attributes: {} }),
  check(ctx, merged, sent, existing) {
    const { errors, add, any } = errorsOf();
    checkRefs(add, sent, { app: appRef(ctx) });
    if (!any() && ctx.seed.directory.entitlements.some((e) => e !== existing && e.app === merged.app && e.name === merged.name))
      add('non_field_errors', 'The fields app, name must make a unique set.');
    return errors;
  },
  build: (_ctx, m) => ({ pk: uuid(), name: String(m.name), app: String(m.app), attributes: m.attributes as Record<string, unknown> }),
  apply: (_ctx, e, sent) => Object.assign(e, pick(sent, ['name', 'app', 'attributes'])),
  cascade: () => undefined,
  usedBy: () => [],
  reads: {
    filters: { app: (e) => e.app, name: (e) => e.name, pbm_uuid: (e) => e.pk },
    search: { name: (e) => e.name },
    order: { name: (e) => e.name, pbm_uuid: (e) => e.pk },
    fallback: 'name',
  },
};

// --- blueprints ---

const BLUEPRINT_FIELDS = ['name', 'path', 'context', 'enabled', 'content'];

export const blueprints: Store<SeedBlueprint> = {
  path: '/managed/blueprints/',
  param: 'instance_uuid',
  model: 'BlueprintInstance',
  items: (s) => s.directory.blueprints,
  key: (b) => b.pk,
  serialize: (_ctx, b) => ({
    pk: b.pk,
    name: b.name,
    path: b.path,
    context: b.context,
    last_applied: b.last_applied,
    last_applied_hash: b.last_applied_hash,
    status: b.status,
    enabled: b.enabled,
    managed_models: b.managed_models,
    metadata: b.metadata,
    content: b.content,
  }),
  fields: (b) => pick(b as unknown as Body, BLUEPRINT_FIELDS),
  defaults: () => ({ path: '', context: {}, enabled: true, content: '' }),
  check(ctx, merged, sent, existing) {
    const { errors, add, any } = errorsOf();
    if (ctx.seed.directory.blueprints.some((b) => b !== existing && b.name === merged.name)) add('name', notUnique('Blueprint Instance', 'name'));
    const path = sent.path;
    if (typeof path === 'string' && path !== '' && !path.startsWith('oci://') && !ctx.seed.directory.blueprintFiles.some((f) => f.path === path)) add('path', 'Blueprint file does not exist');
    const content = sent.content;
    if (typeof content === 'string' && content !== '') {
      // authentik validates with the saved instance's context, not the one being sent.
      const result = checkBlueprint(ctx.seed, content, existing?.context ?? {});
      if (!result.valid) errors.content = ['Failed to validate blueprint', ...result.events.map((e) => `- ${e}`)];
    }
    if (!any() && (sent.path ?? '') === '' && (sent.content ?? '') === '') add('non_field_errors', 'Either path or content must be set.');
    return errors;
  },
  build: (ctx, m) => ({
    pk: uuid(),
    ...(pick(m, BLUEPRINT_FIELDS) as Pick<SeedBlueprint, 'name' | 'path' | 'context' | 'enabled' | 'content'>),
    status: 'unknown',
    last_applied: iso(ctx.now),
    last_applied_hash: '',
    managed_models: [],
    metadata: { name: String(m.name), labels: {} },
  }),
  apply: (_ctx, b, sent) => Object.assign(b, pick(sent, BLUEPRINT_FIELDS)),
  cascade: () => undefined,
  usedBy: () => [],
  reads: {
    filters: { name: (b) => b.name, path: (b) => b.path },
    search: { name: (b) => b.name, path: (b) => b.path },
    order: { name: (b) => b.name, path: (b) => b.path, last_applied: (b) => b.last_applied },
    fallback: 'name',
  },
};

// --- brands ---

const BRAND_FIELDS = [
  'domain',
  'default',
  'branding_title',
  'branding_logo',
  'branding_favicon',
  'branding_custom_css',
  'branding_default_flow_background',
  'branding_map_tiles',
  'flow_authentication',
  'flow_user_switch',
  'flow_invalidation',
  'flow_recovery',
  'flow_unenrollment',
  'flow_user_settings',
  'flow_device_code',
  'flow_lockdown',
  'flow_request',
  'default_application',
  'web_certificate',
  'client_certificates',
  'attributes',
];
const BRAND_FLOWS = BRAND_FIELDS.filter((f) => f.startsWith('flow_'));

export const brands: Store<Api.Brand> = {
  path: '/core/brands/',
  param: 'brand_uuid',
  model: 'Brand',
  items: (s) => s.directory.brands,
  key: (b) => b.brand_uuid,
  serialize: (_ctx, b) => b,
  fields: (b) => pick(b, BRAND_FIELDS),
  defaults: () => ({
    default: false,
    branding_title: 'authentik',
    branding_logo: '/static/dist/assets/icons/icon_left_brand.svg',
    branding_favicon: '/static/dist/assets/icons/icon.png',
    branding_custom_css: '',
    branding_default_flow_background: '/static/dist/assets/images/flow_background.jpg',
    ...Object.fromEntries(BRAND_FLOWS.map((f) => [f, null])),
    default_application: null,
    web_certificate: null,
    client_certificates: [],
    attributes: {},
  }),
  check(ctx, merged, sent, existing) {
    const { errors, add, any } = errorsOf();
    if (ctx.seed.directory.brands.some((b) => b !== existing && b.domain === merged.domain)) add('domain', notUnique('Brand', 'domain'));
    checkRefs(add, sent, { ...Object.fromEntries(BRAND_FLOWS.map((f) => [f, flowRef(ctx)])), default_application: appRef(ctx), web_certificate: certRef(ctx), client_certificates: certRef(ctx) });
    if (!any() && sent.default === true && ctx.seed.directory.brands.some((b) => b !== existing && b.default)) add('default', 'Only a single brand can be set as default.');
    return errors;
  },
  build: (_ctx, m) => ({ brand_uuid: uuid(), ...(pick(m, BRAND_FIELDS) as Omit<Api.Brand, 'brand_uuid'>) }),
  apply: (_ctx, b, sent) => Object.assign(b, pick(sent, BRAND_FIELDS)),
  cascade: () => undefined,
  usedBy: () => [],
};

// --- certificate-key pairs ---

function readCertificate(pem: string): X509Certificate | undefined {
  try {
    return new X509Certificate(pem);
  } catch {
    return undefined;
  }
}

function readsAsKey(pem: string): boolean {
  try {
    crypto.createPrivateKey(
      pem
        .split('\n')
        .map((l) => l.trim())
        .join('\n'),
    );
    return true;
  } catch {
    return false;
  }
}

export function certificateFromPem(pk: string, name: string, certificatePem: string, keyPem: string | null, managed: string | null = null): SeedCertificate {
  const made = describeCertificate(certificatePem, keyPem ?? '', 'openssl');
  const type = readCertificate(certificatePem)?.publicKey.asymmetricKeyType;
  return {
    pk,
    name,
    managed,
    certificatePem,
    keyPem: keyPem === '' ? null : keyPem,
    keyType: type === 'rsa' || type === 'ec' || type === 'dsa' || type === 'ed25519' || type === 'ed448' ? type : null,
    expiry: made.expiry,
    subject: made.subject,
    sha1: made.sha1,
    sha256: made.sha256,
  };
}

export const certificates: Store<SeedCertificate> = {
  path: '/crypto/certificatekeypairs/',
  param: 'kp_uuid',
  model: 'CertificateKeyPair',
  items: (s) => s.directory.certificates,
  key: (c) => c.pk,
  serialize: (ctx, c) => S.certificate(c, ctx.base),
  fields: (c) => ({ name: c.name, certificate_data: c.certificatePem, key_data: c.keyPem ?? '' }),
  defaults: () => ({ key_data: '' }),
  check(ctx, merged, sent, existing) {
    const { errors, add } = errorsOf();
    if (ctx.seed.directory.certificates.some((c) => c !== existing && c.name === merged.name)) add('name', notUnique('Certificate-Key Pair', 'name'));
    if ('certificate_data' in sent && !readCertificate(String(sent.certificate_data))) add('certificate_data', 'Unable to load certificate.');
    if (typeof sent.key_data === 'string' && sent.key_data !== '' && !readsAsKey(sent.key_data)) add('key_data', 'Unable to load private key (possibly encrypted?).');
    return errors;
  },
  build: (_ctx, m) => certificateFromPem(uuid(), String(m.name), String(m.certificate_data), String(m.key_data ?? '')),
  apply(_ctx, c, sent) {
    const next = certificateFromPem(c.pk, String(sent.name ?? c.name), String(sent.certificate_data ?? c.certificatePem), 'key_data' in sent ? String(sent.key_data) : c.keyPem, c.managed);
    Object.assign(c, next);
  },
  cascade(ctx, c) {
    const d = ctx.seed.directory;
    for (const b of d.brands) {
      if (b.web_certificate === c.pk) b.web_certificate = null;
      if (b.client_certificates) b.client_certificates = b.client_certificates.filter((x) => x !== c.pk);
    }
    for (const p of d.providers) for (const f of ['signing_key', 'encryption_key', 'signing_kp', 'verification_kp', 'encryption_kp']) if (p.extra[f] === c.pk) p.extra[f] = null;
    for (const t of d.notificationTransports) if (t.webhook_ca === c.pk) t.webhook_ca = null;
    for (const x of d.agentConnectors) if (x.challenge_key === c.pk) x.challenge_key = null;
  },
  usedBy(ctx, c) {
    const d = ctx.seed.directory;
    return [
      ...S.certificateUsedBy(ctx.seed, ctx.r, c),
      ...d.notificationTransports.filter((t) => t.webhook_ca === c.pk).map((t) => used('authentik_events', 'notificationtransport', t.pk, `Notification Transport ${t.name}`, 'set_null')),
      ...d.agentConnectors.filter((x) => x.challenge_key === c.pk).map((x) => used('authentik_endpoints_connectors_agent', 'agentconnector', x.connector_uuid, x.name, 'set_null')),
    ];
  },
};

// --- endpoint agent connectors and their enrollment tokens ---

const CONNECTOR_FIELDS = [
  'connector_uuid',
  'name',
  'enabled',
  'snapshot_expiry',
  'auth_session_duration',
  'auth_terminate_session_on_expiry',
  'refresh_interval',
  'authorization_flow',
  'nss_uid_offset',
  'nss_gid_offset',
  'challenge_key',
  'challenge_idle_timeout',
  'challenge_trigger_check_in',
  'jwt_federation_providers',
];
const DURATIONS = ['snapshot_expiry', 'auth_session_duration', 'refresh_interval', 'challenge_idle_timeout'];

/**
 * authentik's own reading of a duration (lib/utils/time.py): `;`-separated `key=value`, keys
 * lower-cased, unknown keys skipped, values read as floats. Only a string without a single known
 * key (or a part without "=") is refused — `hourz=1;minutes=5` passes as five minutes.
 */
export function serverAcceptsDuration(text: string): boolean {
  const known = ['microseconds', 'milliseconds', 'seconds', 'minutes', 'hours', 'days', 'weeks'];
  let keys = 0;
  for (const part of text.split(';')) {
    const pieces = part.split('=');
    if (pieces.length !== 2) return false;
    if (!known.includes(pieces[0].toLowerCase())) continue;
    const value = pieces[1].trim();
    if (value === '' || Number.isNaN(Number(value))) return false;
    keys++;
  }
  return keys > 0;
}

const CONNECTOR_META = {
  component: 'ak-endpoints-connector-agent-form',
  verbose_name: 'Agent Connector',
  verbose_name_plural: 'Agent Connectors',
  meta_model_name: 'authentik_endpoints_connectors_agent.agentconnector',
};

export const agentConnectors: Store<SeedAgentConnector> = {
  path: '/endpoints/agents/connectors/',
  param: 'connector_uuid',
  model: 'AgentConnector',
  items: (s) => s.directory.agentConnectors,
  key: (c) => c.connector_uuid,
  serialize: (_ctx, c) => ({ ...pick(c as unknown as Body, CONNECTOR_FIELDS), ...CONNECTOR_META }),
  fields: (c) => pick(c as unknown as Body, CONNECTOR_FIELDS),
  defaults: () => ({
    enabled: true,
    snapshot_expiry: 'hours=24',
    auth_session_duration: 'hours=8',
    auth_terminate_session_on_expiry: true,
    refresh_interval: 'minutes=30',
    authorization_flow: null,
    nss_uid_offset: 2000,
    nss_gid_offset: 4000,
    challenge_key: null,
    challenge_idle_timeout: 'seconds=3',
    challenge_trigger_check_in: true,
    jwt_federation_providers: [],
  }),
  check(ctx, _merged, sent, existing) {
    const { errors, add } = errorsOf();
    for (const field of DURATIONS) {
      if (typeof sent[field] === 'string' && !serverAcceptsDuration(sent[field])) add(field, `${String(sent[field])} is not in the correct format of 'hours=3;minutes=1'.`);
    }
    checkRefs(add, sent, {
      authorization_flow: flowRef(ctx),
      challenge_key: certRef(ctx),
      jwt_federation_providers: (v) => ctx.r.providersByPk.get(Number(v))?.kind === 'oauth2',
    });
    if ('connector_uuid' in sent) {
      if (existing && sent.connector_uuid !== existing.connector_uuid) add('connector_uuid', 'The stand-in does not change a primary key (authentik would save a copy under the new id).');
      else if (!existing && ctx.seed.directory.agentConnectors.some((c) => c.connector_uuid === sent.connector_uuid)) add('connector_uuid', notUnique('Connector', 'connector uuid'));
    }
    return errors;
  },
  build: (_ctx, m) => ({ ...(pick(m, CONNECTOR_FIELDS) as unknown as SeedAgentConnector), connector_uuid: String(m.connector_uuid ?? uuid()) }),
  apply: (_ctx, c, sent) => Object.assign(c, pick(sent, CONNECTOR_FIELDS)),
  cascade(ctx, c) {
    remove(ctx.seed.directory.enrollmentTokens, (t) => t.connector !== c.connector_uuid);
  },
  usedBy: (ctx, c) =>
    ctx.seed.directory.enrollmentTokens.filter((t) => t.connector === c.connector_uuid).map((t) => used('authentik_endpoints_connectors_agent', 'enrollmenttoken', t.token_uuid, t.name, 'cascade')),
  reads: {
    filters: { enabled: (c) => c.enabled, name: (c) => c.name },
    search: { name: (c) => c.name },
    order: { name: (c) => c.name },
    fallback: 'name',
  },
};

const TOKEN_FIELDS = ['device_group', 'connector', 'name', 'expiring', 'expires'];

export const enrollmentTokens: Store<SeedEnrollmentToken> = {
  path: '/endpoints/agents/enrollment_tokens/',
  param: 'token_uuid',
  model: 'EnrollmentToken',
  items: (s) => s.directory.enrollmentTokens,
  key: (t) => t.token_uuid,
  serialize(ctx, t) {
    const group = t.device_group ? ctx.seed.directory.deviceAccessGroups.find((g) => g.pbm_uuid === t.device_group) : undefined;
    return { token_uuid: t.token_uuid, device_group: t.device_group, device_group_obj: group ? { ...group } : null, connector: t.connector, name: t.name, expiring: t.expiring, expires: t.expires };
  },
  fields: (t) => pick(t as unknown as Body, TOKEN_FIELDS),
  // authentik's tokens expire 30 minutes after creation unless told otherwise.
  defaults: (ctx) => ({ device_group: null, expiring: true, expires: iso(ctx.now + 30 * 60_000) }),
  check(ctx, _merged, sent) {
    const { errors, add } = errorsOf();
    checkRefs(add, sent, {
      connector: (v) => ctx.seed.directory.agentConnectors.some((c) => c.connector_uuid === v),
      device_group: (v) => ctx.seed.directory.deviceAccessGroups.some((g) => g.pbm_uuid === v),
    });
    return errors;
  },
  build: (_ctx, m) => ({ token_uuid: uuid(), ...(pick(m, TOKEN_FIELDS) as Omit<SeedEnrollmentToken, 'token_uuid' | 'key'>), key: crypto.randomBytes(45).toString('base64url') }),
  apply: (_ctx, t, sent) => Object.assign(t, pick(sent, TOKEN_FIELDS)),
  cascade: () => undefined,
  usedBy: () => [],
  reads: {
    filters: { connector: (t) => t.connector, token_uuid: (t) => t.token_uuid },
    search: { name: (t) => t.name },
    order: { token_uuid: (t) => t.token_uuid, name: (t) => t.name, expires: (t) => t.expires },
    fallback: 'token_uuid',
  },
};

// --- Google Chrome connectors ---

const CHROME_FIELDS = ['connector_uuid', 'name', 'enabled', 'credentials'];

export const browserConnectors: Store<SeedBrowserConnector> = {
  path: '/endpoints/google_chrome/connectors/',
  param: 'connector_uuid',
  model: 'GoogleChromeConnector',
  items: (s) => s.directory.browserConnectors,
  key: (c) => c.connector_uuid,
  serialize: (ctx, c) => ({
    connector_uuid: c.connector_uuid,
    name: c.name,
    enabled: c.enabled,
    component: 'ak-endpoints-connector-google-chrome-form',
    verbose_name: 'Google Chrome Connector',
    verbose_name_plural: 'Google Chrome Connectors',
    meta_model_name: 'authentik_endpoints_connectors_google_chrome.googlechromeconnector',
    credentials: c.credentials,
    chrome_url: `${ctx.base}/endpoints/google_chrome/chrome/`,
  }),
  fields: (c) => pick(c as unknown as Body, CHROME_FIELDS),
  defaults: () => ({ enabled: true }),
  check(ctx, _merged, sent, existing) {
    const { errors, add } = errorsOf();
    if ('connector_uuid' in sent) {
      if (existing && sent.connector_uuid !== existing.connector_uuid) add('connector_uuid', 'The stand-in does not change a primary key (authentik would save a copy under the new id).');
      else if (!existing && ctx.seed.directory.browserConnectors.some((c) => c.connector_uuid === sent.connector_uuid)) add('connector_uuid', notUnique('Connector', 'connector uuid'));
    }
    return errors;
  },
  build: (_ctx, m) => ({ ...(pick(m, CHROME_FIELDS) as unknown as SeedBrowserConnector), connector_uuid: String(m.connector_uuid ?? uuid()) }),
  apply: (_ctx, c, sent) => Object.assign(c, pick(sent, CHROME_FIELDS)),
  cascade: () => undefined,
  usedBy: () => [],
  reads: { filters: { name: (c) => c.name }, search: { name: (c) => c.name }, order: { name: (c) => c.name }, fallback: 'name' },
};

// --- enterprise licenses ---

export const licenses: Store<SeedLicense> = {
  path: '/enterprise/license/',
  param: 'license_uuid',
  model: 'License',
  items: (s) => s.directory.licenses,
  key: (l) => l.license_uuid,
  serialize: (_ctx, l) => ({ license_uuid: l.license_uuid, name: l.name, key: l.key, expiry: l.expiry, internal_users: l.internal_users, external_users: l.external_users }),
  fields: (l) => ({ key: l.key }),
  defaults: () => ({}),
  check(ctx, _merged, sent) {
    const { errors, add } = errorsOf();
    if ('key' in sent && !readLicenseKey(String(sent.key), ctx.seed.installId, ctx.now)) add('key', LICENSE_INVALID);
    return errors;
  },
  build(ctx, m) {
    const license: SeedLicense = { license_uuid: uuid(), name: '', key: '', expiry: '', internal_users: 0, external_users: 0 };
    setLicenseKey(ctx.seed, license, String(m.key), ctx.now);
    return license;
  },
  apply(ctx, l, sent) {
    if (typeof sent.key === 'string') setLicenseKey(ctx.seed, l, sent.key, ctx.now);
  },
  cascade: () => undefined,
  usedBy: () => [],
  reads: { filters: { name: (l) => l.name }, search: { name: (l) => l.name }, order: { name: (l) => l.name, expiry: (l) => l.expiry }, fallback: 'name' },
};

function setLicenseKey(seed: AuthentikSeed, license: SeedLicense, key: string, now: number): void {
  const claims = readLicenseKey(key, seed.installId, now)!;
  Object.assign(license, { key, name: claims.name, expiry: iso(claims.exp * 1000), internal_users: claims.internal_users, external_users: claims.external_users });
}

// --- notification rules and transports ---

const RULE_FIELDS = ['name', 'transports', 'severity', 'destination_group', 'destination_event_user'];

export const notificationRules: Store<SeedNotificationRule> = {
  path: '/events/rules/',
  param: 'pbm_uuid',
  model: 'NotificationRule',
  items: (s) => s.directory.notificationRules,
  key: (x) => x.pk,
  serialize(ctx, x) {
    const group = x.destination_group ? ctx.r.groupsByPk.get(x.destination_group) : undefined;
    return {
      pk: x.pk,
      name: x.name,
      transports: [...x.transports],
      severity: x.severity,
      destination_group: x.destination_group,
      destination_group_obj: group ? S.group(ctx.seed, ctx.r, group, { users: false, parents: false, children: false, inheritedRoles: false }) : null,
      destination_event_user: x.destination_event_user,
    };
  },
  fields: (x) => pick(x as unknown as Body, RULE_FIELDS),
  defaults: () => ({ transports: [], severity: 'warning', destination_group: null, destination_event_user: false }),
  check(ctx, merged, sent, existing) {
    const { errors, add } = errorsOf();
    if (ctx.seed.directory.notificationRules.some((x) => x !== existing && x.name === merged.name)) add('name', notUnique('Notification Rule', 'name'));
    checkRefs(add, sent, { transports: (v) => ctx.seed.directory.notificationTransports.some((t) => t.pk === v), destination_group: (v) => ctx.r.groupsByPk.has(String(v)) });
    return errors;
  },
  build: (_ctx, m) => ({ pk: uuid(), ...(pick(m, RULE_FIELDS) as Omit<SeedNotificationRule, 'pk'>) }),
  apply: (_ctx, x, sent) => Object.assign(x, pick(sent, RULE_FIELDS)),
  cascade: () => undefined,
  usedBy: () => [],
  reads: {
    filters: { name: (x) => x.name, severity: (x) => x.severity, destination_group__name: (x) => x.destination_group },
    search: { name: (x) => x.name },
    order: { name: (x) => x.name, severity: (x) => x.severity },
    fallback: 'name',
  },
};

const TRANSPORT_FIELDS = ['name', 'mode', 'webhook_url', 'webhook_ca', 'webhook_mapping_body', 'webhook_mapping_headers', 'email_subject_prefix', 'email_template', 'send_once'];
const MODE_LABELS: Record<SeedNotificationTransport['mode'], string> = {
  local: 'authentik inbuilt notifications',
  webhook: 'Generic Webhook',
  webhook_slack: 'Slack Webhook (Slack/Discord)',
  email: 'Email',
};

export const notificationTransports: Store<SeedNotificationTransport> = {
  path: '/events/transports/',
  param: 'uuid',
  model: 'NotificationTransport',
  items: (s) => s.directory.notificationTransports,
  key: (t) => t.pk,
  serialize: (_ctx, t) => ({ pk: t.pk, ...pick(t as unknown as Body, TRANSPORT_FIELDS), mode_verbose: MODE_LABELS[t.mode] }),
  fields: (t) => pick(t as unknown as Body, TRANSPORT_FIELDS),
  defaults: () => ({
    mode: 'local',
    webhook_url: '',
    webhook_ca: null,
    webhook_mapping_body: null,
    webhook_mapping_headers: null,
    email_subject_prefix: 'authentik Notification: ',
    email_template: 'email/event_notification.html',
    send_once: false,
  }),
  check(ctx, merged, sent, existing) {
    const { errors, add, any } = errorsOf();
    if (ctx.seed.directory.notificationTransports.some((t) => t !== existing && t.name === merged.name)) add('name', notUnique('Notification Transport', 'name'));
    const isMapping = (v: unknown) => ctx.r.mappingsByPk.get(String(v))?.kind === 'notification';
    checkRefs(add, sent, { webhook_ca: certRef(ctx), webhook_mapping_body: isMapping, webhook_mapping_headers: isMapping });
    // authentik checks the fields sent, not the saved object: PATCH {mode: "webhook"} alone fails.
    if (!any() && (sent.mode === 'webhook' || sent.mode === 'webhook_slack') && !sent.webhook_url) add('webhook_url', 'Webhook URL may not be empty.');
    return errors;
  },
  build: (_ctx, m) => ({ pk: uuid(), ...(pick(m, TRANSPORT_FIELDS) as Omit<SeedNotificationTransport, 'pk'>) }),
  apply: (_ctx, t, sent) => Object.assign(t, pick(sent, TRANSPORT_FIELDS)),
  cascade(ctx, t) {
    for (const rule of ctx.seed.directory.notificationRules) rule.transports = rule.transports.filter((x) => x !== t.pk);
  },
  usedBy: (ctx, t) =>
    ctx.seed.directory.notificationRules.filter((x) => x.transports.includes(t.pk)).map((x) => used('authentik_events', 'notificationrule', x.pk, `Notification Rule ${x.name}`, 'cascade_many')),
  reads: {
    filters: { name: (t) => t.name, mode: (t) => t.mode, webhook_url: (t) => t.webhook_url, send_once: (t) => t.send_once },
    search: { name: (t) => t.name, mode: (t) => t.mode, webhook_url: (t) => t.webhook_url },
    order: { name: (t) => t.name, mode: (t) => t.mode },
    fallback: 'name',
  },
};

// --- flows and their stage bindings ---

const FLOW_FIELDS = ['name', 'slug', 'title', 'designation', 'background', 'policy_engine_mode', 'compatibility_mode', 'layout', 'denied_action', 'authentication'];

export const flows: Store<SeedFlow> = {
  path: '/flows/instances/',
  param: 'slug',
  model: 'Flow',
  items: (s) => s.directory.flows,
  key: (f) => f.slug,
  serialize: (ctx, f) => S.flow(ctx.r, f),
  fields: (f) => pick(f as unknown as Body, FLOW_FIELDS),
  defaults: () => ({ policy_engine_mode: 'any', compatibility_mode: false, layout: 'stacked', denied_action: 'message_continue', authentication: 'none' }),
  check(ctx, merged, sent, existing) {
    const { errors, add } = errorsOf();
    if ('slug' in sent && !SLUG.test(String(sent.slug))) add('slug', SLUG_MESSAGE);
    else if (ctx.seed.directory.flows.some((f) => f !== existing && f.slug === merged.slug)) add('slug', notUnique('Flow', 'slug'));
    return errors;
  },
  build: (_ctx, m) => ({ pk: uuid(), ...(pick(m, FLOW_FIELDS) as Omit<SeedFlow, 'pk'>) }),
  apply: (_ctx, f, sent) => Object.assign(f, pick(sent, FLOW_FIELDS)),
  cascade(ctx, f) {
    const d = ctx.seed.directory;
    remove(d.bindings, (b) => b.target !== f.pk);
    for (const b of d.brands) for (const field of BRAND_FLOWS) if ((b as Record<string, unknown>)[field] === f.pk) (b as Record<string, unknown>)[field] = null;
    const gone = new Set(d.providers.filter((p) => p.authorization_flow === f.pk).map((p) => p.pk));
    remove(d.providers, (p) => !gone.has(p.pk));
    for (const p of d.providers) {
      if (p.authentication_flow === f.pk) p.authentication_flow = null;
      if (p.invalidation_flow === f.pk) p.invalidation_flow = null;
    }
    for (const a of d.applications) {
      if (a.provider !== null && gone.has(a.provider)) a.provider = null;
      a.backchannel_providers = a.backchannel_providers.filter((pk) => !gone.has(pk));
    }
    for (const o of d.outposts) o.providers = o.providers.filter((pk) => !gone.has(pk));
    for (const s of d.sources) {
      if (s.authentication_flow === f.pk) s.authentication_flow = null;
      if (s.enrollment_flow === f.pk) s.enrollment_flow = null;
    }
    for (const c of d.agentConnectors) if (c.authorization_flow === f.pk) c.authorization_flow = null;
  },
  usedBy(ctx, f) {
    const d = ctx.seed.directory;
    const out: Api.UsedBy[] = [];
    for (const b of d.bindings) if (b.target === f.pk) out.push(used('authentik_flows', 'flowstagebinding', b.pk, `Flow-stage binding #${b.order} to ${f.pk}`, 'cascade'));
    for (const b of d.brands)
      if (BRAND_FLOWS.some((field) => (b as Record<string, unknown>)[field] === f.pk)) out.push(used('authentik_brands', 'brand', b.brand_uuid, `Brand ${b.domain}`, 'set_null'));
    for (const p of d.providers) {
      const [app, model, verbose] = S.providerModel(p);
      const action = p.authorization_flow === f.pk ? 'cascade' : p.authentication_flow === f.pk ? 'set_null' : p.invalidation_flow === f.pk ? 'set_default' : undefined;
      if (action) out.push(used(app, model, String(p.pk), `${verbose} ${p.name}`, action));
    }
    for (const s of d.sources) {
      if (s.authentication_flow !== f.pk && s.enrollment_flow !== f.pk) continue;
      const [app, model] = S.sourceModel(s);
      out.push(used(app, model, s.pk, s.name, 'set_null'));
    }
    for (const c of d.agentConnectors) if (c.authorization_flow === f.pk) out.push(used('authentik_endpoints_connectors_agent', 'agentconnector', c.connector_uuid, c.name, 'set_null'));
    return out;
  },
};

const BINDING_FIELDS = ['target', 'stage', 'evaluate_on_plan', 're_evaluate_policies', 'order', 'policy_engine_mode', 'invalid_response_action'];

export const bindings: Store<SeedBinding> = {
  path: '/flows/bindings/',
  param: 'fsb_uuid',
  model: 'FlowStageBinding',
  items: (s) => s.directory.bindings,
  key: (b) => b.pk,
  serialize: (ctx, b) => S.binding(ctx.r, b),
  fields: (b) => pick(b as unknown as Body, BINDING_FIELDS),
  defaults: () => ({ evaluate_on_plan: false, re_evaluate_policies: true, policy_engine_mode: 'any', invalid_response_action: 'retry' }),
  check(ctx, merged, sent, existing) {
    const { errors, add, any } = errorsOf();
    checkRefs(add, sent, { target: flowRef(ctx), stage: (v) => ctx.r.stagesByPk.has(String(v)) });
    const clash = ctx.seed.directory.bindings.some((b) => b !== existing && b.target === merged.target && b.stage === merged.stage && b.order === merged.order);
    if (!any() && clash) add('non_field_errors', 'The fields target, stage, order must make a unique set.');
    return errors;
  },
  build: (_ctx, m) => ({ pk: uuid(), ...(pick(m, BINDING_FIELDS) as Omit<SeedBinding, 'pk'>) }),
  apply: (_ctx, b, sent) => Object.assign(b, pick(sent, BINDING_FIELDS)),
  cascade: () => undefined,
  usedBy: () => [],
  retrieve: true,
};

export const STORES = [
  applications,
  entitlements,
  blueprints,
  brands,
  certificates,
  agentConnectors,
  enrollmentTokens,
  browserConnectors,
  licenses,
  notificationRules,
  notificationTransports,
  flows,
  bindings,
] as Array<Store<unknown>>;

function used(app: string, model_name: string, pk: string, name: string, action: Api.UsedBy['action']): Api.UsedBy {
  return { app, model_name, pk, name, action };
}

export type { FieldErrors };
