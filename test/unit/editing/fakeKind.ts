import { ServiceError } from '../../../src/core/errors';
import { PlanPrompt, SaveUi } from '../../../src/editing/guardedSave';
import { Address, EditableKind, JsonObject, KindBackend } from '../../../src/editing/kind';

/**
 * An in-memory service with one editable kind shaped like a small trigger, for testing the
 * mechanism without a server. It counts calls, so a test can say "no request was sent" or
 * "the write was made once and never again".
 */
export class FakeService implements KindBackend {
  readonly objects = new Map<string, JsonObject>();
  readonly calls: Array<{ op: string; body?: JsonObject }> = [];
  /** The next write fails with this error (after being applied, when `afterApply`). */
  failNextWrite?: { error: ServiceError; afterApply?: boolean };
  private nextId = 1;

  constructor(private readonly style: 'replace' | 'patch') {}

  async read(address: Address): Promise<JsonObject> {
    this.calls.push({ op: 'read' });
    const found = this.objects.get(address.id);
    if (!found) throw new ServiceError({ kind: 'notFound', service: 'Fake', operation: 'read', summary: 'not found (HTTP 404)', status: 404 });
    return structuredClone(found);
  }

  async create(parent: Address, body: JsonObject): Promise<{ object: JsonObject; address: Address }> {
    this.calls.push({ op: 'create', body });
    this.maybeFail(() => undefined);
    const id = `obj${this.nextId++}`;
    const object = { ...withDefaults(body), id, created_at: '2026-11-25T00:00:00Z' };
    this.objects.set(id, object);
    return { object: structuredClone(object), address: { ...parent, id } };
  }

  async update(address: Address, body: JsonObject): Promise<JsonObject> {
    this.calls.push({ op: 'update', body });
    const current = this.objects.get(address.id);
    if (!current) throw new ServiceError({ kind: 'notFound', service: 'Fake', operation: 'update', summary: 'not found (HTTP 404)', status: 404 });
    // A PUT replaces: what is not sent goes back to its default. A PATCH merges.
    const next = this.style === 'replace' ? { ...withDefaults(body), id: current.id, created_at: current.created_at } : { ...current, ...body };
    this.maybeFail(() => this.objects.set(address.id, next));
    this.objects.set(address.id, next);
    return structuredClone(next);
  }

  async remove(address: Address): Promise<'deleted' | 'alreadyGone'> {
    this.calls.push({ op: 'remove' });
    return this.objects.delete(address.id) ? 'deleted' : 'alreadyGone';
  }

  private maybeFail(apply: () => void): void {
    const failure = this.failNextWrite;
    if (!failure) return;
    this.failNextWrite = undefined;
    if (failure.afterApply) apply();
    throw failure.error;
  }
}

function withDefaults(body: JsonObject): JsonObject {
  return { description: '', frequency: 900, disabled: false, recipients: [], ...body };
}

export function fakeKind(backend: FakeService, style: 'replace' | 'patch' = 'replace'): EditableKind {
  return {
    id: 'fake.widget',
    noun: 'widget',
    service: 'Fake',
    fileSuffix: 'fake-widget',
    addressKeys: ['env', 'id'],
    parentKeys: ['env'],
    fieldOrder: ['name', 'description', 'disabled', 'threshold', 'frequency', 'recipients'],
    readOnlyFields: ['id', 'created_at'],
    updateStyle: style,
    schema: async () => ({
      type: 'object',
      additionalProperties: false,
      required: ['name', 'threshold'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 120 },
        description: { type: 'string' },
        disabled: { type: 'boolean' },
        frequency: { type: 'integer' },
        threshold: {
          type: 'object',
          required: ['op', 'value'],
          additionalProperties: false,
          properties: { op: { type: 'string', enum: ['>', '>=', '<', '<='] }, value: { type: 'number' } },
        },
        recipients: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
      },
    }),
    rules: (document) => (typeof document.frequency === 'number' && document.frequency % 60 !== 0 ? [{ path: ['frequency'], message: 'frequency must be a multiple of 60', severity: 'error' }] : []),
    template: () => ({ name: 'New widget', threshold: { op: '>', value: 1 }, frequency: 900, recipients: [] }),
    nameOf: (object) => String(object.name ?? ''),
    label: (address, object) => ({ title: `widget “${String(object?.name ?? address.id ?? 'new')}”`, location: `environment “${address.env}” (Fake)` }),
    backend,
  };
}

/** A save UI that answers as told and records what it was shown. */
export function scriptedUi(answers: { conflict?: 'overwrite' | 'compare' | 'reload' | 'cancel'; confirm?: boolean } = {}) {
  const shown: { plans: PlanPrompt[]; conflicts: number } = { plans: [], conflicts: 0 };
  const ui: SaveUi = {
    conflict: async () => {
      shown.conflicts++;
      return answers.conflict ?? 'cancel';
    },
    confirm: async (plan) => {
      shown.plans.push(plan);
      return answers.confirm ?? true;
    },
  };
  return { ui, shown };
}
