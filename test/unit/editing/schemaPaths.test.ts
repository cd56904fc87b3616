import * as assert from 'node:assert/strict';
import { describesPath } from '../../../src/editing/schemaPaths';
import { validationSchema } from './kindSchemas';

/** Which fields the hover calls "not in the published API description". */
describe('editing: fields the API description has', () => {
  it('knows a trigger’s fields, nested ones, list items and the overlay’s; not a newer or misspelt one', async () => {
    const schema = await validationSchema('honeycomb-trigger')();
    for (const path of [['name'], ['threshold', 'exceeded_limit'], ['recipients', 0, 'details', 'variables', 1, 'name'], ['auto_investigate'], ['baseline_details', 'offset_minutes']]) {
      assert.equal(describesPath(schema, path), true, path.join('.'));
    }
    // The query is checked by its own rules: the description leaves it open.
    assert.equal(describesPath(schema, ['query', 'anything']), true);
    for (const path of [['silence_until'], ['threshold', 'hysteresis'], ['recipients', 0, 'channel']]) {
      assert.equal(describesPath(schema, path), false, path.join('.'));
    }
  });

  it('an authentik JSON field (attributes) holds anything', async () => {
    const schema = await validationSchema('authentik-brand')();
    assert.equal(describesPath(schema, ['attributes', 'settings', 'theme']), true);
    assert.equal(describesPath(schema, ['branding_titel']), false);
  });
});
