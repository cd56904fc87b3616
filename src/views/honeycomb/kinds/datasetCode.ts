import { ENVIRONMENT_WIDE } from '../../../clients/honeycomb/paths';
import { CodeResource, pulumiOf, terraformOf } from '../../../editing/exportCode';
import { Address, JsonObject } from '../../../editing/kind';

/**
 * Datasets and what lives in them as code: the provider's `honeycombio_derived_column`,
 * `honeycombio_column`, `honeycombio_dataset` and `honeycombio_dataset_definition` resources with
 * their import blocks, and the same as Pulumi resources. Import IDs as the provider reads them
 * (honeycombio/terraform-provider-honeycombio@bde0d12): a derived column `<dataset>/<alias>`, an
 * environment-wide one its bare alias (resource_derived_column.go); a column `<dataset>/<name>`
 * (column_resource.go); a dataset its slug (dataset_resource.go). Dataset definitions have no
 * importer (resource_dataset_definition.go: `Importer: nil`).
 */
const PULUMI = { module: 'honeycombio', packageName: '@pulumi/honeycombio' };

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function derivedColumnArgs(object: JsonObject, address: Address): Array<[string, unknown]> {
  return [
    ['alias', object.alias],
    ['expression', object.expression],
    // The provider refuses an empty description (LengthBetween(1, 255)): left out instead.
    ['description', text(object.description) || undefined],
    ['dataset', address.dataset === ENVIRONMENT_WIDE ? undefined : address.dataset],
  ];
}

function derivedColumnImport(object: JsonObject, address: Address): string {
  return address.dataset === ENVIRONMENT_WIDE ? text(object.alias) : `${address.dataset}/${text(object.alias)}`;
}

export function derivedColumnCode(object: JsonObject, address: Address): CodeResource[] {
  const name = text(object.alias) || 'derived_column';
  const importId = derivedColumnImport(object, address);
  return [
    {
      keys: [`derivedColumn:${address.dataset}/${text(object.alias)}`],
      terraform: { type: 'honeycombio_derived_column', name, body: { attributes: derivedColumnArgs(object, address) }, importId },
      pulumi: { ...PULUMI, className: 'DerivedColumn', name, args: Object.fromEntries(derivedColumnArgs(object, address)), importId },
    },
  ];
}

export function derivedColumnTerraform(object: JsonObject, address: Address): string {
  return terraformOf(derivedColumnCode(object, address));
}

export function derivedColumnPulumi(object: JsonObject, address: Address): string {
  return pulumiOf(derivedColumnCode(object, address));
}

function columnArgs(object: JsonObject, address: Address): Array<[string, unknown]> {
  return [
    ['name', object.key_name],
    ['dataset', address.dataset],
    ['type', object.type],
    ['hidden', object.hidden === true ? true : undefined],
    ['description', text(object.description) || undefined],
  ];
}

export function columnCode(object: JsonObject, address: Address): CodeResource[] {
  const name = text(object.key_name) || 'column';
  const importId = `${address.dataset}/${text(object.key_name)}`;
  return [
    {
      keys: [`column:${importId}`],
      terraform: { type: 'honeycombio_column', name, body: { attributes: columnArgs(object, address) }, importId },
      pulumi: { ...PULUMI, className: 'Column', name, args: Object.fromEntries(columnArgs(object, address)), importId },
    },
  ];
}

export function columnTerraform(object: JsonObject, address: Address): string {
  return terraformOf(columnCode(object, address));
}

export function columnPulumi(object: JsonObject, address: Address): string {
  return pulumiOf(columnCode(object, address));
}

function deleteProtected(object: JsonObject): boolean | undefined {
  const settings = object.settings;
  return settings && typeof settings === 'object' && typeof (settings as JsonObject).delete_protected === 'boolean' ? ((settings as JsonObject).delete_protected as boolean) : undefined;
}

function datasetArgs(object: JsonObject, language: 'terraform' | 'pulumi'): Array<[string, unknown]> {
  const name = (snake: string, camel: string) => (language === 'terraform' ? snake : camel);
  return [
    ['name', object.name],
    ['description', text(object.description) || undefined],
    [name('expand_json_depth', 'expandJsonDepth'), typeof object.expand_json_depth === 'number' && object.expand_json_depth > 0 ? object.expand_json_depth : undefined],
    // The provider's default is true: said only when it is off.
    [name('delete_protected', 'deleteProtected'), deleteProtected(object) === false ? false : undefined],
  ];
}

export function datasetCode(object: JsonObject, address: Address): CodeResource[] {
  const name = text(object.name) || address.dataset;
  return [
    {
      keys: [`dataset:${address.dataset}`],
      terraform: { type: 'honeycombio_dataset', name, body: { attributes: datasetArgs(object, 'terraform') }, importId: address.dataset },
      pulumi: { ...PULUMI, className: 'Dataset', name, args: Object.fromEntries(datasetArgs(object, 'pulumi')), importId: address.dataset },
    },
  ];
}

export function datasetTerraform(object: JsonObject, address: Address): string {
  return terraformOf(datasetCode(object, address));
}

export function datasetPulumi(object: JsonObject, address: Address): string {
  return pulumiOf(datasetCode(object, address));
}

/** The definitions that name a column (a cleared or unset one has nothing to manage). */
function definitions(object: JsonObject): Array<[string, string]> {
  return Object.entries(object)
    .filter(([, value]) => value && typeof value === 'object' && text((value as JsonObject).name) !== '')
    .map(([field, value]) => [field, text((value as JsonObject).name)]);
}

const NO_DEFINITION_IMPORT = {
  none: "Honeycomb's Terraform provider cannot import dataset definitions: applying this sets them again (they already hold these values).",
};

export function datasetDefinitionsCode(object: JsonObject, address: Address): CodeResource[] {
  return definitions(object).map(([field, column]) => {
    const name = `${address.dataset}_${field}`;
    return {
      keys: [`datasetDefinition:${address.dataset}/${field}`],
      terraform: {
        type: 'honeycombio_dataset_definition',
        name,
        body: {
          attributes: [
            ['dataset', address.dataset],
            ['name', field],
            ['column', column],
          ],
        },
        importId: NO_DEFINITION_IMPORT,
      },
      pulumi: { ...PULUMI, className: 'DatasetDefinition', name, args: { dataset: address.dataset, name: field, column }, importId: NO_DEFINITION_IMPORT },
    };
  });
}

export function datasetDefinitionsTerraform(object: JsonObject, address: Address): string {
  const resources = datasetDefinitionsCode(object, address);
  return resources.length ? terraformOf(resources) : `# Dataset ${address.dataset} sets no definition.\n`;
}

export function datasetDefinitionsPulumi(object: JsonObject, address: Address): string {
  const resources = datasetDefinitionsCode(object, address);
  return resources.length ? pulumiOf(resources) : `// Dataset ${address.dataset} sets no definition.\n`;
}
