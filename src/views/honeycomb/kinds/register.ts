import * as vscode from 'vscode';
import type { QueryProblem } from '../../../clients/honeycomb/querySpec';
import { Logger } from '../../../core/logger';
import { isEditable } from '../../../editing/editableKinds';
import { Address, JsonObject, Problem } from '../../../editing/kind';
import { Editing } from '../../../editing/register';
import { registerCommand } from '../../../ui/commandRunner';
import { HoneycombExplorer } from '../explorer';
import { recordKeyOf } from '../recordKeys';
import { datasetCollectionBackend } from './backend';
import { registerDatasetKinds } from './datasetKinds';
import { queryAnnotationKind } from './queryAnnotation';
import { registerSloKinds } from './sloKinds';
import { registerRecipientKind } from './recipientRegister';
import { registerMarkerKinds } from './markerRegister';
import { registerBoardKinds } from './boardRegister';
import { registerEnvironmentKind } from './environmentRegister';
import { TRIGGER_KIND_ID, triggerKind } from './trigger';
import { registerTriggerCompletion } from './triggerCompletion';

/**
 * The Honeycomb kinds of the editing mechanism: triggers and query annotations (SLOs and burn
 * alerts are in sloKinds.ts), read and written with the key of the environment they live in, plus
 * the commands only Honeycomb has (Enable / Disable Trigger, Save as Honeycomb Query). After any change the environment's trigger and
 * annotation lists are dropped from the explorer's cache and the view and open records redraw.
 */
export function registerHoneycombKinds(
  context: vscode.ExtensionContext,
  logger: Logger,
  editing: Editing,
  explorer: HoneycombExplorer,
  onChanged: (recordKey?: string) => void,
): { boardPanels: vscode.WebviewPanelSerializer } {
  const api = async (address: Address) => (await explorer.requireClient(address.env)).api;
  // Schemas load with the first document that needs them (they are in their own chunk).
  const triggerSchema = () =>
    import(/* webpackChunkName: "schemas-honeycomb" */ '../../../../schemas/validation/honeycomb-trigger.schema.json').then((m) => (m.default ?? m) as Record<string, unknown>);
  const annotationSchema = () =>
    import(/* webpackChunkName: "schemas-honeycomb" */ '../../../../schemas/validation/honeycomb-query-annotation.schema.json').then((m) => (m.default ?? m) as Record<string, unknown>);

  // Rules, pickers and commands load with their first use (chunks of their own).
  const triggerRules = async (document: JsonObject) => (await import(/* webpackChunkName: "honeycomb-edit" */ '../../../clients/honeycomb/triggerRules')).triggerProblems(document).map(asProblem);
  editing.kinds.register(triggerKind({ backend: datasetCollectionBackend(api, 'triggerWrites'), schema: triggerSchema, rules: triggerRules }));
  editing.kinds.register(
    queryAnnotationKind({
      backend: datasetCollectionBackend(api, 'queryAnnotationWrites'),
      schema: annotationSchema,
      rules: () => [],
      prepareCreate: async (parent) => (await import(/* webpackChunkName: "honeycomb-edit" */ './queryPicker')).pickQueryForAnnotation(explorer, parent),
    }),
  );

  registerRecipientKind(context, logger, editing, explorer, () => onChanged());
  registerMarkerKinds(context, logger, editing, explorer, () => onChanged());
  const boardPanels = registerBoardKinds(context, logger, editing, explorer);
  registerEnvironmentKind(context, logger, editing, explorer, () => onChanged());
  registerTriggerCompletion(context, logger, editing, explorer);
  // Before the subscription below, so SLO lists are dropped before the view redraws.
  registerSloKinds(context, logger, editing, explorer);
  registerDatasetKinds(context, editing, explorer);

  const setDisabled = (disabled: boolean) => async (node: unknown) => {
    if (!isEditable(node) || node.editTarget().kindId !== TRIGGER_KIND_ID) throw new Error('Pick a trigger in the Honeycomb view.');
    const target = node.editTarget();
    const kind = editing.kinds.get(TRIGGER_KIND_ID);
    if (kind) await editing.files.applyChange(kind, target.address, (document) => ({ ...document, disabled }));
  };
  registerCommand(context, logger, 'opsConfig.honeycomb.disableTrigger', setDisabled(true));
  registerCommand(context, logger, 'opsConfig.honeycomb.enableTrigger', setDisabled(false));
  registerCommand(context, logger, 'opsConfig.honeycomb.saveQuery', async (arg: unknown) => {
    editing.gate.check();
    const [{ saveQueryCommand }, { QueryHistory }] = await Promise.all([
      import(/* webpackChunkName: "honeycomb-edit" */ './saveQueryCommand'),
      import(/* webpackChunkName: "honeycomb-edit" */ '../../../queries/history'),
    ]);
    return saveQueryCommand(explorer, new QueryHistory(context.globalState), arg);
  });

  const subscription = editing.files.onDidChangeObject((change) => {
    const env = change.address.env;
    explorer.cache.deletePrefix(`${env}|triggers|`);
    explorer.cache.deletePrefix(`${env}|recipientTriggers|`);
    explorer.cache.deletePrefix(`${env}|annotations|`);
    const key = change.kindId === TRIGGER_KIND_ID ? recordKeyOf({ kind: 'trigger', env, dataset: change.address.dataset, id: change.address.id }) : undefined;
    onChanged(key);
  });
  context.subscriptions.push(subscription);
  return { boardPanels };
}

function asProblem(p: QueryProblem): Problem {
  return { path: p.path, message: p.message, severity: p.severity };
}
