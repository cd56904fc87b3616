import * as assert from 'node:assert/strict';
import { ServiceError } from '../../../src/core/errors';
import { documentOf, formatDocument } from '../../../src/editing/document';
import { guardedSave } from '../../../src/editing/guardedSave';
import { JsonObject } from '../../../src/editing/kind';
import { summarizePlan } from '../../../src/editing/plan';
import { FakeService, fakeKind, scriptedUi } from './fakeKind';

const ADDRESS = { env: 'production', id: 'w1' };

function seeded(style: 'replace' | 'patch' = 'replace') {
  const service = new FakeService(style);
  service.objects.set('w1', {
    id: 'w1',
    name: 'Latency',
    description: 'p99 over budget',
    disabled: false,
    threshold: { op: '>', value: 100 },
    frequency: 600,
    recipients: [{ id: 'r1' }],
    created_at: '2026-01-01T00:00:00Z',
  });
  const kind = fakeKind(service, style);
  const baseline = documentOf(kind, service.objects.get('w1') as JsonObject);
  return { service, kind, baseline };
}

function edit(document: JsonObject, change: (d: JsonObject) => void): string {
  const copy = structuredClone(document);
  change(copy);
  return formatDocument(copy);
}

describe('editing: guarded save', () => {
  it('re-reads, shows a field-by-field plan, and writes once after confirmation: two requests', async () => {
    const { service, kind, baseline } = seeded();
    const { ui, shown } = scriptedUi();
    const text = edit(baseline, (d) => {
      (d.threshold as JsonObject).value = 250;
      (d.recipients as unknown[]).push({ id: 'r2' });
    });
    const outcome = await guardedSave({ kind, target: { mode: 'update', address: ADDRESS, baseline }, text, ui });
    assert.equal(outcome.status, 'saved');
    assert.deepEqual(
      service.calls.map((c) => c.op),
      ['read', 'update'],
    );
    assert.equal(summarizePlan(shown.plans[0].changes), 'threshold.value 100 → 250; recipients +1');
    assert.equal((service.objects.get('w1')?.threshold as JsonObject).value, 250);
  });

  it('PUT replaces: the whole writable object is sent, so a field the user did not touch survives', async () => {
    const { service, kind, baseline } = seeded('replace');
    const { ui } = scriptedUi();
    await guardedSave({ kind, target: { mode: 'update', address: ADDRESS, baseline }, text: edit(baseline, (d) => (d.name = 'Latency (p99)')), ui });
    const sent = service.calls.find((c) => c.op === 'update')?.body;
    assert.deepEqual(Object.keys(sent ?? {}).sort(), ['description', 'disabled', 'frequency', 'name', 'recipients', 'threshold']);
    // The fake resets what a PUT leaves out, as Honeycomb does: untouched fields survive only because they were sent.
    assert.equal(service.objects.get('w1')?.frequency, 600);
    assert.equal(service.objects.get('w1')?.description, 'p99 over budget');
  });

  it('PUT sends back, as the server has them, writable fields the document does not show (a secret) and fields it does not know', async () => {
    const { service, kind: plain } = seeded('replace');
    Object.assign(service.objects.get('w1') as JsonObject, { webhook_secret: 's3cret', added_later: { by: 'a newer API' } });
    const kind = { ...plain, hiddenFields: ['webhook_secret'] };
    const baseline = documentOf(kind, service.objects.get('w1') as JsonObject);
    assert.equal('webhook_secret' in baseline, false, 'a hidden field never sits in the document');
    assert.deepEqual(baseline.added_later, { by: 'a newer API' }, 'a field the kind does not know does');
    await guardedSave({ kind, target: { mode: 'update', address: ADDRESS, baseline }, text: edit(baseline, (d) => (d.name = 'Latency (p99)')), ui: scriptedUi().ui });
    const sent = service.calls.find((c) => c.op === 'update')?.body ?? {};
    assert.equal(sent.webhook_secret, 's3cret');
    assert.deepEqual(sent.added_later, { by: 'a newer API' });
    assert.equal('id' in sent || 'created_at' in sent, false, 'read-only fields are not sent');
  });

  it('PATCH sends only the fields that changed', async () => {
    const { service, kind, baseline } = seeded('patch');
    const { ui } = scriptedUi();
    await guardedSave({ kind, target: { mode: 'update', address: ADDRESS, baseline }, text: edit(baseline, (d) => (d.disabled = true)), ui });
    assert.deepEqual(service.calls.find((c) => c.op === 'update')?.body, { disabled: true });
  });

  it('stops with a conflict when the object changed on the server since it was opened, and writes nothing', async () => {
    const { service, kind, baseline } = seeded();
    (service.objects.get('w1') as JsonObject).frequency = 1200; // a teammate's edit
    const { ui, shown } = scriptedUi({ conflict: 'compare' });
    const outcome = await guardedSave({ kind, target: { mode: 'update', address: ADDRESS, baseline }, text: edit(baseline, (d) => (d.name = 'Mine')), ui });
    assert.equal(outcome.status, 'conflict');
    assert.equal(shown.conflicts, 1);
    assert.equal(outcome.status === 'conflict' && outcome.theirs.frequency, 1200);
    assert.deepEqual(
      service.calls.map((c) => c.op),
      ['read'],
    );
    assert.equal(service.objects.get('w1')?.name, 'Latency');
  });

  it('a conflict answered with Overwrite plans against the server as it is now', async () => {
    const { service, kind, baseline } = seeded();
    (service.objects.get('w1') as JsonObject).frequency = 1200;
    const { ui, shown } = scriptedUi({ conflict: 'overwrite' });
    const outcome = await guardedSave({ kind, target: { mode: 'update', address: ADDRESS, baseline }, text: edit(baseline, (d) => (d.name = 'Mine')), ui });
    assert.equal(outcome.status, 'saved');
    assert.equal(summarizePlan(shown.plans[0].changes), 'name "Latency" → "Mine"; frequency 1200 → 600');
  });

  it('does not write when the user cancels the plan', async () => {
    const { service, kind, baseline } = seeded();
    const { ui } = scriptedUi({ confirm: false });
    const outcome = await guardedSave({ kind, target: { mode: 'update', address: ADDRESS, baseline }, text: edit(baseline, (d) => (d.name = 'Mine')), ui });
    assert.equal(outcome.status, 'cancelled');
    assert.deepEqual(
      service.calls.map((c) => c.op),
      ['read'],
    );
  });

  it('an invalid document sends no request at all and says which field is wrong', async () => {
    const { service, kind, baseline } = seeded();
    const { ui } = scriptedUi();
    const outcome = await guardedSave({ kind, target: { mode: 'update', address: ADDRESS, baseline }, text: edit(baseline, (d) => (d.frequency = 90)), ui });
    assert.equal(outcome.status, 'invalid');
    assert.deepEqual(outcome.status === 'invalid' && outcome.problems.map((p) => p.path), [['frequency']]);
    assert.equal(service.calls.length, 0);
  });

  it('what the service certainly refuses (a wrong type, a missing required field) stops the save before any request', async () => {
    const { service, kind, baseline } = seeded();
    const { ui } = scriptedUi();
    const outcome = await guardedSave({
      kind,
      target: { mode: 'update', address: ADDRESS, baseline },
      text: edit(baseline, (d) => {
        d.name = 5;
        delete (d.threshold as JsonObject).value;
      }),
      ui,
    });
    assert.equal(outcome.status, 'invalid');
    const problems = outcome.status === 'invalid' ? outcome.problems : [];
    assert.deepEqual(problems.map((p) => [p.severity, p.message]).sort(), [
      ['error', 'name must be a string, not 5'],
      ['error', 'threshold needs the field "value"'],
    ]);
    assert.equal(service.calls.length, 0);
  });

  it('an unknown field or enum value is a warning and goes as it is; a read-only field typed in is not sent', async () => {
    const { service, kind, baseline } = seeded();
    const { ui } = scriptedUi();
    const outcome = await guardedSave({
      kind,
      target: { mode: 'update', address: ADDRESS, baseline },
      text: edit(baseline, (d) => {
        d.created_at = 'now';
        d.ownr = 'team-a';
        (d.threshold as JsonObject).op = '=>';
      }),
      ui,
    });
    assert.equal(outcome.status, 'saved');
    const warnings = outcome.status === 'saved' ? outcome.warnings : [];
    assert.deepEqual(warnings.map((p) => [p.severity, p.path.join('.')]).sort(), [
      ['warning', 'created_at'],
      ['warning', 'ownr'],
      ['warning', 'threshold.op'],
    ]);
    assert.match(warnings.find((p) => p.path[0] === 'threshold')?.message ?? '', /threshold\.op is the string "=>", which the API description does not list \(it lists ">", ">=", "<", "<="\)/);
    assert.match(warnings.find((p) => p.path[0] === 'created_at')?.message ?? '', /read-only/);
    const sent = service.calls.find((c) => c.op === 'update')?.body ?? {};
    assert.equal(sent.ownr, 'team-a');
    assert.equal((sent.threshold as JsonObject).op, '=>');
    assert.equal('created_at' in sent, false, 'a read-only field is never sent');
  });

  it('a syntax error is placed at its offset and nothing is sent', async () => {
    const { service, kind, baseline } = seeded();
    const text = formatDocument(baseline).replace('"Latency",', '"Latency",,');
    const outcome = await guardedSave({ kind, target: { mode: 'update', address: ADDRESS, baseline }, text, ui: scriptedUi().ui });
    assert.equal(outcome.status, 'invalid');
    assert.ok(outcome.status === 'invalid' && typeof outcome.problems[0].offset === 'number');
    assert.equal(service.calls.length, 0);
  });

  it('a write whose answer never came is reported as unknown and is not retried', async () => {
    const { service, kind, baseline } = seeded();
    service.failNextWrite = {
      afterApply: true,
      error: new ServiceError({ kind: 'network', service: 'Fake', operation: 'update', summary: 'the connection was reset before an answer came', outcomeUnknown: true }),
    };
    const outcome = await guardedSave({ kind, target: { mode: 'update', address: ADDRESS, baseline }, text: edit(baseline, (d) => (d.name = 'Mine')), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'unknown');
    assert.match(outcome.status === 'unknown' ? outcome.message : '', /may or may not have been updated/);
    assert.equal(service.calls.filter((c) => c.op === 'update').length, 1);
  });

  it('a 422 becomes problems on the fields the server named', async () => {
    const { service, kind, baseline } = seeded();
    service.failNextWrite = {
      error: new ServiceError({
        kind: 'badInput',
        service: 'Fake',
        operation: 'update',
        status: 422,
        summary: 'the request was refused (HTTP 422)',
        fieldErrors: [{ field: 'threshold.value', messages: ['must be positive'] }],
      }),
    };
    const outcome = await guardedSave({ kind, target: { mode: 'update', address: ADDRESS, baseline }, text: edit(baseline, (d) => ((d.threshold as JsonObject).value = -1)), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'rejected');
    assert.deepEqual(outcome.status === 'rejected' && outcome.problems, [{ path: ['threshold', 'value'], message: 'must be positive', severity: 'error' }]);
  });

  it('saving the document as it was opened sends nothing, not even a read', async () => {
    const { service, kind, baseline } = seeded();
    const outcome = await guardedSave({ kind, target: { mode: 'update', address: ADDRESS, baseline }, text: formatDocument(baseline), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'unchanged');
    assert.deepEqual(service.calls, []);
  });

  it('an edit that matches what the server has now is not written', async () => {
    const { service, kind, baseline } = seeded();
    (service.objects.get('w1') as JsonObject).frequency = 1200; // a teammate made the same change
    const outcome = await guardedSave({
      kind,
      target: { mode: 'update', address: ADDRESS, baseline },
      text: edit(baseline, (d) => (d.frequency = 1200)),
      ui: scriptedUi({ conflict: 'overwrite' }).ui,
    });
    assert.equal(outcome.status, 'unchanged');
    assert.deepEqual(
      service.calls.map((c) => c.op),
      ['read'],
    );
  });

  it('an object deleted on the server since it was opened is said so, and nothing is written', async () => {
    const { service, kind, baseline } = seeded();
    service.objects.delete('w1');
    const outcome = await guardedSave({ kind, target: { mode: 'update', address: ADDRESS, baseline }, text: edit(baseline, (d) => (d.name = 'x')), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'gone');
    assert.deepEqual(
      service.calls.map((c) => c.op),
      ['read'],
    );
  });

  it('creates from a valid template after confirmation; the answer carries the new address', async () => {
    const service = new FakeService('replace');
    const kind = fakeKind(service);
    const { ui, shown } = scriptedUi();
    const outcome = await guardedSave({ kind, target: { mode: 'create', parent: { env: 'production' } }, text: formatDocument(kind.template({ env: 'production' })), ui });
    assert.equal(outcome.status, 'saved');
    assert.equal(shown.plans[0].verb, 'create');
    assert.deepEqual(outcome.status === 'saved' && outcome.address, { env: 'production', id: 'obj1' });
    assert.deepEqual(
      service.calls.map((c) => c.op),
      ['create'],
    );
  });
});
