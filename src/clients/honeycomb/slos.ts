import { HoneycombApi } from './api';
import { DetailFilter, FilterModel, checkDetailFilters, matchesDetailFilters } from './detailFilter';
import { datasetOrAll, datasetSegment, idSegment, listId, requireInput } from './paths';

/** An SLO as `GET /1/slos/{dataset}[/{id}]` returns it. */
export interface ApiSlo {
  id?: string;
  name: string;
  description?: string;
  sli?: { alias?: string };
  time_period_days?: number;
  target_per_million?: number;
  tags?: Array<{ key: string; value: string }>;
  dataset_slugs?: string[];
  reset_at?: string | null;
  created_at?: string;
  updated_at?: string;
}

/** The provider's SLO record. */
export interface Slo {
  /** @deprecated Echo of the input `dataset` ("" when not given); use `datasets`. */
  dataset: string;
  datasets: string[];
  description: string;
  id: string;
  name: string;
  /** Alias of the derived column used as the SLI. */
  sli: string;
  tags: Record<string, string>;
  /** target_per_million / 10,000: 999000 → 99.9. */
  targetPercentage: number;
  /** Days. */
  timePeriod: number;
}

export interface SloItem extends Slo {
  createdAt: string;
  updatedAt: string;
  resetAt: string | null;
  raw: ApiSlo;
}

export interface GetSlosInput {
  /** Omitted: every single-dataset SLO of the environment (`__all__`). */
  dataset?: string;
  detailFilters?: DetailFilter[];
}

export interface GetSlosOutput {
  id: string;
  ids: string[];
  dataset?: string;
  detailFilters?: DetailFilter[];
}

export function toSlo(inputDataset: string | undefined, raw: ApiSlo): SloItem {
  const tags: Record<string, string> = {};
  for (const tag of raw.tags ?? []) {
    if (tag && typeof tag.key === 'string') tags[tag.key] = String(tag.value ?? '');
  }
  return {
    dataset: inputDataset ?? '',
    datasets: Array.isArray(raw.dataset_slugs) ? raw.dataset_slugs.map(String) : [],
    description: raw.description ?? '',
    id: raw.id ?? '',
    name: raw.name,
    sli: raw.sli?.alias ?? '',
    tags,
    // Integer per-million to a percentage; rounding keeps 989900 → 98.99, not 98.99000000000001.
    targetPercentage: Math.round((raw.target_per_million ?? 0) * 100) / 1_000_000,
    timePeriod: raw.time_period_days ?? 0,
    createdAt: raw.created_at ?? '',
    updatedAt: raw.updated_at ?? '',
    resetAt: raw.reset_at ?? null,
    raw,
  };
}

/** The fields detail filters may name, with the float CHOICE of detailFilter.ts. */
export function sloFilterModel(s: Slo): FilterModel {
  return {
    id: { kind: 'string', value: s.id },
    name: { kind: 'string', value: s.name },
    description: { kind: 'string', value: s.description },
    dataset: { kind: 'string', value: s.dataset },
    datasets: { kind: 'set', value: s.datasets },
    sli: { kind: 'string', value: s.sli },
    target_percentage: { kind: 'float', value: s.targetPercentage },
    time_period: { kind: 'integer', value: s.timePeriod },
    tags: { kind: 'tags', value: s.tags },
  };
}

/** Every SLO of a dataset, or of the environment with `__all__` / no dataset, in one request. */
export async function listSlos(api: HoneycombApi, dataset: string | undefined, signal?: AbortSignal): Promise<SloItem[]> {
  const body = await api.v1<ApiSlo[]>({ operation: 'getSlos', path: `/1/slos/${datasetSegment(datasetOrAll(dataset))}`, signal });
  return api.expectArray<ApiSlo>('getSlos', body).map((raw) => toSlo(dataset, raw));
}

/** One SLO with its details; `dataset` may be omitted (environment-wide lookup). */
export async function getSloItem(api: HoneycombApi, id: string, dataset: string | undefined, signal?: AbortSignal): Promise<SloItem> {
  const path = `/1/slos/${datasetSegment(datasetOrAll(dataset))}/${idSegment(id)}`;
  const body = await api.v1<ApiSlo>({ operation: 'getSlo', path, signal });
  return toSlo(dataset, api.expectObject<ApiSlo>('getSlo', body));
}

/** getSlo: by ID; `dataset` is deprecated and only narrows where the API looks. */
export async function getSlo(api: HoneycombApi, input: { id: string; dataset?: string }, signal?: AbortSignal): Promise<Slo> {
  const id = requireInput('getSlo', 'id', input?.id);
  const { createdAt: _c, updatedAt: _u, resetAt: _r, raw: _raw, ...record } = await getSloItem(api, id, input.dataset, signal);
  return record;
}

/**
 * getSlos: IDs of the SLOs of a dataset (or the environment) that pass the detail filters.
 * Multi-dataset SLOs are left out, as the seed says they are unsupported here; the tree still
 * lists them (marked "multi-dataset"), since they exist.
 */
export async function getSlos(api: HoneycombApi, input: GetSlosInput = {}, signal?: AbortSignal): Promise<GetSlosOutput> {
  const filters = input.detailFilters ?? [];
  checkDetailFilters('getSlos', filters);
  const ids = (await listSlos(api, input.dataset, signal))
    .filter((s) => !isMultiDataset(s))
    .filter((s) => matchesDetailFilters(sloFilterModel(s), filters))
    .map((s) => s.id);
  return {
    id: listId(ids),
    ids,
    ...(input.dataset !== undefined ? { dataset: input.dataset } : {}),
    ...(input.detailFilters !== undefined ? { detailFilters: input.detailFilters } : {}),
  };
}

/** An SLO evaluated over more than one dataset (created with `dataset_slugs` on `__all__`). */
export function isMultiDataset(slo: SloItem): boolean {
  return slo.datasets.length > 1;
}
