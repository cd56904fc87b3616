/**
 * The authentik stand-in's directory: what a company's installation holds (brands, flows and
 * their stage bindings, groups, providers, applications, sources, property mappings,
 * certificates, outposts, service connections, permissions). Objects are kept close to the
 * API's own shape (snake_case, the generated schema types where they fit); fields the server
 * derives from relations (`users_obj`, `flow_set`, `provider_obj`, …) are computed when served.
 */
import type * as Api from '../../../../src/clients/authentik/types';

export type StageKind = 'identification' | 'password' | 'authenticator_validate' | 'authenticator_totp' | 'user_login' | 'user_logout' | 'user_write' | 'prompt' | 'email' | 'consent' | 'deny';

export interface SeedStage {
  pk: string;
  name: string;
  kind: StageKind;
}

export interface SeedFlow {
  pk: string;
  name: string;
  slug: string;
  title: string;
  designation: Api.FlowDesignation;
  authentication: Api.FlowAuthentication;
  layout: Api.Flow['layout'];
  denied_action: Api.Flow['denied_action'];
  policy_engine_mode: Api.Flow['policy_engine_mode'];
  compatibility_mode: boolean;
  /** Background image path or URL; authentik's default image when unset. */
  background?: string;
}

export interface SeedBinding {
  pk: string;
  target: string;
  stage: string;
  order: number;
  evaluate_on_plan: boolean;
  re_evaluate_policies: boolean;
  policy_engine_mode: Api.FlowStageBinding['policy_engine_mode'];
  invalid_response_action: Api.FlowStageBinding['invalid_response_action'];
}

export interface SeedGroup {
  pk: string;
  numPk: number;
  name: string;
  isSuperuser: boolean;
  parents: string[];
  attributes: Record<string, unknown>;
  roles: Array<{ pk: string; name: string }>;
}

export interface SeedCertificate {
  pk: string;
  name: string;
  managed: string | null;
  /** PEM of the certificate, and of the key when the pair has one. */
  certificatePem: string;
  keyPem: string | null;
  keyType: Api.CertificateKeyPair['key_type'];
  expiry: string | null;
  subject: string | null;
  sha1: string | null;
  sha256: string | null;
}

export type ProviderKind = 'oauth2' | 'saml' | 'proxy' | 'ldap' | 'radius';

export interface SeedProvider {
  pk: number;
  kind: ProviderKind;
  name: string;
  authentication_flow: string | null;
  authorization_flow: string;
  invalidation_flow: string | null;
  property_mappings: string[];
  /** Kind-specific fields, already in the typed serializer's shape (client_secret, acs_url…). */
  extra: Record<string, unknown>;
}

export interface SeedApplication {
  pk: string;
  name: string;
  slug: string;
  provider: number | null;
  backchannel_providers: number[];
  meta_launch_url: string;
  meta_description: string;
  meta_publisher: string;
  group: string;
  open_in_new_tab: boolean;
  meta_hide: boolean;
  policy_engine_mode: Api.Application['policy_engine_mode'];
  /** Icon path or URL ("" when none). */
  meta_icon?: string;
}

export type SourceKind = 'inbuilt' | 'ldap' | 'oauth' | 'saml';

export interface SeedSource {
  pk: string;
  kind: SourceKind;
  name: string;
  slug: string;
  enabled: boolean;
  promoted: boolean;
  managed: string | null;
  authentication_flow: string | null;
  enrollment_flow: string | null;
  user_matching_mode: Api.Source['user_matching_mode'];
  user_path_template: string;
  /** Fields of the source's own type (an LDAP source's server_uri), served at its typed path. */
  extra?: Record<string, unknown>;
}

export type MappingKind = 'scope' | 'saml' | 'scim' | 'radius' | 'rac' | 'ldap_source' | 'notification';

export interface SeedMapping {
  pk: string;
  kind: MappingKind;
  name: string;
  managed: string | null;
  expression: string;
  /** RAC: static_settings; SAML: saml_name/friendly_name; scope: scope_name/description. */
  extra: Record<string, unknown>;
}

export interface SeedOutpost {
  pk: string;
  name: string;
  type: Api.Outpost['type'];
  providers: number[];
  service_connection: string | null;
  managed: string | null;
  config: Record<string, unknown>;
}

export interface SeedServiceConnection {
  pk: string;
  kind: 'kubernetes' | 'docker';
  name: string;
  local: boolean;
  verify_ssl: boolean;
  /** Kubernetes only; returned in clear by the API. */
  kubeconfig: Record<string, unknown>;
  /** Fields of the connection's own type (Docker's url), served at its typed path. */
  extra?: Record<string, unknown>;
}

// --- the managed kinds the stand-in serves beyond the directory's read views ---

export interface SeedEntitlement {
  pk: string;
  name: string;
  /** the application's pk */
  app: string;
  attributes: Record<string, unknown>;
}

export interface SeedBlueprint {
  pk: string;
  name: string;
  path: string;
  context: Record<string, unknown>;
  enabled: boolean;
  content: string;
  status: 'successful' | 'warning' | 'error' | 'orphaned' | 'unknown';
  last_applied: string;
  last_applied_hash: string;
  managed_models: string[];
  metadata: { name: string; labels: Record<string, unknown> };
}

/** A file the server's blueprint folder holds (`/managed/blueprints/available/`). */
export interface SeedBlueprintFile {
  path: string;
  last_m: string;
  hash: string;
  meta: { name: string; labels: Record<string, unknown> };
  content: string;
}

export interface SeedAgentConnector {
  connector_uuid: string;
  name: string;
  enabled: boolean;
  snapshot_expiry: string;
  auth_session_duration: string;
  auth_terminate_session_on_expiry: boolean;
  refresh_interval: string;
  authorization_flow: string | null;
  nss_uid_offset: number;
  nss_gid_offset: number;
  challenge_key: string | null;
  challenge_idle_timeout: string;
  challenge_trigger_check_in: boolean;
  jwt_federation_providers: number[];
}

export interface SeedDeviceAccessGroup {
  pbm_uuid: string;
  name: string;
  attributes: Record<string, unknown>;
}

export interface SeedEnrollmentToken {
  token_uuid: string;
  name: string;
  connector: string;
  device_group: string | null;
  expiring: boolean;
  expires: string | null;
  /** secret: only `view_key/` returns it */
  key: string;
}

export interface SeedBrowserConnector {
  connector_uuid: string;
  name: string;
  enabled: boolean;
  /** secret: a Google service-account key, returned in clear by the API */
  credentials: Record<string, unknown>;
}

export interface SeedLicense {
  license_uuid: string;
  name: string;
  /** secret: the signed JWT, returned in clear by the API */
  key: string;
  expiry: string;
  internal_users: number;
  external_users: number;
}

export interface SeedNotificationRule {
  pk: string;
  name: string;
  transports: string[];
  severity: 'notice' | 'warning' | 'alert';
  destination_group: string | null;
  destination_event_user: boolean;
}

export interface SeedNotificationTransport {
  pk: string;
  name: string;
  mode: 'local' | 'webhook' | 'webhook_slack' | 'email';
  webhook_url: string;
  webhook_ca: string | null;
  webhook_mapping_body: string | null;
  webhook_mapping_headers: string | null;
  email_subject_prefix: string;
  email_template: string;
  send_once: boolean;
}

export interface Directory {
  brands: Api.Brand[];
  certificates: SeedCertificate[];
  flows: SeedFlow[];
  stages: SeedStage[];
  bindings: SeedBinding[];
  groups: SeedGroup[];
  applications: SeedApplication[];
  providers: SeedProvider[];
  sources: SeedSource[];
  mappings: SeedMapping[];
  outposts: SeedOutpost[];
  serviceConnections: SeedServiceConnection[];
  permissions: Api.Permission[];
  entitlements: SeedEntitlement[];
  blueprints: SeedBlueprint[];
  blueprintFiles: SeedBlueprintFile[];
  agentConnectors: SeedAgentConnector[];
  deviceAccessGroups: SeedDeviceAccessGroup[];
  enrollmentTokens: SeedEnrollmentToken[];
  browserConnectors: SeedBrowserConnector[];
  licenses: SeedLicense[];
  notificationRules: SeedNotificationRule[];
  notificationTransports: SeedNotificationTransport[];
}
