import * as assert from 'assert';
import { sliAliasPlace } from '../../../src/views/honeycomb/kinds/sloCompletionPlace';
import { triggerCompletionPlace } from '../../../src/views/honeycomb/kinds/triggerCompletionPlace';

/** `|` marks the cursor. */
function placeAt(textWithCursor: string) {
  const offset = textWithCursor.indexOf('|');
  return triggerCompletionPlace(textWithCursor.replace('|', ''), offset);
}

describe('Trigger document completion places', () => {
  it('an empty recipients array takes a whole recipient object', () => {
    assert.deepEqual(placeAt('{ "name": "x", "recipients": [ | ] }'), { kind: 'recipientElement' });
    assert.deepEqual(placeAt('{ "recipients": [ { "id": "a" }, | ] }'), { kind: 'recipientElement' });
  });

  it('inside a recipient id the string under the cursor is replaced whole', () => {
    const text = '{ "recipients": [ { "id": "ab|c" } ] }';
    const place = placeAt(text);
    const start = text.replace('|', '').indexOf('"abc"');
    assert.deepEqual(place, { kind: 'recipientId', replace: { offset: start, length: 5 } });
  });

  it('the top-level query_id value is a saved-query place; a query_id elsewhere is not', () => {
    assert.equal(placeAt('{ "query_id": "|" }')?.kind, 'queryId');
    assert.equal(placeAt('{ "query": { "query_id": "|" } }'), undefined);
  });

  it('keys and unrelated values offer nothing', () => {
    assert.equal(placeAt('{ "recipients": [ { "|" } ] }'), undefined, 'a property key');
    assert.equal(placeAt('{ "name": "|" }'), undefined);
    assert.equal(placeAt('{ "recipients": [ { "id": "a", "type": "|" } ] }'), undefined);
  });
});

describe('SLO document completion place', () => {
  const sliAt = (textWithCursor: string) => sliAliasPlace(textWithCursor.replace('|', ''), textWithCursor.indexOf('|'));

  it('the value of sli.alias is replaced whole, quotes included', () => {
    const text = '{ "name": "x", "sli": { "alias": "sli.av|" } }';
    const start = text.replace('|', '').indexOf('"sli.av"');
    assert.deepEqual(sliAt(text), { replace: { offset: start, length: 8 } });
  });

  it('an alias elsewhere, a key, or another field of sli offers nothing', () => {
    assert.equal(sliAt('{ "alias": "|" }'), undefined);
    assert.equal(sliAt('{ "sli": { "|" } }'), undefined);
    assert.equal(sliAt('{ "sli": { "alias": "a", "other": "|" } }'), undefined);
    assert.equal(sliAt('{ "dataset_slugs": [ "|" ] }'), undefined);
  });
});
