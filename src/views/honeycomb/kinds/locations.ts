import { ENVIRONMENT_WIDE } from '../../../clients/honeycomb/paths';
import { Address } from '../../../editing/kind';

/** Where a dataset-scoped object lives, as confirmations say it. */
export function datasetLocation(address: Address): string {
  const dataset = address.dataset === ENVIRONMENT_WIDE ? 'all datasets (environment-wide)' : `dataset “${address.dataset}”`;
  return `${dataset} of environment “${address.env}” (Honeycomb)`;
}
