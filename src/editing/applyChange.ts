import { Logger } from '../core/logger';
import { capitalize } from '../core/sentence';
import { prompts } from '../ui/prompts';
import { documentOf, formatDocument } from './document';
import type { ObjectChange } from './editDocuments';
import { EditSessions } from './editSessions';
import type { SaveOutcome } from './guardedSave';
import { guardedSaveInEditor } from './guardedSaveInEditor';
import { Address, EditableKind, JsonObject } from './kind';
import { PlanDocuments } from './planDocuments';
import type { OwnerLookup } from './saveUi';
import { WriteGate } from './writeGate';

/** What a one-click change needs: the gate, the plan documents, the open documents' sessions, and who hears of the change. */
export interface ChangeContext {
  gate: WriteGate;
  sessions: EditSessions;
  plans: PlanDocuments;
  logger: Logger;
  ownerOf: OwnerLookup | undefined;
  objectChanged(change: ObjectChange): void;
}

/**
 * A one-click change (Enable, Disable…) through the same guarded apply as a save: the object is
 * read, `change` makes the proposed document, and the plan is confirmed before anything is
 * written. Open documents of the object take the server's answer. Answers what happened.
 */
export async function applyChange(ctx: ChangeContext, kind: EditableKind, address: Address, change: (document: JsonObject) => JsonObject): Promise<SaveOutcome['status']> {
  const refusal = ctx.gate.refusal();
  if (refusal) throw new Error(refusal);
  const current = await kind.backend.read(address);
  const baseline = documentOf(kind, current);
  const proposed = change(structuredClone(baseline));
  const outcome = await guardedSaveInEditor({ kind, target: { mode: 'update', address, baseline }, text: formatDocument(proposed) }, ctx.plans, ctx.ownerOf);
  ctx.logger.info(`change ${kind.id} ${JSON.stringify(address)}: ${outcome.status}`);
  switch (outcome.status) {
    case 'saved':
      for (const { uri, session } of ctx.sessions.ofObject(kind, address)) ctx.sessions.rebase(uri, session, outcome.object);
      ctx.objectChanged({ kindId: kind.id, address, change: 'updated' });
      void prompts.info(`${capitalize(kind.label(address, outcome.object).title)} updated.`);
      break;
    case 'unchanged':
      void prompts.info(`Nothing to change: ${kind.label(address, outcome.object ?? current).title} already has these values.`);
      break;
    case 'invalid':
      throw new Error(
        `Not changed: ${outcome.problems
          .filter((p) => p.severity === 'error')
          .map((p) => p.message)
          .join('; ')}`,
      );
    case 'conflict':
      // The object was read a moment ago; a change in between is reported, never overwritten.
      throw new Error(`Not changed: the ${kind.noun} changed on the server just now. Try again.`);
    case 'gone':
    case 'unknown':
    case 'applied':
    case 'probablyCreated':
      throw new Error(outcome.message);
    case 'rejected':
    case 'failed':
      throw new Error(`Not changed: ${outcome.message}`);
    case 'cancelled':
      break;
  }
  return outcome.status;
}
