/**
 * What the explorer knows about any authentik object it shows: enough to open its record, copy
 * its ID, link to the admin UI and write an infrastructure-as-code lookup for it. Pure data (no
 * `vscode`), shared by tree nodes, records and commands.
 */
export type AuthentikKind =
  | 'brand'
  | 'flow'
  | 'stage'
  | 'group'
  | 'user'
  | 'application'
  | 'provider'
  | 'source'
  | 'mapping'
  | 'certificate'
  | 'outpost'
  | 'serviceConnection'
  | 'permission'
  // The managed kinds the directory does not show elsewhere, named as in the kinds table.
  | 'flowStageBinding'
  | 'applicationEntitlement'
  | 'blueprint'
  | 'connectorAgent'
  | 'enrollmentToken'
  | 'browserConnector'
  | 'license'
  | 'eventRule'
  | 'eventTransport';

/** The tree's kinds that are also managed kinds (editable), under their name in the kinds table. */
export const MANAGED_KIND_OF: Partial<Record<AuthentikKind, import('../../clients/authentik/resources/kinds').AuthentikKind>> = {
  brand: 'brand',
  flow: 'flow',
  application: 'application',
  certificate: 'certificateKeyPair',
  flowStageBinding: 'flowStageBinding',
  applicationEntitlement: 'applicationEntitlement',
  blueprint: 'blueprint',
  connectorAgent: 'connectorAgent',
  enrollmentToken: 'enrollmentToken',
  browserConnector: 'browserConnector',
  license: 'license',
  eventRule: 'eventRule',
  eventTransport: 'eventTransport',
};

export interface ObjectRef {
  kind: AuthentikKind;
  /** What the API's retrieve takes: a slug (flows, sources, applications), a number or a UUID. */
  lookup: string;
  /** The identifier "Copy ID" copies: the object's primary key as the API names it. */
  id: string;
  /** The human name (a domain for brands, a username for users, a codename for permissions). */
  name: string;
  slug?: string;
  /** `meta_model_name` of polymorphic kinds, e.g. "authentik_providers_oauth2.oauth2provider". */
  model?: string;
  managed?: string | null;
  /** Permissions: the app label, to tell apart equal codenames. */
  app?: string;
}

const PREFIX = 'authentik:';
const KINDS: AuthentikKind[] = [
  'brand', 'flow', 'stage', 'group', 'user', 'application', 'provider', 'source', 'mapping', 'certificate', 'outpost', 'serviceConnection', 'permission',
  'flowStageBinding', 'applicationEntitlement', 'blueprint', 'connectorAgent', 'enrollmentToken', 'browserConnector', 'license', 'eventRule', 'eventTransport',
];

/** `authentik:flow:default-authentication-flow` — stable across reloads, so panels come back. */
export function recordKeyOf(ref: Pick<ObjectRef, 'kind' | 'lookup'>): string {
  return `${PREFIX}${ref.kind}:${encodeURIComponent(ref.lookup)}`;
}

export function parseRecordKey(key: string): { kind: AuthentikKind; lookup: string } | undefined {
  if (!key.startsWith(PREFIX)) return undefined;
  const rest = key.slice(PREFIX.length);
  const colon = rest.indexOf(':');
  if (colon < 0) return undefined;
  const kind = rest.slice(0, colon) as AuthentikKind;
  if (!KINDS.includes(kind)) return undefined;
  try {
    return { kind, lookup: decodeURIComponent(rest.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

/** The concrete type of a polymorphic object: "oauth2provider" from its meta_model_name. */
export function modelName(ref: Pick<ObjectRef, 'model'>): string {
  return (ref.model ?? '').split('.').pop() ?? '';
}
