/**
 * Create, delete and `used_by/` of the derived kinds' typed endpoints (typedRoutes.ts serves
 * their reads and PATCH). A created object joins the directory list its kind lives in, so the
 * polymorphic lists (`/stages/all/`) and the tree show it with its `pk`, `component` and
 * `meta_model_name`; a deleted one leaves it, with what authentik's `on_delete` does to what
 * referred to it. Only kinds whose objects the directory keeps get these routes: any other kind
 * answers "no route" as before, never a pretend success.
 */
import * as crypto from 'crypto';
import type { TableKind } from '../../../src/clients/authentik/resources/kindsTable';
import type { SeedGroup, SeedMapping, SeedOutpost, SeedProvider, SeedServiceConnection, SeedSource, SeedStage } from './directory/model';
import { invalidateRelations } from './directory/relations';
import { seedKindOf } from './directory/serialize';
import type { AuthentikSeed, AuthentikUser } from './seed';

type Body = Record<string, unknown>;
type Listed = { pk: string | number; slug?: string; name: string };

/** What authentik's `used_by/` answers: each object that refers to this one and what a delete does to it. */
export interface UsedByEntry {
  app: string;
  model_name: string;
  pk: string;
  name: string;
  action: 'cascade' | 'cascade_many' | 'set_null' | 'set_default' | 'left_dangling';
}

/** Where the directory keeps a kind's objects, and how a request body becomes one of them. */
interface Store {
  list(s: AuthentikSeed): Listed[];
  make(s: AuthentikSeed, body: Body, kind: string): Listed;
  /** What else goes with a deleted object (bindings of a stage, memberships of a group). */
  forget?(s: AuthentikSeed, gone: Listed): void;
  usedBy?(s: AuthentikSeed, id: Listed): UsedByEntry[];
}

const str = (v: unknown, fallback: string | null = ''): string => (typeof v === 'string' ? v : (fallback as string));
const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const nextPk = (items: Array<{ pk: number }>) => Math.max(0, ...items.map((x) => x.pk)) + 1;

/** The body less the fields the directory keeps in their own places: the rest is the kind's own (`extra`). */
function rest(body: Body, kept: readonly string[]): Body {
  return Object.fromEntries(Object.entries(body).filter(([f]) => !kept.includes(f)));
}

const FAMILY_STORES: Record<string, Store> = {
  stage: {
    list: (s) => s.directory.stages,
    make: (_s, body, kind): SeedStage => ({ pk: crypto.randomUUID(), name: str(body.name), kind: kind as SeedStage['kind'] }),
    forget: (s, gone) => void (s.directory.bindings = s.directory.bindings.filter((b) => b.stage !== gone.pk)),
    usedBy: (s, stage) =>
      s.directory.bindings
        .filter((b) => b.stage === stage.pk)
        .map((b) => ({
          app: 'authentik_flows',
          model_name: 'flowstagebinding',
          pk: b.pk,
          name: `Flow-stage binding #${b.order} to ${s.directory.flows.find((f) => f.pk === b.target)?.slug ?? b.target}`,
          action: 'cascade',
        })),
  },
  provider: {
    list: (s) => s.directory.providers,
    make: (s, body, kind): SeedProvider => ({
      pk: nextPk(s.directory.providers),
      kind: kind as SeedProvider['kind'],
      name: str(body.name),
      authentication_flow: str(body.authentication_flow, null),
      authorization_flow: str(body.authorization_flow),
      invalidation_flow: str(body.invalidation_flow, null),
      property_mappings: list<string>(body.property_mappings),
      extra: rest(body, ['name', 'authentication_flow', 'authorization_flow', 'invalidation_flow', 'property_mappings']),
    }),
    forget: (s, gone) => {
      for (const a of s.directory.applications) if (a.provider === gone.pk) a.provider = null;
      for (const o of s.directory.outposts) o.providers = o.providers.filter((p) => p !== gone.pk);
    },
    usedBy: (s, p) => [
      ...s.directory.applications.filter((a) => a.provider === p.pk).map((a) => ({ app: 'authentik_core', model_name: 'application', pk: a.pk, name: a.name, action: 'set_null' as const })),
      ...s.directory.outposts
        .filter((o) => o.providers.includes(p.pk as number))
        .map((o) => ({ app: 'authentik_outposts', model_name: 'outpost', pk: o.pk, name: o.name, action: 'cascade_many' as const })),
    ],
  },
  source: {
    list: (s) => s.directory.sources,
    make: (_s, body, kind): SeedSource => ({
      pk: crypto.randomUUID(),
      kind: kind as SeedSource['kind'],
      name: str(body.name),
      slug: str(body.slug),
      enabled: body.enabled !== false,
      promoted: body.promoted === true,
      managed: null,
      authentication_flow: str(body.authentication_flow, null),
      enrollment_flow: str(body.enrollment_flow, null),
      user_matching_mode: (str(body.user_matching_mode) || 'identifier') as SeedSource['user_matching_mode'],
      user_path_template: str(body.user_path_template) || 'goauthentik.io/sources/%(slug)s',
      extra: rest(body, ['name', 'slug', 'enabled', 'promoted', 'authentication_flow', 'enrollment_flow', 'user_matching_mode', 'user_path_template']),
    }),
  },
  propertyMapping: {
    list: (s) => s.directory.mappings,
    make: (_s, body, kind): SeedMapping => ({
      pk: crypto.randomUUID(),
      kind: kind as SeedMapping['kind'],
      name: str(body.name),
      managed: null,
      expression: str(body.expression),
      extra: rest(body, ['name', 'expression', 'managed']),
    }),
    forget: (s, gone) => {
      for (const p of s.directory.providers) p.property_mappings = p.property_mappings.filter((m) => m !== gone.pk);
    },
    usedBy: (s, m) =>
      s.directory.providers
        .filter((p) => p.property_mappings.includes(String(m.pk)))
        .map((p) => ({ app: 'authentik_core', model_name: 'provider', pk: String(p.pk), name: p.name, action: 'cascade_many' as const })),
  },
  serviceConnection: {
    list: (s) => s.directory.serviceConnections,
    make: (_s, body, kind): SeedServiceConnection => ({
      pk: crypto.randomUUID(),
      kind: kind as SeedServiceConnection['kind'],
      name: str(body.name),
      local: body.local === true,
      verify_ssl: body.verify_ssl !== false,
      kubeconfig: (body.kubeconfig as Record<string, unknown>) ?? {},
      extra: rest(body, ['name', 'local', 'verify_ssl', 'kubeconfig']),
    }),
    forget: (s, gone) => {
      for (const o of s.directory.outposts) if (o.service_connection === gone.pk) o.service_connection = null;
    },
    usedBy: (s, c) =>
      s.directory.outposts.filter((o) => o.service_connection === c.pk).map((o) => ({ app: 'authentik_outposts', model_name: 'outpost', pk: o.pk, name: o.name, action: 'set_null' as const })),
  },
};

const KIND_STORES: Record<string, Store> = {
  Group: {
    list: (s) => s.directory.groups,
    make: (s, body): SeedGroup => ({
      pk: crypto.randomUUID(),
      numPk: Math.max(0, ...s.directory.groups.map((g) => g.numPk)) + 1,
      name: str(body.name),
      isSuperuser: body.is_superuser === true,
      parents: list<string>(body.parents),
      attributes: (body.attributes as Record<string, unknown>) ?? {},
      roles: [],
    }),
    forget: (s, gone) => {
      for (const u of s.users) u.groups = u.groups.filter((g) => g.pk !== gone.pk);
      for (const g of s.directory.groups) g.parents = g.parents.filter((p) => p !== gone.pk);
    },
    usedBy: (s, g) => [
      ...s.users.filter((u) => u.groups.some((x) => x.pk === g.pk)).map((u) => ({ app: 'authentik_core', model_name: 'user', pk: String(u.pk), name: u.username, action: 'cascade_many' as const })),
      ...s.directory.groups.filter((c) => c.parents.includes(String(g.pk))).map((c) => ({ app: 'authentik_core', model_name: 'group', pk: c.pk, name: c.name, action: 'cascade_many' as const })),
    ],
  },
  User: {
    list: (s) => s.users,
    make: (s, body): Listed => {
      const pk = nextPk(s.users);
      const now = new Date().toISOString();
      const user: AuthentikUser = {
        pk,
        username: str(body.username),
        name: str(body.name),
        email: str(body.email),
        isActive: body.is_active !== false,
        isSuperuser: false,
        type: (str(body.type) || 'internal') as AuthentikUser['type'],
        groups: list<string>(body.groups).flatMap((g) => s.directory.groups.filter((x) => x.pk === g).map((x) => ({ pk: x.pk, name: x.name }))),
        roles: [],
        settings: {},
        systemPermissions: [],
        uuid: crypto.randomUUID(),
        path: str(body.path) || 'users',
        attributes: (body.attributes as Record<string, unknown>) ?? {},
        dateJoined: now,
        lastLogin: null,
        lastUpdated: now,
        passwordChangeDate: now,
      };
      return user;
    },
  },
  Outpost: {
    list: (s) => s.directory.outposts,
    make: (_s, body): SeedOutpost => ({
      pk: crypto.randomUUID(),
      name: str(body.name),
      type: str(body.type) as SeedOutpost['type'],
      providers: list<number>(body.providers),
      service_connection: str(body.service_connection, null),
      managed: null,
      config: (body.config as Record<string, unknown>) ?? {},
    }),
  },
};

/** The directory's family of a kind, when the directory knows the kind's type in it. */
function familyOf(row: TableKind): string | undefined {
  return row.family && row.model && seedKindOf(row.family, row.model) ? row.family : undefined;
}

/** The store of a kind, when the directory keeps its objects (and knows the kind, for a family member). */
export function storeOf(name: string, row: TableKind): Store | undefined {
  const family = familyOf(row);
  return KIND_STORES[name] ?? (family ? FAMILY_STORES[family] : undefined);
}

/** Adds the object a POST body describes; answers its id (the value of the item path's parameter). */
export function create(s: AuthentikSeed, name: string, row: TableKind, body: Body): string {
  const store = storeOf(name, row)!;
  const family = familyOf(row);
  const made = store.make(s, body, family ? seedKindOf(family, row.model!)! : name);
  store.list(s).push(made);
  invalidateRelations(s);
  return String(row.idField === 'slug' ? made.slug : made.pk);
}

function find(s: AuthentikSeed, store: Store, id: string): Listed | undefined {
  return store.list(s).find((x) => String(x.pk) === id || x.slug === id);
}

/** Removes the object and what goes with it; false when there is none. */
export function remove(s: AuthentikSeed, name: string, row: TableKind, id: string): boolean {
  const store = storeOf(name, row)!;
  const found = find(s, store, id);
  if (!found) return false;
  const all = store.list(s);
  all.splice(all.indexOf(found), 1);
  store.forget?.(s, found);
  invalidateRelations(s);
  return true;
}

/** What refers to the object, as `used_by/` answers it. */
export function usedBy(s: AuthentikSeed, name: string, row: TableKind, id: string): UsedByEntry[] {
  const store = storeOf(name, row);
  const found = store && find(s, store, id);
  return found && store.usedBy ? store.usedBy(s, found) : [];
}
