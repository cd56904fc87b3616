import type { AuthentikClient, ListPage, ReferenceSpec } from '../../clients/authentik';
import { AUTHENTIK_KINDS, AuthentikKind } from '../../clients/authentik/resources/kinds';
import type { RecordField, RecordReference } from '../panels/protocol';
import { ObjectRef, ObjectRefKind, recordKeyOf } from './objectRef';
import { refs } from './refs';

/**
 * The names of the objects a record refers to, so a record shows "default-authentication-flow"
 * as a link to that flow instead of its primary key. Names come first from what the object
 * itself carries (`stage_obj`, `provider_obj`…), then from one list request per kind of object
 * referred to (a brand's nine flows: one request for the flows, never nine) — a few pages at
 * most, until every wanted key is found. A key not found stays its ID, never a wrong name.
 */
export type ReferenceTarget = ReferenceSpec['target'] | 'user';

export interface ReferenceName {
  name: string;
  /** The record it opens; undefined for kinds that have no record (device access groups). */
  ref?: Pick<ObjectRef, 'kind' | 'lookup'>;
}

/** Keys wanted per kind of object referred to. */
export type WantedReferences = Partial<Record<ReferenceTarget, Iterable<string | number | null | undefined>>>;

export class ReferenceNames {
  private readonly names = new Map<string, ReferenceName>();

  /** Names no one asked the server for: records built from what their objects carry alone (tests). */
  static none(): ReferenceNames {
    return new ReferenceNames();
  }

  add(target: ReferenceTarget, key: string | number, name: ReferenceName): void {
    this.names.set(`${target}:${String(key)}`, name);
  }

  get(target: ReferenceTarget, key: string | number): ReferenceName | undefined {
    return this.names.get(`${target}:${String(key)}`);
  }

  has(target: ReferenceTarget, key: string | number): boolean {
    return this.names.has(`${target}:${String(key)}`);
  }

  /** A field naming one referenced object, as a link to its record; its ID when the name is not known. */
  field(label: string, target: ReferenceTarget, key: string | number | null | undefined): RecordField {
    if (key === null || key === undefined || key === '') return { label, value: 'none', dim: true };
    const found = this.get(target, key);
    if (!found) return { label, value: String(key), format: 'code' };
    return { label, value: found.name, ...(found.ref ? { link: { kind: 'record' as const, key: recordKeyOf(found.ref) } } : {}) };
  }

  /** A field naming several referenced objects, each a link to its record. */
  list(label: string, target: ReferenceTarget, keys: ReadonlyArray<string | number> | null | undefined): RecordField {
    if (!keys || keys.length === 0) return { label, value: 'none', dim: true };
    return { label, format: 'links', links: keys.map((key) => this.reference(target, key)) };
  }

  reference(target: ReferenceTarget, key: string | number): RecordReference {
    const found = this.get(target, key);
    if (!found) return { text: String(key) };
    return { text: found.name, ...(found.ref ? { link: { kind: 'record' as const, key: recordKeyOf(found.ref) } } : {}) };
  }
}

/** Pages read per kind at most while looking for names (100 objects a page). */
const MAX_PAGES = 5;
const PAGE_SIZE = 100;

interface Lister {
  list(client: AuthentikClient, page: number, signal?: AbortSignal): Promise<ListPage<unknown>>;
  /** The object's key as references hold it, and its name and record. */
  entry(item: unknown): [string, ReferenceName];
}

const named = (ref: ObjectRef, name = ref.name): ReferenceName => ({ name, ref: { kind: ref.kind, lookup: ref.lookup } });
type Item = Record<string, unknown>;
const str = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

const LISTERS: Partial<Record<ReferenceTarget, Lister>> = {
  flow: { list: (c, page, signal) => c.listFlows({ page, pageSize: PAGE_SIZE, signal }), entry: (f) => [str((f as Item).pk), named(refs.flow(f as never), str((f as Item).slug))] },
  certificateKeyPair: { list: (c, page, signal) => c.listCertificates({ page, pageSize: PAGE_SIZE, signal }), entry: (x) => [str((x as Item).pk), named(refs.certificate(x as never))] },
  application: { list: (c, page, signal) => c.listApplications({ page, pageSize: PAGE_SIZE, signal }), entry: (x) => [str((x as Item).pk), named(refs.application(x as never))] },
  provider: { list: (c, page, signal) => c.listProviders({ page, pageSize: PAGE_SIZE, signal }), entry: (x) => [str((x as Item).pk), named(refs.provider(x as never))] },
  stage: { list: (c, page, signal) => c.listStages({ page, pageSize: PAGE_SIZE, signal }), entry: (x) => [str((x as Item).pk), named(refs.stage(x as never))] },
  group: { list: (c, page, signal) => c.listGroups({ page, pageSize: PAGE_SIZE, signal }), entry: (x) => [str((x as Item).pk), named(refs.group(x as never))] },
  propertyMapping: { list: (c, page, signal) => c.listPropertyMappings({ page, pageSize: PAGE_SIZE, signal }), entry: (x) => [str((x as Item).pk), named(refs.mapping(x as never))] },
  eventTransport: {
    list: async (c, page, signal) => (await c.resources('eventTransport')).list({ page, pageSize: PAGE_SIZE, signal }),
    entry: (x) => [str((x as Item).pk), { name: str((x as Item).name), ref: { kind: 'eventTransport', lookup: str((x as Item).pk) } }],
  },
  connectorAgent: {
    list: async (c, page, signal) => (await c.resources('connectorAgent')).list({ page, pageSize: PAGE_SIZE, signal }),
    entry: (x) => [str((x as Item).connector_uuid), { name: str((x as Item).name), ref: { kind: 'connectorAgent', lookup: str((x as Item).connector_uuid) } }],
  },
};
// OAuth2 providers are providers: the same list and the same records.
LISTERS.oauth2Provider = LISTERS.provider;

/**
 * Loads the names of the wanted references that `known` does not hold yet: one list request per
 * kind (more pages only while some key is still missing). A kind whose list fails keeps its IDs.
 */
export async function loadReferenceNames(client: AuthentikClient, wanted: WantedReferences, known = new ReferenceNames(), signal?: AbortSignal): Promise<ReferenceNames> {
  await Promise.all(
    Object.entries(wanted).map(async ([target, keys]) => {
      const missing = new Set([...(keys ?? [])].filter((k): k is string | number => k !== null && k !== undefined && k !== '').map(String));
      for (const key of missing) if (known.has(target as ReferenceTarget, key)) missing.delete(key);
      const lister = LISTERS[target as ReferenceTarget];
      if (!lister || missing.size === 0) return;
      for (let page = 1; page <= MAX_PAGES && missing.size > 0; page++) {
        const listed = await lister.list(client, page, signal).catch(() => undefined);
        if (!listed) return;
        for (const item of listed.items) {
          const [key, name] = lister.entry(item);
          known.add(target as ReferenceTarget, key, name);
          missing.delete(key);
        }
        if (page * PAGE_SIZE >= listed.count || listed.items.length === 0) return;
      }
    }),
  );
  return known;
}

/** The keys each reference field holds, by the kind it refers to. */
export function wantedReferences(managed: AuthentikKind, object: Item): WantedReferences {
  const wanted: Partial<Record<ReferenceTarget, Array<string | number>>> = {};
  for (const [field, reference] of Object.entries(AUTHENTIK_KINDS[managed].references)) {
    const value = object[field];
    const keys = (Array.isArray(value) ? value : [value]).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
    (wanted[reference.target] ??= []).push(...keys);
  }
  return wanted;
}

/** Names the object already carries: the embedded copy of an object it refers to (`stage_obj`). */
export function embeddedNames(managed: AuthentikKind, object: Item): ReferenceNames {
  const names = new ReferenceNames();
  for (const [field, reference] of Object.entries(AUTHENTIK_KINDS[managed].references)) {
    const embedded = object[`${field}_obj`];
    for (const copy of (Array.isArray(embedded) ? embedded : [embedded]) as unknown[]) {
      if (!copy || typeof copy !== 'object') continue;
      const c = copy as Record<string, unknown>;
      const key = c[reference.by] ?? (Array.isArray(object[field]) ? undefined : object[field]);
      if ((typeof key !== 'string' && typeof key !== 'number') || typeof c.name !== 'string') continue;
      const kind = RECORD_KINDS[reference.target];
      names.add(reference.target, key, { name: c.name, ...(kind ? { ref: { kind, lookup: String(key) } } : {}) });
    }
  }
  return names;
}

/** The record kinds of the objects an embedded copy can name (looked up by the key the reference holds). */
const RECORD_KINDS: Partial<Record<ReferenceTarget, ObjectRefKind>> = {
  stage: 'stage',
  group: 'group',
  provider: 'provider',
  oauth2Provider: 'provider',
  certificateKeyPair: 'certificate',
  eventTransport: 'eventTransport',
  propertyMapping: 'mapping',
};
