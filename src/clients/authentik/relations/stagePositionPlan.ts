import { RelationPlan } from './relationPlan';

/**
 * A stage put into a flow at a position, and a stage binding taken out. authentik runs a flow's
 * stages by their bindings' `order` (ascending); a position is an index in that order. The new
 * binding takes an order between its neighbours; only when they leave no whole number between
 * them are the bindings after it moved up by one, each with a PATCH of its `order` alone (sent
 * last first), before the binding is created. Steps of 10 at either end, as authentik's own
 * flows are numbered.
 */
export interface FlowRef {
  pk: string;
  slug: string;
}
export interface StageBindingLike {
  pk: string;
  order: number;
  stage: string;
  stage_obj?: { name?: string };
}
export interface StageRef {
  pk: string;
  name: string;
}

const STEP = 10;
const named = (b: StageBindingLike): string => `${b.order} · ${b.stage_obj?.name ?? b.stage}`;
const byOrder = (bindings: readonly StageBindingLike[]): StageBindingLike[] => [...bindings].sort((a, b) => a.order - b.order);

/** The positions a picker offers: before each binding, and last. */
export function stagePositions(bindings: readonly StageBindingLike[]): Array<{ label: string; position: number }> {
  const sorted = byOrder(bindings);
  if (sorted.length === 0) return [{ label: 'First (the flow has no stages yet)', position: 0 }];
  return [
    ...sorted.map((b, i) => ({ label: i === 0 ? `First, before “${named(b)}”` : `Between “${named(sorted[i - 1])}” and “${named(b)}”`, position: i })),
    { label: `Last, after “${named(sorted[sorted.length - 1])}”`, position: sorted.length },
  ];
}

export function addStagePlan(flow: FlowRef, bindings: readonly StageBindingLike[], stage: StageRef, position: number): RelationPlan {
  const sorted = byOrder(bindings);
  if (!Number.isInteger(position) || position < 0 || position > sorted.length) throw new Error(`Position ${position} is not in flow “${flow.slug}” (0 to ${sorted.length}).`);
  const prev = sorted[position - 1];
  const next = sorted[position];
  let order: number;
  const shifts: Array<{ binding: StageBindingLike; to: number }> = [];
  if (!next) order = prev ? prev.order + STEP : STEP;
  else if (!prev) order = next.order - STEP;
  else if (next.order - prev.order >= 2) order = prev.order + Math.floor((next.order - prev.order) / 2);
  else {
    order = prev.order + 1;
    let last = order;
    for (const b of sorted.slice(position)) {
      if (b.order > last) break;
      last += 1;
      shifts.push({ binding: b, to: last });
    }
  }
  const where = !prev && !next ? 'as its only stage' : !prev ? `first, before “${named(next)}”` : !next ? `last, after “${named(prev)}”` : `between “${named(prev)}” and “${named(next)}”`;
  const moved = new Map(shifts.map((s) => [s.binding.pk, s.to]));
  const after = [...sorted.slice(0, position).map(named), `${order} · ${stage.name} (new)`, ...sorted.slice(position).map((b) => `${moved.get(b.pk) ?? b.order} · ${b.stage_obj?.name ?? b.stage}`)];
  return {
    title: `Add stage “${stage.name}” to flow “${flow.slug}”?`,
    action: 'Add Stage',
    changes: [
      `flow “${flow.slug}”: stage “${stage.name}” bound at order ${order}, ${where}`,
      ...shifts.map((s) => `order of “${named(s.binding)}”: ${s.binding.order} → ${s.to} (to make room)`),
      `The flow’s stages afterwards: ${after.join(', ')}`,
    ],
    requests: [
      ...[...shifts].reverse().map((s) => ({
        operation: 'moveStageBinding',
        method: 'PATCH' as const,
        path: `/flows/bindings/${s.binding.pk}/`,
        body: { order: s.to },
        says: `moving “${named(s.binding)}” to order ${s.to}`,
      })),
      { operation: 'addStageBinding', method: 'POST', path: '/flows/bindings/', body: { target: flow.pk, stage: stage.pk, order }, says: `binding stage “${stage.name}” at order ${order}` },
    ],
    destructive: false,
    done: `Added stage “${stage.name}” to flow “${flow.slug}” at order ${order}.`,
  };
}

export function removeStagePlan(flow: FlowRef, binding: StageBindingLike): RelationPlan {
  const name = binding.stage_obj?.name ?? binding.stage;
  return {
    title: `Remove stage “${name}” from flow “${flow.slug}”?`,
    action: 'Remove from Flow',
    changes: [`flow “${flow.slug}”: the binding “${named(binding)}” is deleted, with the policies bound to it`, `The stage “${name}” itself stays, and so do its other flows.`],
    requests: [{ operation: 'removeStageBinding', method: 'DELETE', path: `/flows/bindings/${binding.pk}/`, says: `deleting the binding “${named(binding)}”` }],
    destructive: true,
    done: `Removed stage “${name}” from flow “${flow.slug}”.`,
  };
}
