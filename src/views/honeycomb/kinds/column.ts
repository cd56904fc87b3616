import { EditableKind } from '../../../editing/kind';
import { COLUMN_KIND_ID } from './datasetKindIds';
import { DatasetLevelKindParts } from './datasetKindParts';
import { datasetLocation } from './locations';

export { COLUMN_KIND_ID };

/**
 * A column of a dataset as an editable kind, at `/1/columns/{dataset}/{id}`. The document is the
 * name (`key_name`, fixed once created: the API description's `Column` marks it read-only), type,
 * description and hidden flag; a PUT sends them all, name included, as the Go client does.
 */
export const COLUMN_FIELDS = ['key_name', 'type', 'description', 'hidden'] as const;

/** What Honeycomb computes (`readOnly` in the API description's `CreateColumn`). */
export const COLUMN_READ_ONLY_FIELDS = ['id', 'last_written', 'created_at', 'updated_at'] as const;

export function columnKind(parts: DatasetLevelKindParts): EditableKind {
  return {
    id: COLUMN_KIND_ID,
    noun: 'column',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-column',
    addressKeys: ['env', 'dataset', 'id'],
    parentKeys: ['env', 'dataset'],
    fieldOrder: COLUMN_FIELDS,
    readOnlyFields: COLUMN_READ_ONLY_FIELDS,
    updateStyle: 'replace',
    schema: parts.schema,
    rules: (document, baseline, address) => parts.rules(document, baseline, address),
    template: () => ({ key_name: 'new_column', type: 'string', description: '', hidden: false }),
    nameOf: (object) => (typeof object.key_name === 'string' ? object.key_name : ''),
    label: (address, object) => ({
      title: object && typeof object.key_name === 'string' ? `column ${object.key_name}` : address.id ? `column ${address.id}` : 'a new column',
      location: datasetLocation(address),
    }),
    backend: parts.backend,
    code: {
      terraform: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './datasetCode')).columnTerraform(object, address),
      pulumi: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './datasetCode')).columnPulumi(object, address),
    },
  };
}
