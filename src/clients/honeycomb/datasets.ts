import { badInput } from '../../core/errors';
import { HoneycombApi, SERVICE } from './api';
import { DetailFilter, FilterModel, checkDetailFilters, matchesDetailFilters } from './detailFilter';
import { datasetSegment, listId, requireInput } from './paths';

/** A dataset as `GET /1/datasets[/{slug}]` returns it. */
export interface ApiDataset {
  name: string;
  description?: string;
  slug?: string;
  expand_json_depth?: number;
  settings?: { delete_protected?: boolean };
  created_at?: string;
  last_written_at?: string | null;
  regular_columns_count?: number | null;
}

/** The provider's Dataset record: every field always present. */
export interface Dataset {
  createdAt: string;
  deleteProtected: boolean;
  description: string;
  expandJsonDepth: number;
  /** The slug, as the provider sets it. */
  id: string;
  /** ISO 8601; NEVER_WRITTEN for a dataset that never received data. */
  lastWrittenAt: string;
  name: string;
  slug: string;
}

/**
 * What "never written" looks like in a required time field: the provider decodes the API's
 * `null` into Go's zero time, so Terraform and Pulumi users see this exact value. We keep it
 * (it is ISO 8601 and compatible); views show "never written" instead.
 */
export const NEVER_WRITTEN = '0001-01-01T00:00:00Z';

/** A dataset for the views: the provider's record plus what the list answer carries besides. */
export interface DatasetItem extends Dataset {
  regularColumnsCount: number | null;
  raw: ApiDataset;
}

export interface GetDatasetsInput {
  detailFilters?: DetailFilter[];
  /** @deprecated Use a detail filter on `name` with operator `starts-with`. */
  startsWith?: string;
}

export interface GetDatasetsOutput {
  id: string;
  names: string[];
  slugs: string[];
  detailFilters?: DetailFilter[];
  startsWith?: string;
}

export function toDataset(raw: ApiDataset): DatasetItem {
  const slug = raw.slug ?? '';
  return {
    createdAt: raw.created_at ?? '',
    deleteProtected: raw.settings?.delete_protected === true,
    description: raw.description ?? '',
    expandJsonDepth: raw.expand_json_depth ?? 0,
    id: slug,
    lastWrittenAt: raw.last_written_at ?? NEVER_WRITTEN,
    name: raw.name,
    slug,
    regularColumnsCount: raw.regular_columns_count ?? null,
    raw,
  };
}

/** The fields detail filters may name. */
export function datasetFilterModel(d: Dataset): FilterModel {
  return {
    id: { kind: 'string', value: d.id },
    name: { kind: 'string', value: d.name },
    slug: { kind: 'string', value: d.slug },
    description: { kind: 'string', value: d.description },
    expand_json_depth: { kind: 'integer', value: d.expandJsonDepth },
    delete_protected: { kind: 'boolean', value: d.deleteProtected },
    created_at: { kind: 'string', value: d.createdAt },
    last_written_at: { kind: 'string', value: d.lastWrittenAt },
  };
}

/** Every dataset of the key's environment with all its details, in one request. */
export async function listDatasets(api: HoneycombApi, signal?: AbortSignal): Promise<DatasetItem[]> {
  const body = await api.v1<ApiDataset[]>({ operation: 'getDatasets', path: '/1/datasets', signal });
  return api.expectArray<ApiDataset>('getDatasets', body).map(toDataset);
}

/** One dataset with everything the API says about it, for record panels. */
export async function getDatasetItem(api: HoneycombApi, slug: string, signal?: AbortSignal): Promise<DatasetItem> {
  const body = await api.v1<ApiDataset>({ operation: 'getDataset', path: `/1/datasets/${datasetSegment(slug)}`, signal });
  return toDataset(api.expectObject<ApiDataset>('getDataset', body));
}

/** getDataset: `GET /1/datasets/{slug}`. */
export async function getDataset(api: HoneycombApi, input: { slug: string }, signal?: AbortSignal): Promise<Dataset> {
  const slug = requireInput('getDataset', 'slug', input?.slug);
  const { regularColumnsCount: _count, raw: _raw, ...dataset } = await getDatasetItem(api, slug, signal);
  return dataset;
}

/**
 * getDatasets: lists all and filters here, as the provider does. `startsWith` (deprecated) is a
 * prefix on the name and cannot be combined with detail filters.
 */
export async function getDatasets(api: HoneycombApi, input: GetDatasetsInput = {}, signal?: AbortSignal): Promise<GetDatasetsOutput> {
  const filters = input.detailFilters ?? [];
  checkDetailFilters('getDatasets', filters);
  if (input.startsWith !== undefined && filters.length > 0) {
    throw badInput(SERVICE, 'getDatasets', 'startsWith cannot be combined with detailFilters', 'Use a detail filter on "name" with operator "starts-with" instead.');
  }
  const all = await listDatasets(api, signal);
  const kept = all.filter((d) => (input.startsWith === undefined || d.name.startsWith(input.startsWith)) && matchesDetailFilters(datasetFilterModel(d), filters));
  const slugs = kept.map((d) => d.slug);
  return {
    id: listId(slugs),
    names: kept.map((d) => d.name),
    slugs,
    ...(input.detailFilters !== undefined ? { detailFilters: input.detailFilters } : {}),
    ...(input.startsWith !== undefined ? { startsWith: input.startsWith } : {}),
  };
}
