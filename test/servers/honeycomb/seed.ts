/**
 * Seed data of the Honeycomb stand-in: the team "Acme Observability", its environments and
 * keys, and the configuration in each environment (datasets, columns, derived columns, SLOs,
 * triggers; content.ts) plus the team's recipients. A plain data module.
 *
 * All key material here is fake and only valid against the stand-in.
 */
import { EnvironmentContent, SeedRecipient, acmeDev, acmeProduction, acmeRecipients, acmeStaging, hcId, iso } from './content';
import { scaleEnvironment, scaleRecipients } from './scale';

export interface HoneycombTeam {
  /** JSON:API id of the team (v2) */
  id: string;
  name: string;
  slug: string;
}

export type EnvironmentColor = 'blue' | 'green' | 'gold' | 'red' | 'purple' | 'lightBlue' | 'lightGreen' | 'lightGold' | 'lightRed' | 'lightPurple';

export interface HoneycombEnvironment {
  id: string;
  name: string;
  slug: string;
  description: string;
  color: EnvironmentColor;
  deleteProtected: boolean;
}

/** `api_key_access` of a configuration key, spelled as the API sends it. */
export interface ApiKeyAccess {
  events: boolean;
  markers: boolean;
  triggers: boolean;
  boards: boolean;
  queries: boolean;
  columns: boolean;
  createDatasets: boolean;
  slos: boolean;
  recipients: boolean;
  privateBoards: boolean;
}

/** A v1 key, sent as `X-Honeycomb-Team: <token>`. */
export interface EnvironmentKey {
  /** key id reported by /1/auth */
  id: string;
  /** label for logs and tests */
  name: string;
  /** the exact header value (for ingest keys: key id and secret concatenated) */
  token: string;
  type: 'configuration' | 'ingest';
  /** slug of the environment the key belongs to */
  environment: string;
  /** configuration keys: the permissions; ingest keys: only createDatasets is reported */
  access: ApiKeyAccess;
  /** A disabled key is refused like an unknown one (v2 `disabled`). */
  disabled?: boolean;
  /** v2 permissions /1/auth does not report. */
  readServiceMaps?: boolean;
  visibleToMembers?: boolean;
  created?: string;
  updated?: string;
}

/** A v2 management key, sent as `Authorization: Bearer <id>:<secret>`. */
export interface ManagementKey {
  id: string;
  secret: string;
  name: string;
  scopes: string[];
  disabled: boolean;
  created: string;
  updated: string;
}

export interface HoneycombSeed {
  team: HoneycombTeam;
  environments: HoneycombEnvironment[];
  environmentKeys: EnvironmentKey[];
  managementKeys: ManagementKey[];
  /**
   * Keys whose /1/auth or /2/auth answer is a published example body served verbatim (file
   * under examples/honeycomb/). They belong to the docs' team, not to Acme.
   */
  publishedExampleKeys: { token: string; file: string }[];
  publishedExampleManagementKeys: { id: string; secret: string; file: string }[];
  /** Configuration objects per environment slug. */
  content: Record<string, EnvironmentContent>;
  /** The team's recipients (team-wide, whichever environment's key asks). */
  recipients: SeedRecipient[];
}

/** The credentials tests and the demo use. */
export const HONEYCOMB_KEYS = {
  /** configuration key, production, every permission */
  production: 'acmeProdConfigKey0001x',
  /** configuration key, staging, every permission */
  staging: 'acmeStagConfigKey0002x',
  /** configuration key, dev, every permission */
  dev: 'acmeDevConfigKey00003x',
  /** configuration key, production, only events and markers (for 403 paths) */
  productionLimited: 'acmeProdLimitedKey004x',
  /** ingest key, production: key id + secret concatenated, as sent */
  ingestProduction: 'hcxik_01jacme0ingest0prod0000001acmeIngestSecretForProduction001',
  /** management key with every scope */
  management: { id: 'hcxmk_01jacme0mgmt0full000000001', secret: 'acmeMgmtSecretFullAccess00000001' },
  /** management key with read scopes only */
  managementReadOnly: { id: 'hcxmk_01jacme0mgmt0read000000002', secret: 'acmeMgmtSecretReadOnly0000000002' },
  /** management key that may read API keys but not environments (for 403 paths) */
  managementNoEnvironments: { id: 'hcxmk_01jacme0mgmt0keys000000003', secret: 'acmeMgmtSecretKeysOnly0000000003' },
  /** keys answered with the published example bodies, verbatim */
  published: {
    environment: 'docsExampleEnvKey0001x',
    classic: 'docsExampleClassicKey1',
    ingest: 'hcxik_01j1824es7n4evcmv81cn392jbdocsExampleIngestSecret000000001',
    management: { id: 'hcxmk_01jdocs0example0mgmt000001', secret: 'docsExampleManagementSecret00001' },
  },
} as const;

const ALL: ApiKeyAccess = {
  events: true,
  markers: true,
  triggers: true,
  boards: true,
  queries: true,
  columns: true,
  createDatasets: true,
  slos: true,
  recipients: true,
  privateBoards: true,
};
const NONE: ApiKeyAccess = {
  events: false,
  markers: false,
  triggers: false,
  boards: false,
  queries: false,
  columns: false,
  createDatasets: false,
  slos: false,
  recipients: false,
  privateBoards: false,
};

export interface SeedOptions {
  /**
   * Production grows to 1,000 datasets (one, `wide-events`, with 10,000 columns) and 500 SLOs;
   * the team to 200 recipients (scale.ts).
   */
  scale?: boolean;
  /**
   * Test-only: adds a production dataset whose name and description are markup
   * (HOSTILE_DATASET), to prove views render server data as text.
   */
  hostileNames?: boolean;
}

/** The dataset `hostileNames` adds: its name is an HTML injection attempt. */
export const HOSTILE_DATASET = {
  name: '<img src=x onerror=alert(1)>',
  slug: 'img-src-x-onerror-alert-1',
  description: '<script>alert("description")</script>',
} as const;

/** A fresh, independent copy of the seed (stand-ins may mutate theirs). */
export function createHoneycombSeed(options: SeedOptions = {}): HoneycombSeed {
  const K = HONEYCOMB_KEYS;
  // Times are relative to now, so "last written 2 min ago" stays true in the demo.
  const now = Math.floor(Date.now() / 1000) * 1000;
  const content: Record<string, EnvironmentContent> = {
    production: acmeProduction(now),
    staging: acmeStaging(now),
    dev: acmeDev(now),
  };
  const recipients = acmeRecipients(now);
  if (options.hostileNames) {
    const p = content.production;
    p.datasets.push({ ...HOSTILE_DATASET, expand_json_depth: 0, delete_protected: false, created_at: iso(now - 86_400_000), last_written_at: iso(now - 60_000) });
    p.columns[HOSTILE_DATASET.slug] = [
      { id: hcId('hostile/column'), key_name: '<b>bold</b>', hidden: false, description: '<i>x</i>', type: 'string', last_written: iso(now), created_at: iso(now), updated_at: iso(now) },
    ];
    p.derivedColumns[HOSTILE_DATASET.slug] = [];
  }
  if (options.scale) {
    scaleEnvironment(content.production, now);
    scaleRecipients(recipients, now);
  }
  return {
    content,
    recipients,
    team: { id: 'hcxtm_01jacme0team00000000000001', name: 'Acme Observability', slug: 'acme' },
    environments: [
      { id: 'hcxen_01jacme0env0production0001', name: 'Production', slug: 'production', description: 'Customer-facing services', color: 'red', deleteProtected: true },
      { id: 'hcxen_01jacme0env0staging0000002', name: 'Staging', slug: 'staging', description: 'Pre-release verification', color: 'gold', deleteProtected: false },
      { id: 'hcxen_01jacme0env0dev00000000003', name: 'Dev', slug: 'dev', description: 'Developer sandboxes', color: 'lightBlue', deleteProtected: false },
    ],
    environmentKeys: [
      { id: 'hcxlk_01jacme0cfg0production0001', name: 'Terraform production', token: K.production, type: 'configuration', environment: 'production', access: { ...ALL } },
      { id: 'hcxlk_01jacme0cfg0staging0000002', name: 'Terraform staging', token: K.staging, type: 'configuration', environment: 'staging', access: { ...ALL } },
      { id: 'hcxlk_01jacme0cfg0dev00000000003', name: 'Dev sandbox', token: K.dev, type: 'configuration', environment: 'dev', access: { ...ALL } },
      {
        id: 'hcxlk_01jacme0cfg0limited0000004',
        name: 'Deploy markers',
        token: K.productionLimited,
        type: 'configuration',
        environment: 'production',
        access: { ...NONE, events: true, markers: true },
      },
      { id: K.ingestProduction.slice(0, 32), name: 'OTel collector production', token: K.ingestProduction, type: 'ingest', environment: 'production', access: { ...NONE, createDatasets: true } },
    ],
    managementKeys: [
      {
        id: K.management.id,
        secret: K.management.secret,
        name: 'Platform team automation',
        scopes: ['api-keys:read', 'api-keys:write', 'environments:read', 'environments:write'],
        disabled: false,
        created: '2025-03-04T09:12:45Z',
        updated: '2025-11-18T16:40:02Z',
      },
      {
        id: K.managementReadOnly.id,
        secret: K.managementReadOnly.secret,
        name: 'Config browser (read-only)',
        scopes: ['api-keys:read', 'environments:read'],
        disabled: false,
        created: '2025-06-21T13:05:10Z',
        updated: '2025-06-21T13:05:10Z',
      },
      {
        id: K.managementNoEnvironments.id,
        secret: K.managementNoEnvironments.secret,
        name: 'Key rotation bot',
        scopes: ['api-keys:read', 'api-keys:write'],
        disabled: false,
        created: '2025-08-02T10:00:00Z',
        updated: '2025-08-02T10:00:00Z',
      },
    ],
    publishedExampleKeys: [
      { token: K.published.environment, file: 'GET_1_auth.json' },
      { token: K.published.classic, file: 'GET_1_auth.classic.json' },
      { token: K.published.ingest, file: 'GET_1_auth.ingest.json' },
    ],
    publishedExampleManagementKeys: [{ ...K.published.management, file: 'GET_2_auth.json' }],
  };
}
