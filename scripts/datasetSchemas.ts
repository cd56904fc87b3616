import type { KindSchemaSpec } from './generate-schemas';

type Schema = Record<string, unknown>;

/**
 * The documents of datasets and what lives in them:
 * - a derived column: the API's `CalculatedField` (alias, expression, description);
 * - a column: the create body `CreateColumn` — the PUT body `Column` is the same less `key_name`,
 *   which the document keeps (fixed once created, datasetRules.ts says so in words);
 * - a dataset: the API's `Dataset` (name, description, settings, expand_json_depth);
 * - dataset definitions: `DatasetDefinitions`, whose entries the server answers with their
 *   `column_type` (read-only in the document, "Honeycomb does not use this field when updating"):
 *   kept as a known field so opening a document finds nothing unknown in it.
 */
export const DATASET_SCHEMAS: KindSchemaSpec[] = [
  { file: 'honeycomb-derived-column', document: 'honeycomb.openapi.yaml', component: 'CalculatedField', title: 'Honeycomb derived column' },
  { file: 'honeycomb-column', document: 'honeycomb.openapi.yaml', component: 'CreateColumn', title: 'Honeycomb column' },
  { file: 'honeycomb-dataset', document: 'honeycomb.openapi.yaml', component: 'Dataset', title: 'Honeycomb dataset' },
  {
    file: 'honeycomb-dataset-definitions',
    document: 'honeycomb.openapi.yaml',
    component: 'DatasetDefinitions',
    title: 'Honeycomb dataset definitions',
    adjust: (schema) => {
      for (const definition of Object.values(schema.properties as Record<string, Schema>)) {
        (definition.properties as Record<string, Schema>).column_type = {
          type: 'string',
          enum: ['column', 'derived_column'],
          description: 'Whether the name is a column or a derived column, as Honeycomb answers it; Honeycomb does not use it when updating.',
        };
      }
    },
  },
];
