import type { PlanPrompt } from './guardedSave';
import { EditableKind } from './kind';
import { describeChange } from './plan';

/**
 * The text of a save's confirmation: where the object lives, what the plan must say about it
 * (a blueprint manages it), every change (one line each, at most 15), what uses it by a name the
 * update changes, and how the write is sent. Pure, so the words are unit tested.
 */
const MAX_PLAN_LINES = 15;

/** The confirmation's text: where, what changes (one line each), and how the write is sent. */
export function planDetail(kind: EditableKind, plan: PlanPrompt): string {
  const removeMeans = kind.updateStyle === 'replace' ? 'reset' : 'unchanged';
  const lines = plan.changes.map((change) => describeChange(change, removeMeans));
  const shown = lines.slice(0, MAX_PLAN_LINES);
  if (lines.length > shown.length) shown.push(`…and ${lines.length - shown.length} more (see the diff)`);
  const how =
    plan.verb === 'create'
      ? `A new ${kind.noun} is created with these fields.`
      : kind.updateStyle === 'replace'
        ? `The whole ${kind.noun} is sent: ${kind.service} replaces it, and a field left out is reset.`
        : 'Only the changed fields are sent.';
  const uses = plan.usedBy?.items.length
    ? [
        '',
        `${plan.usedBy.items.length === 1 ? 'One object uses' : `${plan.usedBy.items.length} objects use`} it by the name ${plan.usedBy.name}, and will not find it under the new one:`,
        ...plan.usedBy.items.slice(0, 10).map((u) => `• ${u}`),
        ...(plan.usedBy.items.length > 10 ? [`…and ${plan.usedBy.items.length - 10} more`] : []),
      ]
    : [];
  if (plan.usedBy?.unchecked) uses.push('', plan.usedBy.unchecked);
  const notices = plan.notices?.length ? [...plan.notices.map((n) => n.text), ''] : [];
  return [plan.label.location, '', ...notices, ...shown, ...uses, '', how].join('\n');
}
