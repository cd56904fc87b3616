import type { components } from '../generated/schema';

/**
 * The 13 managed resources of the identity seed, as data: where each lives in the API, how it is
 * looked up, which fields can be written, which are secret, what it belongs to, and how the
 * goauthentik/authentik Terraform provider names and imports it. Everything here was read from
 * the official schema (authentik 2026.8.3, `test/servers/openapi/authentik.schema.yml`) and the
 * provider's sources; `test/unit/clients/authentik/kinds.test.ts` re-derives the paths and field
 * lists from the schema so the table cannot drift from it.
 */

export type AuthentikKind =
  | 'application'
  | 'applicationEntitlement'
  | 'blueprint'
  | 'brand'
  | 'certificateKeyPair'
  | 'connectorAgent'
  | 'enrollmentToken'
  | 'browserConnector'
  | 'license'
  | 'eventRule'
  | 'eventTransport'
  | 'flow'
  | 'flowStageBinding';

type Schemas = components['schemas'];

/** The generated API types of each kind: the object as read, the create/PUT body, the PATCH body. */
export interface KindTypes {
  application: { item: Schemas['Application']; create: Schemas['ApplicationRequest']; patch: Schemas['PatchedApplicationRequest'] };
  applicationEntitlement: { item: Schemas['ApplicationEntitlement']; create: Schemas['ApplicationEntitlementRequest']; patch: Schemas['PatchedApplicationEntitlementRequest'] };
  blueprint: { item: Schemas['BlueprintInstance']; create: Schemas['BlueprintInstanceRequest']; patch: Schemas['PatchedBlueprintInstanceRequest'] };
  brand: { item: Schemas['Brand']; create: Schemas['BrandRequest']; patch: Schemas['PatchedBrandRequest'] };
  certificateKeyPair: { item: Schemas['CertificateKeyPair']; create: Schemas['CertificateKeyPairRequest']; patch: Schemas['PatchedCertificateKeyPairRequest'] };
  connectorAgent: { item: Schemas['AgentConnector']; create: Schemas['AgentConnectorRequest']; patch: Schemas['PatchedAgentConnectorRequest'] };
  enrollmentToken: { item: Schemas['EnrollmentToken']; create: Schemas['EnrollmentTokenRequest']; patch: Schemas['PatchedEnrollmentTokenRequest'] };
  browserConnector: { item: Schemas['GoogleChromeConnector']; create: Schemas['GoogleChromeConnectorRequest']; patch: Schemas['PatchedGoogleChromeConnectorRequest'] };
  license: { item: Schemas['License']; create: Schemas['LicenseRequest']; patch: Schemas['PatchedLicenseRequest'] };
  eventRule: { item: Schemas['NotificationRule']; create: Schemas['NotificationRuleRequest']; patch: Schemas['PatchedNotificationRuleRequest'] };
  eventTransport: { item: Schemas['NotificationTransport']; create: Schemas['NotificationTransportRequest']; patch: Schemas['PatchedNotificationTransportRequest'] };
  flow: { item: Schemas['Flow']; create: Schemas['FlowRequest']; patch: Schemas['PatchedFlowRequest'] };
  flowStageBinding: { item: Schemas['FlowStageBinding']; create: Schemas['FlowStageBindingRequest']; patch: Schemas['PatchedFlowStageBindingRequest'] };
}

export type ItemOfKind<K extends AuthentikKind> = KindTypes[K]['item'];
export type CreateOfKind<K extends AuthentikKind> = KindTypes[K]['create'];
export type PatchOfKind<K extends AuthentikKind> = KindTypes[K]['patch'];

/**
 * How a secret of a kind reaches (or never reaches) the client:
 * - `writeOnlyField`: sent on create/update, never returned (the certificate's `key_data`);
 * - `returnedField`: a field the server sends back in clear in every read — mask it;
 * - `revealEndpoint`: not a field at all; a separate GET returns it and authentik logs a
 *   secret-view event for each call.
 */
export interface SecretSpec {
  name: string;
  where: 'writeOnlyField' | 'returnedField' | 'revealEndpoint';
  /** Relative to the object's path, e.g. `view_private_key/`. */
  revealPath?: string;
  /** For a write-only secret: the object's read-only field that is true when one is set. */
  setWhen?: string;
  reason: string;
}

/** A field that refers to another object, and which field of that object it holds. */
export interface ReferenceSpec {
  target: AuthentikKind | 'group' | 'stage' | 'provider' | 'oauth2Provider' | 'propertyMapping' | 'deviceAccessGroup';
  /** The referenced object's field the value is (flows are referenced by `pk`, not by slug). */
  by: string;
  many?: boolean;
}

/** The object a child kind is listed under in the tree, and the list filter that selects them. */
export interface ParentSpec {
  kind: AuthentikKind;
  /** The child's field holding the parent's value (also the name of the list filter). */
  field: string;
  /** The parent's field that value is. */
  parentField: string;
}

export interface TerraformSpec {
  /** Resource type of the goauthentik/authentik provider. */
  resourceType: string;
  /** The object's field whose value is the provider's resource ID, used by `terraform import`. */
  importIdField: string;
  /** API field → provider attribute, where the provider names it differently. */
  renamedAttributes: Record<string, string>;
  /** Fields the provider takes as JSON-encoded strings (`jsonencode(...)`). */
  jsonStringAttributes: readonly string[];
  /** Provider attributes with no API field (provider-side switches), and what they do. */
  providerOnlyAttributes: Record<string, string>;
}

export interface KindSpec {
  kind: AuthentikKind;
  /** The resource's name in the seed document. */
  seedName: string;
  label: string;
  pluralLabel: string;
  /** Collection path relative to /api/v3 (list + create); items are `{collection}{lookup}/`. */
  collectionPath: string;
  /** Path parameter name of the item path. */
  lookupParam: string;
  /** The object's field holding that lookup value. */
  idField: string;
  /** True when the lookup value can be changed by an update (the object's URL changes with it). */
  lookupIsWritable: boolean;
  /** The field to show as the object's name; see `displayNameOf` for kinds without a name. */
  displayField: string;
  /** Component names in the schema: the object, the create/PUT body, the PATCH body. */
  schemas: { item: string; create: string; patch: string };
  /** Fields of the create body (the PATCH body has the same, all optional). */
  writableFields: readonly string[];
  requiredOnCreate: readonly string[];
  /** Fields sent only on create (the primary key some kinds let the client choose). */
  createOnlyFields: readonly string[];
  /** Fields of the object the server computes; never sent. */
  readOnlyFields: readonly string[];
  /** Writable fields the server never returns. */
  writeOnlyFields: readonly string[];
  secrets: readonly SecretSpec[];
  /** Fields holding `hours=8;minutes=30`-style durations (see durations.ts). */
  durationFields: readonly string[];
  /** Fields holding a JSON object. */
  jsonFields: readonly string[];
  references: Readonly<Record<string, ReferenceSpec>>;
  parent?: ParentSpec;
  /** List filters the schema declares besides page, page_size, ordering and search. */
  filters: readonly string[];
  /** Every list of these kinds takes `search` in 2026.8.3. */
  search: boolean;
  defaultOrdering: string;
  /** Query parameters every list of the kind sends. */
  listQuery?: Readonly<Record<string, string | boolean>>;
  usedBy: boolean;
  /** Actions beyond CRUD, relative to the item (`apply/`) or the collection (`available/`). */
  actions: readonly string[];
  terraform: TerraformSpec | null;
}

const FLOW_REF: ReferenceSpec = { target: 'flow', by: 'pk' };
const CERT_REF: ReferenceSpec = { target: 'certificateKeyPair', by: 'pk' };

export const AUTHENTIK_KINDS: Readonly<Record<AuthentikKind, KindSpec>> = {
  application: {
    kind: 'application',
    seedName: 'Application',
    label: 'Application',
    pluralLabel: 'Applications',
    collectionPath: '/core/applications/',
    lookupParam: 'slug',
    idField: 'slug',
    lookupIsWritable: true,
    displayField: 'name',
    schemas: { item: 'Application', create: 'ApplicationRequest', patch: 'PatchedApplicationRequest' },
    writableFields: [
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
    ],
    requiredOnCreate: ['name', 'slug'],
    createOnlyFields: [],
    readOnlyFields: ['pk', 'pbm_uuid', 'provider_obj', 'backchannel_providers_obj', 'launch_url', 'meta_icon_url', 'meta_icon_themed_urls'],
    writeOnlyFields: [],
    secrets: [],
    durationFields: [],
    jsonFields: [],
    references: { provider: { target: 'provider', by: 'pk' }, backchannel_providers: { target: 'provider', by: 'pk', many: true } },
    filters: ['for_user', 'group', 'meta_description', 'meta_launch_url', 'meta_publisher', 'name', 'only_with_launch_url', 'slug', 'superuser_full_list'],
    search: true,
    defaultOrdering: 'name',
    listQuery: { superuser_full_list: true },
    usedBy: true,
    actions: ['check_access/'],
    terraform: {
      resourceType: 'authentik_application',
      importIdField: 'slug',
      renamedAttributes: { provider: 'protocol_provider', pk: 'uuid' },
      jsonStringAttributes: [],
      providerOnlyAttributes: {},
    },
  },
  applicationEntitlement: {
    kind: 'applicationEntitlement',
    seedName: 'ApplicationEntitlement',
    label: 'Application entitlement',
    pluralLabel: 'Application entitlements',
    collectionPath: '/core/application_entitlements/',
    lookupParam: 'pbm_uuid',
    idField: 'pbm_uuid',
    lookupIsWritable: false,
    displayField: 'name',
    schemas: { item: 'ApplicationEntitlement', create: 'ApplicationEntitlementRequest', patch: 'PatchedApplicationEntitlementRequest' },
    writableFields: ['name', 'app', 'attributes'],
    requiredOnCreate: ['app', 'name'],
    createOnlyFields: [],
    readOnlyFields: ['pbm_uuid'],
    writeOnlyFields: [],
    secrets: [],
    durationFields: [],
    jsonFields: ['attributes'],
    references: { app: { target: 'application', by: 'pk' } },
    parent: { kind: 'application', field: 'app', parentField: 'pk' },
    filters: ['app', 'name', 'pbm_uuid'],
    search: true,
    defaultOrdering: 'name',
    usedBy: true,
    actions: [],
    terraform: {
      resourceType: 'authentik_application_entitlement',
      importIdField: 'pbm_uuid',
      renamedAttributes: { app: 'application' },
      jsonStringAttributes: ['attributes'],
      providerOnlyAttributes: {},
    },
  },
  blueprint: {
    kind: 'blueprint',
    seedName: 'Blueprint',
    label: 'Blueprint',
    pluralLabel: 'Blueprints',
    collectionPath: '/managed/blueprints/',
    lookupParam: 'instance_uuid',
    idField: 'pk',
    lookupIsWritable: false,
    displayField: 'name',
    schemas: { item: 'BlueprintInstance', create: 'BlueprintInstanceRequest', patch: 'PatchedBlueprintInstanceRequest' },
    writableFields: ['name', 'path', 'context', 'enabled', 'content'],
    requiredOnCreate: ['name'],
    createOnlyFields: [],
    readOnlyFields: ['pk', 'last_applied', 'last_applied_hash', 'status', 'managed_models', 'metadata'],
    writeOnlyFields: [],
    secrets: [],
    durationFields: [],
    jsonFields: ['context'],
    references: {},
    filters: ['name', 'path'],
    search: true,
    defaultOrdering: 'name',
    usedBy: true,
    actions: ['apply/', 'available/ (collection)'],
    terraform: {
      resourceType: 'authentik_blueprint',
      importIdField: 'pk',
      renamedAttributes: {},
      jsonStringAttributes: ['context'],
      providerOnlyAttributes: {},
    },
  },
  brand: {
    kind: 'brand',
    seedName: 'Brand',
    label: 'Brand',
    pluralLabel: 'Brands',
    collectionPath: '/core/brands/',
    lookupParam: 'brand_uuid',
    idField: 'brand_uuid',
    lookupIsWritable: false,
    displayField: 'domain',
    schemas: { item: 'Brand', create: 'BrandRequest', patch: 'PatchedBrandRequest' },
    writableFields: [
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
    ],
    requiredOnCreate: ['domain'],
    createOnlyFields: [],
    readOnlyFields: ['brand_uuid'],
    writeOnlyFields: [],
    secrets: [],
    durationFields: [],
    jsonFields: ['attributes'],
    references: {
      flow_authentication: FLOW_REF,
      flow_user_switch: FLOW_REF,
      flow_invalidation: FLOW_REF,
      flow_recovery: FLOW_REF,
      flow_unenrollment: FLOW_REF,
      flow_user_settings: FLOW_REF,
      flow_device_code: FLOW_REF,
      flow_lockdown: FLOW_REF,
      flow_request: FLOW_REF,
      default_application: { target: 'application', by: 'pk' },
      web_certificate: CERT_REF,
      client_certificates: { ...CERT_REF, many: true },
    },
    filters: [
      'brand_uuid',
      'branding_default_flow_background',
      'branding_favicon',
      'branding_logo',
      'branding_title',
      'client_certificates',
      'default',
      'domain',
      'flow_authentication',
      'flow_device_code',
      'flow_invalidation',
      'flow_lockdown',
      'flow_recovery',
      'flow_request',
      'flow_unenrollment',
      'flow_user_settings',
      'flow_user_switch',
      'web_certificate',
    ],
    search: true,
    defaultOrdering: 'domain',
    usedBy: true,
    actions: [],
    terraform: {
      resourceType: 'authentik_brand',
      importIdField: 'brand_uuid',
      renamedAttributes: {},
      jsonStringAttributes: ['attributes'],
      providerOnlyAttributes: {},
    },
  },
  certificateKeyPair: {
    kind: 'certificateKeyPair',
    seedName: 'CertificateKeyPair',
    label: 'Certificate-key pair',
    pluralLabel: 'Certificate-key pairs',
    collectionPath: '/crypto/certificatekeypairs/',
    lookupParam: 'kp_uuid',
    idField: 'pk',
    lookupIsWritable: false,
    displayField: 'name',
    schemas: { item: 'CertificateKeyPair', create: 'CertificateKeyPairRequest', patch: 'PatchedCertificateKeyPairRequest' },
    writableFields: ['name', 'certificate_data', 'key_data'],
    requiredOnCreate: ['certificate_data', 'name'],
    createOnlyFields: [],
    readOnlyFields: [
      'pk',
      'fingerprint_sha256',
      'fingerprint_sha1',
      'cert_expiry',
      'cert_subject',
      'private_key_available',
      'key_type',
      'certificate_download_url',
      'private_key_download_url',
      'managed',
    ],
    writeOnlyFields: ['certificate_data', 'key_data'],
    secrets: [
      {
        name: 'key_data',
        where: 'writeOnlyField',
        revealPath: 'view_private_key/',
        setWhen: 'private_key_available',
        reason: 'the private key; authentik logs every view_private_key/ call as a secret view',
      },
    ],
    durationFields: [],
    jsonFields: [],
    references: {},
    filters: ['has_key', 'key_type', 'managed', 'name'],
    search: true,
    defaultOrdering: 'name',
    usedBy: true,
    actions: ['view_certificate/', 'view_private_key/', 'generate/ (collection)'],
    terraform: {
      resourceType: 'authentik_certificate_key_pair',
      importIdField: 'pk',
      renamedAttributes: {},
      jsonStringAttributes: [],
      providerOnlyAttributes: {},
    },
  },
  connectorAgent: {
    kind: 'connectorAgent',
    seedName: 'EndpointsConnectorAgent',
    label: 'Agent connector',
    pluralLabel: 'Agent connectors',
    collectionPath: '/endpoints/agents/connectors/',
    lookupParam: 'connector_uuid',
    idField: 'connector_uuid',
    lookupIsWritable: false,
    displayField: 'name',
    schemas: { item: 'AgentConnector', create: 'AgentConnectorRequest', patch: 'PatchedAgentConnectorRequest' },
    writableFields: [
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
    ],
    requiredOnCreate: ['name'],
    createOnlyFields: ['connector_uuid'],
    readOnlyFields: ['component', 'verbose_name', 'verbose_name_plural', 'meta_model_name'],
    writeOnlyFields: [],
    secrets: [],
    durationFields: ['snapshot_expiry', 'auth_session_duration', 'refresh_interval', 'challenge_idle_timeout'],
    jsonFields: [],
    references: { authorization_flow: FLOW_REF, challenge_key: CERT_REF, jwt_federation_providers: { target: 'oauth2Provider', by: 'pk', many: true } },
    filters: ['enabled', 'name'],
    search: true,
    defaultOrdering: 'name',
    usedBy: true,
    actions: [],
    terraform: {
      resourceType: 'authentik_endpoints_connector_agent',
      importIdField: 'connector_uuid',
      renamedAttributes: {},
      jsonStringAttributes: [],
      providerOnlyAttributes: {},
    },
  },
  enrollmentToken: {
    kind: 'enrollmentToken',
    seedName: 'EndpointsConnectorAgentEnrollmentToken',
    label: 'Enrollment token',
    pluralLabel: 'Enrollment tokens',
    collectionPath: '/endpoints/agents/enrollment_tokens/',
    lookupParam: 'token_uuid',
    idField: 'token_uuid',
    lookupIsWritable: false,
    displayField: 'name',
    schemas: { item: 'EnrollmentToken', create: 'EnrollmentTokenRequest', patch: 'PatchedEnrollmentTokenRequest' },
    writableFields: ['device_group', 'connector', 'name', 'expiring', 'expires'],
    requiredOnCreate: ['connector', 'name'],
    createOnlyFields: [],
    readOnlyFields: ['token_uuid', 'device_group_obj'],
    writeOnlyFields: [],
    secrets: [{ name: 'key', where: 'revealEndpoint', revealPath: 'view_key/', reason: 'the enrollment key agents use to join; authentik logs every view_key/ call as a secret view' }],
    durationFields: [],
    jsonFields: [],
    references: { connector: { target: 'connectorAgent', by: 'connector_uuid' }, device_group: { target: 'deviceAccessGroup', by: 'pbm_uuid' } },
    parent: { kind: 'connectorAgent', field: 'connector', parentField: 'connector_uuid' },
    filters: ['connector', 'token_uuid'],
    search: true,
    defaultOrdering: 'name',
    usedBy: true,
    actions: ['view_key/'],
    terraform: {
      resourceType: 'authentik_endpoints_connector_agent_enrollment_token',
      importIdField: 'token_uuid',
      renamedAttributes: { device_group: 'device_access_group' },
      jsonStringAttributes: [],
      providerOnlyAttributes: { retrieve_key: 'when true the provider reads view_key/ into the sensitive attribute key', key: 'sensitive, computed from view_key/', expires_in: 'computed' },
    },
  },
  browserConnector: {
    kind: 'browserConnector',
    seedName: 'EndpointsBrowserConnector',
    label: 'Google Chrome connector',
    pluralLabel: 'Google Chrome connectors',
    collectionPath: '/endpoints/google_chrome/connectors/',
    lookupParam: 'connector_uuid',
    idField: 'connector_uuid',
    lookupIsWritable: false,
    displayField: 'name',
    schemas: { item: 'GoogleChromeConnector', create: 'GoogleChromeConnectorRequest', patch: 'PatchedGoogleChromeConnectorRequest' },
    writableFields: ['connector_uuid', 'name', 'enabled', 'credentials'],
    requiredOnCreate: ['credentials', 'name'],
    createOnlyFields: ['connector_uuid'],
    readOnlyFields: ['component', 'verbose_name', 'verbose_name_plural', 'meta_model_name', 'chrome_url'],
    writeOnlyFields: [],
    secrets: [{ name: 'credentials', where: 'returnedField', reason: 'a Google service-account key (JSON with private_key); the server returns it in every read' }],
    durationFields: [],
    jsonFields: ['credentials'],
    references: {},
    filters: ['name'],
    search: true,
    defaultOrdering: 'name',
    usedBy: true,
    actions: [],
    terraform: {
      resourceType: 'authentik_endpoints_google_chrome_connector',
      importIdField: 'connector_uuid',
      renamedAttributes: {},
      jsonStringAttributes: ['credentials'],
      providerOnlyAttributes: {},
    },
  },
  license: {
    kind: 'license',
    seedName: 'EnterpriseLicense',
    label: 'Enterprise license',
    pluralLabel: 'Enterprise licenses',
    collectionPath: '/enterprise/license/',
    lookupParam: 'license_uuid',
    idField: 'license_uuid',
    lookupIsWritable: false,
    displayField: 'name',
    schemas: { item: 'License', create: 'LicenseRequest', patch: 'PatchedLicenseRequest' },
    writableFields: ['key'],
    requiredOnCreate: ['key'],
    createOnlyFields: [],
    readOnlyFields: ['license_uuid', 'name', 'expiry', 'internal_users', 'external_users'],
    writeOnlyFields: [],
    secrets: [{ name: 'key', where: 'returnedField', reason: 'the signed license JWT; the server returns it in every read' }],
    durationFields: [],
    jsonFields: [],
    references: {},
    filters: ['name'],
    search: true,
    defaultOrdering: 'name',
    usedBy: true,
    actions: ['summary/ (collection)', 'install_id/ (collection)', 'forecast/ (collection)'],
    terraform: {
      resourceType: 'authentik_enterprise_license',
      importIdField: 'license_uuid',
      renamedAttributes: {},
      jsonStringAttributes: [],
      providerOnlyAttributes: { expiry: 'a Unix timestamp (number) in the provider, an ISO date-time in the API' },
    },
  },
  eventRule: {
    kind: 'eventRule',
    seedName: 'EventRule',
    label: 'Notification rule',
    pluralLabel: 'Notification rules',
    collectionPath: '/events/rules/',
    lookupParam: 'pbm_uuid',
    idField: 'pk',
    lookupIsWritable: false,
    displayField: 'name',
    schemas: { item: 'NotificationRule', create: 'NotificationRuleRequest', patch: 'PatchedNotificationRuleRequest' },
    writableFields: ['name', 'transports', 'severity', 'destination_group', 'destination_event_user'],
    requiredOnCreate: ['name'],
    createOnlyFields: [],
    readOnlyFields: ['pk', 'destination_group_obj'],
    writeOnlyFields: [],
    secrets: [],
    durationFields: [],
    jsonFields: [],
    references: { transports: { target: 'eventTransport', by: 'pk', many: true }, destination_group: { target: 'group', by: 'pk' } },
    filters: ['destination_group__name', 'name', 'severity'],
    search: true,
    defaultOrdering: 'name',
    usedBy: true,
    actions: [],
    terraform: {
      resourceType: 'authentik_event_rule',
      importIdField: 'pk',
      renamedAttributes: {},
      jsonStringAttributes: [],
      providerOnlyAttributes: {},
    },
  },
  eventTransport: {
    kind: 'eventTransport',
    seedName: 'EventTransport',
    label: 'Notification transport',
    pluralLabel: 'Notification transports',
    collectionPath: '/events/transports/',
    lookupParam: 'uuid',
    idField: 'pk',
    lookupIsWritable: false,
    displayField: 'name',
    schemas: { item: 'NotificationTransport', create: 'NotificationTransportRequest', patch: 'PatchedNotificationTransportRequest' },
    writableFields: ['name', 'mode', 'webhook_url', 'webhook_ca', 'webhook_mapping_body', 'webhook_mapping_headers', 'email_subject_prefix', 'email_template', 'send_once'],
    requiredOnCreate: ['name'],
    createOnlyFields: [],
    readOnlyFields: ['pk', 'mode_verbose'],
    writeOnlyFields: [],
    secrets: [
      {
        name: 'webhook_url',
        where: 'returnedField',
        reason: 'chat webhook URLs (Slack, Discord) carry their token in the path; authentik\u2019s later releases keep this URL as a stored secret',
      },
    ],
    durationFields: [],
    jsonFields: [],
    references: {
      webhook_ca: CERT_REF,
      webhook_mapping_body: { target: 'propertyMapping', by: 'pk' },
      webhook_mapping_headers: { target: 'propertyMapping', by: 'pk' },
    },
    filters: ['mode', 'name', 'send_once', 'webhook_url'],
    search: true,
    defaultOrdering: 'name',
    usedBy: true,
    actions: ['test/'],
    terraform: {
      resourceType: 'authentik_event_transport',
      importIdField: 'pk',
      renamedAttributes: {},
      jsonStringAttributes: [],
      providerOnlyAttributes: {},
    },
  },
  flow: {
    kind: 'flow',
    seedName: 'Flow',
    label: 'Flow',
    pluralLabel: 'Flows',
    collectionPath: '/flows/instances/',
    lookupParam: 'slug',
    idField: 'slug',
    lookupIsWritable: true,
    displayField: 'name',
    schemas: { item: 'Flow', create: 'FlowRequest', patch: 'PatchedFlowRequest' },
    writableFields: ['name', 'slug', 'title', 'designation', 'background', 'policy_engine_mode', 'compatibility_mode', 'layout', 'denied_action', 'authentication'],
    requiredOnCreate: ['designation', 'name', 'slug', 'title'],
    createOnlyFields: [],
    readOnlyFields: ['pk', 'policybindingmodel_ptr_id', 'background_url', 'background_themed_urls', 'stages', 'policies', 'cache_count', 'export_url'],
    writeOnlyFields: [],
    secrets: [],
    durationFields: [],
    jsonFields: [],
    references: {},
    filters: ['denied_action', 'designation', 'flow_uuid', 'name', 'slug'],
    search: true,
    defaultOrdering: 'slug',
    usedBy: true,
    actions: ['export/', 'diagram/'],
    terraform: {
      resourceType: 'authentik_flow',
      importIdField: 'slug',
      renamedAttributes: { pk: 'uuid' },
      jsonStringAttributes: [],
      providerOnlyAttributes: {},
    },
  },
  flowStageBinding: {
    kind: 'flowStageBinding',
    seedName: 'FlowStageBinding',
    label: 'Flow stage binding',
    pluralLabel: 'Flow stage bindings',
    collectionPath: '/flows/bindings/',
    lookupParam: 'fsb_uuid',
    idField: 'pk',
    lookupIsWritable: false,
    displayField: 'order',
    schemas: { item: 'FlowStageBinding', create: 'FlowStageBindingRequest', patch: 'PatchedFlowStageBindingRequest' },
    writableFields: ['target', 'stage', 'evaluate_on_plan', 're_evaluate_policies', 'order', 'policy_engine_mode', 'invalid_response_action'],
    requiredOnCreate: ['order', 'stage', 'target'],
    createOnlyFields: [],
    readOnlyFields: ['pk', 'policybindingmodel_ptr_id', 'stage_obj'],
    writeOnlyFields: [],
    secrets: [],
    durationFields: [],
    jsonFields: [],
    references: { target: FLOW_REF, stage: { target: 'stage', by: 'pk' } },
    parent: { kind: 'flow', field: 'target', parentField: 'pk' },
    filters: ['evaluate_on_plan', 'fsb_uuid', 'invalid_response_action', 'order', 'pbm_uuid', 'policies', 'policy_engine_mode', 're_evaluate_policies', 'stage', 'target'],
    search: true,
    defaultOrdering: 'order',
    usedBy: true,
    actions: [],
    terraform: {
      resourceType: 'authentik_flow_stage_binding',
      importIdField: 'pk',
      renamedAttributes: {},
      jsonStringAttributes: [],
      providerOnlyAttributes: {},
    },
  },
};

export const AUTHENTIK_KIND_NAMES = Object.keys(AUTHENTIK_KINDS) as AuthentikKind[];

export function isAuthentikKind(value: string): value is AuthentikKind {
  return Object.prototype.hasOwnProperty.call(AUTHENTIK_KINDS, value);
}

/** The lookup value of an object of a kind (what goes into `{collection}{value}/`). */
export function idOf(kind: AuthentikKind, item: unknown): string {
  const value = (item as Record<string, unknown> | null | undefined)?.[AUTHENTIK_KINDS[kind].idField];
  return value === undefined || value === null ? '' : String(value);
}

/** What the tree, titles and confirmations call an object. Bindings have no name of their own. */
export function displayNameOf(kind: AuthentikKind, item: unknown): string {
  const record = (item ?? {}) as Record<string, unknown>;
  if (kind === 'flowStageBinding') {
    const stage = (record.stage_obj as { name?: string } | undefined)?.name ?? String(record.stage ?? '');
    return `${String(record.order ?? '?')} \u00b7 ${stage}`;
  }
  const value = record[AUTHENTIK_KINDS[kind].displayField];
  return typeof value === 'string' && value !== '' ? value : idOf(kind, item);
}

/** The item path of an object (relative to /api/v3), each segment URL-encoded. */
export function itemPathOf(kind: AuthentikKind, id: string): string {
  return `${AUTHENTIK_KINDS[kind].collectionPath}${encodeURIComponent(id)}/`;
}

/** The provider's resource type and `terraform import` ID of an object (editing/exportCode writes the block). */
export function terraformImportOf(kind: AuthentikKind, item: unknown): { resourceType: string; id: string } | undefined {
  const tf = AUTHENTIK_KINDS[kind].terraform;
  if (!tf) return undefined;
  const raw = (item as Record<string, unknown> | null | undefined)?.[tf.importIdField];
  const id = raw === undefined || raw === null ? '' : String(raw);
  return { resourceType: tf.resourceType, id };
}
