import type { components } from '../generated/schema';
import { KINDS_TABLE, ObjectKindSpec, baseSpecOf } from './kindsTable';

/**
 * The 13 managed resources of the identity seed: each is its row of the table derived from the
 * official schema (authentik 2026.8.3; paths, lookup, writable, required, read-only and write-only
 * fields, see kindsTable.ts) plus what is tuned by hand here — which fields are secret and how
 * each is set, what it refers to and belongs to, and how the goauthentik/authentik Terraform
 * provider names and imports it (read from the provider's sources).
 * `test/unit/clients/authentik/kinds.test.ts` re-derives the paths and field lists from the
 * schema so neither can drift from it.
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

export type { SecretSpec } from './kindsTable';

/** A field that refers to another object, and which field of that object it holds. */
export interface ReferenceSpec {
  target: AuthentikKind | 'group' | 'user' | 'role' | 'policy' | 'stage' | 'provider' | 'oauth2Provider' | 'propertyMapping' | 'deviceAccessGroup';
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

/**
 * A managed kind: its row of the generated table (paths, fields, read-only and write-only ones,
 * see kindsTable.ts) with what is tuned by hand on top — names, secrets and how each is set,
 * references, parent, the actions beyond CRUD and the Terraform provider's naming.
 */
export interface KindSpec extends ObjectKindSpec {
  kind: AuthentikKind;
  /** The resource's name in the seed document. */
  seedName: string;
  /** Fields holding `hours=8;minutes=30`-style durations (see durations.ts). */
  durationFields: readonly string[];
  /** Fields holding a JSON object. */
  jsonFields: readonly string[];
  references: Readonly<Record<string, ReferenceSpec>>;
  parent?: ParentSpec;
  /** Actions beyond CRUD, relative to the item (`apply/`) or the collection (`available/`). */
  actions: readonly string[];
  terraform: TerraformSpec | null;
}

/** What a managed kind states by hand; everything else comes from its table row (`row`, the item schema). */
type HandSpec = Partial<Omit<KindSpec, 'kind' | 'terraform'>> & {
  row: string;
  seedName: string;
  label: string;
  terraform: (Omit<TerraformSpec, 'renamedAttributes' | 'jsonStringAttributes' | 'providerOnlyAttributes'> & Partial<TerraformSpec>) | null;
};

const FLOW_REF: ReferenceSpec = { target: 'flow', by: 'pk' };
const CERT_REF: ReferenceSpec = { target: 'certificateKeyPair', by: 'pk' };

const HAND: Readonly<Record<AuthentikKind, HandSpec>> = {
  application: {
    seedName: 'Application',
    label: 'Application',
    row: 'Application',
    references: { provider: { target: 'provider', by: 'pk' }, backchannel_providers: { target: 'provider', by: 'pk', many: true } },
    listQuery: { superuser_full_list: true },
    actions: ['check_access/'],
    terraform: {
      resourceType: 'authentik_application',
      importIdField: 'slug',
      renamedAttributes: { provider: 'protocol_provider', pk: 'uuid' },
    },
  },
  applicationEntitlement: {
    seedName: 'ApplicationEntitlement',
    label: 'Application entitlement',
    row: 'ApplicationEntitlement',
    jsonFields: ['attributes'],
    references: { app: { target: 'application', by: 'pk' } },
    parent: { kind: 'application', field: 'app', parentField: 'pk' },
    terraform: {
      resourceType: 'authentik_application_entitlement',
      importIdField: 'pbm_uuid',
      renamedAttributes: { app: 'application' },
      jsonStringAttributes: ['attributes'],
    },
  },
  blueprint: {
    seedName: 'Blueprint',
    label: 'Blueprint',
    row: 'BlueprintInstance',
    jsonFields: ['context'],
    actions: ['apply/', 'available/ (collection)'],
    terraform: {
      resourceType: 'authentik_blueprint',
      importIdField: 'pk',
      jsonStringAttributes: ['context'],
    },
  },
  brand: {
    seedName: 'Brand',
    label: 'Brand',
    displayField: 'domain',
    row: 'Brand',
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
    defaultOrdering: 'domain',
    terraform: {
      resourceType: 'authentik_brand',
      importIdField: 'brand_uuid',
      jsonStringAttributes: ['attributes'],
    },
  },
  certificateKeyPair: {
    seedName: 'CertificateKeyPair',
    label: 'Certificate-key pair',
    row: 'CertificateKeyPair',
    secrets: [
      {
        name: 'key_data',
        where: 'writeOnlyField',
        revealPath: 'view_private_key/',
        setWhen: 'private_key_available',
        reason: 'the private key; authentik logs every view_private_key/ call as a secret view',
      },
    ],
    actions: ['view_certificate/', 'view_private_key/', 'generate/ (collection)'],
    terraform: {
      resourceType: 'authentik_certificate_key_pair',
      importIdField: 'pk',
    },
  },
  connectorAgent: {
    seedName: 'EndpointsConnectorAgent',
    label: 'Agent connector',
    row: 'AgentConnector',
    durationFields: ['snapshot_expiry', 'auth_session_duration', 'refresh_interval', 'challenge_idle_timeout'],
    references: { authorization_flow: FLOW_REF, challenge_key: CERT_REF, jwt_federation_providers: { target: 'oauth2Provider', by: 'pk', many: true } },
    terraform: {
      resourceType: 'authentik_endpoints_connector_agent',
      importIdField: 'connector_uuid',
    },
  },
  enrollmentToken: {
    seedName: 'EndpointsConnectorAgentEnrollmentToken',
    label: 'Enrollment token',
    row: 'EnrollmentToken',
    secrets: [{ name: 'key', where: 'revealEndpoint', revealPath: 'view_key/', reason: 'the enrollment key agents use to join; authentik logs every view_key/ call as a secret view' }],
    references: { connector: { target: 'connectorAgent', by: 'connector_uuid' }, device_group: { target: 'deviceAccessGroup', by: 'pbm_uuid' } },
    parent: { kind: 'connectorAgent', field: 'connector', parentField: 'connector_uuid' },
    actions: ['view_key/'],
    terraform: {
      resourceType: 'authentik_endpoints_connector_agent_enrollment_token',
      importIdField: 'token_uuid',
      renamedAttributes: { device_group: 'device_access_group' },
      providerOnlyAttributes: { retrieve_key: 'when true the provider reads view_key/ into the sensitive attribute key', key: 'sensitive, computed from view_key/', expires_in: 'computed' },
    },
  },
  browserConnector: {
    seedName: 'EndpointsBrowserConnector',
    label: 'Google Chrome connector',
    row: 'GoogleChromeConnector',
    secrets: [{ name: 'credentials', where: 'returnedField', reason: 'a Google service-account key (JSON with private_key); the server returns it in every read' }],
    jsonFields: ['credentials'],
    terraform: {
      resourceType: 'authentik_endpoints_google_chrome_connector',
      importIdField: 'connector_uuid',
      jsonStringAttributes: ['credentials'],
    },
  },
  license: {
    seedName: 'EnterpriseLicense',
    label: 'Enterprise license',
    row: 'License',
    secrets: [{ name: 'key', where: 'returnedField', reason: 'the signed license JWT; the server returns it in every read' }],
    actions: ['summary/ (collection)', 'install_id/ (collection)', 'forecast/ (collection)'],
    terraform: {
      resourceType: 'authentik_enterprise_license',
      importIdField: 'license_uuid',
      providerOnlyAttributes: { expiry: 'a Unix timestamp (number) in the provider, an ISO date-time in the API' },
    },
  },
  eventRule: {
    seedName: 'EventRule',
    label: 'Notification rule',
    row: 'NotificationRule',
    references: { transports: { target: 'eventTransport', by: 'pk', many: true }, destination_group: { target: 'group', by: 'pk' } },
    terraform: {
      resourceType: 'authentik_event_rule',
      importIdField: 'pk',
    },
  },
  eventTransport: {
    seedName: 'EventTransport',
    label: 'Notification transport',
    row: 'NotificationTransport',
    secrets: [
      {
        name: 'webhook_url',
        where: 'returnedField',
        reason: 'chat webhook URLs (Slack, Discord) carry their token in the path; authentik\u2019s later releases keep this URL as a stored secret',
      },
    ],
    references: {
      webhook_ca: CERT_REF,
      webhook_mapping_body: { target: 'propertyMapping', by: 'pk' },
      webhook_mapping_headers: { target: 'propertyMapping', by: 'pk' },
    },
    actions: ['test/'],
    terraform: {
      resourceType: 'authentik_event_transport',
      importIdField: 'pk',
    },
  },
  flow: {
    seedName: 'Flow',
    label: 'Flow',
    row: 'Flow',
    defaultOrdering: 'slug',
    actions: ['export/', 'diagram/'],
    terraform: {
      resourceType: 'authentik_flow',
      importIdField: 'slug',
      renamedAttributes: { pk: 'uuid' },
    },
  },
  flowStageBinding: {
    seedName: 'FlowStageBinding',
    label: 'Flow stage binding',
    displayField: 'order',
    row: 'FlowStageBinding',
    references: { target: FLOW_REF, stage: { target: 'stage', by: 'pk' } },
    parent: { kind: 'flow', field: 'target', parentField: 'pk' },
    defaultOrdering: 'order',
    terraform: {
      resourceType: 'authentik_flow_stage_binding',
      importIdField: 'pk',
    },
  },
};

function managedKind(kind: AuthentikKind, hand: HandSpec): KindSpec {
  const { row, terraform, ...stated } = hand;
  const base = baseSpecOf(KINDS_TABLE.kinds[row], { pluralLabel: `${hand.label}s`, secrets: [] });
  return {
    ...base,
    kind,
    durationFields: [],
    jsonFields: [],
    references: {},
    actions: [],
    ...stated,
    terraform: terraform && { renamedAttributes: {}, jsonStringAttributes: [], providerOnlyAttributes: {}, ...terraform },
  };
}

export const AUTHENTIK_KIND_NAMES = Object.keys(HAND) as AuthentikKind[];

export const AUTHENTIK_KINDS: Readonly<Record<AuthentikKind, KindSpec>> = Object.fromEntries(AUTHENTIK_KIND_NAMES.map((k) => [k, managedKind(k, HAND[k])])) as Record<AuthentikKind, KindSpec>;

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
