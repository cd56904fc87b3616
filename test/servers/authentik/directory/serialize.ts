/**
 * Directory objects in the shapes authentik 2026.8.3 serialises them (field for field what the
 * schema's serializers declare, relations expanded only when the request's `include_*` flags
 * ask). The stand-in validates every answer against the schema, so a field missing here shows
 * up as a violation in the tests, not as a silent difference.
 */
import type * as Api from '../../../../src/clients/authentik/types';
import type { AuthentikSeed, AuthentikUser } from '../seed';
import { userUid } from '../seed';
import type {
  MappingKind,
  ProviderKind,
  SeedApplication,
  SeedBinding,
  SeedCertificate,
  SeedFlow,
  SeedGroup,
  SeedMapping,
  SeedOutpost,
  SeedProvider,
  SeedServiceConnection,
  SeedSource,
  SeedStage,
  SourceKind,
  StageKind,
} from './model';
import type { Relations } from './relations';

type Meta = [component: string, verbose: string, plural: string, model: string];

const STAGE_META: Record<StageKind, Meta> = {
  identification: ['ak-stage-identification-form', 'Identification Stage', 'Identification Stages', 'authentik_stages_identification.identificationstage'],
  password: ['ak-stage-password-form', 'Password Stage', 'Password Stages', 'authentik_stages_password.passwordstage'],
  authenticator_validate: [
    'ak-stage-authenticator-validate-form',
    'Authenticator Validation Stage',
    'Authenticator Validation Stages',
    'authentik_stages_authenticator_validate.authenticatorvalidatestage',
  ],
  authenticator_totp: ['ak-stage-authenticator-totp-form', 'TOTP Authenticator Setup Stage', 'TOTP Authenticator Setup Stages', 'authentik_stages_authenticator_totp.authenticatortotpstage'],
  user_login: ['ak-stage-user-login-form', 'User Login Stage', 'User Login Stages', 'authentik_stages_user_login.userloginstage'],
  user_logout: ['ak-stage-user-logout-form', 'User Logout Stage', 'User Logout Stages', 'authentik_stages_user_logout.userlogoutstage'],
  user_write: ['ak-stage-user-write-form', 'User Write Stage', 'User Write Stages', 'authentik_stages_user_write.userwritestage'],
  prompt: ['ak-stage-prompt-form', 'Prompt Stage', 'Prompt Stages', 'authentik_stages_prompt.promptstage'],
  email: ['ak-stage-email-form', 'Email Stage', 'Email Stages', 'authentik_stages_email.emailstage'],
  consent: ['ak-stage-consent-form', 'Consent Stage', 'Consent Stages', 'authentik_stages_consent.consentstage'],
  deny: ['ak-stage-deny-form', 'Deny Stage', 'Deny Stages', 'authentik_stages_deny.denystage'],
};

const PROVIDER_META: Record<ProviderKind, Meta> = {
  oauth2: ['ak-provider-oauth2-form', 'OAuth2/OpenID Provider', 'OAuth2/OpenID Providers', 'authentik_providers_oauth2.oauth2provider'],
  saml: ['ak-provider-saml-form', 'SAML Provider', 'SAML Providers', 'authentik_providers_saml.samlprovider'],
  proxy: ['ak-provider-proxy-form', 'Proxy Provider', 'Proxy Providers', 'authentik_providers_proxy.proxyprovider'],
  ldap: ['ak-provider-ldap-form', 'LDAP Provider', 'LDAP Providers', 'authentik_providers_ldap.ldapprovider'],
  radius: ['ak-provider-radius-form', 'Radius Provider', 'Radius Providers', 'authentik_providers_radius.radiusprovider'],
};

const SOURCE_META: Record<SourceKind, Meta> = {
  inbuilt: ['', 'Source', 'Sources', 'authentik_core.source'],
  ldap: ['ak-source-ldap-form', 'LDAP Source', 'LDAP Sources', 'authentik_sources_ldap.ldapsource'],
  oauth: ['ak-source-oauth-form', 'OAuth Source', 'OAuth Sources', 'authentik_sources_oauth.oauthsource'],
  saml: ['ak-source-saml-form', 'SAML Source', 'SAML Sources', 'authentik_sources_saml.samlsource'],
};

const MAPPING_META: Record<MappingKind, Meta> = {
  scope: ['ak-property-mapping-provider-scope-form', 'Scope Mapping', 'Scope Mappings', 'authentik_providers_oauth2.scopemapping'],
  saml: ['ak-property-mapping-provider-saml-form', 'SAML Provider Property Mapping', 'SAML Provider Property Mappings', 'authentik_providers_saml.samlpropertymapping'],
  scim: ['ak-property-mapping-provider-scim-form', 'SCIM Provider Mapping', 'SCIM Provider Mappings', 'authentik_providers_scim.scimmapping'],
  radius: ['ak-property-mapping-provider-radius-form', 'Radius Provider Property Mapping', 'Radius Provider Property Mappings', 'authentik_providers_radius.radiusproviderpropertymapping'],
  rac: ['ak-property-mapping-provider-rac-form', 'RAC Provider Property Mapping', 'RAC Provider Property Mappings', 'authentik_providers_rac.racpropertymapping'],
  ldap_source: ['ak-property-mapping-source-ldap-form', 'LDAP Source Property Mapping', 'LDAP Source Property Mappings', 'authentik_sources_ldap.ldapsourcepropertymapping'],
  notification: ['ak-property-mapping-notification-form', 'Webhook Mapping', 'Webhook Mappings', 'authentik_events.notificationwebhookmapping'],
};

const CONNECTION_META: Record<SeedServiceConnection['kind'], Meta> = {
  kubernetes: ['ak-service-connection-kubernetes-form', 'Kubernetes Service-Connection', 'Kubernetes Service-Connections', 'authentik_outposts.kubernetesserviceconnection'],
  docker: ['ak-service-connection-docker-form', 'Docker Service-Connection', 'Docker Service-Connections', 'authentik_outposts.dockerserviceconnection'],
};

/** `[app_label, model_name, verbose name]` of a provider or source, as used_by/ names them. */
export function providerModel(p: SeedProvider): [string, string, string] {
  const [, verbose, , model] = PROVIDER_META[p.kind];
  const [app, name] = model.split('.');
  return [app, name, verbose];
}

export function sourceModel(s: SeedSource): [string, string, string] {
  const [, verbose, , model] = SOURCE_META[s.kind];
  const [app, name] = model.split('.');
  return [app, name, verbose];
}

function meta([component, verbose_name, verbose_name_plural, meta_model_name]: Meta) {
  return { component, verbose_name, verbose_name_plural, meta_model_name };
}

// --- users and groups ---

/** authentik's "initials" avatar: an SVG data URI. */
export function avatarFor(user: Pick<AuthentikUser, 'name'>): string {
  const initials = user.name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="#3a7bd5"/>' +
    `<text x="50" y="62" font-size="40" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export function partialUser(seed: AuthentikSeed, u: AuthentikUser): Api.PartialUser {
  return { pk: u.pk, username: u.username, name: u.name, is_active: u.isActive, last_login: u.lastLogin, email: u.email, attributes: u.attributes, uid: userUid(seed, u) };
}

export function partialGroup(g: SeedGroup): Api.PartialGroup {
  return { pk: g.pk, num_pk: g.numPk, name: g.name, is_superuser: g.isSuperuser, attributes: g.attributes };
}

function relatedGroup(g: SeedGroup): Api.RelatedGroup {
  return { pk: g.pk, name: g.name, is_superuser: g.isSuperuser, attributes: g.attributes, group_uuid: g.pk };
}

export interface GroupIncludes {
  users: boolean;
  parents: boolean;
  children: boolean;
  inheritedRoles: boolean;
}

export function group(seed: AuthentikSeed, r: Relations, g: SeedGroup, inc: GroupIncludes): Api.Group {
  const members = r.membersByGroup.get(g.pk) ?? [];
  const children = r.childrenByGroup.get(g.pk) ?? [];
  return {
    pk: g.pk,
    num_pk: g.numPk,
    name: g.name,
    is_superuser: g.isSuperuser,
    parents: [...g.parents],
    parents_obj: inc.parents
      ? g.parents
          .map((pk) => r.groupsByPk.get(pk))
          .filter((x): x is SeedGroup => !!x)
          .map(relatedGroup)
      : null,
    users: members.map((u) => u.pk),
    users_obj: inc.users ? members.map((u) => partialUser(seed, u)) : null,
    attributes: g.attributes,
    roles: g.roles.map((x) => x.pk),
    roles_obj: g.roles.map((x) => ({ ...x })),
    inherited_roles_obj: inc.inheritedRoles ? r.ancestors(g.pk).flatMap((a) => a.roles.map((x) => ({ ...x }))) : null,
    children: children.map((c) => c.pk),
    children_obj: inc.children ? children.map(relatedGroup) : null,
  };
}

export function user(seed: AuthentikSeed, r: Relations, u: AuthentikUser, inc: { groups: boolean; roles: boolean }): Api.User {
  return {
    pk: u.pk,
    username: u.username,
    name: u.name,
    is_active: u.isActive,
    last_login: u.lastLogin,
    date_joined: u.dateJoined,
    is_superuser: u.isSuperuser,
    groups: u.groups.map((g) => g.pk),
    groups_obj: inc.groups
      ? u.groups
          .map((g) => r.groupsByPk.get(g.pk))
          .filter((x): x is SeedGroup => !!x)
          .map(partialGroup)
      : null,
    roles: u.roles.map((x) => x.pk),
    roles_obj: inc.roles ? u.roles.map((x) => ({ ...x })) : null,
    email: u.email,
    avatar: avatarFor(u),
    attributes: u.attributes,
    uid: userUid(seed, u),
    path: u.path,
    type: u.type,
    uuid: u.uuid,
    password_change_date: u.passwordChangeDate,
    last_updated: u.lastUpdated,
  };
}

// --- flows and stages ---

const BACKGROUND = '/static/dist/assets/images/flow_background.jpg';

function flowSet(f: SeedFlow): Api.FlowSet {
  return {
    pk: f.pk,
    policybindingmodel_ptr_id: f.pk,
    name: f.name,
    slug: f.slug,
    title: f.title,
    designation: f.designation,
    background_url: f.background || BACKGROUND,
    policy_engine_mode: f.policy_engine_mode,
    compatibility_mode: f.compatibility_mode,
    export_url: `/api/v3/flows/instances/${f.slug}/export/`,
    layout: f.layout,
    denied_action: f.denied_action,
  };
}

export function flow(r: Relations, f: SeedFlow): Api.Flow {
  return {
    ...flowSet(f),
    background_themed_urls: null,
    stages: (r.bindingsByFlow.get(f.pk) ?? []).map((b) => b.stage),
    policies: [],
    cache_count: 0,
    authentication: f.authentication,
    ...(f.background ? { background: f.background } : {}),
  };
}

export function stage(r: Relations, s: SeedStage): Api.Stage {
  return { pk: s.pk, name: s.name, ...meta(STAGE_META[s.kind]), flow_set: (r.flowsByStage.get(s.pk) ?? []).map(flowSet) };
}

export function binding(r: Relations, b: SeedBinding): Api.FlowStageBinding {
  return {
    pk: b.pk,
    policybindingmodel_ptr_id: b.pk,
    target: b.target,
    stage: b.stage,
    stage_obj: stage(r, r.stagesByPk.get(b.stage)!),
    evaluate_on_plan: b.evaluate_on_plan,
    re_evaluate_policies: b.re_evaluate_policies,
    order: b.order,
    policy_engine_mode: b.policy_engine_mode,
    invalid_response_action: b.invalid_response_action,
  };
}

/** The Mermaid text authentik's `diagram` action draws: start, one node per stage, end. */
export function flowDiagram(r: Relations, f: SeedFlow): Api.FlowDiagram {
  const lines = ['graph TD', `flow_start[["Flow\n${f.slug}"]]`];
  let previous = 'flow_start';
  (r.bindingsByFlow.get(f.pk) ?? []).forEach((b, i) => {
    const s = r.stagesByPk.get(b.stage)!;
    lines.push(`${previous} --> stage_${i}(["Stage (${STAGE_META[s.kind][1]})\n${s.name}"])`);
    previous = `stage_${i}`;
  });
  lines.push(`${previous} --> done[["End of the flow"]]`);
  return { diagram: lines.join('\n') };
}

// --- providers and applications ---

export function provider(r: Relations, p: SeedProvider): Api.Provider {
  const app = r.applicationByProvider.get(p.pk);
  return {
    pk: p.pk,
    name: p.name,
    authentication_flow: p.authentication_flow,
    authorization_flow: p.authorization_flow,
    invalidation_flow: p.invalidation_flow,
    property_mappings: [...p.property_mappings],
    ...meta(PROVIDER_META[p.kind]),
    assigned_application_slug: app?.slug ?? null,
    assigned_application_name: app?.name ?? null,
    assigned_backchannel_application_slug: null,
    assigned_backchannel_application_name: null,
  };
}

export function oauth2Provider(r: Relations, p: SeedProvider): Api.OAuth2Provider {
  return { ...provider(r, p), ...(p.extra as object) } as Api.OAuth2Provider;
}

export function samlProvider(r: Relations, p: SeedProvider, baseUrl: string): Api.SAMLProvider {
  const app = r.applicationByProvider.get(p.pk);
  const slug = app?.slug ?? '';
  const base = `${baseUrl}/application/saml/${slug}`;
  return {
    ...provider(r, p),
    ...(p.extra as object),
    url_download_metadata: `${baseUrl}/api/v3/providers/saml/${p.pk}/metadata/?download`,
    url_issuer: `${baseUrl}/application/saml/${slug}/metadata/`,
    url_unified: `${base}/`,
    url_unified_init: `${base}/init/`,
    url_sso_post: `${base}/sso/binding/post/`,
    url_sso_redirect: `${base}/sso/binding/redirect/`,
    url_sso_init: `${base}/sso/binding/init/`,
    url_slo_post: `${base}/slo/binding/post/`,
    url_slo_redirect: `${base}/slo/binding/redirect/`,
  } as Api.SAMLProvider;
}

/** URLs are absolute, built from the host the client used, as authentik builds them. */
export function oauth2SetupUrls(app: SeedApplication, baseUrl: string): Api.OAuth2ProviderSetupURLs {
  const o = `${baseUrl}/application/o`;
  return {
    issuer: `${o}/${app.slug}/`,
    authorize: `${o}/authorize/`,
    token: `${o}/token/`,
    user_info: `${o}/userinfo/`,
    provider_info: `${o}/${app.slug}/.well-known/openid-configuration`,
    logout: `${o}/${app.slug}/end-session/`,
    jwks: `${o}/${app.slug}/jwks/`,
    dcr_registration: null,
  };
}

/** An IdP EntityDescriptor with the signing certificate, as authentik's metadata view renders it. */
export function samlMetadata(r: Relations, p: SeedProvider, baseUrl: string): Api.SAMLMetadata {
  const app = r.applicationByProvider.get(p.pk)!;
  const signing = r.certificatesByPk.get(String(p.extra.signing_kp ?? ''));
  const der = signing ? signing.certificatePem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '') : '';
  const base = `${baseUrl}/application/saml/${app.slug}`;
  const keyDescriptor = der
    ? '<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data>' +
      `<ds:X509Certificate>${der}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`
    : '';
  const metadata = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${baseUrl}/application/saml/${app.slug}/metadata/">`,
    '<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">',
    keyDescriptor,
    `<md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${base}/slo/binding/redirect/"/>`,
    `<md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${base}/slo/binding/post/"/>`,
    `<md:NameIDFormat>${String(p.extra.default_name_id_policy)}</md:NameIDFormat>`,
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${base}/sso/binding/redirect/"/>`,
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${base}/sso/binding/post/"/>`,
    '</md:IDPSSODescriptor>',
    '</md:EntityDescriptor>',
  ]
    .filter(Boolean)
    .join('\n');
  return { metadata, download_url: `${baseUrl}/api/v3/providers/saml/${p.pk}/metadata/?download` };
}

export function application(r: Relations, a: SeedApplication): Api.Application {
  const p = a.provider !== null ? r.providersByPk.get(a.provider) : undefined;
  return {
    pk: a.pk,
    pbm_uuid: a.pk,
    name: a.name,
    slug: a.slug,
    provider: a.provider,
    provider_obj: p ? provider(r, p) : null,
    backchannel_providers: [...a.backchannel_providers],
    backchannel_providers_obj: a.backchannel_providers
      .map((pk) => r.providersByPk.get(pk))
      .filter((x): x is SeedProvider => !!x)
      .map((x) => provider(r, x)),
    launch_url: a.meta_launch_url || null,
    open_in_new_tab: a.open_in_new_tab,
    meta_launch_url: a.meta_launch_url,
    meta_icon: a.meta_icon ?? '',
    meta_icon_url: a.meta_icon ? a.meta_icon : null,
    meta_icon_themed_urls: null,
    meta_description: a.meta_description,
    meta_publisher: a.meta_publisher,
    policy_engine_mode: a.policy_engine_mode,
    group: a.group,
    meta_hide: a.meta_hide,
  };
}

// --- sources, mappings, certificates, outposts, connections ---

export function source(s: SeedSource): Api.Source {
  return {
    pk: s.pk,
    name: s.name,
    slug: s.slug,
    enabled: s.enabled,
    promoted: s.promoted,
    authentication_flow: s.authentication_flow,
    enrollment_flow: s.enrollment_flow,
    user_property_mappings: [],
    group_property_mappings: [],
    ...meta(SOURCE_META[s.kind]),
    policy_engine_mode: 'any',
    user_matching_mode: s.user_matching_mode,
    managed: s.managed,
    user_path_template: s.user_path_template,
    icon_url: null,
    icon_themed_urls: null,
  };
}

/** The base serializer of `/propertymappings/all/`. */
export function mapping(m: SeedMapping): Api.PropertyMapping {
  return { pk: m.pk, managed: m.managed, name: m.name, expression: m.expression, ...meta(MAPPING_META[m.kind]) };
}

/** The typed serializer: the base fields plus the kind's own (static_settings, saml_name…). */
export function typedMapping(m: SeedMapping): Record<string, unknown> {
  return { ...mapping(m), ...m.extra };
}

export function certificate(c: SeedCertificate, baseUrl: string): Api.CertificateKeyPair {
  return {
    pk: c.pk,
    name: c.name,
    fingerprint_sha256: c.sha256,
    fingerprint_sha1: c.sha1,
    cert_expiry: c.expiry,
    cert_subject: c.subject,
    private_key_available: c.keyPem !== null,
    key_type: c.keyType,
    certificate_download_url: `${baseUrl}/api/v3/crypto/certificatekeypairs/${c.pk}/view_certificate/?download`,
    private_key_download_url: `${baseUrl}/api/v3/crypto/certificatekeypairs/${c.pk}/view_private_key/?download`,
    managed: c.managed,
  };
}

/** What refers to a certificate: brands and providers (authentik lists reverse relations). */
export function certificateUsedBy(seed: AuthentikSeed, r: Relations, c: SeedCertificate): Api.UsedBy[] {
  const out: Api.UsedBy[] = [];
  for (const b of seed.directory.brands) {
    if (b.web_certificate === c.pk || (b.client_certificates ?? []).includes(c.pk)) {
      out.push({ app: 'authentik_brands', model_name: 'brand', pk: b.brand_uuid, name: `Brand ${b.domain}`, action: b.web_certificate === c.pk ? 'set_null' : 'left_dangling' });
    }
  }
  for (const p of seed.directory.providers) {
    const fields = p.kind === 'oauth2' ? ['signing_key', 'encryption_key'] : p.kind === 'saml' ? ['signing_kp', 'verification_kp', 'encryption_kp'] : [];
    if (fields.some((f) => p.extra[f] === c.pk)) {
      const [, verbose, , model] = PROVIDER_META[p.kind];
      out.push({ app: model.split('.')[0], model_name: model.split('.')[1], pk: String(p.pk), name: `${verbose} ${p.name}`, action: 'set_null' });
    }
  }
  void r;
  return out;
}

export function serviceConnection(s: SeedServiceConnection): Api.ServiceConnection {
  return { pk: s.pk, name: s.name, local: s.local, ...meta(CONNECTION_META[s.kind]) };
}

export function kubernetesConnection(s: SeedServiceConnection): Api.KubernetesServiceConnection {
  return { ...serviceConnection(s), kubeconfig: s.kubeconfig, verify_ssl: s.verify_ssl };
}

export function outpost(r: Relations, o: SeedOutpost): Api.Outpost {
  const connection = o.service_connection ? r.serviceConnectionsByPk.get(o.service_connection) : undefined;
  return {
    pk: o.pk,
    name: o.name,
    type: o.type,
    providers: [...o.providers],
    providers_obj: o.providers
      .map((pk) => r.providersByPk.get(pk))
      .filter((x): x is SeedProvider => !!x)
      .map((p) => provider(r, p)),
    service_connection: o.service_connection,
    service_connection_obj: connection ? serviceConnection(connection) : null,
    refresh_interval_s: 300,
    token_identifier: `ak-outpost-${o.pk}-api`,
    config: o.config,
    managed: o.managed,
  };
}

/** The directory's kind of a family member named by its `meta_model_name`, for objects a client creates. */
export function seedKindOf(family: string, model: string): string | undefined {
  const metas: Record<string, Record<string, Meta>> = { stage: STAGE_META, provider: PROVIDER_META, source: SOURCE_META, propertyMapping: MAPPING_META, serviceConnection: CONNECTION_META };
  return Object.entries(metas[family] ?? {}).find(([, m]) => m[3] === model)?.[0];
}
