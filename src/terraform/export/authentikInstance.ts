import type { AuthentikClient } from '../../clients/authentik';
import type { ListOptions, ListPage } from '../../clients/authentik/api';
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
 * as code: the 13 hand-tuned kinds, and the providers, stages and property mappings of each type
 * (read from their polymorphic list, then each object from its own typed path, which has every
 * field). An application's provider, a binding's stage, a provider's flows, certificates and
 * property mappings are then references to the exported resources. An object of a type the
 * provider has no resource for is named in the file's header, never dropped silently.
 */
export interface AuthentikExportScope {
  /** `authentik “Acme SSO” (https://auth.acme.example)` */
  title: string;
  /** Only these kinds and polymorphic lists (a folder's), or every one. */
  kinds?: readonly AuthentikKind[];
  families?: readonly DerivedFamily[];
}

export type DerivedFamily = 'propertyMapping' | 'provider' | 'stage';

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

/** The polymorphic lists, in the order their objects come in the file (mappings before the providers naming them). */
const FAMILIES: ReadonlyArray<[DerivedFamily, string, (client: AuthentikClient, options: ListOptions) => Promise<ListPage<unknown>>]> = [
  ['propertyMapping', 'property mappings', (client, options) => client.listPropertyMappings(options)],
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
  const notWritten: string[] = [];
  const [derived, byKind] = await Promise.all([
    Promise.all(families.map(([family, plural, list]) => readFamily(client, pool, family, plural, list, notWritten))),
    Promise.all(
      ordered.map(async (kind) => {
        const collection = await client.resources(kind);
        const items = await allPages((page) => pool.run((signal) => collection.list({ page, signal })));
        return sortedResources(items.flatMap((item) => authentikCode(kind, item as JsonObject)));
      }),
    ),
  ]);
  // Before the hand-tuned kinds: an application names its provider, a binding its stage.
  return { title: scope.title, resources: [...derived.flat(), ...byKind.flat()], notWritten: notWritten.sort(), requests: pool.requests };
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
      if (!kind || !derivedTerraformOf(kind.name)) {
        const type = kind?.spec.label ?? item.meta_model_name ?? item.component ?? 'an unknown type';
        without.set(type, [...(without.get(type) ?? []), item.name ?? String(item.pk)]);
        return [];
      }
      const collection = await client.objects(kind.spec);
      const object = await pool.run((signal) => collection.retrieve(String(item.pk), signal));
      return derivedCode(kind, object) ?? [];
    }),
  );
  for (const [type, names] of without) notWritten.push(`${plural}: ${names.map((n) => `“${n}”`).join(', ')} (${type}): the provider has no resource for this type.`);
  const resources = read.flat();
  const types = [...new Set(resources.map((r) => r.terraform.type))].sort();
  return types.flatMap((type) => sortedResources(resources.filter((r) => r.terraform.type === type)));
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
