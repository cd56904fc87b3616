import * as assert from 'node:assert/strict';
import { documentOf, formatDocument, jsonEqual } from '../../../src/editing/document';
import { guardedSave } from '../../../src/editing/guardedSave';
import { JsonObject } from '../../../src/editing/kind';
import { parseDocument } from '../../../src/editing/parseDocument';
import { changedTopLevelFields, planChanges, summarizePlan } from '../../../src/editing/plan';
import { FakeService, fakeKind, scriptedUi } from './fakeKind';

/**
 * Keys that JavaScript objects inherit or treat specially — `constructor`, `toString`,
 * `hasOwnProperty`, `__proto__` — are ordinary field names in a service's object and in a user's
 * document: adding one is a change, removing one is a change (and does not crash the plan), and
 * they travel through documents and bodies like any other field.
 */
const SPECIAL = ['constructor', 'toString', 'hasOwnProperty', '__proto__'];

/** An object with `key` as an own field (JSON.parse keeps `__proto__` as a field; a literal would not). */
function withKey(base: JsonObject, key: string, value: unknown): JsonObject {
  return JSON.parse(JSON.stringify(base).replace(/^\{/, `{${JSON.stringify(key)}:${JSON.stringify(value)},`)) as JsonObject;
}

describe('editing: object keys are data', () => {
  for (const key of SPECIAL) {
    it(`adding "${key}" is a change, and removing it is one too`, () => {
      const base = { name: 'a', labels: { team: 'edge' } };
      const added = { ...base, labels: withKey(base.labels, key, 'x') };
      assert.equal(summarizePlan(planChanges(base, added)), `labels.${key} (not set) → "x"`);
      assert.equal(summarizePlan(planChanges(added, base)), `labels.${key} "x" → (left out: the server resets it)`);
      assert.equal(jsonEqual(base, added), false);
      assert.deepEqual(Object.keys(changedTopLevelFields(base, withKey(base, key, 1))), [key]);
    });

    it(`a document with a "${key}" field reads back with it as a field and keeps the object's prototype`, () => {
      const parsed = parseDocument(`{"name": "a", ${JSON.stringify(key)}: {"x": 1}}\n`);
      assert.ok('value' in parsed);
      const value = parsed.value;
      assert.equal(Object.getPrototypeOf(value), Object.prototype);
      assert.ok(Object.prototype.hasOwnProperty.call(value, key));
      assert.deepEqual(JSON.parse(JSON.stringify(value))[key], { x: 1 });
    });

    it(`a server object with a "${key}" field opens with it and a save sends it back`, async () => {
      const service = new FakeService('replace');
      service.objects.set('w1', withKey({ id: 'w1', name: 'Latency', threshold: { op: '>', value: 1 } }, key, 'kept'));
      const kind = fakeKind(service);
      const baseline = documentOf(kind, service.objects.get('w1') as JsonObject);
      assert.ok(formatDocument(baseline).includes(`${JSON.stringify(key)}: "kept"`), formatDocument(baseline));
      const text = formatDocument(baseline).replace('"Latency"', '"Latency p99"');
      const outcome = await guardedSave({ kind, target: { mode: 'update', address: { env: 'e', id: 'w1' }, baseline }, text, ui: scriptedUi().ui });
      assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
      const body = service.calls.find((c) => c.op === 'update')?.body ?? {};
      assert.ok(Object.prototype.hasOwnProperty.call(body, key) && body[key] === 'kept', `the body carries ${key}`);
    });
  }
});
