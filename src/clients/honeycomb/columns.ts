import { ServiceError, badInput } from '../../core/errors';
import { HoneycombApi, SERVICE } from './api';
import { datasetSegment, idSegment, listId, requireInput } from './paths';

/** A column as `GET /1/columns/{dataset}[/{id}]` returns it. */
export interface ApiColumn {
  id?: string;
  key_name: string;
  type?: string;
  description?: string;
  hidden?: boolean | null;
  /** Note: `last_written`, not `last_written_at`. */
  last_written?: string | null;
  created_at?: string;
  updated_at?: string;
}

/** `string`, `integer`, `float`, `boolean`; the API also knows `histogram` (metrics datasets). */
export type ColumnType = 'string' | 'integer' | 'float' | 'boolean' | 'histogram';

/** The provider's Column record. */
export interface Column {
  createdAt: string;
  dataset: string;
  description: string;
  hidden: boolean;
  id: string;
  lastWrittenAt: string;
  name: string;
  type: ColumnType | string; // eslint-disable-line @typescript-eslint/no-redundant-type-constituents -- names the known types; a new one passes through
  updatedAt: string;
}

export interface ColumnItem extends Column {
  raw: ApiColumn;
}

export interface GetColumnInput {
  dataset: string;
  name: string;
  /** When given, the column is fetched by ID and must carry `name`. */
  id?: string;
}

export interface GetColumnsInput {
  dataset: string;
  /** The result's identifier is computed; an `id` input is accepted and not used to select. */
  id?: string;
  /** Only names starting with this value. */
  startsWith?: string;
}

export interface GetColumnsOutput {
  dataset: string;
  id: string;
  names: string[];
  startsWith?: string;
}

export function toColumn(dataset: string, raw: ApiColumn): ColumnItem {
  return {
    createdAt: raw.created_at ?? '',
    dataset,
    description: raw.description ?? '',
    // The API may send null; the provider reads it as false.
    hidden: raw.hidden === true,
    id: raw.id ?? '',
    lastWrittenAt: raw.last_written ?? '',
    name: raw.key_name,
    type: raw.type ?? 'string',
    updatedAt: raw.updated_at ?? '',
    raw,
  };
}

/** Every column of a dataset with all its details, in one request. */
export async function listColumns(api: HoneycombApi, dataset: string, signal?: AbortSignal): Promise<ColumnItem[]> {
  const body = await api.v1<ApiColumn[]>({ operation: 'getColumns', path: `/1/columns/${datasetSegment(dataset)}`, signal });
  return api.expectArray<ApiColumn>('getColumns', body).map((raw) => toColumn(dataset, raw));
}

/** One column by ID (`GET /1/columns/{dataset}/{id}`), for record panels. */
export async function getColumnById(api: HoneycombApi, dataset: string, id: string, signal?: AbortSignal): Promise<ColumnItem> {
  const body = await api.v1<ApiColumn>({ operation: 'getColumn', path: `/1/columns/${datasetSegment(dataset)}/${idSegment(id)}`, signal });
  return toColumn(dataset, api.expectObject<ApiColumn>('getColumn', body));
}

/** getColumn: by name with `?key_name=` (one object back), or by ID when `id` is given. */
export async function getColumn(api: HoneycombApi, input: GetColumnInput, signal?: AbortSignal): Promise<Column> {
  const dataset = requireInput('getColumn', 'dataset', input?.dataset);
  const name = requireInput('getColumn', 'name', input?.name);
  let column: ColumnItem;
  if (input.id) {
    column = await getColumnById(api, dataset, input.id, signal);
    if (column.name !== name) {
      throw badInput(SERVICE, 'getColumn', `column ${input.id} of dataset "${dataset}" is named "${column.name}", not "${name}"`);
    }
  } else {
    const body = await api.v1<ApiColumn | ApiColumn[]>({
      operation: 'getColumn',
      path: `/1/columns/${datasetSegment(dataset)}`,
      query: { key_name: name },
      signal,
    });
    // The documented answer is one object; tolerate a list and pick the column by name.
    const raw = Array.isArray(body) ? api.expectArray<ApiColumn>('getColumn', body).find((c) => c.key_name === name) : api.expectObject<ApiColumn>('getColumn', body);
    if (!raw) {
      throw new ServiceError({ kind: 'notFound', service: SERVICE, operation: 'getColumn', summary: `dataset "${dataset}" has no column named "${name}"` });
    }
    column = toColumn(dataset, raw);
  }
  const { raw: _raw, ...record } = column;
  return record;
}

/** getColumns: the names of a dataset's columns, optionally only those starting with `startsWith`. */
export async function getColumns(api: HoneycombApi, input: GetColumnsInput, signal?: AbortSignal): Promise<GetColumnsOutput> {
  const dataset = requireInput('getColumns', 'dataset', input?.dataset);
  const columns = await listColumns(api, dataset, signal);
  const names = columns.map((c) => c.name).filter((n) => input.startsWith === undefined || n.startsWith(input.startsWith));
  return {
    dataset,
    id: listId(names),
    names,
    ...(input.startsWith !== undefined ? { startsWith: input.startsWith } : {}),
  };
}
