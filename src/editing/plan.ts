import { hasOwn, ownValue, setOwn } from '../core/ownProperties';
import { jsonEqual } from './document';
import { JsonObject, JsonPath } from './kind';

/**
 * The plan of a save: what changes, field by field, between the object on the server and the
 * user's document — "threshold.value 100 → 250; recipients +1". Pure, so it is tested on Node
 * and the confirmation shows exactly what the write will do.
 */
export interface Change {
  path: JsonPath;
  /** `set`: a value changed; `add`/`remove`: a field appears or goes; `items`: a list gained or lost items. */
  kind: 'set' | 'add' | 'remove' | 'items';
  before?: unknown;
  after?: unknown;
  added?: unknown[];
  removed?: unknown[];
  /** What leaving the field out does, when it is not the plan's default (a PUT that keeps `disabled`). */
  removal?: 'reset' | 'unchanged';
  /** Said instead of the new value, for a change the service makes itself (a new `query_id`). */
  note?: string;
}

export function planChanges(current: JsonObject, proposed: JsonObject): Change[] {
  const changes: Change[] = [];
  diff(current, proposed, [], changes);
  return changes;
}

function diff(before: unknown, after: unknown, path: JsonPath, out: Change[]): void {
  if (jsonEqual(before, after)) return;
  if (isObject(before) && isObject(after)) {
    // Own keys only: a field named `constructor` or `toString` is data like any other.
    const keys = [...Object.keys(before), ...Object.keys(after).filter((k) => !hasOwn(before, k))];
    for (const key of keys) {
      const b = ownValue(before, key);
      const a = ownValue(after, key);
      if (b === undefined && a !== undefined) out.push({ path: [...path, key], kind: 'add', after: a });
      else if (b !== undefined && a === undefined) out.push({ path: [...path, key], kind: 'remove', before: b });
      else diff(b, a, [...path, key], out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const { added, removed } = multisetDiff(before, after);
    // Same items in another order is a change too (binding order, schedule days…).
    out.push({ path, kind: 'items', added, removed, before, after });
    return;
  }
  out.push({ path, kind: 'set', before, after });
}

/** Items of `after` not in `before` and the other way round, counting duplicates. */
function multisetDiff(before: unknown[], after: unknown[]): { added: unknown[]; removed: unknown[] } {
  const remaining = [...before];
  const added: unknown[] = [];
  for (const item of after) {
    const index = remaining.findIndex((candidate) => jsonEqual(candidate, item));
    if (index >= 0) remaining.splice(index, 1);
    else added.push(item);
  }
  return { added, removed: remaining };
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function pathText(path: JsonPath): string {
  if (path.length === 0) return '(document)';
  return path.map((segment, i) => (typeof segment === 'number' ? `[${segment}]` : i === 0 ? segment : `.${segment}`)).join('');
}

/**
 * One line per change. `removeMeans` says what leaving a field out does: with a PUT that replaces
 * the object the server resets it; with a PATCH the field is simply not sent and stays as it is —
 * which the plan must never pretend otherwise.
 */
export function describeChange(change: Change, removeMeans: 'reset' | 'unchanged' = 'reset'): string {
  const where = pathText(change.path);
  if (change.note !== undefined) return `${where} ${short(change.before)} → ${change.note}`;
  switch (change.kind) {
    case 'set':
      return `${where} ${short(change.before)} → ${short(change.after)}`;
    case 'add':
      return `${where} (not set) → ${short(change.after)}`;
    case 'remove':
      return (change.removal ?? removeMeans) === 'reset' ? `${where} ${short(change.before)} → (left out: the server resets it)` : `${where} ${short(change.before)} → (left out: stays as it is)`;
    case 'items': {
      const added = change.added ?? [];
      const removed = change.removed ?? [];
      if (added.length === 0 && removed.length === 0) return `${where} reordered`;
      const scalars = [...added, ...removed].every((v) => v === null || typeof v !== 'object');
      if (scalars) {
        return [where, ...added.map((v) => `+${short(v)}`), ...removed.map((v) => `−${short(v)}`)].join(' ');
      }
      return [where, added.length ? `+${added.length}` : '', removed.length ? `−${removed.length}` : ''].filter(Boolean).join(' ');
    }
  }
}

/** The plan as one line for a notification, e.g. `threshold.value 100 → 250; recipients +1`. */
export function summarizePlan(changes: Change[], removeMeans: 'reset' | 'unchanged' = 'reset'): string {
  return changes.map((change) => describeChange(change, removeMeans)).join('; ');
}

/** The top-level fields whose value differs: the body of a PATCH that sends only what changed. */
export function changedTopLevelFields(current: JsonObject, proposed: JsonObject): JsonObject {
  const body: JsonObject = {};
  for (const [key, value] of Object.entries(proposed)) {
    if (!jsonEqual(ownValue(current, key), value)) setOwn(body, key, value);
  }
  return body;
}

function short(value: unknown): string {
  if (value === undefined) return '(not set)';
  // Only JSON values reach a plan; anything else is named rather than allowed to break it.
  const text = JSON.stringify(value) ?? String(typeof value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
