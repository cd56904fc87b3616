/** The ids of the dataset-level Honeycomb kinds, apart so tree nodes can name them without loading the kinds. */
export const DERIVED_COLUMN_KIND_ID = 'honeycomb.derivedColumn';
export const COLUMN_KIND_ID = 'honeycomb.column';
export const DATASET_KIND_ID = 'honeycomb.dataset';
export const DATASET_DEFINITIONS_KIND_ID = 'honeycomb.datasetDefinitions';
