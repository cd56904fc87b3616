import { Address, JsonObject, KindBackend } from '../../../src/editing/kind';

/**
 * One real object held the way its service holds it, for round-trip tests: a read answers it as
 * stored; a PUT replaces it with the body (a field the body leaves out is gone, as Honeycomb
 * resets it) and keeps only what the server computes; a PATCH merges the body in, as authentik
 * does. Every write body is recorded, so a test can say exactly what was sent.
 */
export interface ReplayRules {
  style: 'replace' | 'patch';
  /** Fields the server computes: kept across a PUT, whatever the body says. */
  readOnly: readonly string[];
  /** Fields a PUT that leaves them out keeps (Honeycomb keeps a trigger's `disabled`). */
  keptWhenLeftOut?: readonly string[];
  /** What else the server does with a replacing body (a trigger's stored query). */
  afterReplace?(stored: JsonObject, body: JsonObject, before: JsonObject): void;
}

export class ReplayServer implements KindBackend {
  readonly writes: JsonObject[] = [];
  reads = 0;
  stored: JsonObject;

  constructor(
    object: JsonObject,
    private readonly rules: ReplayRules,
  ) {
    this.stored = structuredClone(object);
  }

  async read(): Promise<JsonObject> {
    this.reads++;
    return structuredClone(this.stored);
  }

  async create(): Promise<{ object: JsonObject; address: Address }> {
    throw new Error('the replay server holds one existing object');
  }

  async update(_address: Address, body: JsonObject): Promise<JsonObject> {
    this.writes.push(structuredClone(body));
    const before = this.stored;
    if (this.rules.style === 'patch') {
      this.stored = { ...before, ...structuredClone(body) };
    } else {
      const next: JsonObject = structuredClone(body);
      for (const field of [...this.rules.readOnly, ...(this.rules.keptWhenLeftOut ?? [])]) {
        if (Object.prototype.hasOwnProperty.call(before, field) && (this.rules.readOnly.includes(field) || !Object.prototype.hasOwnProperty.call(body, field))) next[field] = before[field];
      }
      this.rules.afterReplace?.(next, body, before);
      this.stored = next;
    }
    return structuredClone(this.stored);
  }

  async remove(): Promise<'deleted'> {
    throw new Error('not used in round trips');
  }
}

/**
 * Honeycomb's handling of a trigger's query on a PUT: a body with `query_id` runs that stored
 * query (the answer carries it inline too); a body with an inline `query` stores it again under a
 * new id.
 */
export function triggerQueryStorage(stored: JsonObject, body: JsonObject, before: JsonObject): void {
  if (body.query !== undefined) {
    stored.query_id = `q-${JSON.stringify(body.query).length}-${Object.keys(body.query as object).length}`;
  } else if (body.query_id === before.query_id) {
    stored.query = before.query;
  }
}
