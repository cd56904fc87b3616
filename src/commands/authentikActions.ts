import * as vscode from 'vscode';
import type { AuthentikClient } from '../clients/authentik';
import { ServiceError, isServiceError } from '../core/errors';
import { Editing } from '../editing/register';
import { prompts } from '../ui/prompts';
import { Binding, ObjectRef, bindingName as nameOf, editKindId, planMove } from '../views/authentik/kinds/api';
import type { SecretCommandDeps } from './authentikSecrets';

/**
 * authentik's object actions beyond editing a document: moving a stage binding up or down in its
 * flow (one confirmed plan that rewrites `order`), sending a transport's test notification,
 * picking a rule's transports by name, applying a blueprint, exporting a flow as a blueprint.
 * Loaded with the first use of one of them.
 */
export interface ActionDeps extends SecretCommandDeps {
  editing: Editing;
  /** The authentik connection the object lives in, for its edit kind. */
  connectionId: string;
}

/** "Move Up" / "Move Down" on a binding under its flow. */
export async function moveBinding(deps: ActionDeps, flow: { pk: string; slug: string }, bindingPk: string, direction: 'up' | 'down'): Promise<void> {
  deps.checkWrites();
  const client = await deps.client();
  // The flow's bindings as they are now, not as the tree loaded them.
  const bindings = (await client.listFlowBindings(flow.pk, { pageSize: 100 })).items as Binding[];
  const plan = planMove(bindings, bindingPk, direction);
  if (plan.length === 0) {
    void prompts.info(`This binding is already the ${direction === 'up' ? 'first' : 'last'} of flow “${flow.slug}”.`);
    return;
  }
  const detail = [
    await deps.where(),
    '',
    ...plan.map((p) => `order of “${nameOf(p.binding)}”: ${p.from} → ${p.to}`),
    '',
    `Only order is sent (${plan.length === 1 ? 'one PATCH' : `${plan.length} PATCHes, one per binding`}).`,
  ].join('\n');
  const verb = direction === 'up' ? 'Move Up' : 'Move Down';
  if ((await prompts.warn(`Move “${nameOf(plan[0].binding)}” ${direction} in flow “${flow.slug}”?`, { modal: true, detail }, verb)) !== verb) return;
  const collection = await client.resources('flowStageBinding');
  const done: string[] = [];
  try {
    for (const step of plan) {
      await collection.partialUpdate(step.binding.pk, { order: step.to });
      done.push(`“${nameOf(step.binding)}” → ${step.to}`);
    }
  } catch (error) {
    deps.changed();
    const applied = done.length ? ` Already applied: ${done.join(', ')}; the flow’s order may now be half-changed — check it before trying again.` : ' Nothing was changed.';
    throw new Error(`${isServiceError(error) ? error.message : String(error)}${applied}`);
  }
  deps.changed();
  void prompts.info(`Moved “${plan[0].binding.stage_obj?.name ?? plan[0].binding.stage}” ${direction} in flow “${flow.slug}”.`);
}

/** "Send Test Notification" on a transport; the result (a webhook's status and answer) is shown. */
export async function sendTestNotification(deps: ActionDeps, ref: ObjectRef): Promise<void> {
  const client = await deps.client();
  let result;
  try {
    result = await client.testTransport(ref.id);
  } catch (error) {
    if (isServiceError(error) && error.kind === 'server') {
      throw new ServiceError({
        ...error,
        summary: `sending the test notification through “${ref.name}” failed (authentik answered ${error.status ?? 'an error'})`,
        hint: 'Check the transport’s webhook URL and mappings, and authentik’s event log.',
      });
    }
    throw error;
  }
  const messages = (result.messages ?? []).filter(Boolean);
  void prompts.info(`Sent a test notification through “${ref.name}”.${messages.length ? ` The receiver answered: ${messages.join(' — ')}` : ''}`);
}

/** "Choose Transports…" on a rule: transports picked by name, saved through the edit plan. */
export async function chooseRuleTransports(deps: ActionDeps, ref: ObjectRef): Promise<void> {
  deps.checkWrites();
  const client = await deps.client();
  const [rule, transports] = await Promise.all([(await client.resources('eventRule')).retrieve(ref.id), (await client.resources('eventTransport')).list({ pageSize: 100 })]);
  const current = new Set(rule.transports ?? []);
  const picked = await prompts.quickPickMany(
    transports.items.map((t) => ({ label: t.name, description: t.mode_verbose ?? t.mode, picked: current.has(t.pk), pk: t.pk })),
    { title: `Transports of “${rule.name}”`, placeHolder: 'Which transports send this rule’s notifications?' },
  );
  if (!picked) return;
  const kind = await deps.editing.kinds.ensure(editKindId('eventRule', deps.connectionId));
  if (!kind) throw new Error('The notification rule kind could not be loaded.');
  await deps.editing.files.applyChange(kind, { id: ref.id }, (document) => ({ ...document, transports: picked.map((p) => p.pk) }));
}

/** "Apply Blueprint": confirmed; authentik queues it and the status shows after a refresh. */
export async function applyBlueprint(deps: ActionDeps, ref: ObjectRef): Promise<void> {
  deps.checkWrites();
  if (
    (await prompts.warn(
      `Apply blueprint “${ref.name}”?`,
      { modal: true, detail: `${await deps.where()}\n\nauthentik creates and updates the objects its entries describe. Saving a blueprint only validates it; this applies it.` },
      'Apply',
    )) !== 'Apply'
  )
    return;
  await (await deps.client()).applyBlueprint(ref.id);
  deps.changed();
  void prompts.info(`authentik is applying blueprint “${ref.name}”; its status shows in the tree after it ran.`);
}

/** "Export Flow as Blueprint": the YAML authentik writes, in an untitled YAML document. */
export async function exportFlowBlueprint(client: AuthentikClient, ref: ObjectRef): Promise<void> {
  const yaml = await client.exportFlow(ref.slug ?? ref.lookup);
  const document = await vscode.workspace.openTextDocument({ language: 'yaml', content: yaml });
  await vscode.window.showTextDocument(document, { preview: false });
}
