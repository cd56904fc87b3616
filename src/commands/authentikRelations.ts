import type * as vscode from 'vscode';
import type { AuthentikClient } from '../clients/authentik';
import { MembershipGroup, MembershipUser, membershipPlan } from '../clients/authentik/relations/membershipPlan';
import { BindingTarget, Bound, BoundKind, bindPlan, bindingText, nextBindingOrder, unbindPlan } from '../clients/authentik/relations/policyBindingPlan';
import { listPolicies, listPolicyBindings, listRolePermissions, listRoles } from '../clients/authentik/relations/reads';
import { NothingToDo, RelationPlan, relationPlanDetail } from '../clients/authentik/relations/relationPlan';
import { rolePermissionsPlan } from '../clients/authentik/relations/rolePermissionsPlan';
import { sendRelationPlan } from '../clients/authentik/relations/sendPlan';
import { FlowRef, StageBindingLike, addStagePlan, removeStagePlan, stagePositions } from '../clients/authentik/relations/stagePositionPlan';
import { SuggestedValue, groupSuggestions } from '../lookup/suggestions';
import { suggestionItems } from '../lookup/suggestionItems';
import { prompts } from '../ui/prompts';
import type { ObjectRef } from '../views/authentik/api';

/**
 * Relations changed as actions on a tree node: a user added to or removed from a group (from
 * either side), a policy, group or user bound to an application or flow with an order, a stage
 * put into a flow at a position or taken out, a permission assigned to a role or taken back.
 * Each reads the state now, builds its plan (clients/authentik/relations), asks — a removal with
 * Cancel selected — and only then sends; an outcome without an answer is said to be unknown.
 * Loaded with the first use of one of them.
 */
export interface RelationDeps {
  client(): Promise<AuthentikClient>;
  where(): Promise<string>;
  changed(): void;
  checkWrites(): void;
}

/** Asks, sends and says what happened. */
async function carryOut(deps: RelationDeps, client: AuthentikClient, planned: RelationPlan | NothingToDo): Promise<void> {
  if ('nothing' in planned) {
    void prompts.info(planned.nothing);
    return;
  }
  const [where, ...detail] = relationPlanDetail(planned, await deps.where());
  const confirmed = planned.destructive
    ? await prompts.confirmDestructive({ title: planned.title, action: planned.action, detail: [where, ...detail.filter((line) => line !== '')] })
    : (await prompts.warn(planned.title, { modal: true, detail: [where, ...detail].join('\n') }, planned.action)) === planned.action;
  if (!confirmed) return;
  const outcome = await sendRelationPlan(client.api, planned);
  deps.changed();
  if (outcome.status !== 'done') throw new Error(outcome.message);
  void prompts.info(planned.done);
}

interface Picked<T> extends vscode.QuickPickItem {
  item: T;
}

/**
 * Pick items whose shared names are told apart as Look Up tells them apart
 * (lookup/suggestionItems): the one a value names exactly, with where it sits.
 */
function distinctItems<T>(suggested: Array<SuggestedValue & { item: T }>): Array<Picked<T>> {
  const items = suggestionItems({ inputs: [{ name: 'pk', type: 'string', description: 'the object' }] }, suggested);
  const unique = new Map(suggested.map((s) => [s.value, s.item]));
  return items.map((i) => ({
    label: i.label,
    description: i.description,
    detail: i.detail,
    item: i.exactly ? suggested.find((s) => s.exactly?.pk === i.exactly?.pk)!.item : unique.get(i.value)!,
  }));
}

async function pick<T>(items: Array<Picked<T>>, title: string, placeHolder: string, empty: string): Promise<T | undefined> {
  if (items.length === 0) {
    void prompts.info(empty);
    return undefined;
  }
  return (await prompts.quickPick(items, { title, placeHolder, matchOnDescription: true, matchOnDetail: true }))?.item;
}

/** Up to 100 users; past that, a search on the server first. */
async function pickUser(client: AuthentikClient, title: string): Promise<MembershipUser | undefined> {
  let page = await client.listUsers({ pageSize: 100 });
  if (page.next) {
    const search = await prompts.inputBox({ title, prompt: `There are ${page.count} users: type part of a username, name or e-mail to narrow them.` });
    if (search === undefined) return undefined;
    page = await client.listUsers({ pageSize: 100, search });
  }
  const items = page.items.map((u) => ({
    label: u.username,
    description: [u.name, u.path].filter(Boolean).join(' · '),
    detail: `user ${u.pk}`,
    item: { pk: u.pk, username: u.username, name: u.name },
  }));
  return pick(items, title, 'Which user?', 'No user matches.');
}

async function pickGroup(client: AuthentikClient, title: string, only?: ReadonlySet<string>): Promise<MembershipGroup | undefined> {
  const groups = (await client.listGroups({ pageSize: 100 })).items.filter((g) => !only || only.has(g.pk));
  const byPk = new Map(groups.map((g) => [g.pk, g]));
  const suggested = groupSuggestions(groups).map((s) => ({ ...s, item: { pk: String(s.exactly?.pk), name: byPk.get(String(s.exactly?.pk))!.name } }));
  return pick(distinctItems(suggested), title, 'Which group? (same names are told apart by where they sit and their pk)', only ? 'The user is in no group directly.' : 'There is no group.');
}

// --- group membership ---

export async function addGroupMember(deps: RelationDeps, group: ObjectRef): Promise<void> {
  deps.checkWrites();
  const client = await deps.client();
  const user = await pickUser(client, `Add a member to group “${group.name}”`);
  if (!user) return;
  const current = await client.retrieveUser(user.pk);
  await carryOut(deps, client, membershipPlan('add', { pk: group.id, name: group.name }, user, (current.groups ?? []).includes(group.id)));
}

export async function removeGroupMember(deps: RelationDeps, group: ObjectRef): Promise<void> {
  deps.checkWrites();
  const client = await deps.client();
  const members = (await client.listGroupMembers(group.id, { pageSize: 100 })).items;
  const items = members.map((u) => ({ label: u.username, description: [u.name, u.path].filter(Boolean).join(' · '), detail: `user ${u.pk}`, item: { pk: u.pk, username: u.username, name: u.name } }));
  const user = await pick(items, `Remove a member from group “${group.name}”`, 'Which member?', `Group “${group.name}” has no direct members.`);
  if (!user) return;
  const current = await client.retrieveUser(user.pk);
  await carryOut(deps, client, membershipPlan('remove', { pk: group.id, name: group.name }, user, (current.groups ?? []).includes(group.id)));
}

export async function addUserToGroup(deps: RelationDeps, userRef: ObjectRef): Promise<void> {
  deps.checkWrites();
  const client = await deps.client();
  const group = await pickGroup(client, `Add “${userRef.name}” to a group`);
  if (!group) return;
  const user = await client.retrieveUser(Number(userRef.id));
  await carryOut(deps, client, membershipPlan('add', group, { pk: user.pk, username: user.username, name: user.name }, (user.groups ?? []).includes(group.pk)));
}

export async function removeUserFromGroup(deps: RelationDeps, userRef: ObjectRef): Promise<void> {
  deps.checkWrites();
  const client = await deps.client();
  const user = await client.retrieveUser(Number(userRef.id));
  const group = await pickGroup(client, `Remove “${user.username}” from a group`, new Set(user.groups ?? []));
  if (!group) return;
  await carryOut(deps, client, membershipPlan('remove', group, { pk: user.pk, username: user.username, name: user.name }, (user.groups ?? []).includes(group.pk)));
}

// --- policy bindings ---

/** An application's policy-binding model is its pk; a flow's is `policybindingmodel_ptr_id`. */
async function bindingTarget(client: AuthentikClient, ref: ObjectRef): Promise<BindingTarget> {
  if (ref.kind === 'application') return { kind: 'application', pbm: ref.id, name: ref.name };
  const flow = await client.retrieveFlow(ref.lookup);
  return { kind: 'flow', pbm: flow.policybindingmodel_ptr_id, name: flow.slug };
}

const BOUND_KINDS: Array<{ label: string; bound: BoundKind; description: string }> = [
  { label: 'Policy', bound: 'policy', description: 'the policy decides' },
  { label: 'Group', bound: 'group', description: 'only its members pass' },
  { label: 'User', bound: 'user', description: 'only this user passes' },
];

async function pickBound(client: AuthentikClient, kind: BoundKind, title: string): Promise<Bound | undefined> {
  if (kind === 'group') {
    const group = await pickGroup(client, title);
    return group && { kind, pk: group.pk, name: group.name };
  }
  if (kind === 'user') {
    const user = await pickUser(client, title);
    return user && { kind, pk: user.pk, name: user.username };
  }
  const policies = await listPolicies(client.api);
  const items = policies.map((p) => ({ label: p.name, description: p.verbose_name, detail: `bound to ${p.bound_to ?? 0} object(s) · pk ${p.pk}`, item: { kind, pk: p.pk, name: p.name } }));
  return pick(items, title, 'Which policy?', 'There is no policy: create one in authentik first.');
}

export async function bindPolicy(deps: RelationDeps, ref: ObjectRef): Promise<void> {
  deps.checkWrites();
  const client = await deps.client();
  const target = await bindingTarget(client, ref);
  const title = `Bind to ${target.kind} “${target.name}”`;
  const kind = (await prompts.quickPick(BOUND_KINDS, { title, placeHolder: 'Bind what?' }))?.bound;
  if (!kind) return;
  const bound = await pickBound(client, kind, title);
  if (!bound) return;
  const existing = await listPolicyBindings(client.api, target.pbm);
  const offered = nextBindingOrder(existing);
  const typed = await prompts.inputBox({
    title,
    prompt: `Order (lower runs first). Now bound: ${existing.length ? existing.map(bindingText).join(', ') : 'nothing'}.`,
    value: String(offered),
    validateInput: (value) => (/^-?\d+$/.test(value.trim()) ? undefined : 'A whole number, e.g. 10.'),
  });
  if (typed === undefined) return;
  if (!/^-?\d+$/.test(typed.trim())) throw new Error(`The order must be a whole number, not “${typed}”.`);
  await carryOut(deps, client, bindPlan(target, existing, bound, Number(typed.trim())));
}

export async function removePolicyBinding(deps: RelationDeps, ref: ObjectRef): Promise<void> {
  deps.checkWrites();
  const client = await deps.client();
  const target = await bindingTarget(client, ref);
  const existing = await listPolicyBindings(client.api, target.pbm);
  const items = existing.map((b) => ({ label: bindingText(b), detail: `binding ${b.pk}`, item: b }));
  const binding = await pick(items, `Remove a binding from ${target.kind} “${target.name}”`, 'Which binding?', `Nothing is bound to ${target.kind} “${target.name}”.`);
  if (!binding) return;
  await carryOut(deps, client, unbindPlan(target, binding));
}

// --- stages in a flow ---

async function flowBindings(client: AuthentikClient, flow: FlowRef): Promise<StageBindingLike[]> {
  return (await client.listFlowBindings(flow.pk, { pageSize: 100 })).items;
}

export async function addStageAtPosition(deps: RelationDeps, ref: ObjectRef): Promise<void> {
  deps.checkWrites();
  const client = await deps.client();
  const flow = { pk: ref.id, slug: ref.slug ?? ref.lookup };
  const title = `Add a stage to flow “${flow.slug}”`;
  const stages = (await client.listStages({ pageSize: 100 })).items;
  const stage = await pick(
    stages.map((s) => ({ label: s.name, description: s.verbose_name, detail: `stage ${s.pk}`, item: { pk: s.pk, name: s.name } })),
    title,
    'Which stage?',
    'There is no stage: create one in authentik first.',
  );
  if (!stage) return;
  const positions = stagePositions(await flowBindings(client, flow));
  const position = (await prompts.quickPick(positions, { title, placeHolder: `Where in the flow does “${stage.name}” run?` }))?.position;
  if (position === undefined) return;
  // The bindings read again just before planning: the order may have changed while the user chose.
  await carryOut(deps, client, addStagePlan(flow, await flowBindings(client, flow), stage, position));
}

export async function removeStageFromFlow(deps: RelationDeps, flow: FlowRef, bindingPk?: string): Promise<void> {
  deps.checkWrites();
  const client = await deps.client();
  const bindings = await flowBindings(client, flow);
  const binding = bindingPk
    ? bindings.find((b) => b.pk === bindingPk)
    : await pick(
        [...bindings].sort((a, b) => a.order - b.order).map((b) => ({ label: `${b.order} · ${b.stage_obj?.name ?? b.stage}`, detail: `binding ${b.pk}`, item: b })),
        `Remove a stage from flow “${flow.slug}”`,
        'Which stage binding?',
        `Flow “${flow.slug}” has no stages.`,
      );
  if (!binding) {
    if (bindingPk) throw new Error(`The binding is not in flow “${flow.slug}” any more: refresh the flow.`);
    return;
  }
  await carryOut(deps, client, removeStagePlan(flow, binding));
}

// --- role permissions ---

async function pickRole(client: AuthentikClient, title: string): Promise<{ pk: string; name: string } | undefined> {
  const roles = await listRoles(client.api);
  return pick(
    roles.map((r) => ({ label: r.name, detail: `role ${r.pk}`, item: r })),
    title,
    'Which role?',
    'There is no role: create one in authentik first.',
  );
}

export async function changeRolePermission(deps: RelationDeps, op: 'assign' | 'unassign', ref: ObjectRef): Promise<void> {
  deps.checkWrites();
  const client = await deps.client();
  const permission = await client.retrievePermission(Number(ref.id));
  const id = `${permission.app_label}.${permission.codename}`;
  const role = await pickRole(client, `${op === 'assign' ? 'Assign' : 'Unassign'} ${id} ${op === 'assign' ? 'to' : 'from'} a role`);
  if (!role) return;
  const held = (await listRolePermissions(client.api, role.pk)).some((p) => p.id === permission.id);
  if (op === 'assign' && held) return void prompts.info(`Role “${role.name}” already holds ${id} globally.`);
  if (op === 'unassign' && !held) return void prompts.info(`Role “${role.name}” does not hold ${id} globally: nothing to unassign.`);
  await carryOut(deps, client, rolePermissionsPlan(op, role, [permission]));
}
