/**
 * The rules of datasets, their columns and their definitions that the JSON schemas cannot say (the
 * schemas, from the API description's `Dataset`, `CreateColumn` and `DatasetDefinitions`, hold the
 * bounds: a dataset name 1–255 characters, description up to 1024, `expand_json_depth` 0–10; a
 * column name 1–255, description up to 255, its type one of five). Each is an error only where
 * Honeycomb certainly refuses (or cannot do what the document asks), and cites its source:
 * - "API": the paths and schemas of Honeycomb's API description;
 * - "Go client" / "provider": `client/` and `internal/provider/` of
 *   honeycombio/terraform-provider-honeycombio@bde0d12.
 */

export interface DatasetProblem {
  path: Array<string | number>;
  message: string;
  severity: 'error' | 'warning';
}

type Json = Record<string, unknown>;

/** `baseline` is the dataset as it was opened (undefined for a new one). */
export function datasetProblems(dataset: Json, baseline?: Json): DatasetProblem[] {
  const out: DatasetProblem[] = [];
  // API: the PUT body (DatasetUpdatePayload) has no name; provider: name RequiresReplace.
  if (baseline && typeof baseline.name === 'string' && dataset.name !== baseline.name) {
    out.push({ path: ['name'], severity: 'error', message: `a dataset cannot be renamed (it is ${JSON.stringify(baseline.name)}): the update takes its description, JSON depth and settings only` });
  }
  if (typeof dataset.name === 'string' && dataset.name.length > 0 && dataset.name.trim() === '')
    out.push({ path: ['name'], severity: 'error', message: 'a dataset needs a name that is not only spaces' });
  // Go client (DatasetSettings.DeleteProtected): "Cannot be set on creation"; the create body (DatasetCreationPayload) has no settings.
  if (!baseline && dataset.settings !== undefined) {
    out.push({ path: ['settings'], severity: 'warning', message: 'settings cannot be set when a dataset is created (Honeycomb ignores them): save again once it exists to change delete protection' });
  }
  return out;
}

/** `baseline` is the column as it was opened (undefined for a new one). */
export function columnProblems(column: Json, baseline?: Json): DatasetProblem[] {
  const out: DatasetProblem[] = [];
  // API: `Column` (the PUT body) marks key_name readOnly; provider: name RequiresReplace.
  if (baseline && typeof baseline.key_name === 'string' && column.key_name !== baseline.key_name) {
    out.push({ path: ['key_name'], severity: 'error', message: `a column cannot be renamed (it is ${JSON.stringify(baseline.key_name)}): create a column with the new name instead` });
  }
  // API: "Histogram is in beta and only works in your Metrics dataset"; the provider's ColumnTypes lack it.
  if (column.type === 'histogram' && baseline?.type !== 'histogram') {
    out.push({ path: ['type'], severity: 'warning', message: 'histogram columns only work in a metrics dataset (the type is in beta)' });
  }
  return out;
}

/**
 * Definitions: the name of each is a column or derived column of the dataset. `knownColumns`
 * undefined: they could not be listed, and names are not checked.
 */
export function datasetDefinitionProblems(definitions: Json, knownColumns?: ReadonlySet<string>): DatasetProblem[] {
  const out: DatasetProblem[] = [];
  for (const [field, value] of Object.entries(definitions)) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const name = (value as Json).name;
    if (typeof name !== 'string' || name === '') continue;
    if (knownColumns && !knownColumns.has(name)) out.push({ path: [field, 'name'], severity: 'warning', message: `there is no column or derived column ${name} in this dataset yet` });
  }
  return out;
}
