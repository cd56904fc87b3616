import { pulumiResource, terraformResource } from '../../../editing/exportCode';
import { Address, EditableKind, JsonObject, KindBackend, Problem } from '../../../editing/kind';
import { datasetLocation } from './locations';

/**
 * A query annotation: the name and description that make a saved (immutable) query show up by
 * name. Its `query_id` is set when it is created and can never change afterwards.
 */
export const QUERY_ANNOTATION_KIND_ID = 'honeycomb.queryAnnotation';

const NO_IMPORT =
  'The honeycombio provider cannot import query annotations: applying this creates a new annotation\n' +
  'next to the existing one. Delete the old one in the editor afterwards, or keep it out of code.';

export interface QueryAnnotationKindParts {
  backend: KindBackend;
  schema: JsonObject;
  rules(document: JsonObject): Problem[];
}

export function queryAnnotationKind(parts: QueryAnnotationKindParts): EditableKind {
  return {
    id: QUERY_ANNOTATION_KIND_ID,
    noun: 'query annotation',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-query-annotation',
    addressKeys: ['env', 'dataset', 'id'],
    parentKeys: ['env', 'dataset'],
    writableFields: ['name', 'description', 'query_id'],
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
    code: {
      terraform: (object, address) =>
        terraformResource({ type: 'honeycombio_query_annotation', name: String(object.name ?? 'query'), body: { attributes: annotationArgs(object, address, 'terraform') }, importId: { none: NO_IMPORT } }),
      pulumi: (object, address) =>
        pulumiResource({
          module: 'honeycombio',
          packageName: '@pulumi/honeycombio',
          className: 'QueryAnnotation',
          name: String(object.name ?? 'query'),
          args: Object.fromEntries(annotationArgs(object, address, 'pulumi')),
          importId: { none: NO_IMPORT },
        }),
    },
  };
}

function annotationArgs(object: JsonObject, address: Address, language: 'terraform' | 'pulumi'): Array<[string, unknown]> {
  return [
    ['dataset', address.dataset],
    [language === 'terraform' ? 'query_id' : 'queryId', object.query_id],
    ['name', object.name],
    ['description', object.description || undefined],
  ];
}

/** Honeycomb keeps an annotation's query for good; changing it in the document is an error, not a silent no-op. */
function queryIdUnchanged(document: JsonObject, baseline: JsonObject | undefined): Problem[] {
  if (!baseline || baseline.query_id === undefined || document.query_id === baseline.query_id) return [];
  return [{ path: ['query_id'], message: `query_id cannot change once the annotation exists (it is ${JSON.stringify(baseline.query_id)}). Create a new annotation for another query.`, severity: 'error' }];
}
