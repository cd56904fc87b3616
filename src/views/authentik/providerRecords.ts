import type * as A from '../../clients/authentik';
import { isWebhookMapping } from '../../clients/authentik/propertyMappings';
import type { LoadedRecord } from '../panels/recordSources';
import type { RecordAction, RecordSection } from '../panels/protocol';
import { RecordContext, authentikRecord } from './authentikRecord';
import { recordKeyOf } from './objectRef';
import { HIDDEN, code, text } from './recordFields';
import { refs } from './refs';

/** The records of providers (OAuth2 and SAML with their own fields) and the property mappings they use; their secrets are masked until Reveal. */

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
  return authentikRecord({ ref: refs.provider(p), kind: 'authentik provider', title: p.name, subtitle: p.verbose_name, sections, json: raw, extraActions, secrets }, ctx);
}

/** A webhook mapping's expression builds the headers of a notification (Authorization…): masked until Reveal. */
export function mappingRecord(m: A.PropertyMapping, ctx: RecordContext): LoadedRecord {
  const secret = isWebhookMapping(m) && Boolean(m.expression);
  return authentikRecord(
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
