import { RelationPlan } from './relationPlan';

/**
 * A policy, group or user bound to an application or a flow (`/policies/bindings/`), and a
 * binding taken away. `target` is the object's policy-binding model: an application's `pk` (its
 * `pbm_uuid`), but a flow's `policybindingmodel_ptr_id`, which is not the flow's own `pk`.
 * authentik evaluates a target's bindings by `order`; the plan lists them as they will be.
 */
export type BindingTargetKind = 'application' | 'flow';
export interface BindingTarget {
  kind: BindingTargetKind;
  /** The policy-binding model's UUID (see above). */
  pbm: string;
  name: string;
}
export type BoundKind = 'policy' | 'group' | 'user';
export interface Bound {
  kind: BoundKind;
  pk: string | number;
  name: string;
}
export interface PolicyBindingLike {
  pk: string;
  order: number;
  policy?: string | null;
  group?: string | null;
  user?: number | null;
  policy_obj?: { name?: string } | null;
  group_obj?: { name?: string } | null;
  user_obj?: { username?: string } | null;
  enabled?: boolean;
  negate?: boolean;
}

/** “policy “Office hours””, “group “Admins””, “user “jane””: what a binding binds. */
export function boundText(b: PolicyBindingLike): string {
  if (b.policy) return `policy “${b.policy_obj?.name ?? b.policy}”`;
  if (b.group) return `group “${b.group_obj?.name ?? b.group}”`;
  if (b.user !== null && b.user !== undefined) return `user “${b.user_obj?.username ?? b.user}”`;
  return 'nothing';
}
export const bindingText = (b: PolicyBindingLike): string => `${b.order} · ${boundText(b)}${b.enabled === false ? ' (disabled)' : ''}${b.negate ? ' (negated)' : ''}`;

/** The order a new binding is offered: after the last one, in steps of 10. */
export function nextBindingOrder(bindings: readonly PolicyBindingLike[]): number {
  return bindings.length ? Math.max(...bindings.map((b) => b.order)) + 10 : 0;
}

export function bindPlan(target: BindingTarget, existing: readonly PolicyBindingLike[], bound: Bound, order: number): RelationPlan {
  if (!Number.isInteger(order) || order < -2147483648 || order > 2147483647) throw new Error(`The order must be a whole number, not “${order}”.`);
  const what = `${bound.kind} “${bound.name}”`;
  const same = existing.find((b) => (bound.kind === 'policy' ? b.policy : bound.kind === 'group' ? b.group : b.user) === bound.pk);
  const list = [...existing.map((b) => ({ order: b.order, text: bindingText(b) })), { order, text: `${order} · ${what} (new)` }].sort((a, b) => a.order - b.order);
  return {
    title: `Bind ${what} to ${target.kind} “${target.name}”?`,
    action: 'Bind',
    changes: [
      `${target.kind} “${target.name}”: ${what} bound at order ${order} (enabled, not negated)`,
      ...(same ? [`It is already bound at order ${same.order}: this adds a second binding.`] : []),
      `The ${target.kind}’s bindings afterwards: ${list.map((l) => l.text).join(', ')}`,
    ],
    requests: [
      {
        operation: 'createPolicyBinding',
        method: 'POST',
        path: '/policies/bindings/',
        body: { target: target.pbm, [bound.kind]: bound.pk, order, enabled: true, negate: false },
        says: `binding ${what} to “${target.name}”`,
      },
    ],
    destructive: false,
    done: `Bound ${what} to ${target.kind} “${target.name}” at order ${order}.`,
  };
}

export function unbindPlan(target: BindingTarget, binding: PolicyBindingLike): RelationPlan {
  return {
    title: `Remove the binding of ${boundText(binding)} from ${target.kind} “${target.name}”?`,
    action: 'Remove Binding',
    changes: [`${target.kind} “${target.name}”: the binding “${bindingText(binding)}” is deleted`, `The ${binding.policy ? 'policy' : binding.group ? 'group' : 'user'} itself stays.`],
    requests: [{ operation: 'deletePolicyBinding', method: 'DELETE', path: `/policies/bindings/${binding.pk}/`, says: `deleting the binding “${bindingText(binding)}”` }],
    destructive: true,
    done: `Removed the binding of ${boundText(binding)} from ${target.kind} “${target.name}”.`,
  };
}
