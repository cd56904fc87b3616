import * as assert from 'node:assert/strict';
import { RawCode } from '../../../src/core/codeText';
import { formatDocument } from '../../../src/editing/document';
import { editPath, fileName, parseEditPath } from '../../../src/editing/editPaths';
import { pulumiResource, terraformResource } from '../../../src/editing/exportCode';
import { describeChange, planChanges, summarizePlan } from '../../../src/editing/plan';
import { spanOf } from '../../../src/editing/problemRanges';
import { FakeService, fakeKind } from './fakeKind';

describe('editing: plans', () => {
  it('says each change in one line: values, added and removed fields, list items', () => {
    const changes = planChanges(
      { name: 'a', threshold: { op: '>', value: 100 }, recipients: [{ id: 'r1' }], tags: ['x'], description: 'd' },
      { name: 'a', threshold: { op: '>=', value: 250 }, recipients: [{ id: 'r1' }, { id: 'r2' }], tags: ['y'], disabled: true },
    );
    assert.equal(
      summarizePlan(changes),
      'threshold.op ">" → ">="; threshold.value 100 → 250; recipients +1; tags +"y" −"x"; description "d" → (left out: the server resets it); disabled (not set) → true',
    );
  });

  it('a field left out of a PATCH is said to stay as it is', () => {
    const [change] = planChanges({ description: 'd' }, {});
    assert.equal(describeChange(change, 'unchanged'), 'description "d" → (left out: stays as it is)');
  });

  it('the same items in another order are a change (binding order matters)', () => {
    assert.equal(summarizePlan(planChanges({ order: [1, 2] }, { order: [2, 1] })), 'order reordered');
  });
});

describe('editing: problem places', () => {
  const text = formatDocument({ name: 'x', threshold: { op: '>', value: 1 }, frequency: 90 });

  it('puts a field problem on the field value', () => {
    const span = spanOf(text, { path: ['frequency'], message: '', severity: 'error' });
    assert.equal(text.slice(span.offset, span.offset + span.length), '90');
  });

  it('falls back to the nearest field that exists, and underlines an object by its key', () => {
    const span = spanOf(text, { path: ['threshold', 'exceeded_limit'], message: '', severity: 'error' });
    assert.equal(text.slice(span.offset, span.offset + span.length), '"threshold"');
  });

  it('puts a document-wide problem on the opening brace', () => {
    assert.deepEqual(spanOf(text, { path: [], message: '', severity: 'error' }), { offset: 0, length: 1 });
  });
});

describe('editing: document paths', () => {
  const kind = fakeKind(new FakeService('replace'));

  it('round-trips an address through the path, with slashes and percent signs in ids', () => {
    const path = editPath(kind, { env: 'prod/eu', id: 'a%2Fb' }, 'Latency: p99');
    assert.equal(path, '/fake.widget/prod%2Feu/a%252Fb/Latency_ p99.fake-widget.json');
    assert.deepEqual(
      parseEditPath(path, () => kind),
      { kindId: 'fake.widget', address: { env: 'prod/eu', id: 'a%2Fb' }, isNew: false },
    );
  });

  it('a new object carries its parent and a marker', () => {
    const path = editPath(kind, { env: 'prod' }, 'New widget', 3);
    assert.deepEqual(
      parseEditPath(path, () => kind),
      { kindId: 'fake.widget', address: { env: 'prod' }, isNew: true },
    );
  });

  it('refuses a path whose segments do not fit the kind', () => {
    assert.equal(
      parseEditPath('/fake.widget/only-one.fake-widget.json', () => kind),
      undefined,
    );
    assert.equal(
      parseEditPath('/other.kind/a/b/x.json', () => undefined),
      undefined,
    );
  });

  it('file names lose separators and direction overrides, and stay short', () => {
    assert.equal(fileName('a/b\\c\u202Egnp.exe'), 'a_b_c_gnp.exe');
    assert.equal(fileName('x'.repeat(100)).length, 60);
    assert.equal(fileName('  '), 'object');
  });
});

describe('editing: export as code', () => {
  it('writes a Terraform resource with nested blocks and an import block, escaping templates', () => {
    const text = terraformResource({
      type: 'honeycombio_trigger',
      name: 'High ${latency}',
      body: {
        attributes: [
          ['name', 'High ${latency}'],
          ['query_json', new RawCode('jsonencode({ calculations = [{ op = "COUNT" }] })')],
          ['tags', { team: 'sre' }],
        ],
        blocks: [
          [
            'threshold',
            {
              attributes: [
                ['op', '>'],
                ['value', 100],
              ],
            },
          ],
        ],
      },
      importId: 'api/tR1x',
    });
    assert.equal(
      text,
      [
        'resource "honeycombio_trigger" "high_latency" {',
        '  name       = "High $${latency}"',
        '  query_json = jsonencode({ calculations = [{ op = "COUNT" }] })',
        '  tags       = {',
        '    team = "sre"',
        '  }',
        '',
        '  threshold {',
        '    op    = ">"',
        '    value = 100',
        '  }',
        '}',
        '',
        'import {',
        '  to = honeycombio_trigger.high_latency',
        '  id = "api/tR1x"',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('says when a resource cannot be imported instead of writing an import block', () => {
    const text = terraformResource({ type: 'honeycombio_query_annotation', name: 'x', body: { attributes: [['name', 'x']] }, importId: { none: 'Query annotations cannot be imported.' } });
    assert.match(text, /# Query annotations cannot be imported\.\n$/);
    assert.doesNotMatch(text, /import \{/);
  });

  it('writes a Pulumi resource that adopts the object with the import option', () => {
    const text = pulumiResource({
      module: 'honeycombio',
      packageName: '@pulumi/honeycombio',
      className: 'Trigger',
      name: 'High latency',
      args: { name: 'High latency', thresholds: [{ op: '>', value: 100 }] },
      importId: 'api/tR1x',
    });
    assert.equal(
      text,
      [
        'import * as honeycombio from "@pulumi/honeycombio";',
        '',
        'const highLatencyTrigger = new honeycombio.Trigger("high-latency", {',
        '    name: "High latency",',
        '    thresholds: [',
        '        {',
        '            op: ">",',
        '            value: 100,',
        '        },',
        '    ],',
        '}, { import: "api/tR1x" });',
        '',
      ].join('\n'),
    );
  });
});
