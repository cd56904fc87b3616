import type { HoneycombApi } from '../../clients/honeycomb/api';
import { listBurnAlerts } from '../../clients/honeycomb/burnAlerts';
import { datasetDefinitionWrites } from '../../clients/honeycomb/datasetWrites';
import { boardViewWrites, boardWrites } from '../../clients/honeycomb/boardWrites';
import { ENVIRONMENT_WIDE } from '../../clients/honeycomb/paths';
import { ApiObject, burnAlertWrites, columnWrites, derivedColumnWrites, markerSettingWrites, queryAnnotationWrites, sloWrites, triggerWrites } from '../../clients/honeycomb/writes';
import { CodeResource } from '../../editing/exportCode';
import { Address } from '../../editing/kind';
import { annotationCode } from '../../views/honeycomb/kinds/annotationCode';
import { boardResources } from '../../views/honeycomb/kinds/boardCode';
import { columnCode, datasetCode, datasetDefinitionsCode, derivedColumnCode } from '../../views/honeycomb/kinds/datasetCode';
import { markerSettingCode } from '../../views/honeycomb/kinds/markerCode';
import { recipientCode } from '../../views/honeycomb/kinds/recipientCode';
import { burnAlertCode, sloCode } from '../../views/honeycomb/kinds/sloCode';
import { triggerCode } from '../../views/honeycomb/kinds/triggerCode';
import { ExportContents } from './exportFile';
import { RequestPool } from './requestPool';

/**
 * Everything of one Honeycomb environment as code, read with list requests (one per kind and
 * dataset, not one per object) through a small pool, so an environment of a thousand objects
 * costs a few dozen requests; the client waits out a 429 as Honeycomb's `RateLimit` header says.
 * Burn alerts are the exception: Honeycomb lists them without their recipients, so each is read.
 */

export interface HoneycombExportScope {
  /** `Honeycomb environment “Production” (production)` */
  title: string;
  env: string;
  /** Only these kinds (a folder's), or all of them. */
  kinds?: readonly HoneycombExportKind[];
  /** Only this dataset's objects (a dataset's folder), or the whole environment. */
  dataset?: string;
}

/** In the file's order: an object a reference names comes before the objects naming it. */
export const HONEYCOMB_EXPORT_KINDS = [
  'dataset',
  'column',
  'derivedColumn',
  'recipient',
  'slo',
  'burnAlert',
  'trigger',
  'queryAnnotation',
  'board',
  'boardView',
  'markerSetting',
  'datasetDefinition',
  'marker',
] as const;
export type HoneycombExportKind = (typeof HONEYCOMB_EXPORT_KINDS)[number];

export interface ExportProgress {
  /** Requests answered so far, and those known to be needed (grows as lists come back). */
  done: number;
  total: number;
}

export async function readHoneycombEnvironment(
  api: HoneycombApi,
  scope: HoneycombExportScope,
  options: { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void; concurrency?: number } = {},
): Promise<ExportContents & { requests: number }> {
  const pool = new RequestPool('Honeycomb', options.concurrency ?? 2, options.signal, options.onProgress);
  const wanted = (kind: HoneycombExportKind) => !scope.kinds || scope.kinds.includes(kind);
  const out = new Map<HoneycombExportKind, CodeResource[]>(HONEYCOMB_EXPORT_KINDS.map((k) => [k, []]));
  const add = (kind: HoneycombExportKind, resources: CodeResource[]): void => void out.get(kind)!.push(...resources);
  const notWritten: string[] = [];
  const at = (extra: Address): Address => ({ env: scope.env, ...extra });

  const allDatasets = await pool.run(async (s) => api.expectArray<ApiObject>('getDatasets', await api.v1({ operation: 'getDatasets', path: '/1/datasets', signal: s })));
  const datasets = allDatasets.filter((d) => typeof d.slug === 'string' && (!scope.dataset || d.slug === scope.dataset));
  const slugs = datasets.map((d) => String(d.slug));
  const everywhere = scope.dataset ? [scope.dataset] : [ENVIRONMENT_WIDE, ...slugs];
  const tasks: Array<Promise<void>> = [];
  const each = (kind: HoneycombExportKind, where: string[], read: (dataset: string, signal: AbortSignal) => Promise<void>) => {
    if (wanted(kind)) for (const dataset of where) tasks.push(pool.run((s) => read(dataset, s)));
  };

  if (wanted('dataset')) for (const d of datasets) add('dataset', datasetCode(d, at({ dataset: String(d.slug) })));
  each('column', slugs, async (dataset, s) => {
    for (const c of await columnWrites.list(api, dataset, s)) add('column', columnCode(c, at({ dataset, id: String(c.id) })));
  });
  each('derivedColumn', everywhere, async (dataset, s) => {
    for (const d of await derivedColumnWrites.list(api, dataset, s)) add('derivedColumn', derivedColumnCode(d, at({ dataset, id: String(d.id) })));
  });
  each('queryAnnotation', slugs, async (dataset, s) => {
    for (const a of await queryAnnotationWrites.list(api, dataset, s)) add('queryAnnotation', annotationCode(a, at({ dataset, id: String(a.id) })));
  });
  each('markerSetting', everywhere, async (dataset, s) => {
    for (const m of await markerSettingWrites.list(api, dataset, s)) add('markerSetting', markerSettingCode(m, at({ dataset, id: String(m.id) })));
  });
  each('datasetDefinition', slugs, async (dataset, s) => {
    add('datasetDefinition', datasetDefinitionsCode(await datasetDefinitionWrites.get(api, dataset, s), at({ dataset })));
  });
  // One environment-wide list holds every trigger and SLO, each saying its dataset.
  each('trigger', [scope.dataset ?? ENVIRONMENT_WIDE], async (dataset, s) => {
    for (const t of await triggerWrites.list(api, dataset, s)) add('trigger', triggerCode(t, at({ dataset: typeof t.dataset_slug === 'string' ? t.dataset_slug : dataset, id: String(t.id) })));
  });
  if (wanted('slo') || wanted('burnAlert')) {
    tasks.push(
      pool.run(async (s) => {
        for (const slo of await sloWrites.list(api, scope.dataset ?? ENVIRONMENT_WIDE, s)) {
          const address = at({ dataset: sloDataset(slo), id: String(slo.id) });
          if (wanted('slo')) add('slo', sloCode(slo, address));
          if (wanted('burnAlert')) tasks.push(readBurnAlerts(api, pool, address, tasks, (r) => add('burnAlert', r)));
        }
      }),
    );
  }
  if (wanted('recipient') && !scope.dataset) {
    tasks.push(
      pool.run(async (s) => {
        for (const r of api.expectArray<ApiObject>('getRecipients', await api.v1({ operation: 'getRecipients', path: '/1/recipients', signal: s }))) {
          try {
            add('recipient', recipientCode(r, at({ id: String(r.id) })));
          } catch (error) {
            notWritten.push(`recipient ${String(r.id)}: ${(error as Error).message}`);
          }
        }
      }),
    );
  }
  if ((wanted('board') || wanted('boardView')) && !scope.dataset) {
    tasks.push(
      pool.run(async (s) => {
        for (const board of await boardWrites.list(api, s)) {
          const id = String(board.id);
          if (wanted('board')) add('board', boardResources('board', board, at({ id })));
          if (wanted('boardView'))
            tasks.push(
              pool.run(async (s2) => {
                for (const view of await boardViewWrites.list(api, id, s2)) add('boardView', boardResources('view', view, at({ board: id, id: String(view.id) })));
              }),
            );
        }
      }),
    );
  }
  if (wanted('marker')) {
    notWritten.push(
      'markers: they are events, not configuration — the provider can only create new ones, never import, update or delete one (resource_marker.go), so exporting them would duplicate each on apply.',
    );
  }
  // Tasks add tasks (burn alerts per SLO, views per board): wait until none is left.
  for (let settled = 0; settled < tasks.length;) {
    const batch = tasks.slice(settled);
    settled += batch.length;
    await Promise.all(batch);
  }
  // Answers arrive in any order: each kind's resources sorted by type and identity, so the file is the same every time.
  const resources = HONEYCOMB_EXPORT_KINDS.flatMap((k) => sortedResources(out.get(k)!));
  return { title: scope.title, resources, notWritten, requests: pool.requests };
}

export function sortedResources(resources: CodeResource[]): CodeResource[] {
  const key = (r: CodeResource) => `${r.terraform.type}\u0000${r.keys[0] ?? ''}`;
  return [...resources].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Where the provider and our addresses place an SLO: its one dataset, else environment-wide. */
function sloDataset(slo: ApiObject): string {
  const slugs = Array.isArray(slo.dataset_slugs) ? slo.dataset_slugs : [];
  return slugs.length === 1 ? String(slugs[0]) : ENVIRONMENT_WIDE;
}

/** The SLO's burn alerts: one list, then each alert on its own request (a slot each, never one held while waiting for another). */
async function readBurnAlerts(api: HoneycombApi, pool: RequestPool, slo: Address, tasks: Array<Promise<void>>, add: (resources: CodeResource[]) => void): Promise<void> {
  const items = await pool.run((s) => listBurnAlerts(api, slo.dataset, slo.id, s));
  for (const item of items) {
    tasks.push(
      pool.run(async (s) => {
        const alert = await burnAlertWrites.get(api, slo.dataset, item.id, s);
        add(burnAlertCode(alert, { env: slo.env, dataset: slo.dataset, slo: slo.id, id: item.id }));
      }),
    );
  }
}
