import { ServiceError } from '../../core/errors';
import { HoneycombApi, SERVICE } from './api';
import { ENVIRONMENT_WIDE, datasetOrAll, datasetSegment, idSegment, listId, requireInput } from './paths';

/** A derived column ("calculated field" in the UI) as the API returns it. */
export interface ApiDerivedColumn {
  id?: string;
  alias: string;
  expression?: string;
  description?: string;
  created_at?: string;
  updated_at?: string;
}

/** The provider's Derived column record. */
export interface DerivedColumn {
  alias: string;
  /** Absent for an environment-wide derived column. */
  dataset?: string;
  description: string;
  expression: string;
  id: string;
}

export interface DerivedColumnItem extends DerivedColumn {
  createdAt: string;
  updatedAt: string;
  raw: ApiDerivedColumn;
}

export interface GetDerivedColumnsInput {
  /** Omitted: the environment-wide derived columns. */
  dataset?: string;
  /** Only aliases starting with this value. */
  startsWith?: string;
}

export interface GetDerivedColumnsOutput {
  dataset?: string;
  id: string;
  /**
   * CHOICE names: the aliases, as the data source documents ("names starting with the value"
   * filters aliases). The Terraform provider fills this attribute with derived-column IDs;
   * those are in `ids`, parallel to `names`, so both are at hand.
   */
  names: string[];
  /** The IDs of the same derived columns, in the same order (an addition to the provider's outputs). */
  ids: string[];
  startsWith?: string;
}

export function toDerivedColumn(dataset: string | undefined, raw: ApiDerivedColumn): DerivedColumnItem {
  return {
    alias: raw.alias,
    ...(dataset && dataset !== ENVIRONMENT_WIDE ? { dataset } : {}),
    description: raw.description ?? '',
    expression: raw.expression ?? '',
    id: raw.id ?? '',
    createdAt: raw.created_at ?? '',
    updatedAt: raw.updated_at ?? '',
    raw,
  };
}

/** Every derived column of a dataset (or of the environment, with no dataset), in one request. */
export async function listDerivedColumns(api: HoneycombApi, dataset: string | undefined, signal?: AbortSignal): Promise<DerivedColumnItem[]> {
  const slug = datasetOrAll(dataset);
  const body = await api.v1<ApiDerivedColumn[]>({ operation: 'getDerivedColumns', path: `/1/derived_columns/${datasetSegment(slug)}`, signal });
  return api.expectArray<ApiDerivedColumn>('getDerivedColumns', body).map((raw) => toDerivedColumn(dataset, raw));
}

/** One derived column by ID, for record panels. */
export async function getDerivedColumnById(api: HoneycombApi, dataset: string | undefined, id: string, signal?: AbortSignal): Promise<DerivedColumnItem> {
  const path = `/1/derived_columns/${datasetSegment(datasetOrAll(dataset))}/${idSegment(id)}`;
  const body = await api.v1<ApiDerivedColumn>({ operation: 'getDerivedColumn', path, signal });
  return toDerivedColumn(dataset, api.expectObject<ApiDerivedColumn>('getDerivedColumn', body));
}

/** Looks a derived column up by alias (`?alias=`), dataset-wide or environment-wide. */
export async function findDerivedColumn(api: HoneycombApi, alias: string, dataset: string | undefined, signal?: AbortSignal): Promise<DerivedColumnItem> {
  const body = await api.v1<ApiDerivedColumn | ApiDerivedColumn[]>({
    operation: 'getDerivedColumn',
    path: `/1/derived_columns/${datasetSegment(datasetOrAll(dataset))}`,
    query: { alias },
    signal,
  });
  // The documented answer is one object; tolerate a list and pick the alias.
  const raw = Array.isArray(body) ? api.expectArray<ApiDerivedColumn>('getDerivedColumn', body).find((d) => d.alias === alias) : api.expectObject<ApiDerivedColumn>('getDerivedColumn', body);
  if (!raw) {
    const where = dataset ? `dataset "${dataset}"` : 'the environment';
    throw new ServiceError({ kind: 'notFound', service: SERVICE, operation: 'getDerivedColumn', summary: `${where} has no derived column with alias "${alias}"` });
  }
  return toDerivedColumn(dataset, raw);
}

/** getDerivedColumn: by alias, in a dataset or (without `dataset`) environment-wide. */
export async function getDerivedColumn(api: HoneycombApi, input: { alias: string; dataset?: string }, signal?: AbortSignal): Promise<DerivedColumn> {
  const alias = requireInput('getDerivedColumn', 'alias', input?.alias);
  const { createdAt: _c, updatedAt: _u, raw: _r, ...record } = await findDerivedColumn(api, alias, input.dataset, signal);
  return record;
}

/** getDerivedColumns: aliases (and IDs) of a dataset's or the environment's derived columns. */
export async function getDerivedColumns(api: HoneycombApi, input: GetDerivedColumnsInput = {}, signal?: AbortSignal): Promise<GetDerivedColumnsOutput> {
  const kept = (await listDerivedColumns(api, input.dataset, signal)).filter((d) => input.startsWith === undefined || d.alias.startsWith(input.startsWith));
  const names = kept.map((d) => d.alias);
  return {
    ...(input.dataset !== undefined ? { dataset: input.dataset } : {}),
    id: listId(names),
    names,
    ids: kept.map((d) => d.id),
    ...(input.startsWith !== undefined ? { startsWith: input.startsWith } : {}),
  };
}
