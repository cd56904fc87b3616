import type { UsedBy } from '../../clients/authentik';
import type { RecordSection } from '../panels/protocol';

/** authentik's `on_delete` of an object that refers to another, in words: what deleting the other does to it. */
export function describeDeleteAction(action: string): string {
  switch (action) {
    case 'cascade':
    case 'cascade_many':
      return 'deleted with it';
    case 'set_null':
      return 'the reference is cleared';
    case 'set_default':
      return 'the reference goes back to its default';
    case 'left_dangling':
      return 'left pointing at nothing';
    default:
      return action;
  }
}

/** A record's "Used by": each object that refers to it, by name, and what a delete does to it. */
export function usedBySection(usedBy: readonly UsedBy[]): RecordSection {
  return { title: `Used by (${usedBy.length})`, fields: usedBy.map((u) => ({ label: u.name, value: `on delete: ${describeDeleteAction(u.action)}` })) };
}
