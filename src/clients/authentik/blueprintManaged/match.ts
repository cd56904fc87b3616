import { BlueprintEntry, blueprintEntries } from './entries';

/**
 * Which blueprint instances manage an object. authentik writes no mark on the objects a blueprint
 * makes (its `managed` field is a value blueprint entries set themselves, for authentik's own
 * objects), and `managed_models` of an instance stays empty; the API gives the instances'
 * content, though, and the importer finds an entry's object by its identifiers: the `pk` one
 * alone, or else all the others together (a mapping by containment). That is repeated here.
 * Only instances whose content the API returns can be read: one applied from a file on the
 * server gives its path, not its entries. Pure.
 */
export interface BlueprintInstanceLike {
  pk: string;
  name: string;
  path?: string;
  content?: string;
  enabled?: boolean;
}

export interface BlueprintManager {
  instance: { pk: string; name: string; enabled: boolean };
  entry: number;
  state: string;
  /** Identifiers given by a tag (`app: !Find …`): not compared. */
  unchecked: string[];
}

/** The blueprint model of each kind the tree and the editing know (polymorphic objects carry their own `meta_model_name`). */
const MODELS: Readonly<Record<string, string>> = {
  flow: 'authentik_flows.flow',
  flowStageBinding: 'authentik_flows.flowstagebinding',
  application: 'authentik_core.application',
  applicationEntitlement: 'authentik_core.applicationentitlement',
  group: 'authentik_core.group',
  user: 'authentik_core.user',
  brand: 'authentik_brands.brand',
  certificate: 'authentik_crypto.certificatekeypair',
  certificateKeyPair: 'authentik_crypto.certificatekeypair',
  outpost: 'authentik_outposts.outpost',
  blueprint: 'authentik_blueprints.blueprintinstance',
  eventRule: 'authentik_events.notificationrule',
  eventTransport: 'authentik_events.notificationtransport',
  connectorAgent: 'authentik_endpoints_connectors_agent.agentconnector',
  enrollmentToken: 'authentik_endpoints_connectors_agent.enrollmenttoken',
  browserConnector: 'authentik_endpoints_connectors_google_chrome.googlechromeconnector',
  license: 'authentik_enterprise.license',
};

export function blueprintModelOf(kind: string, object: Record<string, unknown>): string | undefined {
  const own = object.meta_model_name;
  return typeof own === 'string' && own.includes('.') ? own.toLowerCase() : MODELS[kind];
}

/** The object's primary key as the importer compares `pk` identifiers. */
function pkOf(object: Record<string, unknown>): unknown {
  return object.pk ?? object.pbm_uuid ?? object.instance_uuid ?? object.connector_uuid ?? object.token_uuid ?? object.fsb_uuid ?? object.license_uuid;
}

export function blueprintManagers(model: string, object: Record<string, unknown>, instances: readonly BlueprintInstanceLike[]): BlueprintManager[] {
  const found: BlueprintManager[] = [];
  for (const instance of instances) {
    if (!instance.content) continue;
    for (const entry of blueprintEntries(instance.content)) {
      if (entry.model !== model) continue;
      const unchecked = matches(entry, object);
      if (unchecked) found.push({ instance: { pk: instance.pk, name: instance.name, enabled: instance.enabled !== false }, entry: entry.index, state: entry.state, unchecked });
    }
  }
  return found;
}

/** The identifiers not compared when the entry names this object, else undefined. */
function matches(entry: BlueprintEntry, object: Record<string, unknown>): string[] | undefined {
  const pk = entry.identifiers.pk;
  if (pk && 'value' in pk && pk.value !== null && String(pk.value) === String(pkOf(object))) return [];
  const others = Object.entries(entry.identifiers).filter(([name]) => name !== 'pk');
  const plain = others.filter(([, id]) => 'value' in id);
  const tagged = others.filter(([, id]) => 'tag' in id).map(([name]) => name);
  // An entry named only by tags cannot be told from any other object of its model; with some of
  // its identifiers given by tags, the plain ones must name the object on their own (a slug, a
  // name), not merely narrow it (a binding's `order` 10 is shared by many bindings).
  if (plain.length === 0 || (tagged.length > 0 && !plain.some(([name]) => NAMING.has(name)))) return undefined;
  for (const [name, id] of plain) if (!sameValue((id as { value: unknown }).value, object[name])) return undefined;
  return tagged;
}

/** Identifiers that name one object of their model by themselves. */
const NAMING = new Set(['slug', 'name', 'username', 'domain', 'identifier', 'managed', 'uuid', 'email', 'codename']);

/** Equality as the importer's query: a mapping matches by containment, anything else exactly. */
function sameValue(wanted: unknown, actual: unknown): boolean {
  if (wanted === null) return actual === null || actual === undefined;
  if (typeof wanted === 'object' && !Array.isArray(wanted)) {
    if (!actual || typeof actual !== 'object' || Array.isArray(actual)) return false;
    return Object.entries(wanted as Record<string, unknown>).every(([k, v]) => sameValue(v, (actual as Record<string, unknown>)[k]));
  }
  if (Array.isArray(wanted)) return JSON.stringify(wanted) === JSON.stringify(actual);
  return String(wanted) === String(actual);
}

/** What an edit of the object means, for the record and the edit plan (one line). */
export function managerText(m: BlueprintManager): string {
  const name = `“${m.instance.name}”`;
  const unchecked = m.unchecked.length ? ` (matched by its identifiers; ${m.unchecked.join(', ')} given by a tag, not compared)` : '';
  const disabled = m.instance.enabled ? '' : ' The instance is disabled: nothing is applied until it is enabled again.';
  switch (m.state) {
    case 'created':
      return `Created by blueprint ${name} (state: created): its next apply leaves the object as it is, so edits here stay.${unchecked}${disabled}`;
    case 'must_created':
      return `Created by blueprint ${name} (state: must_created): its next apply fails while this object exists.${unchecked}${disabled}`;
    case 'absent':
      return `Blueprint ${name} deletes this object on its next apply (state: absent).${unchecked}${disabled}`;
    default:
      return `Managed by blueprint ${name}: the next apply reverts this; edit the blueprint instead.${unchecked}${disabled}`;
  }
}

/** authentik's own mark (`managed`), set on the objects its bundled blueprints and migrations keep. */
export function authentikManagedText(object: Record<string, unknown>): string | undefined {
  const managed = object.managed;
  return typeof managed === 'string' && managed !== '' ? `Managed by authentik (${managed}): authentik's own blueprints may overwrite changes in a later update or apply.` : undefined;
}
