/** The order of a flow's stage bindings, and how "Move up / Move down" rewrites it. Pure. */
export interface Binding {
  pk: string;
  order: number;
  stage: string;
  stage_obj?: { name?: string };
}

export const bindingName = (b: Binding): string => `${b.order} · ${b.stage_obj?.name ?? b.stage}`;

/**
 * The new orders of a move: the binding swaps places with its neighbour. Equal orders (authentik
 * allows them; the stage's pk then decides) cannot be swapped, so the moved one goes one past it.
 */
export function planMove(bindings: readonly Binding[], pk: string, direction: 'up' | 'down'): Array<{ binding: Binding; from: number; to: number }> {
  const sorted = [...bindings].sort((a, b) => a.order - b.order);
  const index = sorted.findIndex((b) => b.pk === pk);
  if (index < 0) throw new Error('The binding is not in this flow any more: refresh the flow.');
  const other = sorted[direction === 'up' ? index - 1 : index + 1];
  if (!other) return [];
  const moved = sorted[index];
  if (moved.order === other.order) return [{ binding: moved, from: moved.order, to: other.order + (direction === 'up' ? -1 : 1) }];
  return [
    { binding: moved, from: moved.order, to: other.order },
    { binding: other, from: other.order, to: moved.order },
  ];
}
