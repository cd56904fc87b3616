import * as assert from 'node:assert/strict';
import { cursorPlace } from '../../../../src/views/authentik/blueprintLanguage/cursor';

/** What completion offers depends on where the cursor is, read from the (often unfinished) lines. */
const LINES = [
  'version: 1', // 0
  'entries:', // 1
  '  - model: authentik_flows.flow', // 2
  '    id: flow', // 3
  '    identifiers:', // 4
  '      slug: welcome', // 5
  '    attrs:', // 6
  '      designation: ', // 7
  '      ', // 8
  '    st', // 9
  '  - model: authentik_flows.flowstagebinding', // 10
  '    attrs:', // 11
  '      target: !KeyOf fl', // 12
  '      stage: !Find [authentik_st', // 13
  '      order: !', // 14
  '    state: ', // 15
  '  - mod', // 16
];

function at(line: number, character = LINES[line].length) {
  return cursorPlace(LINES, line, character);
}

describe('authentik blueprints: where the cursor is', () => {
  it('after `model:` a model; after `state:` a state', () => {
    assert.deepEqual(at(2, 12), { kind: 'model' });
    assert.deepEqual(at(15), { kind: 'state' });
  });

  it("at a key under attrs or identifiers, a field of the entry's model, found below or above", () => {
    assert.deepEqual(at(8), { kind: 'field', where: 'attrs', model: 'authentik_flows.flow' });
    assert.deepEqual(at(5, 6), { kind: 'field', where: 'identifiers', model: 'authentik_flows.flow' });
  });

  it('after a field, its values', () => {
    assert.deepEqual(at(7), { kind: 'fieldValue', where: 'attrs', model: 'authentik_flows.flow', field: 'designation' });
  });

  it("at an entry's own key, the entry keys (also on the item's first line)", () => {
    assert.deepEqual(at(9), { kind: 'entryKey' });
    assert.deepEqual(at(16), { kind: 'entryKey' });
  });

  it('after !KeyOf an id, after !Find [ a model, after ! a tag', () => {
    assert.deepEqual(at(12), { kind: 'keyOf' });
    assert.deepEqual(at(13), { kind: 'findModel' });
    assert.deepEqual(at(14), { kind: 'tag' });
  });

  it('nothing at the top level or inside a value', () => {
    assert.equal(at(0), undefined);
    assert.equal(at(1), undefined);
    assert.equal(at(3), undefined);
  });
});
