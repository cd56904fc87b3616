import * as assert from 'node:assert/strict';
import { triggerProblems } from '../../../src/clients/honeycomb/triggerRules';
import { EditableKind, JsonObject, KindBackend, Problem } from '../../../src/editing/kind';
import { validateDocument } from '../../../src/editing/validate';
import { triggerKind } from '../../../src/views/honeycomb/kinds/trigger';
import { validationSchema } from './kindSchemas';

/**
 * What a user reads about a trigger document: each problem once, naming the value and what would
 * be accepted; warnings (never errors) for what the model does not know; a long list condensed.
 */
const kind: EditableKind = triggerKind({ backend: {} as KindBackend, schema: validationSchema('honeycomb-trigger'), rules: (d) => triggerProblems(d) });

function trigger(change: (t: JsonObject) => void = () => undefined): JsonObject {
  const t: JsonObject = {
    name: 'p99 latency',
    query: { calculations: [{ op: 'P99', column: 'duration_ms' }], time_range: 1800 },
    threshold: { op: '>', value: 800, exceeded_limit: 1 },
    frequency: 900,
    alert_type: 'on_change',
    recipients: [],
  };
  change(t);
  return t;
}

const lines = (problems: Problem[]) => problems.map((p) => `${p.severity} ${p.path.join('.')}: ${p.message}`);

describe('editing: what the document checks say', () => {
  it('a wrong threshold operator is one error, naming the value and the allowed ones (not the schema and the rule both)', async () => {
    const problems = await validateDocument(
      kind,
      trigger((t) => ((t.threshold as JsonObject).op = '=>')),
    );
    assert.deepEqual(lines(problems), ['error threshold.op: threshold.op is "=>": use one of >, >=, <, <=']);
  });

  it('a baseline missing its offset says so by name', async () => {
    const problems = await validateDocument(
      kind,
      trigger((t) => {
        t.baseline_details = { type: 'value' };
        (t.threshold as JsonObject).op = '>=';
      }),
    );
    assert.deepEqual(lines(problems), ['error baseline_details: baseline_details needs "offset_minutes": one of 60, 1440, 10080, 40320 (1 hour, 1 day, 1 week, 4 weeks)']);
  });

  it('104 calculations with the same problem read as three and "and 101 more like this"', async () => {
    const problems = await validateDocument(
      kind,
      trigger((t) => {
        (t.query as JsonObject).calculations = Array.from({ length: 104 }, (_, i) => ({ op: 'P99', name: `c${i}` }));
        (t.query as JsonObject).formulas = [{ name: 'f', expression: 'MAX($c0, $c1)' }];
      }),
    );
    const missing = problems.filter((p) => /requires a column|more like this/.test(p.message));
    assert.equal(missing.length, 4, lines(problems).join('\n'));
    assert.match(missing[3].message, /^…and 101 more like this \(P99 requires a column\)$/);
    assert.deepEqual(missing[3].path, ['query', 'calculations']);
    assert.ok(
      problems.some((p) => /at most 100 calculations; this one has 104/.test(p.message)),
      'the limit itself is said once',
    );
    assert.ok(problems.length <= 6, `a readable handful, not ${problems.length}`);
  });

  it('a field the API description lacks is a warning with a suggestion when typed, and nothing when the server sent it', async () => {
    const typed = await validateDocument(
      kind,
      trigger((t) => (t.frequncy = 900)),
      trigger(),
    );
    assert.deepEqual(lines(typed), ['warning frequncy: "frequncy" is not in the published API description: it is kept and sent as it is. Did you mean "frequency"?']);
    const fromServer = trigger((t) => (t.silence_until = '2026-12-01T00:00:00Z'));
    assert.deepEqual(await validateDocument(kind, fromServer, fromServer), []);
  });

  it('newer fields the service takes are not problems at all (auto_investigate, marker recipients, formulas, COUNT_DATAPOINTS)', async () => {
    const problems = await validateDocument(
      kind,
      trigger((t) => {
        t.auto_investigate = true;
        t.recipients = [{ type: 'marker', target: 'deploys' }];
        t.query = {
          calculations: [
            { op: 'COUNT_DATAPOINTS', name: 'points' },
            { op: 'HISTOGRAM_COUNT', column: 'latency', name: 'hist' },
          ],
          formulas: [{ name: 'ratio', expression: 'DIV($hist, $points)' }],
          time_range: 900,
        };
      }),
    );
    assert.deepEqual(lines(problems), []);
  });

  it('no message calls a field the API accepts "read-only or unknown"', async () => {
    const problems = await validateDocument(
      kind,
      trigger((t) => (t.id = 'abc')),
    );
    assert.deepEqual(lines(problems), ['warning id: "id" is read-only: Honeycomb sets it, so it is not sent']);
  });
});
