import type { AuthentikClient } from '../../clients/authentik';
import type { ApiPath, ListOptions, ListPage } from '../../clients/authentik/api';
import { derivedKind } from '../../clients/authentik/resources/derivedKinds';
import { AUTHENTIK_KINDS, AUTHENTIK_KIND_NAMES, AuthentikKind } from '../../clients/authentik/resources/kinds';
import { derivedTerraformOf } from '../../clients/authentik/resources/terraformTable';
import { listStages } from '../../clients/authentik/stages';
import { CodeResource } from '../../editing/exportCode';
import { JsonObject } from '../../editing/kind';
import { authentikCode, derivedCode } from '../../views/authentik/kinds/code';
import { ExportContents } from './exportFile';
import { sortedResources } from './honeycombEnvironment';
import { RequestPool } from './requestPool';

/**
 * Everything of one authentik instance the provider has a resource for, every page of each list,
 * as code: the 13 hand-tuned kinds; the providers, stages, property mappings, sources and
 * policies of each type (read from their polymorphic list, then each object from its own typed
 * path, which has every field); roles, groups, users and policy bindings as listed. An
 * application's provider, a binding's stage, a provider's or source's flows, certificates and
 * property mappings, a user's groups and roles, a group's parents, a policy binding's policy,
 * group or user are then references to the exported resources. An object the provider cannot
 * manage (a type it has no resource for, the built-in source, an outpost's service account) is
 * named in the file's header, never dropped silently.
 */
export interface AuthentikExportScope {
  /** `authentik “Acme SSO” (https://auth.acme.example)` */
  title: string;
  /** Only these kinds, polymorphic lists and plain lists (a folder's), or every one. */
  kinds?: readonly AuthentikKind[];
  families?: readonly DerivedFamily[];
  lists?: readonly DerivedListKind[];
}

export type DerivedFamily = 'propertyMapping' | 'provider' | 'stage' | 'source' | 'policy';

/** Kinds of the generated table with a list of their own (not polymorphic), exported as listed. */
export type DerivedListKind = 'Role' | 'Group' | 'User' | 'PolicyBinding';

/** Kinds other kinds refer to come first: flows before bindings, applications before entitlements. */
const ORDER: readonly AuthentikKind[] = [
  'certificateKeyPair',
  'flow',
  'brand',
  'application',
  'applicationEntitlement',
  'flowStageBinding',
  'eventTransport',
  'eventRule',
  'connectorAgent',
  'enrollmentToken',
];

/** The plain lists, in the order their objects come in the file (roles before the groups naming them, groups before users). */
const LISTS: ReadonlyArray<[DerivedListKind, string]> = [
  ['Role', 'roles'],
  ['Group', 'groups'],
  ['User', 'users'],
  ['PolicyBinding', 'policy bindings'],
];

/**
 * Membership is written once, on the user (`groups`): a group's `users` naming the same users
 * would make each pair of resources refer to each other, a cycle Terraform refuses. The
 * provider's `users` of a group is optional and computed (it keeps what the server has).
 */
const LEFT_TO_THE_OTHER_SIDE: Partial<Record<DerivedListKind, readonly string[]>> = { Group: ['users'] };

/** The polymorphic lists, in the order their objects come in the file (mappings before the providers naming them). */
const FAMILIES: ReadonlyArray<[DerivedFamily, string, (client: AuthentikClient, options: ListOptions) => Promise<ListPage<unknown>>]> = [
  ['propertyMapping', 'property mappings', (client, options) => client.listPropertyMappings(options)],
  ['source', 'sources', (client, options) => client.listSources(options)],
  ['policy', 'policies', (client, options) => client.api.page('listPolicies', '/policies/all/' as ApiPath, { ...options, query: { ordering: 'name' } as never })],
  ['stage', 'stages', (client, options) => listStages(client.api, options)],
  ['provider', 'providers', (client, options) => client.listProviders(options)],
];

export async function readAuthentikInstance(
  client: AuthentikClient,
  scope: AuthentikExportScope,
  options: { signal?: AbortSignal; onProgress?: (progress: { done: number; total: number }) => void; concurrency?: number } = {},
): Promise<ExportContents & { requests: number }> {
  const pool = new RequestPool('authentik', options.concurrency ?? 2, options.signal, options.onProgress);
  const kinds = AUTHENTIK_KIND_NAMES.filter((k) => AUTHENTIK_KINDS[k].terraform && (!scope.kinds || scope.kinds.includes(k)));
  const ordered = [...kinds].sort((a, b) => rank(a) - rank(b));
  const families = FAMILIES.filter(([family]) => !scope.families || scope.families.includes(family));
  const lists = LISTS.filter(([kind]) => !scope.lists || scope.lists.includes(kind));
  const notWritten: string[] = [];
  const [derived, listed, byKind] = await Promise.all([
    Promise.all(families.map(([family, plural, list]) => readFamily(client, pool, family, plural, list, notWritten))),
    Promise.all(lists.map(([kind, plural]) => readList(client, pool, kind, plural, notWritten))),
    Promise.all(
      ordered.map(async (kind) => {
        const collection = await client.resources(kind);
        const items = await allPages((page) => pool.run((signal) => collection.list({ page, signal })));
        return sortedResources(items.flatMap((item) => authentikCode(kind, item as JsonObject)));
      }),
    ),
  ]);
  // Before the hand-tuned kinds: an application names its provider, a binding its stage.
  return { title: scope.title, resources: [...listed.flat(), ...derived.flat(), ...byKind.flat()], notWritten: notWritten.sort(), requests: pool.requests };
}

/**
 * One polymorphic list's objects as resources: each read from its typed path (the list has only
 * the common fields), grouped by type in the order of the resource types' names.
 */
async function readFamily(
  client: AuthentikClient,
  pool: RequestPool,
  family: DerivedFamily,
  plural: string,
  list: (client: AuthentikClient, options: ListOptions) => Promise<ListPage<unknown>>,
  notWritten: string[],
): Promise<CodeResource[]> {
  const items = (await allPages((page) => pool.run((signal) => list(client, { page, signal })))) as Array<{ pk: string | number; name?: string; meta_model_name?: string; component?: string }>;
  const without = new Map<string, string[]>();
  const read = await Promise.all(
    items.map(async (item) => {
      const kind = derivedKind(item.meta_model_name ?? '') ?? derivedKind(`${family}:${item.component ?? ''}`);
      if (family === 'source' && !item.component) {
        // The built-in source (`authentik_core.source`, an empty component): authentik makes it itself, it has no typed path.
        notWritten.push(`sources: “${item.name ?? String(item.pk)}”: authentik makes this built-in source itself; the provider cannot manage it.`);
        return [];
      }
      if (!kind || !derivedTerraformOf(kind.name)) {
        const type = kind?.spec.label ?? item.meta_model_name ?? item.component ?? 'an unknown type';
        without.set(type, [...(without.get(type) ?? []), item.name ?? String(item.pk)]);
        return [];
      }
      const collection = await client.objects(kind.spec);
      // A source is read by its slug, the others by their pk.
      const object = await pool.run((signal) => collection.retrieve(String((item as Record<string, unknown>)[kind.spec.idField] ?? item.pk), signal));
      return derivedCode(kind, object) ?? [];
    }),
  );
  for (const [type, names] of without) notWritten.push(`${plural}: ${names.map((n) => `“${n}”`).join(', ')} (${type}): the provider has no resource for this type.`);
  const resources = read.flat();
  const types = [...new Set(resources.map((r) => r.terraform.type))].sort();
  return types.flatMap((type) => sortedResources(resources.filter((r) => r.terraform.type === type)));
}

/**
 * One plain list's objects (roles, groups, users, policy bindings) as resources, each as listed:
 * the list has every field of the kind. Users authentik keeps for itself (an outpost's internal
 * service account, made and rotated by authentik) are named, not written.
 */
async function readList(client: AuthentikClient, pool: RequestPool, name: DerivedListKind, plural: string, notWritten: string[]): Promise<CodeResource[]> {
  const kind = derivedKind(name)!;
  const collection = await client.objects(kind.spec);
  const items = (await allPages((page) => pool.run((signal) => collection.list({ page, signal })))) as JsonObject[];
  const internal = items.filter((item) => item.type === 'internal_service_account');
  if (internal.length) notWritten.push(`${plural}: ${internal.map((u) => `“${String(u.username)}”`).join(', ')}: internal service accounts authentik makes and keeps itself for its outposts.`);
  const left = LEFT_TO_THE_OTHER_SIDE[name] ?? [];
  const written = items.filter((item) => !internal.includes(item)).map((item) => Object.fromEntries(Object.entries(item).filter(([field]) => !left.includes(field))));
  return sortedResources(written.flatMap((item) => derivedCode(kind, item) ?? []));
}

function rank(kind: AuthentikKind): number {
  const at = ORDER.indexOf(kind);
  return at < 0 ? ORDER.length : at;
}

/** Every page of a list, one request after the other (authentik says how many there are). */
async function allPages<T>(read: (page: number) => Promise<ListPage<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page: number | undefined = 1; page;) {
    const answer: ListPage<T> = await read(page);
    items.push(...answer.items);
    page = answer.next;
  }
  return items;
}
