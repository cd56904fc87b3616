import { ServiceError } from '../../core/errors';
import { writtenObject } from '../../core/writtenObject';
import { HoneycombApi } from './api';
import { datasetSegment, idSegment } from './paths';

/**
 * Writes of Honeycomb's managed objects, with the API's semantics:
 * - PUT replaces the object: the caller passes the whole writable object, and exactly that is
 *   sent (a field left out is reset by Honeycomb);
 * - no write is retried automatically: POST never is, and PUT and DELETE are marked
 *   non-idempotent here, because after an unanswered write only the user can decide whether
 *   to send it again (the error then says the outcome is unknown);
 * - a DELETE answered 404 is "already gone", not an error.
 * Objects come back as the API answers them (snake_case): the editor's documents hold exactly
 * those fields.
 */
export type ApiObject = Record<string, unknown>;

export type DeleteOutcome = 'deleted' | 'alreadyGone';

/** A managed collection at `/1/<collection>/{dataset}` with items at `…/{id}`. */
function collection(name: string, singular: string, noun: string) {
  const path = (dataset: string, id?: string) => `/1/${name}/${datasetSegment(dataset)}${id === undefined ? '' : `/${idSegment(id)}`}`;
  return {
    async list(api: HoneycombApi, dataset: string, signal?: AbortSignal): Promise<ApiObject[]> {
      const operation = `get${singular}s`;
      return api.expectArray<ApiObject>(operation, await api.v1({ operation, path: path(dataset), signal }));
    },
    async get(api: HoneycombApi, dataset: string, id: string, signal?: AbortSignal): Promise<ApiObject> {
      const operation = `get${singular}`;
      return api.expectObject<ApiObject>(operation, await api.v1({ operation, path: path(dataset, id), signal }));
    },
    async create(api: HoneycombApi, dataset: string, body: ApiObject, signal?: AbortSignal): Promise<ApiObject> {
      const operation = `create${singular}`;
      // The new object must come back with its id: without it the object cannot be found again.
      const response = await api.v1Response({ operation, method: 'POST', path: path(dataset), body, signal });
      return writtenObject(response.status, response.data, { service: 'Honeycomb', operation, noun, idField: 'id' });
    },
    async update(api: HoneycombApi, dataset: string, id: string, body: ApiObject, signal?: AbortSignal): Promise<ApiObject> {
      const operation = `update${singular}`;
      const response = await api.v1Response({ operation, method: 'PUT', path: path(dataset, id), body, idempotent: false, signal });
      return writtenObject(response.status, response.data, { service: 'Honeycomb', operation, noun });
    },
    async remove(api: HoneycombApi, dataset: string, id: string, signal?: AbortSignal): Promise<DeleteOutcome> {
      const operation = `delete${singular}`;
      const response = await api.v1Response({ operation, method: 'DELETE', path: path(dataset, id), idempotent: false, acceptStatus: [404], signal });
      return response.status === 404 ? 'alreadyGone' : 'deleted';
    },
  };
}

export const triggerWrites = collection('triggers', 'Trigger', 'trigger');
export const queryAnnotationWrites = collection('query_annotations', 'QueryAnnotation', 'query annotation');
export const sloWrites = collection('slos', 'Slo', 'SLO');
export const burnAlertWrites = collection('burn_alerts', 'BurnAlert', 'burn alert');
/** The API has no GET of one marker or marker setting: markers.ts reads them from the list. */
export const markerWrites = collection('markers', 'Marker', 'marker');
export const markerSettingWrites = collection('marker_settings', 'MarkerSetting', 'marker setting');
export const derivedColumnWrites = collection('derived_columns', 'DerivedColumn', 'derived column');
export const columnWrites = collection('columns', 'Column', 'column');

/** Saves a query (queries are immutable: "editing" one means saving a new one). Answers its id. */
export async function createQuery(api: HoneycombApi, dataset: string, query: ApiObject, signal?: AbortSignal): Promise<ApiObject & { id: string }> {
  const body = api.expectObject<ApiObject>('createQuery', await api.v1({ operation: 'createQuery', method: 'POST', path: `/1/queries/${datasetSegment(dataset)}`, body: query, signal }));
  if (typeof body.id !== 'string' || body.id === '') {
    throw new ServiceError({ kind: 'invalidResponse', service: 'Honeycomb', operation: 'createQuery', summary: 'the saved query came back without an id' });
  }
  return body as ApiObject & { id: string };
}

/** A query annotation as the tree lists it: the saved query's name and which query it names. */
export interface QueryAnnotationItem {
  id: string;
  name: string;
  description: string;
  queryId: string;
}

export async function listQueryAnnotations(api: HoneycombApi, dataset: string, signal?: AbortSignal): Promise<QueryAnnotationItem[]> {
  const items = await queryAnnotationWrites.list(api, dataset, signal);
  return items
    .filter((a) => typeof a.id === 'string')
    .map((a) => ({
      id: String(a.id),
      name: typeof a.name === 'string' ? a.name : '',
      description: typeof a.description === 'string' ? a.description : '',
      queryId: typeof a.query_id === 'string' ? a.query_id : '',
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
