import { ServiceError, isAcceptedButUnreadable } from '../core/errors';
import { documentOf, jsonEqual } from './document';
import { Address, EditableKind, JsonObject, ObjectLabel, Problem } from './kind';
import { Change, planChanges } from './plan';
import { PlanNotice, planNotices } from './planNotices';
import { parseDocument } from './parseDocument';
import { requestBody } from './requestBody';
import { serverProblems } from './serverProblems';
import { validateDocument } from './validate';
import { capitalize } from '../core/sentence';

/**
 * The guarded apply behind every save: validate → read the object again → stop on a conflict →
 * plan → confirm → write → the server's answer is the new baseline. Neither service has ETags,
 * so a conflict is detected here: the object is read just before writing and compared, writable
 * field by writable field, with what the document was opened from. The UI is injected, so the
 * whole pipeline runs (and is tested) on plain Node.
 */

export interface PlanPrompt {
  verb: 'update' | 'create';
  label: ObjectLabel;
  changes: Change[];
  /** The object as it is now (empty for a create) and as it will be: the two sides of the diff. */
  current: JsonObject;
  proposed: JsonObject;
  /** Exactly what is sent. */
  body: JsonObject;
  /** What refers to the object by the name this update changes (kind.breaksReferences): the name, and each user. */
  usedBy?: { name: string; items: string[]; unchecked?: string };
  /** What the plan says about the object beyond its changes (a blueprint manages it). */
  notices?: PlanNotice[];
  /** For an update: where the object lives and the server's object, to find code that manages it. */
  address?: Address;
  object?: JsonObject;
}

export interface SaveUi {
  /** The object changed on the server since the document was opened. */
  conflict(input: { label: ObjectLabel; theirs: JsonObject; yours: JsonObject }): Promise<'overwrite' | 'compare' | 'reload' | 'cancel'>;
  /** Shows the plan and asks; true writes. */
  confirm(plan: PlanPrompt): Promise<boolean>;
}

export type SaveTarget = { mode: 'update'; address: Address; baseline: JsonObject } | { mode: 'create'; parent: Address };

export interface SaveRequest {
  kind: EditableKind;
  target: SaveTarget;
  text: string;
  ui: SaveUi;
  signal?: AbortSignal;
}

export type SaveOutcome =
  /**
   * Written: the server's object and the document made from it (the new baseline). `notice` says
   * how the baseline was found when the write's own answer could not be read.
   */
  | { status: 'saved'; address: Address; object: JsonObject; document: JsonObject; changes: Change[]; warnings: Problem[]; notice?: string }
  /** The server accepted the write, but neither its answer nor a fresh read gave the object back. */
  | { status: 'applied'; message: string; document: JsonObject }
  /** The server accepted the create (2xx) but its answer could not be read: the object probably exists. Never repeated. */
  | { status: 'probablyCreated'; message: string }
  /**
   * Nothing to write: the document is the one it was opened from (nothing was sent at all), or it
   * matches the server's object (read again: `object` and `document` are the new baseline).
   */
  | { status: 'unchanged'; object?: JsonObject; document: JsonObject }
  | { status: 'invalid'; problems: Problem[] }
  | { status: 'conflict'; choice: 'compare' | 'reload' | 'cancel'; theirs: JsonObject; theirsObject: JsonObject }
  | { status: 'gone'; message: string }
  | { status: 'cancelled' }
  /** The server refused the write (400/422): its reasons, placed on fields where it named them. */
  | { status: 'rejected'; problems: Problem[]; message: string }
  /** No answer arrived for the write: it may or may not have been applied. */
  | { status: 'unknown'; message: string }
  | { status: 'failed'; message: string; error: unknown };

export async function guardedSave(request: SaveRequest): Promise<SaveOutcome> {
  const { kind, target } = request;
  const parsed = parseDocument(request.text);
  if ('problems' in parsed) return { status: 'invalid', problems: parsed.problems };
  const proposed = parsed.value;
  const problems = await validateDocument(kind, proposed, target.mode === 'update' ? target.baseline : undefined, target.mode === 'update' ? target.address : target.parent);
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) return { status: 'invalid', problems };

  if (target.mode === 'create') return create(request, target.parent, proposed, problems);
  // Saving what was opened sends nothing, not even a read.
  if (jsonEqual(proposed, target.baseline)) return { status: 'unchanged', document: target.baseline };

  let theirsObject: JsonObject;
  try {
    theirsObject = await kind.backend.read(target.address, request.signal);
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'notFound') {
      return { status: 'gone', message: `${capitalize(kind.label(target.address, undefined).title)} no longer exists on the server: nothing was saved. Your text is kept.` };
    }
    return failed(error);
  }
  const theirs = documentOf(kind, theirsObject);
  const label = kind.label(target.address, theirsObject);
  if (!jsonEqual(theirs, target.baseline)) {
    const choice = await request.ui.conflict({ label, theirs, yours: proposed });
    if (choice !== 'overwrite') return { status: 'conflict', choice, theirs, theirsObject };
  }

  const changes = withRemovals(kind, planChanges(theirs, proposed));
  if (kind.updateStyle === 'patch') {
    // A PATCH leaves out what is not sent: a field deleted from the document does not change.
    const sent = changes.filter((c) => c.kind !== 'remove' || c.path.length > 1);
    if (sent.length === 0) return { status: 'unchanged', object: theirsObject, document: theirs };
  } else if (changes.length === 0) {
    return { status: 'unchanged', object: theirsObject, document: theirs };
  }
  const body = requestBody(kind, theirsObject, theirs, proposed);
  const planned = [...changes, ...(kind.consequences?.(theirsObject, body) ?? [])];
  const usedBy =
    kind.breaksReferences?.(theirsObject, body) && kind.backend.usedBy
      ? { name: kind.nameOf(theirsObject), items: await kind.backend.usedBy(target.address, request.signal), unchecked: kind.backend.usedByUnchecked }
      : undefined;
  const notices = await planNotices(kind, target.address, theirsObject, request.signal);
  if (
    !(await request.ui.confirm({
      verb: 'update',
      label,
      changes: planned,
      current: theirs,
      proposed,
      body,
      usedBy,
      ...(notices.length ? { notices } : {}),
      address: target.address,
      object: theirsObject,
    }))
  )
    return { status: 'cancelled' };

  try {
    const object = await kind.backend.update(target.address, body, request.signal);
    return { status: 'saved', address: kind.addressOf?.(object, target.address) ?? target.address, object, document: documentOf(kind, object), changes: planned, warnings: problems };
  } catch (error) {
    if (isAcceptedButUnreadable(error)) return readAfterUnreadableAnswer(request, target.address, error, planned, problems, proposed);
    return writeFailure(error, kind.noun, 'updated', proposed);
  }
}

/** The plan line of a field left out of a PUT that the service keeps rather than resets. */
function withRemovals(kind: EditableKind, changes: Change[]): Change[] {
  const kept = new Set(kind.keptWhenLeftOut ?? []);
  return changes.map((c) => (c.kind === 'remove' && c.path.length === 1 && kept.has(String(c.path[0])) ? { ...c, removal: 'unchanged' as const } : c));
}

/**
 * The server said yes (2xx) to the write, but its answer could not be read. The change was made:
 * the object is read again for the new baseline, and the user is never told it was not saved.
 */
async function readAfterUnreadableAnswer(request: SaveRequest, address: Address, error: ServiceError, changes: Change[], warnings: Problem[], proposed: JsonObject): Promise<SaveOutcome> {
  const { kind } = request;
  const answered = `the server accepted it (HTTP ${error.status ?? '2xx'}) but its answer could not be read (${error.summary})`;
  try {
    const object = await kind.backend.read(address, request.signal);
    const moved = kind.addressOf?.(object, address) ?? address;
    return { status: 'saved', address: moved, object, document: documentOf(kind, object), changes, warnings, notice: `Saved: ${answered}, so the ${kind.noun} was read again.` };
  } catch (readError) {
    const why = readError instanceof ServiceError ? readError.summary : String((readError as Error)?.message ?? readError);
    return {
      status: 'applied',
      document: proposed,
      message: `The change was applied: ${answered}, and reading the ${kind.noun} again failed (${why}). Reload it from the server before editing further.`,
    };
  }
}

async function create(request: SaveRequest, parent: Address, proposed: JsonObject, warnings: Problem[]): Promise<SaveOutcome> {
  const { kind } = request;
  const label = kind.label(parent, proposed);
  const changes = planChanges({}, proposed);
  if (!(await request.ui.confirm({ verb: 'create', label, changes, current: {}, proposed, body: proposed }))) return { status: 'cancelled' };
  try {
    const { object, address } = await kind.backend.create(parent, proposed, request.signal);
    return { status: 'saved', address, object, document: documentOf(kind, object), changes, warnings };
  } catch (error) {
    if (isAcceptedButUnreadable(error)) {
      return {
        status: 'probablyCreated',
        message:
          `The ${kind.noun} was probably created: the server accepted it (HTTP ${error.status ?? '2xx'}) but its answer could not be read (${error.summary}). ` +
          `Look for it in the view before trying again; nothing was retried.`,
      };
    }
    return writeFailure(error, kind.noun, 'created', proposed);
  }
}

/**
 * A failed write in the user's terms. A write whose answer never came may have been applied: it
 * is never retried here (the HTTP layer does not retry writes either), and the user is told so.
 */
function writeFailure(error: unknown, noun: string, verb: 'updated' | 'created', proposed: JsonObject): SaveOutcome {
  if (error instanceof ServiceError) {
    if (error.outcomeUnknown || error.kind === 'timeout') {
      return {
        status: 'unknown',
        message: `No answer came for the write, so the ${noun} may or may not have been ${verb}. Nothing was retried. Compare with the server or reload before saving again. (${error.summary})`,
      };
    }
    if (error.kind === 'badInput' && (error.status === 400 || error.status === 422 || error.fieldErrors.length > 0)) {
      return { status: 'rejected', problems: serverProblems(error, proposed), message: `The server refused the ${noun}: ${error.message}` };
    }
  }
  return failed(error);
}

function failed(error: unknown): SaveOutcome {
  const message = error instanceof ServiceError ? error.message : `Unexpected error: ${(error as Error)?.message ?? String(error)}`;
  return { status: 'failed', message, error };
}
