import type * as A from '../../clients/authentik';
import type { UserGroupMembership } from '../../clients/authentik';
import { isWebhookMapping } from '../../clients/authentik/propertyMappings';
import { valueField } from '../panels/fieldValues';
import type { LoadedRecord } from '../panels/recordSources';
import type { RecordAction, RecordBadge, RecordField, RecordSection } from '../panels/protocol';
import { AuthentikRecordParts, RecordContext, authentikRecord } from './authentikRecord';
import { ObjectRef, recordKeyOf } from './objectRef';
import { expiryPresentation } from './presentation';
import { refs } from './refs';
import { usedBySection } from './usedBy';

/**
 * The record panel of each authentik kind, built from API objects. Pure (no editor, no
 * requests), so what a panel shows — and that secrets are only ever masked in it and in its
 * JSON — is unit tested. Secrets go to `LoadedRecord.secrets`, sent only on Reveal. References
 * to other objects are their names (`ctx.names`, loaded by the record source), as links.
 */

export const HIDDEN = '[hidden — use Reveal in the record panel]';

const text = (label: string, value: string | number | boolean | null | undefined, extra: Partial<RecordField> = {}): RecordField => ({
  label,
  value: value === null || value === undefined ? '' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : value,
  ...extra,
});
const code = (label: string, value: string | number | null | undefined) => text(label, value, { format: 'code' });
/** Data a person wrote (attributes, configuration): fields under their own keys. */
const data = (label: string, value: unknown) => valueField(label, value ?? {}, { keys: 'verbatim' });
const link = (label: string, value: string, ref: ObjectRef) => text(label, value, { link: { kind: 'record', key: recordKeyOf(ref) } });

function record(parts: AuthentikRecordParts, ctx: RecordContext): LoadedRecord {
  return authentikRecord(parts, ctx);
}

export function brandRecord(b: A.Brand, ctx: RecordContext): LoadedRecord {
  const names = ctx.names;
  return record(
    {
      ref: refs.brand(b),
      kind: 'authentik brand',
      title: b.domain,
      subtitle: b.branding_title,
      badges: b.default ? [{ text: 'default brand', tone: 'info' }] : [],
      managed: { kind: 'brand', object: b },
      json: b,
      sections: [
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
            names.field('Default application', 'application', b.default_application),
            text('Custom CSS', b.branding_custom_css, { format: 'block' }),
          ],
        },
        {
          title: 'Flows',
          fields: [
            names.field('Authentication', 'flow', b.flow_authentication),
            names.field('Invalidation', 'flow', b.flow_invalidation),
            names.field('Recovery', 'flow', b.flow_recovery),
            names.field('Unenrollment', 'flow', b.flow_unenrollment),
            names.field('User settings', 'flow', b.flow_user_settings),
            names.field('Device code', 'flow', b.flow_device_code),
            names.field('Lockdown', 'flow', b.flow_lockdown),
            names.field('User switch', 'flow', b.flow_user_switch),
            names.field('Request', 'flow', b.flow_request),
          ],
        },
        {
          title: 'Certificates',
          fields: [names.field('Web certificate', 'certificateKeyPair', b.web_certificate), names.list('Client certificates', 'certificateKeyPair', b.client_certificates)],
        },
        { title: 'Attributes', fields: [data('Attributes', b.attributes)] },
      ],
    },
    ctx,
  );
}

export function flowRecord(f: A.Flow, bindings: A.FlowStageBinding[], totalBindings: number, diagram: string | undefined, ctx: RecordContext): LoadedRecord {
  return record(
    {
      ref: refs.flow(f),
      kind: 'authentik flow',
      title: f.slug,
      subtitle: f.name,
      badges: [{ text: f.designation, tone: 'info' }, ...(f.authentication && f.authentication !== 'none' ? [{ text: f.authentication.replace(/_/g, ' '), tone: 'info' as const }] : [])],
      managed: { kind: 'flow', object: f },
      json: f,
      sections: [
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
        ...(diagram ? [{ title: 'authentik diagram (Mermaid)', fields: [text('Diagram', diagram, { format: 'block' })] }] : []),
      ],
      diagram: {
        title: 'Stages in order',
        nodes: [
          { id: 'start', label: `Flow ${f.slug}`, detail: f.designation },
          ...bindings.map((b) => ({ id: b.pk, label: `${b.order} · ${b.stage_obj.name}`, detail: b.stage_obj.verbose_name })),
          { id: 'done', label: 'End of the flow' },
        ],
      },
    },
    ctx,
  );
}

export function stageRecord(s: A.Stage, ctx: RecordContext): LoadedRecord {
  return record(
    {
      ref: refs.stage(s),
      kind: 'authentik stage',
      title: s.name,
      subtitle: s.verbose_name,
      json: s,
      sections: [
        { title: 'Stage', fields: [code('ID', s.pk), text('Name', s.name), text('Kind', s.verbose_name)] },
        { title: `Used in flows (${s.flow_set.length})`, fields: s.flow_set.map((f) => link(f.designation, f.slug, refs.flow(f))) },
      ],
    },
    ctx,
  );
}

/** A group with its members by name (the first page of them; the tree's Members folder has all). */
export function groupRecord(g: A.Group, members: { users: A.User[]; count: number } | undefined, ctx: RecordContext): LoadedRecord {
  const memberCount = members?.count ?? (g.users ?? []).length;
  const memberFields: RecordField[] = members ? members.users.map((u) => link(u.name || 'Member', u.username, refs.user(u))) : [text('Members', 'the member list could not be read', { dim: true })];
  if (members && members.count > members.users.length) {
    memberFields.push(text('More', `${(members.count - members.users.length).toLocaleString('en-US')} more in the Members folder of the group in the authentik view`, { dim: true }));
  }
  return record(
    {
      ref: refs.group(g),
      kind: 'authentik group',
      title: g.name,
      badges: g.is_superuser ? [{ text: 'superuser', tone: 'warning' }] : [],
      json: g,
      sections: [
        {
          title: 'Group',
          fields: [
            code('ID', g.pk),
            code('Numeric ID', g.num_pk),
            text('Name', g.name),
            text('Superuser', g.is_superuser === true),
            text('Members', memberCount),
            text('Roles', (g.roles_obj ?? []).map((r) => r.name).join(', ')),
          ],
        },
        { title: `Members (${memberCount.toLocaleString('en-US')})`, fields: memberFields },
        { title: 'Parents', fields: (g.parents_obj ?? []).map((p) => link('Parent', p.name, refs.group(p))) },
        { title: 'Children', fields: (g.children_obj ?? []).map((c) => link('Child', c.name, refs.group(c))) },
        { title: 'Attributes', fields: [data('Attributes', g.attributes)] },
      ],
    },
    ctx,
  );
}

export function userRecord(u: A.User, membership: UserGroupMembership | undefined, ctx: RecordContext): LoadedRecord {
  const badges: RecordBadge[] = [];
  if (u.is_active === false) badges.push({ text: 'inactive', tone: 'warning' });
  if (u.is_superuser) badges.push({ text: 'superuser', tone: 'warning' });
  return record(
    {
      ref: refs.user(u),
      kind: 'authentik user',
      title: u.username,
      subtitle: u.name,
      badges,
      json: u,
      sections: [
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
        { title: 'Attributes', fields: [data('Attributes', u.attributes)] },
      ],
    },
    ctx,
  );
}

export function applicationRecord(a: A.Application, ctx: RecordContext): LoadedRecord {
  const provider = a.provider_obj;
  return record(
    {
      ref: refs.application(a),
      kind: 'authentik application',
      title: a.name,
      subtitle: a.slug,
      managed: { kind: 'application', object: a },
      json: a,
      sections: [
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
    },
    ctx,
  );
}

/** Any provider; OAuth2 and SAML ones with their own fields. The OAuth2 client secret is masked. */
export function providerRecord(p: A.Provider, detail: { oauth2?: A.OAuth2Provider; setupUrls?: A.OAuth2ProviderSetupURLs | null; saml?: A.SAMLProvider }, ctx: RecordContext): LoadedRecord {
  const names = ctx.names;
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
        names.field('Authorization flow', 'flow', p.authorization_flow),
        names.field('Invalidation flow', 'flow', p.invalidation_flow),
        names.list('Property mappings', 'propertyMapping', p.property_mappings),
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
        names.field('Signing key', 'certificateKeyPair', o.signing_key),
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
        names.field('Signing certificate', 'certificateKeyPair', s.signing_kp),
        names.field('Verification certificate', 'certificateKeyPair', s.verification_kp),
      ],
    });
    extraActions.push({ id: 'openMetadata', label: 'Open metadata (XML)', link: { kind: 'command', command: 'opsConfig.authentik.openSamlMetadata', args: [p.pk, p.name] } });
    raw = s;
  }
  return record({ ref: refs.provider(p), kind: 'authentik provider', title: p.name, subtitle: p.verbose_name, sections, json: raw, extraActions, secrets }, ctx);
}

export function sourceRecord(s: A.Source, ctx: RecordContext): LoadedRecord {
  const names = ctx.names;
  return record(
    {
      ref: refs.source(s),
      kind: 'authentik source',
      title: s.name,
      subtitle: s.verbose_name,
      badges: s.enabled === false ? [{ text: 'disabled', tone: 'warning' }] : [],
      json: s,
      sections: [
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
            names.field('Authentication flow', 'flow', s.authentication_flow),
            names.field('Enrollment flow', 'flow', s.enrollment_flow),
          ],
        },
      ],
    },
    ctx,
  );
}

/** A webhook mapping's expression builds the headers of a notification (Authorization…): masked until Reveal. */
export function mappingRecord(m: A.PropertyMapping, ctx: RecordContext): LoadedRecord {
  const secret = isWebhookMapping(m) && Boolean(m.expression);
  return record(
    {
      ref: refs.mapping(m),
      kind: 'authentik property mapping',
      title: m.name,
      subtitle: m.verbose_name,
      badges: m.managed ? [{ text: 'managed', tone: 'info' }] : [],
      json: secret ? { ...m, expression: HIDDEN } : m,
      secrets: secret ? { expression: m.expression } : undefined,
      sections: [
        { title: 'Property mapping', fields: [code('ID', m.pk), text('Name', m.name), text('Kind', m.verbose_name), code('Managed', m.managed)] },
        { title: 'Expression', fields: [secret ? { label: 'Expression', format: 'secret', secretId: 'expression' } : text('Expression', m.expression, { format: 'expression' })] },
      ],
    },
    ctx,
  );
}

/** A certificate with its expiry badge; the private key only after "Load private key" (audited). */
export function certificateRecord(c: A.CertificateKeyPair, usedBy: A.UsedBy[], privateKey: string | undefined, ctx: RecordContext, now = Date.now()): LoadedRecord {
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
    {
      ref: refs.certificate(c),
      kind: 'authentik certificate-key pair',
      title: c.name,
      subtitle: c.cert_subject ?? undefined,
      badges: [
        { text: expiry.text, tone: expiry.tone },
        { text: c.private_key_available ? 'private key stored' : 'no private key', tone: 'info' },
      ],
      managed: { kind: 'certificateKeyPair', object: c },
      json: c,
      extraActions,
      secrets: privateKey !== undefined ? { privateKey } : undefined,
      sections: [
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
        usedBySection(usedBy),
      ],
    },
    ctx,
  );
}

export function outpostRecord(o: A.Outpost, ctx: RecordContext): LoadedRecord {
  const connection = o.service_connection_obj;
  return record(
    {
      ref: refs.outpost(o),
      kind: 'authentik outpost',
      title: o.name,
      subtitle: o.type,
      json: o,
      sections: [
        {
          title: 'Outpost',
          fields: [
            code('ID', o.pk),
            text('Name', o.name),
            text('Type', o.type),
            code('Managed', o.managed),
            code('Token identifier', o.token_identifier),
            text('Refresh interval (s)', o.refresh_interval_s),
            connection ? link('Service connection', connection.name, refs.serviceConnection(connection)) : text('Service connection', 'none (manual deployment)'),
          ],
        },
        { title: `Providers (${o.providers_obj.length})`, fields: o.providers_obj.map((p) => link(p.verbose_name, p.name, refs.provider(p))) },
        { title: 'Configuration', fields: [data('Configuration', o.config)] },
      ],
    },
    ctx,
  );
}

/** The kubeconfig of a Kubernetes connection is masked: it usually carries a cluster token. */
export function serviceConnectionRecord(s: A.ServiceConnection, kubernetes: A.KubernetesServiceConnection | undefined, ctx: RecordContext): LoadedRecord {
  const kubeconfig = kubernetes?.kubeconfig && Object.keys(kubernetes.kubeconfig).length > 0 ? JSON.stringify(kubernetes.kubeconfig, null, 2) : undefined;
  const fields: RecordField[] = [code('ID', s.pk), text('Name', s.name), text('Kind', s.verbose_name), text('Local', s.local === true)];
  if (kubernetes) {
    fields.push(
      text('Verify TLS', kubernetes.verify_ssl !== false),
      kubeconfig ? { label: 'Kubeconfig', format: 'secret', secretId: 'kubeconfig' } : text('Kubeconfig', 'empty (uses the local cluster)', { dim: true }),
    );
  }
  return record(
    {
      ref: refs.serviceConnection(s),
      kind: 'authentik service connection',
      title: s.name,
      subtitle: s.verbose_name,
      json: kubernetes ? { ...kubernetes, kubeconfig: kubeconfig ? HIDDEN : {} } : s,
      secrets: kubeconfig ? { kubeconfig } : undefined,
      sections: [{ title: 'Service connection', fields }],
    },
    ctx,
  );
}

export function permissionRecord(p: A.Permission, ctx: RecordContext): LoadedRecord {
  return record(
    {
      ref: refs.permission(p),
      kind: 'authentik permission',
      title: p.codename,
      subtitle: p.name,
      json: p,
      sections: [
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
    },
    ctx,
  );
}
