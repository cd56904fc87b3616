import * as vscode from 'vscode';
import type { HoneycombApi } from '../../../clients/honeycomb/api';
import type { QueryProblem } from '../../../clients/honeycomb/querySpec';
import { Logger } from '../../../core/logger';
import { isCreatable } from '../../../editing/editableKinds';
import { Address, KindBackend, Problem } from '../../../editing/kind';
import { Editing } from '../../../editing/register';
import { registerCommand } from '../../../ui/commandRunner';
import { HoneycombExplorer } from '../explorer';
import { datasetCollectionBackend } from './backend';
import { burnAlertKind } from './burnAlert';
import { BURN_ALERT_KIND_ID, SLO_KIND_ID } from './ids';
import { sloKind } from './slo';
import { registerSloCompletion } from './sloCompletion';

/**
 * SLOs and their burn alerts on the editing mechanism: both kinds, SLI completion, "New Burn
 * Alert…" on an SLO of the tree, and the SLO and burn alert lists dropped after any change to
 * either (the Honeycomb view then redraws, see register.ts). Schemas, rules and
 * pickers load with their first use (chunks of their own).
 */
export function registerSloKinds(context: vscode.ExtensionContext, logger: Logger, editing: Editing, explorer: HoneycombExplorer): void {
  const api = async (address: Address) => (await explorer.requireClient(address.env)).api;
  const schema = (file: 'slo' | 'burn-alert') => () =>
    (file === 'slo'
      ? import(/* webpackChunkName: "schemas-honeycomb" */ '../../../../schemas/validation/honeycomb-slo.schema.json')
      : import(/* webpackChunkName: "schemas-honeycomb" */ '../../../../schemas/validation/honeycomb-burn-alert.schema.json')
    ).then((m) => (m.default ?? m) as Record<string, unknown>);
  const pickers = () => import(/* webpackChunkName: "honeycomb-edit" */ './sloPickers');

  editing.kinds.register(
    sloKind({
      backend: sloBackend(api),
      schema: schema('slo'),
      rules: async (document, baseline) => (await import(/* webpackChunkName: "honeycomb-edit" */ '../../../clients/honeycomb/sloRules')).sloProblems(document, baseline).map(asProblem),
      prepareCreate: async (parent) => (await pickers()).pickSloDatasets(explorer, parent),
    }),
  );
  editing.kinds.register(
    burnAlertKind({
      backend: datasetCollectionBackend(api, 'burnAlertWrites', ['env', 'dataset', 'slo']),
      schema: schema('burn-alert'),
      rules: async (document, baseline) => (await import(/* webpackChunkName: "honeycomb-edit" */ '../../../clients/honeycomb/burnAlertRules')).burnAlertProblems(document, baseline).map(asProblem),
      prepareCreate: async (parent) => (await pickers()).pickBurnAlertRecipient(explorer, parent),
    }),
  );
  registerSloCompletion(context, logger, editing, explorer);

  // An SLO's own "New…" makes a burn alert: the command says so in its title.
  registerCommand(context, logger, 'opsConfig.honeycomb.newBurnAlert', async (node: unknown) => {
    const target = isCreatable(node) ? node.createTarget() : undefined;
    if (target?.kindId !== BURN_ALERT_KIND_ID) throw new Error('Pick an SLO in the Honeycomb view.');
    await vscode.commands.executeCommand('opsConfig.newObject', target);
  });

  const subscription = editing.files.onDidChangeObject((change) => {
    if (change.kindId !== SLO_KIND_ID && change.kindId !== BURN_ALERT_KIND_ID) return;
    explorer.cache.deletePrefix(`${change.address.env}|slos|`);
    explorer.cache.deletePrefix(`${change.address.env}|burnAlerts|`);
  });
  context.subscriptions.push(subscription);
}

/** An SLO's backend: before a delete, its burn alerts are listed (Honeycomb deletes them with it). */
function sloBackend(api: (address: Address) => Promise<HoneycombApi>): KindBackend {
  return {
    ...datasetCollectionBackend(api, 'sloWrites'),
    usedBy: async (address, signal) => {
      const { listBurnAlerts, burnAlertSummary } = await import(/* webpackChunkName: "honeycomb-writes" */ '../../../clients/honeycomb/burnAlerts');
      const alerts = await listBurnAlerts(await api(address), address.dataset, address.id, signal);
      return alerts.map((a) => `burn alert ${a.id}: ${burnAlertSummary(a)}`);
    },
  };
}

function asProblem(p: QueryProblem): Problem {
  return { path: p.path, message: p.message, severity: p.severity };
}
