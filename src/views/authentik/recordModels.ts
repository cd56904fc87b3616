import type * as A from '../../clients/authentik';
import type { UserGroupMembership } from '../../clients/authentik';
import { isWebhookMapping } from '../../clients/authentik/propertyMappings';
import type { LoadedRecord } from '../panels/recordSources';
import type { RecordAction, RecordBadge, RecordField, RecordSection, RecordViewModel } from '../panels/protocol';
import { ObjectRef, recordKeyOf } from './objectRef';
import { expiryPresentation } from './presentation';
import { refs } from './refs';
import { adminUrl } from './snippets';

/**
 * The record panel of each authentik kind, built from API objects. Pure (no editor, no
 * requests), so what a panel shows — and that secrets are only ever masked in it and in its
 * JSON — is unit tested. Secrets go to `LoadedRecord.secrets`, sent only on Reveal.
 */

export const HIDDEN = '[hidden — use Reveal in the record panel]';

/** The standard buttons plus the authentik ones; record keys make them work after a reload. */
function actions(ref: ObjectRef, uiBase: string, extra: RecordAction[] = []): RecordAction[] {
  const key = recordKeyOf(ref);
  const command = (id: string, label: string, name: string): RecordAction => ({ id, label, link: { kind: 'command', command: name, args: [key] } });
  return [
    ...extra,
    { id: 'openInAuthentik', label: 'Open in authentik', link: { kind: 'url', url: adminUrl(uiBase, ref) } },
    command('copyId', 'Copy ID', 'opsConfig.authentik.copyId'),
    command('copyTerraform', 'Copy as Terraform', 'opsConfig.authentik.copyAsTerraform'),
    command('copyPulumi', 'Copy as Pulumi', 'opsConfig.authentik.copyAsPulumi'),
    { id: 'viewJson', label: 'View as JSON' },
    { id: 'copyJson', label: 'Copy JSON' },
    { id: 'refresh', label: 'Refresh' },
  ];
}

const text = (label: string, value: string | number | boolean | null | undefined, extra: Partial<RecordField> = {}): RecordField => ({
  label,
  value: value === null || value === undefined ? '' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : value,
  ...extra,
});
const code = (label: string, value: string | number | null | undefined) => text(label, value, { format: 'code' });
const json = (label: string, value: unknown) => ({ label, value: JSON.stringify(value ?? {}, null, 2), format: 'json' as const });
const link = (label: string, value: string, ref: ObjectRef) => text(label, value, { link: { kind: 'record', key: recordKeyOf(ref) } });
/** A reference to a certificate or flow by UUID: a link when the UUID is a record key. */
const certificateLink = (label: string, pk: string | null | undefined) =>
  pk ? text(label, pk, { format: 'code', link: { kind: 'record', key: recordKeyOf({ kind: 'certificate', lookup: pk }) } }) : text(label, '');

function record(
  ref: ObjectRef,
  uiBase: string,
  kind: string,
  title: string,
  sections: RecordSection[],
  raw: unknown,
  extra: Partial<RecordViewModel> = {},
  secrets?: Record<string, string>,
): LoadedRecord {
  const { actions: extraActions, ...rest } = extra;
  return { model: { key: recordKeyOf(ref), kind, title, sections, actions: actions(ref, uiBase, extraActions), ...rest }, json: raw, ...(secrets ? { secrets } : {}) };
}

export function brandRecord(b: A.Brand, uiBase: string): LoadedRecord {
  const ref = refs.brand(b);
  return record(
    ref,
    uiBase,
    'authentik brand',
    b.domain,
    [
      {
        title: 'Brand',
        fields: [
          code('ID', b.brand_uuid),
          text('Domain', b.domain),
          text('Default', b.default === true),
          text('Title', b.branding_title),
          code('Logo', b.branding_logo),
          code('Favicon', b.branding_favicon),
          code('Flow background', b.branding_default_flow_background),
          text('Custom CSS', b.branding_custom_css, { format: 'json' }),
        ],
      },
      {
        title: 'Flows',
        fields: [
          code('Authentication', b.flow_authentication),
          code('Invalidation', b.flow_invalidation),
          code('Recovery', b.flow_recovery),
          code('Unenrollment', b.flow_unenrollment),
          code('User settings', b.flow_user_settings),
          code('Device code', b.flow_device_code),
          code('Lockdown', b.flow_lockdown),
          code('User switch', b.flow_user_switch),
          code('Request', b.flow_request),
        ],
      },
      { title: 'Certificates', fields: [certificateLink('Web certificate', b.web_certificate), ...(b.client_certificates ?? []).map((pk, i) => certificateLink(`Client certificate ${i + 1}`, pk))] },
      { title: 'Attributes', fields: [json('Attributes', b.attributes)] },
    ],
    b,
    { subtitle: b.branding_title, badges: b.default ? [{ text: 'default brand', tone: 'info' }] : [] },
  );
}

export function flowRecord(f: A.Flow, bindings: A.FlowStageBinding[], totalBindings: number, diagram: string | undefined, uiBase: string): LoadedRecord {
  const ref = refs.flow(f);
  return record(
    ref,
    uiBase,
    'authentik flow',
    f.slug,
    [
      {
        title: 'Flow',
        fields: [
          code('ID', f.pk),
          text('Name', f.name),
          code('Slug', f.slug),
          text('Title', f.title),
          text('Designation', f.designation),
          text('Authentication', f.authentication ?? 'none'),
          text('Layout', f.layout ?? 'stacked'),
          text('Denied action', f.denied_action ?? 'message_continue'),
          text('Policy engine mode', f.policy_engine_mode ?? 'any'),
          text('Compatibility mode', f.compatibility_mode !== false),
          code('Export URL', f.export_url),
        ],
      },
      {
        title: `Stage bindings (${totalBindings})`,
        fields: bindings.map((b) => link(`${b.order}`, `${b.stage_obj.name} — ${b.stage_obj.verbose_name}`, refs.stage(b.stage_obj))),
      },
      ...(diagram ? [{ title: 'authentik diagram (Mermaid)', fields: [text('Diagram', diagram, { format: 'json' as const })] }] : []),
    ],
    f,
    {
      subtitle: f.name,
      badges: [{ text: f.designation, tone: 'info' }, ...(f.authentication && f.authentication !== 'none' ? [{ text: f.authentication.replace(/_/g, ' '), tone: 'info' as const }] : [])],
      diagram: {
        title: 'Stages in order',
        nodes: [
          { id: 'start', label: `Flow ${f.slug}`, detail: f.designation },
          ...bindings.map((b) => ({ id: b.pk, label: `${b.order} · ${b.stage_obj.name}`, detail: b.stage_obj.verbose_name })),
          { id: 'done', label: 'End of the flow' },
        ],
      },
    },
  );
}

export function stageRecord(s: A.Stage, uiBase: string): LoadedRecord {
  return record(
    refs.stage(s),
    uiBase,
    'authentik stage',
    s.name,
    [
      { title: 'Stage', fields: [code('ID', s.pk), text('Name', s.name), text('Kind', s.verbose_name), code('Model', s.meta_model_name)] },
      { title: `Used in flows (${s.flow_set.length})`, fields: s.flow_set.map((f) => link(f.designation, f.slug, refs.flow(f))) },
    ],
    s,
    { subtitle: s.verbose_name },
  );
}

export function groupRecord(g: A.Group, uiBase: string): LoadedRecord {
  return record(
    refs.group(g),
    uiBase,
    'authentik group',
    g.name,
    [
      {
        title: 'Group',
        fields: [
          code('ID', g.pk),
          code('Numeric ID', g.num_pk),
          text('Name', g.name),
          text('Superuser', g.is_superuser === true),
          text('Members', (g.users ?? []).length),
          text('Roles', (g.roles_obj ?? []).map((r) => r.name).join(', ')),
        ],
      },
      { title: 'Parents', fields: (g.parents_obj ?? []).map((p) => link('Parent', p.name, refs.group(p))) },
      { title: 'Children', fields: (g.children_obj ?? []).map((c) => link('Child', c.name, refs.group(c))) },
      { title: 'Attributes', fields: [json('Attributes', g.attributes)] },
    ],
    g,
    { badges: g.is_superuser ? [{ text: 'superuser', tone: 'warning' }] : [] },
  );
}

export function userRecord(u: A.User, membership: UserGroupMembership | undefined, uiBase: string): LoadedRecord {
  const badges: RecordBadge[] = [];
  if (u.is_active === false) badges.push({ text: 'inactive', tone: 'warning' });
  if (u.is_superuser) badges.push({ text: 'superuser', tone: 'warning' });
  return record(
    refs.user(u),
    uiBase,
    'authentik user',
    u.username,
    [
      {
        title: 'User',
        fields: [
          code('ID', u.pk),
          code('UUID', u.uuid),
          text('Username', u.username),
          text('Name', u.name),
          text('Email', u.email),
          text('Type', u.type ?? 'internal'),
          code('Path', u.path),
          text('Active', u.is_active !== false),
          text('Superuser', u.is_superuser),
          text('Last login', u.last_login ?? 'never', { format: 'date' }),
          text('Joined', u.date_joined, { format: 'date' }),
          text('Password changed', u.password_change_date, { format: 'date' }),
        ],
      },
      { title: 'Groups', fields: (membership?.direct ?? (u.groups_obj ?? []).map((g) => ({ pk: g.pk, name: g.name }))).map((g) => link('Direct', g.name, refs.group(g))) },
      { title: 'Inherited groups', fields: (membership?.inherited ?? []).map((g) => link(`via ${g.via}`, g.name, refs.group(g))) },
      { title: 'Attributes', fields: [json('Attributes', u.attributes)] },
    ],
    u,
    { subtitle: u.name, badges },
  );
}

export function applicationRecord(a: A.Application, uiBase: string): LoadedRecord {
  const provider = a.provider_obj;
  return record(
    refs.application(a),
    uiBase,
    'authentik application',
    a.name,
    [
      {
        title: 'Application',
        fields: [
          code('ID', a.pk),
          text('Name', a.name),
          code('Slug', a.slug),
          text('Group', a.group),
          text('Launch URL', a.launch_url ?? '', a.launch_url && /^https?:/.test(a.launch_url) ? { link: { kind: 'url', url: a.launch_url } } : {}),
          text('Description', a.meta_description),
          text('Publisher', a.meta_publisher),
          text('Open in new tab', a.open_in_new_tab === true),
          text('Hidden', a.meta_hide === true),
          text('Policy engine mode', a.policy_engine_mode ?? 'any'),
          code('Icon', a.meta_icon ?? ''),
        ],
      },
      { title: 'Provider', fields: provider ? [link(provider.verbose_name, provider.name, refs.provider(provider))] : [text('Provider', 'none')] },
      {
        title: `Backchannel providers (${(a.backchannel_providers ?? []).length})`,
        fields: (a.backchannel_providers_obj ?? []).map((p) => link(p.verbose_name, p.name, refs.provider(p))),
      },
    ],
    a,
    { subtitle: a.slug },
  );
}

/** Any provider; OAuth2 and SAML ones with their own fields. The OAuth2 client secret is masked. */
export function providerRecord(p: A.Provider, detail: { oauth2?: A.OAuth2Provider; setupUrls?: A.OAuth2ProviderSetupURLs | null; saml?: A.SAMLProvider }, uiBase: string): LoadedRecord {
  const ref = refs.provider(p);
  const sections: RecordSection[] = [
    {
      title: 'Provider',
      fields: [
        code('ID', p.pk),
        text('Name', p.name),
        text('Kind', p.verbose_name),
        text(
          'Application',
          p.assigned_application_name ?? 'none',
          p.assigned_application_slug ? { link: { kind: 'record', key: recordKeyOf({ kind: 'application', lookup: p.assigned_application_slug }) } } : {},
        ),
        code('Authorization flow', p.authorization_flow),
        code('Invalidation flow', p.invalidation_flow),
        text('Property mappings', (p.property_mappings ?? []).length),
      ],
    },
  ];
  let raw: unknown = p;
  let secrets: Record<string, string> | undefined;
  const extraActions: RecordAction[] = [];
  if (detail.oauth2) {
    const o = detail.oauth2;
    const secret = o.client_secret ?? '';
    secrets = secret ? { clientSecret: secret } : undefined;
    sections.push({
      title: 'OAuth2 / OpenID',
      fields: [
        code('Client ID', o.client_id),
        secret ? { label: 'Client secret', format: 'secret', secretId: 'clientSecret' } : text('Client secret', 'none (public client)'),
        text('Client type', o.client_type),
        text('Grant types', (o.grant_types ?? []).join(', ')),
        { label: 'Redirect URIs', format: 'list', list: o.redirect_uris.map((r) => `${r.matching_mode}: ${r.url}`) },
        text('Access token validity', o.access_token_validity),
        text('Subject mode', o.sub_mode),
        text('Issuer mode', o.issuer_mode),
        certificateLink('Signing key', o.signing_key),
      ],
    });
    const u = detail.setupUrls;
    sections.push({
      title: 'Setup URLs',
      fields: u
        ? [
            code('Issuer', u.issuer),
            code('Authorize', u.authorize),
            code('Token', u.token),
            code('User info', u.user_info),
            code('OpenID configuration', u.provider_info),
            code('Logout', u.logout),
            code('JWKS', u.jwks),
          ]
        : [text('Setup URLs', 'none until an application is assigned', { dim: true })],
    });
    raw = { ...o, client_secret: secret ? HIDDEN : '', setup_urls: u ?? null };
  }
  if (detail.saml) {
    const s = detail.saml;
    sections.push({
      title: 'SAML',
      fields: [
        code('ACS URL', s.acs_url),
        text('Audience', s.audience),
        code('Issuer', s.url_issuer),
        code('SSO (POST)', s.url_sso_post),
        code('SSO (Redirect)', s.url_sso_redirect),
        code('SLO (Redirect)', s.url_slo_redirect),
        text('SP binding', s.sp_binding),
        text('Signature algorithm', s.signature_algorithm),
        certificateLink('Signing certificate', s.signing_kp),
        certificateLink('Verification certificate', s.verification_kp),
      ],
    });
    extraActions.push({ id: 'openMetadata', label: 'Open metadata (XML)', link: { kind: 'command', command: 'opsConfig.authentik.openSamlMetadata', args: [p.pk, p.name] } });
    raw = s;
  }
  return record(ref, uiBase, 'authentik provider', p.name, sections, raw, { subtitle: p.verbose_name, actions: extraActions }, secrets);
}

export function sourceRecord(s: A.Source, uiBase: string): LoadedRecord {
  return record(
    refs.source(s),
    uiBase,
    'authentik source',
    s.name,
    [
      {
        title: 'Source',
        fields: [
          code('ID', s.pk),
          text('Name', s.name),
          code('Slug', s.slug),
          text('Kind', s.verbose_name),
          code('Managed', s.managed),
          text('Enabled', s.enabled !== false),
          text('Promoted', s.promoted === true),
          text('User matching', s.user_matching_mode),
          code('User path template', s.user_path_template),
          code('Authentication flow', s.authentication_flow),
          code('Enrollment flow', s.enrollment_flow),
        ],
      },
    ],
    s,
    { subtitle: s.verbose_name, badges: s.enabled === false ? [{ text: 'disabled', tone: 'warning' }] : [] },
  );
}

/** A webhook mapping's expression builds the headers of a notification (Authorization…): masked until Reveal. */
export function mappingRecord(m: A.PropertyMapping, uiBase: string): LoadedRecord {
  const secret = isWebhookMapping(m) && Boolean(m.expression);
  return record(
    refs.mapping(m),
    uiBase,
    'authentik property mapping',
    m.name,
    [
      { title: 'Property mapping', fields: [code('ID', m.pk), text('Name', m.name), text('Kind', m.verbose_name), code('Managed', m.managed)] },
      { title: 'Expression', fields: [secret ? { label: 'Expression', format: 'secret', secretId: 'expression' } : text('Expression', m.expression, { format: 'expression' })] },
    ],
    secret ? { ...m, expression: HIDDEN } : m,
    { subtitle: m.verbose_name, badges: m.managed ? [{ text: 'managed', tone: 'info' }] : [] },
    secret ? { expression: m.expression } : undefined,
  );
}

/** A certificate with its expiry badge; the private key only after "Load private key" (audited). */
export function certificateRecord(c: A.CertificateKeyPair, usedBy: A.UsedBy[], privateKey: string | undefined, uiBase: string, now = Date.now()): LoadedRecord {
  const expiry = expiryPresentation(c.cert_expiry, now);
  const keyField: RecordField = !c.private_key_available
    ? text('Private key', 'none stored', { dim: true })
    : privateKey !== undefined
      ? { label: 'Private key', format: 'secret', secretId: 'privateKey' }
      : text('Private key', 'stored — "Load private key" fetches it (authentik logs every key view)', { dim: true });
  const extraActions: RecordAction[] =
    c.private_key_available && privateKey === undefined
      ? [{ id: 'loadPrivateKey', label: 'Load private key…', link: { kind: 'command', command: 'opsConfig.authentik.loadPrivateKey', args: [recordKeyOf(refs.certificate(c))] } }]
      : [];
  return record(
    refs.certificate(c),
    uiBase,
    'authentik certificate-key pair',
    c.name,
    [
      {
        title: 'Certificate',
        fields: [
          code('ID', c.pk),
          text('Name', c.name),
          text('Subject', c.cert_subject),
          text('Expires', c.cert_expiry ?? 'unknown', { format: 'date' }),
          code('SHA-256 fingerprint', c.fingerprint_sha256),
          code('SHA-1 fingerprint', c.fingerprint_sha1),
          text('Key type', c.key_type ?? 'unknown'),
          code('Managed', c.managed),
          keyField,
        ],
      },
      { title: `Used by (${usedBy.length})`, fields: usedBy.map((u) => text(`${u.app}.${u.model_name}`, `${u.name} (on delete: ${u.action})`)) },
    ],
    c,
    {
      subtitle: c.cert_subject ?? undefined,
      badges: [
        { text: expiry.text, tone: expiry.tone },
        { text: c.private_key_available ? 'private key stored' : 'no private key', tone: 'info' },
      ],
      actions: extraActions,
    },
    privateKey !== undefined ? { privateKey } : undefined,
  );
}

export function outpostRecord(o: A.Outpost, uiBase: string): LoadedRecord {
  return record(
    refs.outpost(o),
    uiBase,
    'authentik outpost',
    o.name,
    [
      {
        title: 'Outpost',
        fields: [
          code('ID', o.pk),
          text('Name', o.name),
          text('Type', o.type),
          code('Managed', o.managed),
          code('Token identifier', o.token_identifier),
          text('Refresh interval (s)', o.refresh_interval_s),
          text('Service connection', o.service_connection_obj?.name ?? 'none (manual deployment)'),
        ],
      },
      { title: `Providers (${o.providers_obj.length})`, fields: o.providers_obj.map((p) => link(p.verbose_name, p.name, refs.provider(p))) },
      { title: 'Configuration', fields: [json('Config', o.config)] },
    ],
    o,
    { subtitle: o.type },
  );
}

/** The kubeconfig of a Kubernetes connection is masked: it usually carries a cluster token. */
export function serviceConnectionRecord(s: A.ServiceConnection, kubernetes: A.KubernetesServiceConnection | undefined, uiBase: string): LoadedRecord {
  const kubeconfig = kubernetes?.kubeconfig && Object.keys(kubernetes.kubeconfig).length > 0 ? JSON.stringify(kubernetes.kubeconfig, null, 2) : undefined;
  const fields: RecordField[] = [code('ID', s.pk), text('Name', s.name), text('Kind', s.verbose_name), text('Local', s.local === true)];
  if (kubernetes) {
    fields.push(
      text('Verify TLS', kubernetes.verify_ssl !== false),
      kubeconfig ? { label: 'Kubeconfig', format: 'secret', secretId: 'kubeconfig' } : text('Kubeconfig', 'empty (uses the local cluster)', { dim: true }),
    );
  }
  const raw = kubernetes ? { ...kubernetes, kubeconfig: kubeconfig ? HIDDEN : {} } : s;
  return record(
    refs.serviceConnection(s),
    uiBase,
    'authentik service connection',
    s.name,
    [{ title: 'Service connection', fields }],
    raw,
    { subtitle: s.verbose_name },
    kubeconfig ? { kubeconfig } : undefined,
  );
}

export function permissionRecord(p: A.Permission, uiBase: string): LoadedRecord {
  return record(
    refs.permission(p),
    uiBase,
    'authentik permission',
    p.codename,
    [
      {
        title: 'Permission',
        fields: [
          code('ID', p.id),
          code('Codename', p.codename),
          text('Name', p.name),
          code('App', p.app_label),
          text('App name', p.app_label_verbose),
          code('Model', p.model),
          text('Model name', p.model_verbose),
        ],
      },
    ],
    p,
    { subtitle: p.name },
  );
}
