import * as vscode from 'vscode';
import { Logger } from '../../../core/logger';
import { isEditable } from '../../../editing/editableKinds';
import { Address, JsonObject, Problem } from '../../../editing/kind';
import { Editing } from '../../../editing/register';
import { registerCommand } from '../../../ui/commandRunner';
import { HoneycombExplorer } from '../explorer';
import { recipientKind } from './recipient';
import { recipientBackend } from './recipientBackend';
import { RECIPIENT_KIND_ID } from './recipientIds';

/**
 * The recipient kind in the editor: its schema, rules, "New Recipient…" questions (which type,
 * and a PagerDuty recipient's key) and the commands that set its secrets. After any change the
 * environment's recipient lists are dropped from the explorer's cache and the view redraws
 * (recipients are team-wide; other environments' lists show it after their own refresh).
 */
export function registerRecipientKind(context: vscode.ExtensionContext, logger: Logger, editing: Editing, explorer: HoneycombExplorer, onChanged: () => void): void {
  const api = async (address: Address) => (await explorer.requireClient(address.env)).api;
  const schema = () => import(/* webpackChunkName: "schemas-honeycomb" */ '../../../../schemas/validation/honeycomb-recipient.schema.json').then((m) => (m.default ?? m) as Record<string, unknown>);
  const rules = async (document: JsonObject, baseline?: JsonObject): Promise<Problem[]> =>
    (await import(/* webpackChunkName: "honeycomb-edit" */ '../../../clients/honeycomb/recipientRules'))
      .recipientProblems(document, baseline)
      .map((p) => ({ path: p.path, message: p.message, severity: p.severity }));
  editing.kinds.register(
    recipientKind({
      backend: recipientBackend(api),
      schema,
      rules,
      prepareCreate: async (parent) => (await import(/* webpackChunkName: "honeycomb-edit" */ './recipientSecretCommands')).askNewRecipient(parent),
    }),
  );

  const secretCommand = (id: string, field: 'webhook_secret' | 'header_value' | 'pagerduty_integration_key') =>
    registerCommand(context, logger, id, async (node: unknown) => {
      editing.gate.check();
      const kind = editing.kinds.get(RECIPIENT_KIND_ID);
      if (!kind) return;
      const { setRecipientSecret } = await import(/* webpackChunkName: "honeycomb-edit" */ './recipientSecretCommands');
      if ((await setRecipientSecret(kind, editing.plans, node, field)) && isEditable(node)) refresh(node.editTarget().address.env);
    });
  secretCommand('opsConfig.honeycomb.setWebhookSecret', 'webhook_secret');
  secretCommand('opsConfig.honeycomb.setWebhookHeaderValue', 'header_value');
  secretCommand('opsConfig.honeycomb.setPagerDutyIntegrationKey', 'pagerduty_integration_key');

  function refresh(env: string): void {
    explorer.cache.deletePrefix(`${env}|recipients`);
    onChanged();
  }
  context.subscriptions.push(editing.files.onDidChangeObject((change) => change.kindId === RECIPIENT_KIND_ID && refresh(change.address.env)));
}
