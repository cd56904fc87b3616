import { DEFAULT_CONNECTION_ID } from '../../connections/authentikConnectionList';

/**
 * What the explorer knows about any authentik object it shows: enough to open its record, copy
 * its ID, link to the admin UI and write an infrastructure-as-code lookup for it. Pure data (no
 * `vscode`), shared by tree nodes, records and commands.
 */
export type ObjectRefKind =
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
export const MANAGED_KIND_OF: Partial<Record<ObjectRefKind, import('../../clients/authentik/resources/kinds').AuthentikKind>> = {
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
  kind: ObjectRefKind;
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
const KINDS: ObjectRefKind[] = [
  'brand',
  'flow',
  'stage',
  'group',
  'user',
  'application',
  'provider',
  'source',
  'mapping',
  'certificate',
  'outpost',
  'serviceConnection',
  'permission',
  'flowStageBinding',
  'applicationEntitlement',
  'blueprint',
  'connectorAgent',
  'enrollmentToken',
  'browserConnector',
  'license',
  'eventRule',
  'eventTransport',
];

/**
 * `authentik:flow:default-authentication-flow` — stable across reloads, so panels come back.
 * Objects of an added connection carry its id: `authentik:staging/flow:default-authentication-flow`
 * (ids are letters, digits and dashes; kinds hold no `/`).
 */
export function recordKeyOf(ref: Pick<ObjectRef, 'kind' | 'lookup'>, connection?: string): string {
  return `${PREFIX}${connectionPart(connection)}${ref.kind}:${encodeURIComponent(ref.lookup)}`;
}

/** The record of a connection itself: `authentik:connection`, `authentik:staging/connection`. */
export function connectionRecordKey(connection?: string): string {
  return `${PREFIX}${connectionPart(connection)}connection`;
}

function connectionPart(connection: string | undefined): string {
  return connection && connection !== DEFAULT_CONNECTION_ID ? `${connection}/` : '';
}

/** The connection a record key belongs to (`default` when it names none) and the key as the default connection's. */
export function splitRecordKey(key: string): { connection: string; key: string } {
  if (!key.startsWith(PREFIX)) return { connection: DEFAULT_CONNECTION_ID, key };
  const rest = key.slice(PREFIX.length);
  const match = /^([a-z0-9][a-z0-9-]*)\//.exec(rest);
  return match ? { connection: match[1], key: PREFIX + rest.slice(match[0].length) } : { connection: DEFAULT_CONNECTION_ID, key };
}

/** A record key of the default connection, moved into `connection` (unchanged when it is the default). */
export function keyInConnection(key: string, connection: string | undefined): string {
  const split = splitRecordKey(key);
  return `${PREFIX}${connectionPart(connection)}${split.key.slice(PREFIX.length)}`;
}

export function parseRecordKey(key: string): { kind: ObjectRefKind; lookup: string; connection: string } | undefined {
  const split = splitRecordKey(key);
  if (!split.key.startsWith(PREFIX)) return undefined;
  const rest = split.key.slice(PREFIX.length);
  const colon = rest.indexOf(':');
  if (colon < 0) return undefined;
  const kind = rest.slice(0, colon) as ObjectRefKind;
  if (!KINDS.includes(kind)) return undefined;
  try {
    return { kind, lookup: decodeURIComponent(rest.slice(colon + 1)), connection: split.connection };
  } catch {
    return undefined;
  }
}

/** The concrete type of a polymorphic object: "oauth2provider" from its meta_model_name. */
export function modelName(ref: Pick<ObjectRef, 'model'>): string {
  return (ref.model ?? '').split('.').pop() ?? '';
}
