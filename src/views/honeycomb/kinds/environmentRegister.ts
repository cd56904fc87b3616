import * as vscode from 'vscode';
import { Logger } from '../../../core/logger';
import { badInput } from '../../../core/errors';
import { isEditable } from '../../../editing/editableKinds';
import { Editing } from '../../../editing/register';
import { registerCommand } from '../../../ui/commandRunner';
import { HoneycombExplorer } from '../explorer';
import { ENVIRONMENT_KIND_ID, environmentKind, withDeleteProtection } from './environmentKind';

/**
 * Environments in the editor (management key, v2 API): the kind, "New Environment…" on the
 * connection, and Protect / Unprotect from Deletion, each a change made through the plan. After any
 * change the team's environment list is dropped and the view redraws. Schema and rules load with
 * their first use.
 */
export function registerEnvironmentKind(context: vscode.ExtensionContext, logger: Logger, editing: Editing, explorer: HoneycombExplorer, onChanged: () => void): void {
  const api = async () => {
    const session = await explorer.start();
    if (!session.config.managementKey) {
      throw badInput('Honeycomb', 'environments', 'environments are written with a management key, and none is set', 'Set one with "Honeycomb: Set Management Key…" (scope environments:write).');
    }
    return session.client.api;
  };
  editing.kinds.register(
    environmentKind({
      api,
      schema: () => import(/* webpackChunkName: "schemas-honeycomb" */ '../../../../schemas/validation/honeycomb-environment.schema.json').then((m) => (m.default ?? m) as Record<string, unknown>),
      rules: async (document, baseline) => (await import(/* webpackChunkName: "honeycomb-edit" */ '../../../clients/honeycomb/environmentRules')).environmentProblems(document, baseline),
    }),
  );

  registerCommand(context, logger, 'opsConfig.honeycomb.newEnvironment', async () => {
    editing.gate.check();
    const session = await explorer.start();
    const kind = editing.kinds.get(ENVIRONMENT_KIND_ID);
    if (kind) await editing.files.openNew(kind, { team: session.team.slug });
  });
  const setProtection = (on: boolean) => async (node: unknown) => {
    if (!isEditable(node) || node.editTarget().kindId !== ENVIRONMENT_KIND_ID) throw new Error('Pick an environment in the Honeycomb view.');
    const kind = editing.kinds.get(ENVIRONMENT_KIND_ID);
    if (kind) await editing.files.applyChange(kind, node.editTarget().address, (document) => withDeleteProtection(document, on));
  };
  registerCommand(context, logger, 'opsConfig.honeycomb.protectEnvironment', setProtection(true));
  registerCommand(context, logger, 'opsConfig.honeycomb.unprotectEnvironment', setProtection(false));

  context.subscriptions.push(
    editing.files.onDidChangeObject((change) => {
      if (change.kindId !== ENVIRONMENT_KIND_ID) return;
      explorer.cache.delete('team|environments');
      onChanged();
    }),
  );
}
