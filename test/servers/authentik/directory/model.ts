/**
 * The authentik stand-in's directory: what a company's installation holds (brands, flows and
 * their stage bindings, groups, providers, applications, sources, property mappings,
 * certificates, outposts, service connections, permissions). Objects are kept close to the
 * API's own shape (snake_case, the generated schema types where they fit); fields the server
 * derives from relations (`users_obj`, `flow_set`, `provider_obj`, …) are computed when served.
 */
import type * as Api from '../../../../src/clients/authentik/types';

export type StageKind =
  | 'identification'
  | 'password'
  | 'authenticator_validate'
  | 'authenticator_totp'
  | 'user_login'
  | 'user_logout'
  | 'user_write'
  | 'prompt'
  | 'email'
  | 'consent'
  | 'deny';

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
  invalidation_flow: string;
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
}

export type MappingKind = 'scope' | 'saml' | 'scim' | 'radius' | 'rac' | 'ldap_source';

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
}
