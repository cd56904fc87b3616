import * as vscode from 'vscode';
import { Logger } from '../../../core/logger';
import { Address, JsonObject, Problem } from '../../../editing/kind';
import { Editing } from '../../../editing/register';
import { registerCommand } from '../../../ui/commandRunner';
import { HoneycombExplorer } from '../explorer';
import { markerKind, markerSettingKind } from './marker';
import { markerBackend } from './markerBackend';
import { MARKER_KIND_ID, MARKER_SETTING_KIND_ID } from './markerIds';

/**
 * Markers and marker settings in the editor: both kinds, and "Add Deploy Marker…" (palette, the
 * Markers folder, a dataset or an environment of the tree; a key binding needs no argument).
 * After any change to either kind the environment's marker lists are dropped and the view redraws
 * (a setting's colour shows in the markers' tooltips). Schemas, rules and the command's questions
 * load with their first use.
 */
export function registerMarkerKinds(context: vscode.ExtensionContext, logger: Logger, editing: Editing, explorer: HoneycombExplorer, onChanged: () => void): void {
  const api = async (address: Address) => (await explorer.requireClient(address.env)).api;
  const schema = (file: 'marker' | 'marker-setting') => () =>
    (file === 'marker'
      ? import(/* webpackChunkName: "schemas-honeycomb" */ '../../../../schemas/validation/honeycomb-marker.schema.json')
      : import(/* webpackChunkName: "schemas-honeycomb" */ '../../../../schemas/validation/honeycomb-marker-setting.schema.json')
    ).then((m) => (m.default ?? m) as Record<string, unknown>);
  const rules = () => import(/* webpackChunkName: "honeycomb-edit" */ '../../../clients/honeycomb/markerRules');
  const asProblems = (problems: Array<{ path: Array<string | number>; message: string; severity: 'error' | 'warning' }>): Problem[] =>
    problems.map((p) => ({ path: p.path, message: p.message, severity: p.severity }));

  editing.kinds.register(
    markerKind({
      backend: markerBackend(api, 'marker'),
      schema: schema('marker'),
      rules: async (document: JsonObject) => asProblems((await rules()).markerProblems(document)),
    }),
  );
  editing.kinds.register(
    markerSettingKind({
      backend: markerBackend(api, 'markerSetting'),
      schema: schema('marker-setting'),
      rules: async (document: JsonObject, baseline?: JsonObject) => asProblems((await rules()).markerSettingProblems(document, baseline)),
    }),
  );

  registerCommand(context, logger, 'opsConfig.honeycomb.addDeployMarker', async (arg: unknown) => {
    editing.gate.check();
    const kind = editing.kinds.get(MARKER_KIND_ID);
    if (!kind) return;
    const { addDeployMarker } = await import(/* webpackChunkName: "honeycomb-edit" */ './addDeployMarker');
    const outcome = await addDeployMarker(explorer, kind, editing.plans, arg);
    if (outcome?.status === 'saved') refresh(outcome.address.env);
  });

  function refresh(env: string): void {
    explorer.cache.deletePrefix(`${env}|markers|`);
    explorer.cache.deletePrefix(`${env}|markerSettings|`);
    onChanged();
  }
  context.subscriptions.push(editing.files.onDidChangeObject((change) => (change.kindId === MARKER_KIND_ID || change.kindId === MARKER_SETTING_KIND_ID) && refresh(change.address.env)));
}
