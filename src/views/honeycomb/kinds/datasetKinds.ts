import * as vscode from 'vscode';
import { ENVIRONMENT_WIDE } from '../../../clients/honeycomb/paths';
import { Address } from '../../../editing/kind';
import { Editing } from '../../../editing/register';
import { HoneycombExplorer } from '../explorer';
import { datasetCollectionBackend } from './backend';
import { datasetBackend, datasetDefinitionsBackend, derivedColumnBackend } from './datasetBackends';
import { columnKind } from './column';
import { datasetKind } from './dataset';
import { datasetDefinitionsKind } from './datasetDefinitions';
import { COLUMN_KIND_ID, DATASET_DEFINITIONS_KIND_ID, DATASET_KIND_ID, DERIVED_COLUMN_KIND_ID } from './datasetKindIds';
import { derivedColumnKind } from './derivedColumn';

/**
 * Datasets and what lives in them on the editing mechanism: derived columns (dataset-level and
 * environment-wide), columns, datasets and their definitions. Schemas, rules and writes load with
 * their first use (chunks of their own). After any change the environment's lists of these kinds
 * are dropped, so the view (which redraws on every change, register.ts) shows the new state.
 */
export function registerDatasetKinds(context: vscode.ExtensionContext, editing: Editing, explorer: HoneycombExplorer): void {
  const api = async (address: Address) => (await explorer.requireClient(address.env)).api;
  const schema = (file: 'derived-column' | 'column' | 'dataset' | 'dataset-definitions') => () =>
    (file === 'derived-column'
      ? import(/* webpackChunkName: "schemas-honeycomb" */ '../../../../schemas/validation/honeycomb-derived-column.schema.json')
      : file === 'column'
        ? import(/* webpackChunkName: "schemas-honeycomb" */ '../../../../schemas/validation/honeycomb-column.schema.json')
        : file === 'dataset'
          ? import(/* webpackChunkName: "schemas-honeycomb" */ '../../../../schemas/validation/honeycomb-dataset.schema.json')
          : import(/* webpackChunkName: "schemas-honeycomb" */ '../../../../schemas/validation/honeycomb-dataset-definitions.schema.json')
    ).then((m) => (m.default ?? m) as Record<string, unknown>);
  const rules = () => import(/* webpackChunkName: "honeycomb-edit" */ '../../../clients/honeycomb/datasetRules');
  const knownColumns = (address?: Address) => (address ? columnNamesAt(explorer, address) : Promise.resolve(undefined));

  editing.kinds.register(
    derivedColumnKind({
      backend: derivedColumnBackend(api),
      schema: schema('derived-column'),
      rules: async (document, baseline, address) => {
        const [{ derivedColumnProblems }, known] = await Promise.all([import(/* webpackChunkName: "honeycomb-edit" */ '../../../clients/honeycomb/derivedColumnRules'), knownColumns(address)]);
        return derivedColumnProblems(document, baseline, { knownColumns: known });
      },
    }),
  );
  editing.kinds.register(columnKind({ backend: datasetCollectionBackend(api, 'columnWrites'), schema: schema('column'), rules: async (d, b) => (await rules()).columnProblems(d, b) }));
  editing.kinds.register(datasetKind({ backend: datasetBackend(api), schema: schema('dataset'), rules: async (d, b) => (await rules()).datasetProblems(d, b) }));
  editing.kinds.register(
    datasetDefinitionsKind({
      backend: datasetDefinitionsBackend(api),
      schema: schema('dataset-definitions'),
      rules: async (d, _b, address) => (await rules()).datasetDefinitionProblems(d, await knownColumns(address)),
    }),
  );

  const kinds = [DERIVED_COLUMN_KIND_ID, COLUMN_KIND_ID, DATASET_KIND_ID, DATASET_DEFINITIONS_KIND_ID];
  const subscription = editing.files.onDidChangeObject((change) => {
    if (!kinds.includes(change.kindId)) return;
    for (const list of ['derived', 'columns', 'datasets']) explorer.cache.deletePrefix(`${change.address.env}|${list}`);
  });
  context.subscriptions.push(subscription);
}

/** The names a `$reference` can use where an object lives: columns and derived columns (its dataset's and the environment's). */
async function columnNamesAt(explorer: HoneycombExplorer, address: Address): Promise<ReadonlySet<string> | undefined> {
  try {
    const dataset = address.dataset || ENVIRONMENT_WIDE;
    const [columns, own, shared] = await Promise.all([
      explorer.columns(address.env, dataset),
      dataset === ENVIRONMENT_WIDE ? Promise.resolve([]) : explorer.derivedColumns(address.env, dataset),
      explorer.derivedColumns(address.env, undefined),
    ]);
    return new Set([...columns.map((c) => c.name), ...own.map((d) => d.alias), ...shared.map((d) => d.alias)]);
  } catch {
    // Not listed (offline, no permission): references are not checked rather than all flagged.
    return undefined;
  }
}
