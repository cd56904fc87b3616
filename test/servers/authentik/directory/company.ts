/**
 * The realistic directory of "Acme Corp": authentik's default flows with their stage bindings,
 * a nested group tree, ~260 people, OAuth2/SAML/proxy/LDAP/RADIUS providers and their
 * applications, sources, property mappings (managed and custom), certificates (one expiring
 * within 30 days, one expired), outposts, a Kubernetes service connection and permissions.
 */
import type * as Api from '../../../../src/clients/authentik/types';
import { makeCertificate } from './certificates';
import { tokenFor, uuidFor } from './ids';
import type { Directory, SeedApplication, SeedBinding, SeedCertificate, SeedFlow, SeedGroup, SeedMapping, SeedProvider, SeedStage, StageKind } from './model';
import { ADMIN_ROLE, ADMINS_GROUP, READER_ROLE, READERS_GROUP } from './wellKnown';

/** A person of the directory before it becomes a stand-in user. */
export interface DirectoryPerson {
  pk: number;
  username: string;
  name: string;
  email: string;
  groups: string[];
  type: 'internal' | 'external' | 'service_account' | 'internal_service_account';
  isActive: boolean;
  title?: string;
  lastLoginDaysAgo?: number | null;
}

// --- stages and flows (authentik's default blueprints) ---

const stage = (name: string, kind: StageKind): SeedStage => ({ pk: uuidFor(`stage:${name}`), name, kind });

function flow(slug: string, name: string, title: string, designation: Api.FlowDesignation, authentication: Api.FlowAuthentication = 'none'): SeedFlow {
  return { pk: uuidFor(`flow:${slug}`), slug, name, title, designation, authentication, layout: 'stacked', denied_action: 'message_continue', policy_engine_mode: 'any', compatibility_mode: true };
}

function bind(f: SeedFlow, s: SeedStage, order: number, extra: Partial<SeedBinding> = {}): SeedBinding {
  return {
    pk: uuidFor(`binding:${f.slug}:${s.name}:${order}`),
    target: f.pk,
    stage: s.pk,
    order,
    evaluate_on_plan: false,
    re_evaluate_policies: true,
    policy_engine_mode: 'any',
    invalid_response_action: 'retry',
    ...extra,
  };
}

export function defaultFlows(): { flows: SeedFlow[]; stages: SeedStage[]; bindings: SeedBinding[] } {
  const s = {
    identification: stage('default-authentication-identification', 'identification'),
    password: stage('default-authentication-password', 'password'),
    mfa: stage('default-authentication-mfa-validation', 'authenticator_validate'),
    login: stage('default-authentication-login', 'user_login'),
    logout: stage('default-invalidation-logout', 'user_logout'),
    promptFirst: stage('default-enrollment-prompt-first', 'prompt'),
    promptSecond: stage('default-enrollment-prompt-second', 'prompt'),
    enrollWrite: stage('default-enrollment-user-write', 'user_write'),
    enrollEmail: stage('default-enrollment-email-verification', 'email'),
    enrollLogin: stage('default-enrollment-user-login', 'user_login'),
    recoveryIdent: stage('default-recovery-identification', 'identification'),
    recoveryEmail: stage('default-recovery-email', 'email'),
    passwordPrompt: stage('default-password-change-prompt', 'prompt'),
    passwordWrite: stage('default-password-change-write', 'user_write'),
    recoveryLogin: stage('default-recovery-user-login', 'user_login'),
    consent: stage('default-provider-authorization-consent', 'consent'),
    settingsPrompt: stage('default-user-settings', 'prompt'),
    settingsWrite: stage('default-user-settings-write', 'user_write'),
    totp: stage('default-authenticator-totp-setup', 'authenticator_totp'),
    deny: stage('acme-legacy-deny-contractors', 'deny'),
  };
  const f = {
    authentication: flow('default-authentication-flow', 'Welcome to authentik!', 'Welcome to authentik!', 'authentication', 'require_unauthenticated'),
    invalidation: flow('default-invalidation-flow', 'Logout', 'Default Invalidation Flow', 'invalidation'),
    enrollment: flow('default-enrollment-flow', 'Default enrollment Flow', 'Welcome to authentik! Please enter your details.', 'enrollment', 'require_unauthenticated'),
    recovery: flow('default-recovery-flow', 'Default recovery flow', 'Reset your password', 'recovery', 'require_unauthenticated'),
    explicit: flow('default-provider-authorization-explicit-consent', 'Authorize Application', 'Redirecting to %(app)s', 'authorization', 'require_authenticated'),
    implicit: flow('default-provider-authorization-implicit-consent', 'Authorize Application', 'Redirecting to %(app)s', 'authorization', 'require_authenticated'),
    providerInvalidation: flow('default-provider-invalidation-flow', 'Logged out of application', "You've logged out of %(app)s.", 'invalidation'),
    settings: flow('default-user-settings-flow', 'User settings', 'Update your info', 'stage_configuration', 'require_authenticated'),
    passwordChange: flow('default-password-change', 'Change Password', 'Change password', 'stage_configuration', 'require_authenticated'),
    totp: flow('default-authenticator-totp-setup', 'default-authenticator-totp-setup', 'Set up Two-Factor authentication', 'stage_configuration', 'require_authenticated'),
    partners: flow('acme-partner-authentication', 'Partner sign-in', 'Acme partner portal', 'authentication', 'require_unauthenticated'),
  };
  f.partners.layout = 'sidebar_left';
  const bindings = [
    bind(f.authentication, s.identification, 10),
    bind(f.authentication, s.password, 20),
    bind(f.authentication, s.mfa, 30),
    bind(f.authentication, s.login, 100),
    bind(f.invalidation, s.logout, 0),
    bind(f.enrollment, s.promptFirst, 10),
    bind(f.enrollment, s.promptSecond, 11),
    bind(f.enrollment, s.enrollWrite, 20),
    bind(f.enrollment, s.enrollEmail, 30, { invalid_response_action: 'restart_with_context' }),
    bind(f.enrollment, s.enrollLogin, 100),
    bind(f.recovery, s.recoveryIdent, 10),
    bind(f.recovery, s.recoveryEmail, 20),
    bind(f.recovery, s.passwordPrompt, 30),
    bind(f.recovery, s.passwordWrite, 40),
    bind(f.recovery, s.recoveryLogin, 100),
    bind(f.explicit, s.consent, 0),
    bind(f.settings, s.settingsPrompt, 20),
    bind(f.settings, s.settingsWrite, 100),
    bind(f.passwordChange, s.passwordPrompt, 0),
    bind(f.passwordChange, s.passwordWrite, 1),
    bind(f.totp, s.totp, 0),
    bind(f.partners, s.identification, 10),
    bind(f.partners, s.password, 20),
    bind(f.partners, s.login, 100),
  ];
  return { flows: Object.values(f), stages: Object.values(s), bindings };
}

// --- groups and people ---

const group = (name: string, parents: SeedGroup[] = [], extra: Partial<SeedGroup> = {}): SeedGroup => ({
  pk: uuidFor(`group:${name}:${parents.map((p) => p.name).join('/')}`),
  numPk: 0,
  name,
  isSuperuser: false,
  parents: parents.map((p) => p.pk),
  attributes: {},
  roles: [],
  ...extra,
});

export function companyGroups(): Record<string, SeedGroup> {
  const admins = group(ADMINS_GROUP.name, [], { pk: ADMINS_GROUP.pk, isSuperuser: true, roles: [{ ...ADMIN_ROLE }] });
  const readers = group(READERS_GROUP.name, [], { pk: READERS_GROUP.pk, roles: [{ ...READER_ROLE }], attributes: { notes: 'Terraform and audit service accounts' } });
  const everyone = group('All Employees', [], { attributes: { mailing_list: 'everyone@acme.example' } });
  const engineering = group('Engineering', [], { attributes: { cost_center: 'CC-4100', slack: '#engineering' } });
  const platform = group('Platform', [engineering], { attributes: { cost_center: 'CC-4110', team: 'platform' } });
  const sre = group('SRE', [platform], { attributes: { team: 'sre', pagerduty_schedule: 'P7X2K9Q' } });
  const backend = group('Backend', [engineering], { attributes: { team: 'backend' } });
  const frontend = group('Frontend', [engineering], { attributes: { team: 'frontend' } });
  const data = group('Data', [engineering], { attributes: { team: 'data' } });
  const onCallEng = group('On-call', [platform, backend], { attributes: { rotation: 'engineering' } });
  const product = group('Product', [], { attributes: { cost_center: 'CC-4200' } });
  const design = group('Design', [product]);
  const sales = group('Sales', [], { attributes: { cost_center: 'CC-5100' } });
  const salesEmea = group('Sales EMEA', [sales], { attributes: { region: 'emea' } });
  const salesAmer = group('Sales Americas', [sales], { attributes: { region: 'amer' } });
  const support = group('Support', [], { attributes: { cost_center: 'CC-5200' } });
  const onCallSupport = group('On-call', [support], { attributes: { rotation: 'support' } });
  const finance = group('Finance', [], { attributes: { cost_center: 'CC-6100' } });
  const people = group('People', [], { attributes: { cost_center: 'CC-6200' } });
  const managers = group('People Managers', [everyone]);
  const contractors = group('Contractors', [], { attributes: { expires_review: 'quarterly' } });
  const vpn = group('VPN Users', [], { attributes: { radius_vlan: 42 } });
  const all = {
    admins,
    readers,
    everyone,
    engineering,
    platform,
    sre,
    backend,
    frontend,
    data,
    onCallEng,
    product,
    design,
    sales,
    salesEmea,
    salesAmer,
    support,
    onCallSupport,
    finance,
    people,
    managers,
    contractors,
    vpn,
  };
  Object.values(all).forEach((g, i) => (g.numPk = 1001 + i));
  return all;
}

const FIRST = [
  'Ada',
  'Ben',
  'Chloé',
  'Dmitri',
  'Elif',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kavya',
  'Luca',
  'Maya',
  'Noah',
  'Olga',
  'Pedro',
  'Qian',
  'Rosa',
  'Sven',
  'Tariq',
  'Uma',
  'Viktor',
  'Wen',
  'Ximena',
  'Yusuf',
  'Zoe',
];
const LAST = [
  'Andersen',
  'Brooks',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fischer',
  'García',
  'Hansen',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Lambert',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Patel',
  'Quinn',
  'Rossi',
  'Schmidt',
  'Tanaka',
];

function ascii(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Named people with roles, then generated colleagues so "All Employees" needs paging. */
export function companyPeople(g: Record<string, SeedGroup>): DirectoryPerson[] {
  const people: DirectoryPerson[] = [];
  let pk = 100;
  const add = (name: string, title: string, groups: SeedGroup[], extra: Partial<DirectoryPerson> = {}) => {
    const [first, ...rest] = name.split(' ');
    const username = `${ascii(first)}.${ascii(rest.join(''))}`;
    people.push({
      pk: pk++,
      username,
      name,
      email: `${username}@acme.example`,
      groups: [g.everyone, ...groups].map((x) => x.pk),
      type: 'internal',
      isActive: true,
      title,
      lastLoginDaysAgo: pk % 9,
      ...extra,
    });
  };
  add('Priya Raman', 'VP Engineering', [g.engineering, g.managers, g.admins]);
  add('Marcus Chen', 'Platform Lead', [g.platform, g.managers, g.onCallEng]);
  add('Sofia Alvarez', 'Staff SRE', [g.sre, g.onCallEng, g.vpn]);
  add('Tom Becker', 'SRE', [g.sre, g.vpn]);
  add('Aisha Bello', 'Backend Engineer', [g.backend, g.onCallEng]);
  add('Lars Nilsson', 'Backend Engineer', [g.backend]);
  add('Mei Tanaka', 'Frontend Engineer', [g.frontend]);
  add('Jamal Wright', 'Frontend Engineer', [g.frontend, g.vpn]);
  add('Nora Schulz', 'Data Engineer', [g.data]);
  add('Omar Haddad', 'Analytics Engineer', [g.data]);
  add('Hannah Kim', 'Head of Product', [g.product, g.managers]);
  add('Felix Wagner', 'Product Designer', [g.design]);
  add('Camille Laurent', 'Sales Director EMEA', [g.salesEmea, g.managers]);
  add('Diego Ramos', 'Account Executive', [g.salesAmer]);
  add('Grace Okoro', 'Account Executive', [g.salesEmea]);
  add('Ivan Petrov', 'Support Lead', [g.support, g.onCallSupport, g.managers]);
  add('Julia Costa', 'Support Engineer', [g.support, g.onCallSupport]);
  add('Kenji Sato', 'Controller', [g.finance]);
  add('Laura Fischer', 'People Partner', [g.people]);
  add('Zara Ahmed', 'Security Engineer', [g.platform, g.admins, g.vpn]);
  add('Ravi Menon', 'Contractor (Data)', [g.contractors, g.data], { type: 'external' });
  add('Eva Novak', 'Contractor (Design)', [g.contractors, g.design], { type: 'external', isActive: false, lastLoginDaysAgo: 120 });
  // Generated colleagues: deterministic, spread over the teams.
  const teams = [g.backend, g.frontend, g.data, g.platform, g.support, g.salesEmea, g.salesAmer, g.product, g.finance, g.people];
  for (let i = 0; i < 240; i++) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
    const username = `${ascii(first)}.${ascii(last)}${i >= FIRST.length * LAST.length ? i : ''}`;
    const team = teams[i % teams.length];
    const groups = [g.everyone, team];
    if (team === g.platform || team === g.backend) groups.push(g.engineering);
    people.push({
      pk: pk++,
      username,
      name: `${first} ${last}`,
      email: `${username}@acme.example`,
      groups: groups.map((x) => x.pk),
      type: 'internal',
      isActive: i % 37 !== 0,
      title: 'Employee',
      lastLoginDaysAgo: i % 11 === 0 ? null : i % 30,
    });
  }
  // Service accounts the apps use.
  people.push({ pk: pk++, username: 'svc-grafana-sync', name: 'Grafana team sync', email: '', groups: [g.readers.pk], type: 'service_account', isActive: true, lastLoginDaysAgo: 0 });
  people.push({ pk: pk++, username: 'ak-outpost-ldap', name: 'Outpost ldap-outpost Service-Account', email: '', groups: [], type: 'internal_service_account', isActive: true, lastLoginDaysAgo: 0 });
  return people;
}

// --- certificates, providers, applications ---

function certificates(now: number): SeedCertificate[] {
  const day = 86_400_000;
  const pair = (name: string, subject: string, fromDays: number, toDays: number, withKey: boolean, managed: string | null = null): SeedCertificate => {
    const made = makeCertificate({ subject, notBefore: new Date(Math.floor(now / day) * day - fromDays * day), notAfter: new Date(Math.floor(now / day) * day + toDays * day) });
    return {
      pk: uuidFor(`certificate:${name}`),
      name,
      managed,
      certificatePem: made.certificatePem,
      keyPem: withKey ? made.keyPem : null,
      keyType: 'ec',
      expiry: made.expiry,
      subject: made.subject,
      sha1: made.sha1,
      sha256: made.sha256,
    };
  };
  return [
    pair('authentik Self-signed Certificate', '/O=authentik/OU=Self-signed/CN=authentik Self-signed Certificate', 200, 165, true, 'goauthentik.io/crypto/self-signed'),
    pair('id.acme.example', '/O=Acme Corp/CN=id.acme.example', 10, 80, true),
    pair('SAML signing 2025', '/O=Acme Corp/OU=Identity/CN=saml-signing.acme.example', 350, 12, true),
    pair('Legacy partner IdP', '/O=Partner Networks Ltd/CN=idp.partner-networks.example', 760, -40, false),
    pair('Acme Internal Root CA', '/O=Acme Corp/OU=PKI/CN=Acme Internal Root CA', 400, 1425, false),
  ];
}

function mapping(kind: SeedMapping['kind'], name: string, managed: string | null, expression: string, extra: Record<string, unknown> = {}): SeedMapping {
  return { pk: uuidFor(`mapping:${kind}:${name}`), kind, name, managed, expression, extra };
}

function propertyMappings(): SeedMapping[] {
  const scope = (name: string, scopeName: string, description: string, expression: string, managed: string | null) =>
    mapping('scope', name, managed, expression, { scope_name: scopeName, description });
  const saml = (name: string, samlName: string, friendlyName: string | null, expression: string, managed: string | null) =>
    mapping('saml', name, managed, expression, { saml_name: samlName, friendly_name: friendlyName });
  return [
    scope("authentik default OAuth Mapping: OpenID 'openid'", 'openid', '', '# This scope is handled by authentik itself\nreturn {}', 'goauthentik.io/providers/oauth2/scope-openid'),
    scope(
      "authentik default OAuth Mapping: OpenID 'email'",
      'email',
      'Email address',
      'return {\n    "email": request.user.email,\n    "email_verified": True\n}',
      'goauthentik.io/providers/oauth2/scope-email',
    ),
    scope(
      "authentik default OAuth Mapping: OpenID 'profile'",
      'profile',
      'General Profile Information',
      'return {\n' +
        '    "name": request.user.name,\n' +
        '    "given_name": request.user.name,\n' +
        '    "preferred_username": request.user.username,\n' +
        '    "nickname": request.user.username,\n' +
        '    "groups": [group.name for group in request.user.ak_groups.all()],\n' +
        '}',
      'goauthentik.io/providers/oauth2/scope-profile',
    ),
    scope(
      "authentik default OAuth Mapping: OpenID 'offline_access'",
      'offline_access',
      'Access to request new tokens without interaction',
      '# This scope grants the application a refresh token\nreturn {}',
      'goauthentik.io/providers/oauth2/scope-offline_access',
    ),
    scope(
      'Acme: Grafana role claim',
      'grafana',
      'Grafana organisation role',
      'if ak_is_group_member(request.user, name="authentik Admins"):\n' +
        '    return {"grafana_role": "Admin"}\n' +
        'if ak_is_group_member(request.user, name="SRE"):\n' +
        '    return {"grafana_role": "Editor"}\n' +
        'return {"grafana_role": "Viewer"}',
      null,
    ),
    saml(
      'authentik default SAML Mapping: UPN',
      'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/upn',
      null,
      'return request.user.attributes.get("upn", request.user.email)',
      'goauthentik.io/providers/saml/upn',
    ),
    saml('authentik default SAML Mapping: Name', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name', null, 'return request.user.name', 'goauthentik.io/providers/saml/name'),
    saml('authentik default SAML Mapping: Email', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', null, 'return request.user.email', 'goauthentik.io/providers/saml/email'),
    saml('authentik default SAML Mapping: Username', 'http://schemas.goauthentik.io/2021/02/saml/username', null, 'return request.user.username', 'goauthentik.io/providers/saml/username'),
    saml(
      'authentik default SAML Mapping: Groups',
      'http://schemas.xmlsoap.org/claims/Group',
      null,
      'for group in request.user.ak_groups.all():\n    yield group.name',
      'goauthentik.io/providers/saml/groups',
    ),
    saml('Acme: Expense cost center', 'costCenter', 'Cost center', 'return request.user.group_attributes().get("cost_center", "")', null),
    mapping(
      'scim',
      'authentik default SCIM Mapping: User',
      'goauthentik.io/providers/scim/user',
      'return {\n    "userName": request.user.username,\n    "name": {"formatted": request.user.name},\n    "active": request.user.is_active,\n}',
    ),
    mapping('scim', 'authentik default SCIM Mapping: Group', 'goauthentik.io/providers/scim/group', 'return {\n    "displayName": group.name,\n}'),
    mapping('radius', 'Acme: VPN VLAN assignment', null, 'vlan = request.user.group_attributes().get("radius_vlan", 10)\nreturn {"Tunnel-Private-Group-Id": str(vlan)}'),
    mapping('rac', 'authentik default RAC Mapping: RDP Default settings', 'goauthentik.io/providers/rac/rdp-default', '', {
      static_settings: { 'resize-method': 'display-update', 'enable-wallpaper': 'false', 'enable-font-smoothing': 'true' },
    }),
    mapping('rac', 'authentik default RAC Mapping: RDP High Fidelity', 'goauthentik.io/providers/rac/rdp-high-fidelity', '', {
      static_settings: { 'enable-wallpaper': 'true', 'enable-font-smoothing': 'true', 'enable-full-window-drag': 'true', 'enable-desktop-composition': 'true', 'enable-menu-animations': 'true' },
    }),
    mapping('ldap_source', 'authentik default LDAP Mapping: Name', 'goauthentik.io/sources/ldap/default-name', 'return {\n    "name": ldap.get("name"),\n}'),
    mapping('ldap_source', 'authentik default LDAP Mapping: mail', 'goauthentik.io/sources/ldap/default-mail', 'return {\n    "email": ldap.get("mail"),\n}'),
    mapping(
      'ldap_source',
      'authentik default Active Directory Mapping: userPrincipalName',
      'goauthentik.io/sources/ldap/ms-userprincipalname',
      'return {\n    "attributes": {"upn": list_flatten(ldap.get("userPrincipalName"))},\n}',
    ),
    mapping('ldap_source', 'Acme: AD department', null, 'return {"attributes": {"department": list_flatten(ldap.get("department"))}}'),
  ];
}

export function buildCompanyDirectory(now = Date.now()): { directory: Directory; groups: Record<string, SeedGroup>; people: DirectoryPerson[] } {
  const { flows, stages, bindings } = defaultFlows();
  const flowBySlug = (slug: string) => flows.find((f) => f.slug === slug)!.pk;
  const groups = companyGroups();
  const people = companyPeople(groups);
  const certs = certificates(now);
  const cert = (name: string) => certs.find((c) => c.name === name)!.pk;
  const mappings = propertyMappings();
  const managed = (m: string) => mappings.find((x) => x.managed === m)!.pk;
  const custom = (name: string) => mappings.find((x) => x.name === name)!.pk;

  const auth = flowBySlug('default-authentication-flow');
  const explicit = flowBySlug('default-provider-authorization-explicit-consent');
  const implicit = flowBySlug('default-provider-authorization-implicit-consent');
  const providerLogout = flowBySlug('default-provider-invalidation-flow');
  const oauth2 = (pk: number, name: string, clientId: string, redirect: string, extra: Record<string, unknown> = {}): SeedProvider => ({
    pk,
    kind: 'oauth2',
    name,
    authentication_flow: null,
    authorization_flow: explicit,
    invalidation_flow: providerLogout,
    property_mappings: [managed('goauthentik.io/providers/oauth2/scope-openid'), managed('goauthentik.io/providers/oauth2/scope-email'), managed('goauthentik.io/providers/oauth2/scope-profile')],
    extra: {
      client_type: 'confidential',
      grant_types: ['authorization_code', 'refresh_token'],
      client_id: clientId,
      client_secret: tokenFor(`client-secret:${name}`, 128),
      access_code_validity: 'minutes=1',
      access_token_validity: 'minutes=5',
      refresh_token_validity: 'days=30',
      refresh_token_threshold: 'seconds=0',
      include_claims_in_id_token: true,
      signing_key: cert('authentik Self-signed Certificate'),
      encryption_key: null,
      redirect_uris: [{ matching_mode: 'strict', url: redirect }],
      logout_uri: '',
      logout_method: 'backchannel',
      sub_mode: 'hashed_user_id',
      issuer_mode: 'per_provider',
      jwt_federation_sources: [],
      jwt_federation_providers: [],
      ...extra,
    },
  });
  const saml = (pk: number, name: string, acs: string, audience: string, signing: string | null, verification: string | null): SeedProvider => ({
    pk,
    kind: 'saml',
    name,
    authentication_flow: null,
    authorization_flow: implicit,
    invalidation_flow: providerLogout,
    property_mappings: ['upn', 'name', 'email', 'username', 'groups'].map((m) => managed(`goauthentik.io/providers/saml/${m}`)),
    extra: {
      acs_url: acs,
      sls_url: '',
      audience,
      issuer_override: '',
      assertion_valid_not_before: 'minutes=-5',
      assertion_valid_not_on_or_after: 'minutes=5',
      session_valid_not_on_or_after: 'minutes=86400',
      name_id_mapping: null,
      authn_context_class_ref_mapping: null,
      digest_algorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
      signature_algorithm: 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256',
      signing_kp: signing,
      verification_kp: verification,
      encryption_kp: null,
      sign_assertion: true,
      sign_response: false,
      sign_logout_request: false,
      sign_logout_response: false,
      sp_binding: 'post',
      sls_binding: 'redirect',
      logout_method: 'frontchannel_iframe',
      default_relay_state: '',
      default_name_id_policy: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
    },
  });
  const simple = (pk: number, kind: SeedProvider['kind'], name: string, mappingPks: string[] = [], extra: Record<string, unknown> = {}): SeedProvider => ({
    pk,
    kind,
    name,
    authentication_flow: kind === 'ldap' ? auth : null,
    authorization_flow: implicit,
    invalidation_flow: providerLogout,
    property_mappings: mappingPks,
    extra,
  });
  const providers: SeedProvider[] = [
    oauth2(1, 'Grafana', 'grafana-3b1f0c8e2d', 'https://grafana.acme.example/login/generic_oauth', { property_mappings: undefined }),
    oauth2(2, 'GitLab', 'gitlab-9c4e7a1d55', 'https://gitlab.acme.example/users/auth/openid_connect/callback'),
    oauth2(3, 'Argo CD', 'argocd-7f2a9e4c01', 'https://argocd.acme.example/auth/callback', { client_type: 'public', client_secret: '' }),
    saml(4, 'Expense Portal', 'https://expenses.acme.example/saml/acs', 'https://expenses.acme.example/saml/metadata', cert('SAML signing 2025'), null),
    saml(5, 'Salesforce', 'https://acme.my.salesforce.com?so=00D000000000062', 'https://saml.salesforce.com', cert('id.acme.example'), cert('Legacy partner IdP')),
    // The fields each typed serializer adds, as authentik's forms fill them in.
    simple(6, 'proxy', 'Internal Wiki proxy', [], {
      external_host: 'https://wiki.acme.example',
      internal_host: 'http://wiki.internal:8080',
      internal_host_ssl_validation: true,
      mode: 'proxy',
      skip_path_regex: '',
    }),
    simple(7, 'ldap', 'Legacy LDAP directory', [], {
      base_dn: 'DC=ldap,DC=acme,DC=example',
      bind_mode: 'direct',
      search_mode: 'direct',
      mfa_support: true,
      uid_start_number: 2000,
      gid_start_number: 4000,
    }),
    simple(8, 'radius', 'Office VPN RADIUS', [custom('Acme: VPN VLAN assignment')], { client_networks: '10.20.0.0/16', mfa_support: true }),
    oauth2(9, 'Unassigned test client', 'unassigned-0a1b2c3d4e', 'http://localhost:8080/callback'),
  ];
  providers[0].property_mappings.push(custom('Acme: Grafana role claim'));
  providers[3].property_mappings.push(custom('Acme: Expense cost center'));
  for (const p of providers) delete p.extra.property_mappings;

  const app = (name: string, slug: string, provider: number | null, launch: string, description: string, group: string, publisher = ''): SeedApplication => ({
    pk: uuidFor(`application:${slug}`),
    name,
    slug,
    provider,
    backchannel_providers: [],
    meta_launch_url: launch,
    meta_description: description,
    meta_publisher: publisher,
    group,
    open_in_new_tab: false,
    meta_hide: false,
    policy_engine_mode: 'any',
  });
  const applications = [
    app('Grafana', 'grafana', 1, 'https://grafana.acme.example', 'Dashboards and alerting', 'Engineering', 'Grafana Labs'),
    app('GitLab', 'gitlab', 2, 'https://gitlab.acme.example', 'Source code and CI', 'Engineering', 'GitLab Inc.'),
    app('Argo CD', 'argo-cd', 3, 'https://argocd.acme.example', 'GitOps deployments', 'Engineering'),
    app('Expense Portal', 'expense-portal', 4, 'https://expenses.acme.example', 'Expense claims', 'Finance'),
    app('Salesforce', 'salesforce', 5, 'https://acme.my.salesforce.com', 'CRM', 'Sales', 'Salesforce'),
    app('Internal Wiki', 'internal-wiki', 6, 'https://wiki.acme.example', 'Company handbook', 'General'),
    app('Legacy LDAP', 'legacy-ldap', 7, '', 'LDAP interface for legacy printers and NAS', 'IT'),
    app('Office VPN', 'office-vpn', 8, '', 'RADIUS for the office VPN concentrators', 'IT'),
    app('Status page', 'status-page', null, 'https://status.acme.example/%(username)s', 'Public status page (no provider)', 'General'),
  ];

  const brands: Api.Brand[] = [
    {
      brand_uuid: uuidFor('brand:authentik-default'),
      domain: 'authentik-default',
      default: true,
      branding_title: 'authentik',
      branding_logo: '/static/dist/assets/icons/icon_left_brand.svg',
      branding_favicon: '/static/dist/assets/icons/icon.png',
      branding_custom_css: '',
      branding_default_flow_background: '/static/dist/assets/images/flow_background.jpg',
      flow_authentication: auth,
      flow_invalidation: flowBySlug('default-invalidation-flow'),
      flow_recovery: null,
      flow_unenrollment: null,
      flow_user_settings: flowBySlug('default-user-settings-flow'),
      flow_device_code: null,
      flow_lockdown: null,
      default_application: null,
      web_certificate: cert('authentik Self-signed Certificate'),
      client_certificates: [],
      attributes: {},
    },
    {
      brand_uuid: uuidFor('brand:id.acme.example'),
      domain: 'id.acme.example',
      default: false,
      branding_title: 'Acme ID',
      branding_logo: '/media/public/acme-logo.svg',
      branding_favicon: '/media/public/acme-favicon.png',
      branding_custom_css: ':root { --ak-accent: #e4572e; }',
      branding_default_flow_background: '/media/public/acme-background.jpg',
      flow_authentication: auth,
      flow_invalidation: flowBySlug('default-invalidation-flow'),
      flow_recovery: flowBySlug('default-recovery-flow'),
      flow_unenrollment: null,
      flow_user_settings: flowBySlug('default-user-settings-flow'),
      flow_device_code: null,
      flow_lockdown: null,
      default_application: applications.find((a) => a.slug === 'internal-wiki')!.pk,
      web_certificate: cert('id.acme.example'),
      client_certificates: [cert('Acme Internal Root CA')],
      attributes: { settings: { locale: 'en', theme: { base: 'light' } } },
    },
    {
      brand_uuid: uuidFor('brand:partners.acme.example'),
      domain: 'partners.acme.example',
      default: false,
      branding_title: 'Acme Partners',
      branding_logo: '/media/public/acme-logo.svg',
      branding_favicon: '/media/public/acme-favicon.png',
      branding_custom_css: '',
      branding_default_flow_background: '/static/dist/assets/images/flow_background.jpg',
      flow_authentication: flowBySlug('acme-partner-authentication'),
      flow_invalidation: flowBySlug('default-invalidation-flow'),
      flow_recovery: null,
      flow_unenrollment: null,
      flow_user_settings: null,
      flow_device_code: null,
      flow_lockdown: null,
      default_application: null,
      web_certificate: cert('id.acme.example'),
      client_certificates: [],
      attributes: {},
    },
  ];

  const kubeProd = uuidFor('service-connection:prod-eu-1');
  const directory: Directory = {
    brands,
    certificates: certs,
    flows,
    stages,
    bindings,
    groups: Object.values(groups),
    applications,
    providers,
    sources: [
      {
        pk: uuidFor('source:authentik-built-in'),
        kind: 'inbuilt',
        name: 'authentik Built-in',
        slug: 'authentik-built-in',
        enabled: true,
        promoted: false,
        managed: 'goauthentik.io/sources/inbuilt',
        authentication_flow: null,
        enrollment_flow: null,
        user_matching_mode: 'identifier',
        user_path_template: 'goauthentik.io/sources/%(slug)s',
      },
      {
        pk: uuidFor('source:acme-ad'),
        kind: 'ldap',
        name: 'Acme Active Directory',
        slug: 'acme-ad',
        enabled: true,
        promoted: false,
        managed: null,
        authentication_flow: null,
        enrollment_flow: null,
        user_matching_mode: 'identifier',
        user_path_template: 'goauthentik.io/sources/%(slug)s',
        extra: {
          server_uri: 'ldaps://dc1.corp.acme.example',
          base_dn: 'DC=corp,DC=acme,DC=example',
          bind_cn: 'CN=authentik,OU=Service Accounts,DC=corp,DC=acme,DC=example',
          additional_user_dn: 'OU=People',
          additional_group_dn: 'OU=Groups',
          user_object_filter: '(objectClass=person)',
          group_object_filter: '(objectClass=group)',
          object_uniqueness_field: 'objectSid',
        },
      },
      {
        pk: uuidFor('source:github'),
        kind: 'oauth',
        name: 'GitHub',
        slug: 'github',
        enabled: true,
        promoted: true,
        managed: null,
        authentication_flow: auth,
        enrollment_flow: flowBySlug('default-enrollment-flow'),
        user_matching_mode: 'email_link',
        user_path_template: 'goauthentik.io/sources/%(slug)s',
        extra: { provider_type: 'github', consumer_key: 'Iv1.8a61f9b3a7aba766', authorization_url: null, access_token_url: null, profile_url: null },
      },
      {
        pk: uuidFor('source:partner-idp'),
        kind: 'saml',
        name: 'Partner Networks IdP',
        slug: 'partner-idp',
        enabled: false,
        promoted: false,
        managed: null,
        authentication_flow: flowBySlug('acme-partner-authentication'),
        enrollment_flow: null,
        user_matching_mode: 'username_deny',
        user_path_template: 'partners/%(slug)s',
        extra: { sso_url: 'https://idp.partner-networks.example/saml/sso', issuer: 'https://idp.partner-networks.example', binding_type: 'REDIRECT' },
      },
    ],
    mappings,
    outposts: [
      {
        pk: uuidFor('outpost:embedded'),
        name: 'authentik Embedded Outpost',
        type: 'proxy',
        providers: [6],
        service_connection: null,
        managed: 'goauthentik.io/outposts/embedded',
        config: { authentik_host: 'https://id.acme.example', log_level: 'info', object_naming_template: 'ak-outpost-%(name)s' },
      },
      {
        pk: uuidFor('outpost:ldap'),
        name: 'ldap-outpost',
        type: 'ldap',
        providers: [7],
        service_connection: kubeProd,
        managed: null,
        config: { authentik_host: 'https://id.acme.example', kubernetes_replicas: 2, kubernetes_namespace: 'authentik', log_level: 'info' },
      },
      {
        pk: uuidFor('outpost:radius'),
        name: 'radius-vpn',
        type: 'radius',
        providers: [8],
        service_connection: kubeProd,
        managed: null,
        config: { authentik_host: 'https://id.acme.example', kubernetes_replicas: 1, log_level: 'warning' },
      },
    ],
    serviceConnections: [
      { pk: uuidFor('service-connection:local'), kind: 'kubernetes', name: 'Local Kubernetes Cluster', local: true, verify_ssl: true, kubeconfig: {} },
      {
        pk: kubeProd,
        kind: 'kubernetes',
        name: 'prod-eu-1 cluster',
        local: false,
        verify_ssl: true,
        kubeconfig: {
          apiVersion: 'v1',
          kind: 'Config',
          clusters: [{ name: 'prod-eu-1', cluster: { server: 'https://k8s.prod-eu-1.acme.example:6443' } }],
          users: [{ name: 'authentik-outposts', user: { token: `eyJhbGciOiJSUzI1NiIsImtpZCI6Im${tokenFor('kube-token', 60)}` } }],
          contexts: [{ name: 'prod-eu-1', context: { cluster: 'prod-eu-1', user: 'authentik-outposts', namespace: 'authentik' } }],
          'current-context': 'prod-eu-1',
        },
      },
      {
        pk: uuidFor('service-connection:docker'),
        kind: 'docker',
        name: 'Local Docker connection',
        local: true,
        verify_ssl: true,
        kubeconfig: {},
        extra: { url: 'unix:///var/run/docker.sock', tls_verification: null, tls_authentication: null },
      },
    ],
    permissions: permissions(),
    // filled by managed.ts (addManagedObjects), which needs the installation's id
    entitlements: [],
    blueprints: [],
    blueprintFiles: [],
    agentConnectors: [],
    deviceAccessGroups: [],
    enrollmentTokens: [],
    browserConnectors: [],
    licenses: [],
    notificationRules: [],
    notificationTransports: [],
  };
  return { directory, groups, people };
}

function permissions(): Api.Permission[] {
  const out: Api.Permission[] = [];
  const add = (app: string, appVerbose: string, model: string, modelVerbose: string, actions: string[]) => {
    for (const action of actions) {
      const crudVerb = ['add', 'change', 'delete', 'view'].find((verb) => action === `${verb}_${model}`);
      out.push({
        id: out.length + 1,
        name: crudVerb ? `Can ${crudVerb} ${modelVerbose}` : action.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
        codename: action,
        model,
        app_label: app,
        app_label_verbose: appVerbose,
        model_verbose: modelVerbose,
      });
    }
  };
  const crud = (model: string) => ['add', 'change', 'delete', 'view'].map((a) => `${a}_${model}`);
  add('authentik_core', 'authentik Core', 'user', 'User', [
    ...crud('user'),
    'reset_user_password',
    'impersonate',
    'assign_user_permissions',
    'unassign_user_permissions',
    'preview_user',
    'view_user_applications',
  ]);
  add('authentik_core', 'authentik Core', 'group', 'Group', [...crud('group'), 'add_user_to_group', 'remove_user_from_group']);
  add('authentik_core', 'authentik Core', 'application', 'Application', crud('application'));
  add('authentik_core', 'authentik Core', 'token', 'Token', [...crud('token'), 'view_token_key', 'set_token_key']);
  add('auth', 'Authentication and Authorization', 'group', 'group', crud('group'));
  add('authentik_flows', 'authentik Flows', 'flow', 'Flow', [...crud('flow'), 'export_flow', 'inspect_flow', 'view_flow_cache', 'clear_flow_cache']);
  add('authentik_crypto', 'authentik Crypto', 'certificatekeypair', 'Certificate-Key Pair', [...crud('certificatekeypair'), 'view_certificatekeypair_certificate', 'view_certificatekeypair_key']);
  add('authentik_brands', 'authentik Brands', 'brand', 'Brand', crud('brand'));
  add('authentik_outposts', 'authentik Outpost', 'outpost', 'Outpost', crud('outpost'));
  add('authentik_outposts', 'authentik Outpost', 'kubernetesserviceconnection', 'Kubernetes Service-Connection', crud('kubernetesserviceconnection'));
  add('authentik_rbac', 'authentik RBAC', 'systempermission', 'System permission', ['access_admin_interface', 'view_system_settings', 'edit_system_settings', 'view_system_info']);
  return out;
}
