import { EditableKind } from '../../../editing/kind';
import { DATASET_DEFINITIONS_KIND_ID } from './datasetKindIds';
import { DatasetLevelKindParts } from './datasetKindParts';
import { datasetLocation } from './locations';

export { DATASET_DEFINITIONS_KIND_ID };

/**
 * A dataset's definitions (which column is the trace id, the duration, the service name…) as one
 * document, at `/1/dataset_definitions/{dataset}`. They always exist: there is no create or
 * delete, and a save is a PATCH of the changed definitions only ("Fields not defined in the
 * request are not modified on the server"). A definition is cleared by setting its `name` to ""
 * (the API description), so taking a field out of the document changes nothing.
 */
export const DATASET_DEFINITION_FIELDS = [
  'trace_id',
  'span_id',
  'parent_id',
  'name',
  'service_name',
  'duration_ms',
  'error',
  'status',
  'route',
  'user',
  'span_kind',
  'annotation_type',
  'link_trace_id',
  'link_span_id',
  'log_severity',
  'log_message',
] as const;

export function datasetDefinitionsKind(parts: DatasetLevelKindParts): EditableKind {
  return {
    id: DATASET_DEFINITIONS_KIND_ID,
    noun: 'dataset definitions',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-dataset-definitions',
    addressKeys: ['env', 'dataset'],
    parentKeys: ['env'],
    fieldOrder: DATASET_DEFINITION_FIELDS,
    readOnlyFields: [],
    updateStyle: 'patch',
    schema: parts.schema,
    rules: (document, baseline, address) => parts.rules(document, baseline, address),
    template: () => ({}),
    nameOf: () => 'definitions',
    label: (address) => ({ title: `the definitions of dataset “${address.dataset}”`, location: datasetLocation(address) }),
    backend: parts.backend,
    code: {
      terraform: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './datasetCode')).datasetDefinitionsTerraform(object, address),
      pulumi: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './datasetCode')).datasetDefinitionsPulumi(object, address),
    },
  };
}
