import { EditableKind, JsonObject } from '../../../editing/kind';
import { DATASET_KIND_ID } from './datasetKindIds';
import { DatasetLevelKindParts } from './datasetKindParts';

export { DATASET_KIND_ID };

/**
 * A dataset as an editable kind, at `/1/datasets/{slug}`: its address is the environment and the
 * slug (`dataset`), which Honeycomb makes from the name when the dataset is created. The document
 * is the name (fixed once created: the PUT body `DatasetUpdatePayload` has none), description,
 * `expand_json_depth` and `settings.delete_protected`; a PUT sends them all ("omitting one will
 * have the effect of reverting the setting to the default"). A protected dataset cannot be
 * deleted: Delete… says so and offers to turn protection off through the plan (`deleteBlocked`).
 */
export const DATASET_FIELDS = ['name', 'description', 'expand_json_depth', 'settings'] as const;

/** What Honeycomb computes (`readOnly` in the API description's `Dataset`). */
export const DATASET_READ_ONLY_FIELDS = ['slug', 'regular_columns_count', 'last_written_at', 'created_at'] as const;

export function isDeleteProtected(object: JsonObject): boolean {
  const settings = object.settings;
  return !!settings && typeof settings === 'object' && (settings as JsonObject).delete_protected === true;
}

export function datasetKind(parts: DatasetLevelKindParts): EditableKind {
  return {
    id: DATASET_KIND_ID,
    noun: 'dataset',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-dataset',
    addressKeys: ['env', 'dataset'],
    parentKeys: ['env'],
    fieldOrder: DATASET_FIELDS,
    readOnlyFields: DATASET_READ_ONLY_FIELDS,
    updateStyle: 'replace',
    schema: parts.schema,
    rules: (document, baseline) => parts.rules(document, baseline),
    template: () => ({ name: 'new-dataset', description: '', expand_json_depth: 0 }),
    nameOf: (object) => (typeof object.name === 'string' ? object.name : ''),
    label: (address, object) => ({
      title: object && typeof object.name === 'string' ? `dataset “${object.name}”` : address.dataset ? `dataset ${address.dataset}` : 'a new dataset',
      location: `environment “${address.env}” (Honeycomb)`,
    }),
    deleteBlocked: (object) =>
      isDeleteProtected(object)
        ? {
            reason: 'It is delete-protected: Honeycomb refuses to delete it until protection is turned off.',
            action: 'Turn Protection Off…',
            change: (document) => ({ ...document, settings: { ...(document.settings as JsonObject | undefined), delete_protected: false } }),
          }
        : undefined,
    // Deleting a dataset deletes every event in it: always confirmed with the typed name.
    alwaysTypeNameToDelete: true,
    backend: parts.backend,
    code: {
      terraform: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './datasetCode')).datasetTerraform(object, address),
      pulumi: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './datasetCode')).datasetPulumi(object, address),
    },
  };
}
