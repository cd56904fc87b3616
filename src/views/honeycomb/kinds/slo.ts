import { ENVIRONMENT_WIDE } from '../../../clients/honeycomb/paths';
import { Address, EditableKind, JsonObject, KindBackend, Problem } from '../../../editing/kind';
import { SLO_KIND_ID } from './ids';
import { datasetLocation } from './locations';

export { SLO_KIND_ID };

/**
 * A Honeycomb SLO as an editable kind, at `/1/slos/{dataset}/{id}`. A single-dataset SLO is
 * addressed by its dataset; one over several datasets by `__all__` (as Honeycomb's Terraform
 * provider addresses it), whichever folder of the tree it was opened from, so it has one document.
 * The document is every field the server answered less those it computes; a PUT sends it all
 * back (Honeycomb: "Partial updates are not supported"), `dataset_slugs` included, as the Go
 * client does — its rule says it cannot change.
 */

/** Known fields, in the order a document shows them. */
export const SLO_FIELDS = ['name', 'description', 'sli', 'target_per_million', 'time_period_days', 'dataset_slugs', 'tags'] as const;

/** What Honeycomb computes (`readOnly` in the API description's `SLO`, less `dataset_slugs`, and the `?detailed` reporting fields). */
export const SLO_READ_ONLY_FIELDS = ['id', 'reset_at', 'created_at', 'updated_at', 'compliance', 'budget_remaining', 'status', 'burn_rate'] as const;

export interface SloKindParts {
  backend: KindBackend;
  schema(): Promise<JsonObject>;
  rules(document: JsonObject, baseline?: JsonObject): Problem[] | Promise<Problem[]>;
  /** For a new SLO over several datasets (created under `__all__`): asks which datasets (`datasets` in the parent, comma-separated). */
  prepareCreate?(parent: Address): Promise<Address | undefined>;
}

export function sloKind(parts: SloKindParts): EditableKind {
  return {
    id: SLO_KIND_ID,
    noun: 'SLO',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-slo',
    addressKeys: ['env', 'dataset', 'id'],
    parentKeys: ['env', 'dataset'],
    fieldOrder: SLO_FIELDS,
    readOnlyFields: SLO_READ_ONLY_FIELDS,
    updateStyle: 'replace',
    schema: parts.schema,
    rules: (document, baseline) => parts.rules(document, baseline),
    prepareCreate: parts.prepareCreate,
    // The SLI is left for completion to fill (it lists the derived columns the SLO can use).
    template: (parent) => ({
      name: 'New SLO',
      description: '',
      sli: { alias: 'sli' },
      target_per_million: 999000,
      time_period_days: 30,
      ...(parent.dataset === ENVIRONMENT_WIDE ? { dataset_slugs: (parent.datasets ?? '').split(',').filter(Boolean) } : {}),
      tags: [],
    }),
    nameOf: (object) => (typeof object.name === 'string' ? object.name : ''),
    label: (address, object) => ({
      title: object && typeof object.name === 'string' && address.id ? `SLO “${object.name}”` : address.id ? `SLO ${address.id}` : 'a new SLO',
      location: datasetLocation(address),
    }),
    backend: parts.backend,
    code: {
      terraform: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './sloCode')).sloTerraform(object, address),
      pulumi: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './sloCode')).sloPulumi(object, address),
    },
  };
}

/** Where an SLO is addressed: its one dataset, or `__all__` when it spans several. */
export function sloDataset(datasets: readonly string[]): string {
  return datasets.length === 1 ? datasets[0] : ENVIRONMENT_WIDE;
}
