import * as assert from 'node:assert/strict';
import { QueryRun, toRecipient, toTrigger } from '../../../src/clients/honeycomb';
import { buildResultModel } from '../../../src/queries/resultModel';
import { EnvContext } from '../../../src/views/honeycomb/objects';
import { buildRecord } from '../../../src/views/honeycomb/recordModels';
import { panelText } from '../../../src/views/panels/panelText';

/**
 * Server data that tries to break or fool a panel: keys named like Object's own members
 * (`constructor`, `__proto__`, `toString`) and names with bidirectional overrides. A panel model
 * must stay plain data (it travels by postMessage) and say what the server said.
 */

const env: EnvContext = { apiUrl: 'https://api.honeycomb.io', teamSlug: 'acme', teamName: 'Acme', envSlug: 'production', envName: 'Production', classic: false };

/** Throws (DataCloneError) when the model holds a function, as postMessage would. */
function cloneable<T>(model: T): T {
  return structuredClone(model);
}

function run(rows: string, series: string, breakdowns: string[]): QueryRun {
  return {
    record: { id: 'r1', queryId: 'q1', queryJson: '{}', queryUrl: '', graphImageUrl: '', results: [] },
    query: { calculations: [{ op: 'COUNT' }], breakdowns, time_range: 3600 },
    datasetPath: 'api-gateway',
    // As the client gets them: parsed from the server's JSON.
    rows: JSON.parse(rows) as QueryRun['rows'],
    series: JSON.parse(series) as QueryRun['series'],
    requests: { createQuery: 1, createResult: 1, poll: 1 },
    rateLimited: 0,
    queuedMs: 0,
    durationMs: 100,
  };
}

describe('panels and hostile server data', () => {
  it('a recipient whose type is "constructor" or "toString" gets its type as the label, not Object’s members', () => {
    for (const type of ['constructor', 'toString', '__proto__']) {
      const recipient = toRecipient(JSON.parse(`{"id": "x1", "type": "${type}", "details": {}}`));
      const { model } = buildRecord({ kind: 'recipient', env, item: recipient });
      cloneable(model);
      assert.equal(model.subtitle, type);
      assert.deepEqual(model.badges, [{ text: `Unknown type ${type}`, tone: 'warning' }]);

      const trigger = toTrigger('api-gateway', { id: 't1', name: 'T', threshold: { op: '>', value: 1 }, recipients: [{ id: 'x1', type: type, target: 'somewhere' }], frequency: 300 });
      const triggerModel = buildRecord({ kind: 'trigger', env, item: trigger }).model;
      cloneable(triggerModel);
      const recipients = triggerModel.sections.find((s) => s.title.startsWith('Recipients'))!;
      assert.equal(recipients.fields[0].label, type);
    }
  });

  it('query results with breakdowns named "constructor" and "__proto__" show the server’s values', () => {
    const rows = '[{"constructor": "GET /a", "__proto__": "eu", "COUNT": 5}, {"COUNT": 2}]';
    const series = '[{"time": "2026-01-01T00:00:00Z", "data": {"constructor": "GET /a", "__proto__": "eu", "COUNT": 5}}, {"time": "2026-01-01T00:00:00Z", "data": {"COUNT": 2}}]';
    const model = buildResultModel(run(rows, series, ['constructor', '__proto__']), {
      key: 'k',
      draft: { dataset: 'api-gateway', query: { calculations: [{ op: 'COUNT' }], breakdowns: ['constructor', '__proto__'] } },
      environmentName: 'Production',
      ranAt: new Date('2026-01-01T00:00:00Z'),
    });
    cloneable(model);
    assert.deepEqual(
      model.columns.map((c) => [c.key, c.numeric]),
      [
        ['constructor', false],
        ['__proto__', false],
        ['COUNT', true],
      ],
    );
    assert.deepEqual(model.rows, [
      ['GET /a', 'eu', 5],
      [null, null, 2],
    ]);
    assert.deepEqual(
      model.chart?.lines.map((l) => [l.group, l.values]),
      [
        ['GET /a · eu', [5]],
        ['(none) · (none)', [2]],
      ],
    );
  });

  it('a name with a right-to-left override shows the override instead of obeying it', () => {
    assert.equal(panelText('invoice\u202Efdp.exe'), 'invoice[U+202E]fdp.exe');
    assert.equal(panelText('a\u2066b\u2069'), 'a[U+2066]b[U+2069]');
    assert.equal(panelText('שלום world'), 'שלום world', 'right-to-left text itself is left alone');
  });
});
