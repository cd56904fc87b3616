import { isAuthentikKind } from '../../../clients/authentik/resources/kinds';
import { derivedKind, refusalsOf, unknownKindReason } from '../../../clients/authentik/resources/derivedKinds';
import { authentikKindOfId } from './ids';

/**
 * What a tree node says about the commands authentik's API refuses for its object (Edit…,
 * Delete… on the node, New… on a folder), and what those commands say when its kind cannot be
 * edited at all. Loaded with the kinds table (the "authentik-kinds" chunk), when a tooltip is
 * first shown or a command first runs, never while the tree is drawn.
 */

const COMMANDS = { edit: 'Edit…', create: 'New…', delete: 'Delete…' } as const;

/** Why no editor exists for the kind id (`authentik.authentik_core.source`), or undefined when one does. */
export function whyNotEditable(kindId: string): string | undefined {
  const key = authentikKindOfId(kindId);
  return key === undefined || isAuthentikKind(key) ? undefined : unknownKindReason(key);
}

/** One line per refused command of the kind id among `commands`: "Edit… is not possible: <reason>". */
export function refusalLines(kindId: string, commands: ReadonlyArray<keyof typeof COMMANDS>): string[] {
  const unknown = whyNotEditable(kindId);
  if (unknown) return [`${commands.map((c) => COMMANDS[c]).join(', ')} not possible: ${unknown}`];
  const key = authentikKindOfId(kindId);
  const kind = key && !isAuthentikKind(key) ? derivedKind(key) : undefined;
  if (!kind) return [];
  const refusals = refusalsOf(kind.name, kind.row);
  return commands.filter((c) => refusals[c]).map((c) => `${COMMANDS[c]} not possible: ${refusals[c]}`);
}
