import type { AuthentikClient } from '../../clients/authentik';
import type { ListPage } from '../../clients/authentik/api';
import { AUTHENTIK_KINDS, AUTHENTIK_KIND_NAMES, AuthentikKind } from '../../clients/authentik/resources/kinds';
import { listStages } from '../../clients/authentik/stages';
import { CodeResource } from '../../editing/exportCode';
import { JsonObject } from '../../editing/kind';
import { authentikCode, authentikKey } from '../../views/authentik/kinds/code';
import { lookupFor } from '../../views/authentik/snippets';
import { ExportContents } from './exportFile';
import { sortedResources } from './honeycombEnvironment';
import { RequestPool } from './requestPool';

/**
 * Everything of one authentik instance the editing manages (the kinds with a resource in the
 * goauthentik/authentik provider), every page of each list, as code. Stages are written as
 * `data "authentik_stage"` lookups by name, so a flow's bindings refer to their stage by
 * reference; the provider has a resource per stage type, which this export does not map yet.
 */
export interface AuthentikExportScope {
  /** `authentik “Acme SSO” (https://auth.acme.example)` */
  title: string;
  /** Only these kinds (a folder's), or every managed kind. */
  kinds?: readonly AuthentikKind[];
}

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

export async function readAuthentikInstance(
  client: AuthentikClient,
  scope: AuthentikExportScope,
  options: { signal?: AbortSignal; onProgress?: (progress: { done: number; total: number }) => void; concurrency?: number } = {},
): Promise<ExportContents & { requests: number }> {
  const pool = new RequestPool('authentik', options.concurrency ?? 2, options.signal, options.onProgress);
  const kinds = AUTHENTIK_KIND_NAMES.filter((k) => AUTHENTIK_KINDS[k].terraform && (!scope.kinds || scope.kinds.includes(k)));
  const ordered = [...kinds].sort((a, b) => rank(a) - rank(b));
  const notWritten: string[] = [];
  const byKind = await Promise.all(
    ordered.map(async (kind) => {
      const collection = await client.resources(kind);
      const items = await allPages((page) => pool.run((signal) => collection.list({ page, signal })));
      return sortedResources(items.flatMap((item) => authentikCode(kind, item as JsonObject)));
    }),
  );
  const stages: CodeResource[] = [];
  if (kinds.includes('flowStageBinding')) {
    const items = await allPages((page) => pool.run((signal) => listStages(client.api, { page, signal })));
    for (const stage of items as Array<{ pk: string; name: string }>) {
      const lookup = lookupFor({ kind: 'stage', lookup: stage.pk, id: stage.pk, name: stage.name });
      if ('none' in lookup) continue;
      stages.push({
        keys: [authentikKey('stage', 'pk', stage.pk)],
        terraform: { type: lookup.dataSource, data: true, name: stage.name, body: { attributes: lookup.args }, importId: { none: STAGE_NOTE } },
        pulumi: {
          module: 'authentik',
          packageName: '@pulumi/authentik',
          className: 'getStageOutput',
          data: true,
          name: stage.name,
          args: Object.fromEntries(lookup.args),
          importId: { none: STAGE_NOTE },
        },
      });
    }
    notWritten.push('stages: read here as data sources by name (the provider has a resource per stage type, which this export does not write yet).');
  }
  if (kinds.includes('application')) notWritten.push('providers: applications name theirs by id (the provider has a resource per provider type, which this export does not write yet).');
  return { title: scope.title, resources: [...sortedResources(stages), ...byKind.flat()], notWritten, requests: pool.requests };
}

const STAGE_NOTE = 'A stage, looked up by name: bindings refer to it; its settings stay as they are in authentik.';

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
