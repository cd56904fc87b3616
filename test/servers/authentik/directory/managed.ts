/**
 * The managed objects of Acme's installation that the directory's read views do not cover:
 * application entitlements, blueprints (one on disk, one inline, one whose last apply failed
 * with a deliberately bad entry), an agent connector with two enrollment tokens, a Google Chrome
 * connector, an enterprise license that expires in ten days, notification rules and transports
 * (among them a webhook whose authorization header comes from a webhook mapping, and a webhook
 * whose host cannot be reached). Secrets here are fake and only mean something to the stand-in.
 */
import * as crypto from 'node:crypto';
import { standInLicenseKey } from '../managed/licenseKey';
import { daysAgo, tokenFor, uuidFor } from './ids';
import type { Directory, SeedBlueprintFile, SeedMapping } from './model';
import { ADMINS_GROUP } from './wellKnown';

const DAY = 86_400_000;

/** Fake but well-formed PKCS#8 key text (never a usable key). */
const FAKE_SERVICE_ACCOUNT_KEY = `-----BEGIN PRIVATE KEY-----\n${tokenFor('chrome-sa-key', 64)}\n${tokenFor('chrome-sa-key-2', 64)}\n-----END PRIVATE KEY-----\n`;

export const WEBHOOK_HEADER_SECRET = `Bearer whk_${tokenFor('incident-webhook-header', 32)}`;

export const FAILING_BLUEPRINT = `version: 1
metadata:
  name: Acme - partner portal (draft)
  labels:
    blueprints.goauthentik.io/description: Partner portal sign-in, work in progress
entries:
  - model: authentik_flows.flow
    id: partner-portal
    identifiers:
      slug: acme-partner-portal
    attrs:
      name: Partner portal
      title: Acme partner portal
      designation: authentification
  - model: authentik_flows.flowstagebinding
    identifiers:
      target: !KeyOf partner-portal
      stage: !Find [authentik_stages_identification.identificationstage, [name, default-authentication-identification]]
      order: 10
`;

export const GRAFANA_ENTITLEMENTS_BLUEPRINT = `version: 1
metadata:
  name: Acme - Grafana entitlements
entries:
  - model: authentik_core.applicationentitlement
    identifiers:
      name: grafana-viewers
      app: !Find [authentik_core.application, [slug, grafana]]
    attrs:
      attributes:
        grafana_role: Viewer
`;

const DEFAULT_AUTHENTICATION_FILE = `version: 1
metadata:
  name: Default - Authentication flow
  labels:
    blueprints.goauthentik.io/instantiate: "true"
entries:
  - model: authentik_flows.flow
    id: flow
    identifiers:
      slug: default-authentication-flow
    attrs:
      name: Welcome to authentik!
      title: Welcome to authentik!
      designation: authentication
      authentication: require_unauthenticated
`;

const ENROLLMENT_EXAMPLE_FILE = `version: 1
metadata:
  name: Example - Enrollment (2 Stage)
  labels:
    blueprints.goauthentik.io/instantiate: "false"
entries:
  - model: authentik_flows.flow
    id: flow
    identifiers:
      slug: default-enrollment-flow
    attrs:
      name: Default enrollment Flow
      title: Welcome to authentik! Please enter your details.
      designation: enrollment
`;

function file(path: string, content: string, daysOld: number, now: number): SeedBlueprintFile {
  const name = /name: (.+)/.exec(content)?.[1] ?? path;
  const labels: Record<string, unknown> = {};
  for (const m of content.matchAll(/^ {4}(blueprints\.goauthentik\.io\/[a-z]+): "?([^"\n]+)"?$/gm)) labels[m[1]] = m[2];
  return { path, last_m: daysAgo(daysOld, now), hash: crypto.createHash('sha512').update(content).digest('hex'), meta: { name, labels }, content };
}

/** authentik's hash of applied content (sha512 of the text). */
export function contentHash(content: string): string {
  return crypto.createHash('sha512').update(content).digest('hex');
}

export function addManagedObjects(d: Directory, installId: string, now = Date.now()): void {
  const app = (slug: string) => d.applications.find((a) => a.slug === slug)!.pk;
  const flow = (slug: string) => d.flows.find((f) => f.slug === slug)!.pk;
  const group = (name: string) => d.groups.find((g) => g.name === name)!.pk;
  const cert = (name: string) => d.certificates.find((c) => c.name === name)!.pk;

  d.entitlements = [
    { pk: uuidFor('entitlement:grafana-admins'), name: 'grafana-admins', app: app('grafana'), attributes: { grafana_role: 'Admin' } },
    { pk: uuidFor('entitlement:grafana-editors'), name: 'grafana-editors', app: app('grafana'), attributes: { grafana_role: 'Editor' } },
    { pk: uuidFor('entitlement:gitlab-maintainers'), name: 'gitlab-maintainers', app: app('gitlab'), attributes: { access_level: 40 } },
    { pk: uuidFor('entitlement:gitlab-reporters'), name: 'gitlab-reporters', app: app('gitlab'), attributes: { access_level: 20 } },
    { pk: uuidFor('entitlement:salesforce-read-only'), name: 'salesforce-read-only', app: app('salesforce'), attributes: {} },
  ];

  d.blueprintFiles = [file('default/flow-default-authentication-flow.yaml', DEFAULT_AUTHENTICATION_FILE, 30, now), file('example/flows-enrollment-2-stage.yaml', ENROLLMENT_EXAMPLE_FILE, 30, now)];
  d.blueprints = [
    {
      pk: uuidFor('blueprint:default-authentication'),
      name: 'Default - Authentication flow',
      path: 'default/flow-default-authentication-flow.yaml',
      context: {},
      enabled: true,
      content: '',
      status: 'successful',
      last_applied: daysAgo(1, now),
      last_applied_hash: contentHash(DEFAULT_AUTHENTICATION_FILE),
      managed_models: ['authentik_flows.flow'],
      metadata: { name: 'Default - Authentication flow', labels: { 'blueprints.goauthentik.io/instantiate': 'true' } },
    },
    {
      pk: uuidFor('blueprint:grafana-entitlements'),
      name: 'Acme - Grafana entitlements',
      path: '',
      context: {},
      enabled: true,
      content: GRAFANA_ENTITLEMENTS_BLUEPRINT,
      status: 'successful',
      last_applied: daysAgo(3, now),
      last_applied_hash: contentHash(GRAFANA_ENTITLEMENTS_BLUEPRINT),
      managed_models: ['authentik_core.applicationentitlement'],
      metadata: { name: 'Acme - Grafana entitlements', labels: {} },
    },
    {
      pk: uuidFor('blueprint:partner-portal'),
      name: 'Acme - partner portal (draft)',
      path: '',
      context: { brand: 'partners.acme.example' },
      enabled: false,
      content: FAILING_BLUEPRINT,
      status: 'error',
      last_applied: daysAgo(2, now),
      last_applied_hash: '',
      managed_models: [],
      metadata: { name: 'Acme - partner portal (draft)', labels: { 'blueprints.goauthentik.io/description': 'Partner portal sign-in, work in progress' } },
    },
  ];

  const laptops = uuidFor('connector:acme-laptops');
  d.agentConnectors = [
    {
      connector_uuid: laptops,
      name: 'Acme laptops',
      enabled: true,
      snapshot_expiry: 'hours=24',
      auth_session_duration: 'hours=8',
      auth_terminate_session_on_expiry: true,
      refresh_interval: 'minutes=30',
      authorization_flow: flow('default-provider-authorization-implicit-consent'),
      nss_uid_offset: 2000,
      nss_gid_offset: 4000,
      challenge_key: cert('id.acme.example'),
      challenge_idle_timeout: 'seconds=3',
      challenge_trigger_check_in: true,
      jwt_federation_providers: [],
    },
  ];
  d.deviceAccessGroups = [{ pbm_uuid: uuidFor('device-group:engineering'), name: 'Engineering devices', attributes: { managed_by: 'jamf' } }];
  d.enrollmentTokens = [
    {
      token_uuid: uuidFor('enrollment-token:engineering-macbooks'),
      name: 'Engineering MacBooks',
      connector: laptops,
      device_group: d.deviceAccessGroups[0].pbm_uuid,
      expiring: true,
      expires: new Date(Math.floor(now / DAY) * DAY + 60 * DAY).toISOString().replace('.000Z', 'Z'),
      key: tokenFor('enrollment:engineering-macbooks', 64),
    },
    {
      token_uuid: uuidFor('enrollment-token:kiosks'),
      name: 'Lobby kiosks',
      connector: laptops,
      device_group: null,
      expiring: false,
      expires: null,
      key: tokenFor('enrollment:kiosks', 64),
    },
  ];

  d.browserConnectors = [
    {
      connector_uuid: uuidFor('connector:chrome-enterprise'),
      name: 'Acme Chrome Enterprise',
      enabled: true,
      credentials: {
        type: 'service_account',
        project_id: 'acme-chrome-mgmt',
        private_key_id: tokenFor('chrome-sa-key-id', 40),
        private_key: FAKE_SERVICE_ACCOUNT_KEY,
        client_email: 'authentik-chrome@acme-chrome-mgmt.iam.gserviceaccount.com',
        client_id: '104729384756120938475',
        token_uri: 'https://oauth2.googleapis.com/token',
      },
    },
  ];

  const expires = Math.floor(now / DAY) * DAY + 10 * DAY;
  const key = standInLicenseKey(installId, { name: 'Acme Corp', exp: Math.floor(expires / 1000), internal_users: 300, external_users: 50 });
  d.licenses = [{ license_uuid: uuidFor('license:acme'), name: 'Acme Corp', key, expiry: new Date(expires).toISOString().replace('.000Z', 'Z'), internal_users: 300, external_users: 50 }];

  const headerMapping: SeedMapping = {
    pk: uuidFor('mapping:notification:incident-webhook-auth'),
    kind: 'notification',
    name: 'Acme: incident webhook authorization',
    managed: null,
    expression: `return {"Authorization": "${WEBHOOK_HEADER_SECRET}"}`,
    extra: {},
  };
  d.mappings.push(headerMapping);

  const transport = (name: string, mode: 'local' | 'webhook' | 'webhook_slack' | 'email', extra: Partial<Directory['notificationTransports'][number]> = {}) => ({
    pk: uuidFor(`transport:${name}`),
    name,
    mode,
    webhook_url: '',
    webhook_ca: null,
    webhook_mapping_body: null,
    webhook_mapping_headers: null,
    email_subject_prefix: 'authentik Notification: ',
    email_template: 'email/event_notification.html',
    send_once: false,
    ...extra,
  });
  d.notificationTransports = [
    transport('default-local-transport', 'local'),
    transport('Email admins', 'email', { email_subject_prefix: '[authentik] ' }),
    transport('SRE Slack', 'webhook_slack', { webhook_url: `https://hooks.slack.com/services/T0ACME42/B0SRE77/${tokenFor('slack-webhook', 24)}`, send_once: true }),
    transport('Incident webhook', 'webhook', { webhook_url: 'https://incidents.acme.example/hooks/authentik', webhook_mapping_headers: headerMapping.pk, webhook_ca: cert('Acme Internal Root CA') }),
    transport('Old monitoring webhook', 'webhook', { webhook_url: 'https://monitoring.decommissioned.invalid/authentik' }),
  ];
  const t = (name: string) => d.notificationTransports.find((x) => x.name === name)!.pk;
  d.notificationRules = [
    {
      pk: uuidFor('rule:default-notify-configuration-error'),
      name: 'default-notify-configuration-error',
      transports: [t('default-local-transport'), t('SRE Slack')],
      severity: 'alert',
      destination_group: ADMINS_GROUP.pk,
      destination_event_user: false,
    },
    {
      pk: uuidFor('rule:default-notify-update'),
      name: 'default-notify-update',
      transports: [t('default-local-transport')],
      severity: 'alert',
      destination_group: ADMINS_GROUP.pk,
      destination_event_user: false,
    },
    { pk: uuidFor('rule:password-changed'), name: 'Tell users their password changed', transports: [t('Email admins')], severity: 'notice', destination_group: null, destination_event_user: true },
    {
      pk: uuidFor('rule:failed-logins'),
      name: 'Failed logins to the SRE channel',
      transports: [t('SRE Slack'), t('Incident webhook')],
      severity: 'warning',
      destination_group: group('SRE'),
      destination_event_user: false,
    },
  ];
}
