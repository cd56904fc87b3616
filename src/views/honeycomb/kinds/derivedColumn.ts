import { EditableKind } from '../../../editing/kind';
import { DERIVED_COLUMN_KIND_ID } from './datasetKindIds';
import { DatasetLevelKindParts } from './datasetKindParts';
import { datasetLocation } from './locations';

export { DERIVED_COLUMN_KIND_ID };

/**
 * A derived column ("calculated field") as an editable kind, at `/1/derived_columns/{dataset}/{id}`,
 * or `__all__` for an environment-wide one. The document is alias, expression and description; a
 * PUT sends them all, as the Go client does. Renaming the alias breaks what uses it by name, so
 * such a save lists the SLOs and triggers that do (`breaksReferences`, `backend.usedBy`).
 */
export const DERIVED_COLUMN_FIELDS = ['alias', 'expression', 'description'] as const;

/** What Honeycomb computes (`readOnly` in the API description's `CalculatedField`). */
export const DERIVED_COLUMN_READ_ONLY_FIELDS = ['id', 'created_at', 'updated_at'] as const;

export function derivedColumnKind(parts: DatasetLevelKindParts): EditableKind {
  return {
    id: DERIVED_COLUMN_KIND_ID,
    noun: 'derived column',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-derived-column',
    addressKeys: ['env', 'dataset', 'id'],
    parentKeys: ['env', 'dataset'],
    fieldOrder: DERIVED_COLUMN_FIELDS,
    readOnlyFields: DERIVED_COLUMN_READ_ONLY_FIELDS,
    updateStyle: 'replace',
    schema: parts.schema,
    rules: (document, baseline, address) => parts.rules(document, baseline, address),
    template: () => ({ alias: 'new_derived_column', expression: 'IF(EXISTS($error), 1, 0)', description: '' }),
    nameOf: (object) => (typeof object.alias === 'string' ? object.alias : ''),
    label: (address, object) => ({
      title: object && typeof object.alias === 'string' ? `derived column ${object.alias}` : address.id ? `derived column ${address.id}` : 'a new derived column',
      location: datasetLocation(address),
    }),
    breaksReferences: (current, body) => typeof current.alias === 'string' && body.alias !== current.alias,
    backend: parts.backend,
    code: {
      terraform: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './datasetCode')).derivedColumnTerraform(object, address),
      pulumi: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './datasetCode')).derivedColumnPulumi(object, address),
    },
  };
}
