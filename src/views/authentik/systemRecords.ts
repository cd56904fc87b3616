import type * as A from '../../clients/authentik';
import type { LoadedRecord } from '../panels/recordSources';
import type { RecordAction, RecordField } from '../panels/protocol';
import { RecordContext, authentikRecord } from './authentikRecord';
import { recordKeyOf } from './objectRef';
import { expiryPresentation } from './presentation';
import { HIDDEN, code, data, text } from './recordFields';
import { refs } from './refs';
import { usedBySection } from './usedBy';

/** The records of a server's own setup: brands, certificate-key pairs, outpost service connections (authentik's System). */

export function brandRecord(b: A.Brand, ctx: RecordContext): LoadedRecord {
  const names = ctx.names;
  return authentikRecord(
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
  return authentikRecord(
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
  return authentikRecord(
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
