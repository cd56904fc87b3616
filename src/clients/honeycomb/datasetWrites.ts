import { ServiceError } from '../../core/errors';
import { writtenObject } from '../../core/writtenObject';
import { HoneycombApi } from './api';
import { datasetSegment } from './paths';
import type { ApiObject, DeleteOutcome } from './writes';

/**
 * Writes of datasets and their definitions, with the API's semantics (see writes.ts for the
 * shared ones: no write is retried, a DELETE answered 404 is "already gone"):
 * - a dataset is addressed by its slug; POST answers 201 with the new dataset, or 200 with an
 *   existing one of that name — which the Go client treats as an error, and so do we (the user
 *   asked for a new dataset and would otherwise "create" someone else's);
 * - a DELETE answers 202 (the deletion takes minutes) or 409 for a delete-protected dataset;
 * - definitions are read with GET and written with PATCH (only the definitions sent change).
 */
const datasetPath = (slug?: string) => (slug === undefined ? '/1/datasets' : `/1/datasets/${datasetSegment(slug)}`);

export const datasetWrites = {
  async get(api: HoneycombApi, slug: string, signal?: AbortSignal): Promise<ApiObject> {
    return api.expectObject<ApiObject>('getDataset', await api.v1({ operation: 'getDataset', path: datasetPath(slug), signal }));
  },
  async create(api: HoneycombApi, body: ApiObject, signal?: AbortSignal): Promise<ApiObject> {
    const operation = 'createDataset';
    const response = await api.v1Response({ operation, method: 'POST', path: datasetPath(), body, signal });
    if (response.status === 200) {
      throw new ServiceError({
        kind: 'badInput',
        service: 'Honeycomb',
        operation,
        status: 200,
        summary: `a dataset named ${JSON.stringify(body.name)} already exists in this environment: open it from the tree instead`,
      });
    }
    return writtenObject(response.status, response.data, { service: 'Honeycomb', operation, noun: 'dataset', idField: 'slug' });
  },
  async update(api: HoneycombApi, slug: string, body: ApiObject, signal?: AbortSignal): Promise<ApiObject> {
    const operation = 'updateDataset';
    const response = await api.v1Response({ operation, method: 'PUT', path: datasetPath(slug), body, idempotent: false, signal });
    return writtenObject(response.status, response.data, { service: 'Honeycomb', operation, noun: 'dataset' });
  },
  async remove(api: HoneycombApi, slug: string, signal?: AbortSignal): Promise<DeleteOutcome> {
    const operation = 'deleteDataset';
    const response = await api.v1Response({ operation, method: 'DELETE', path: datasetPath(slug), idempotent: false, acceptStatus: [404], signal });
    return response.status === 404 ? 'alreadyGone' : 'deleted';
  },
};

const definitionsPath = (slug: string) => `/1/dataset_definitions/${datasetSegment(slug)}`;

export const datasetDefinitionWrites = {
  async get(api: HoneycombApi, slug: string, signal?: AbortSignal): Promise<ApiObject> {
    return api.expectObject<ApiObject>('listDatasetDefinitions', await api.v1({ operation: 'listDatasetDefinitions', path: definitionsPath(slug), signal }));
  },
  async patch(api: HoneycombApi, slug: string, body: ApiObject, signal?: AbortSignal): Promise<ApiObject> {
    const operation = 'patchDatasetDefinitions';
    const response = await api.v1Response({ operation, method: 'PATCH', path: definitionsPath(slug), body, idempotent: false, signal });
    return writtenObject(response.status, response.data, { service: 'Honeycomb', operation, noun: 'dataset definitions' });
  },
};
