import { Address, EditableKind, JsonObject, KindBackend, Problem } from '../../../editing/kind';
import { QUERY_ANNOTATION_KIND_ID } from './ids';
import { datasetLocation } from './locations';

export { QUERY_ANNOTATION_KIND_ID };

/**
 * A query annotation: the name and description that make a saved (immutable) query show up by
 * name. Its `query_id` is set when it is created and can never change afterwards.
 */
export interface QueryAnnotationKindParts {
  backend: KindBackend;
  schema(): Promise<JsonObject>;
  rules(document: JsonObject): Problem[];
  /** Asks which query the new annotation names (the editor side supplies it). */
  prepareCreate?(parent: Address): Promise<Address | undefined>;
}

export function queryAnnotationKind(parts: QueryAnnotationKindParts): EditableKind {
  return {
    id: QUERY_ANNOTATION_KIND_ID,
    noun: 'query annotation',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-query-annotation',
    addressKeys: ['env', 'dataset', 'id'],
    parentKeys: ['env', 'dataset'],
    // `source` ("query" or "board") is writable and sent back as it was (Honeycomb's Go client
    // sends it on every write); the API description marks id and the times read-only.
    fieldOrder: ['name', 'description', 'query_id', 'source'],
    readOnlyFields: ['id', 'created_at', 'updated_at'],
    updateStyle: 'replace',
    schema: parts.schema,
    rules: (document, baseline) => [...parts.rules(document), ...queryIdUnchanged(document, baseline)],
    // The query comes from the "New…" flow, which asks for it first (`queryId` in the parent).
    template: (parent) => ({ name: 'New saved query', description: '', query_id: parent.queryId ?? '' }),
    nameOf: (object) => (typeof object.name === 'string' ? object.name : ''),
    label: (address, object) => ({
      title: object && typeof object.name === 'string' && address.id ? `query annotation “${object.name}”` : address.id ? `query annotation ${address.id}` : 'a new query annotation',
      location: datasetLocation(address),
    }),
    backend: parts.backend,
    prepareCreate: parts.prepareCreate,
    // The code export loads with its first use (it is in a chunk of its own).
    code: {
      terraform: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './annotationCode')).annotationTerraform(object, address),
      pulumi: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './annotationCode')).annotationPulumi(object, address),
    },
  };
}

/** Honeycomb keeps an annotation's query for good; changing it in the document is an error, not a silent no-op. */
function queryIdUnchanged(document: JsonObject, baseline: JsonObject | undefined): Problem[] {
  if (!baseline || baseline.query_id === undefined || document.query_id === baseline.query_id) return [];
  return [
    { path: ['query_id'], message: `query_id cannot change once the annotation exists (it is ${JSON.stringify(baseline.query_id)}). Create a new annotation for another query.`, severity: 'error' },
  ];
}
