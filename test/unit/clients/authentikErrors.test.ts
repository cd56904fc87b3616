import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseAuthentikErrorBody } from '../../../src/clients/authentik/errors';
import { openapiDir } from '../../servers/openapi/locate';

describe('authentik error bodies', () => {
  it('treats the 403 token texts as an auth problem, and other 403s as a permission problem', () => {
    for (const detail of ['Token invalid/expired', 'Authentication credentials were not provided.', 'Malformed header']) {
      assert.equal(parseAuthentikErrorBody(403, 'application/json', { detail }).kind, 'auth', detail);
    }
    const permission = parseAuthentikErrorBody(403, 'application/json', { detail: 'You do not have permission to perform this action.' });
    assert.equal(permission.kind, undefined);
    assert.equal(permission.message, 'You do not have permission to perform this action.');
  });

  it('shows 400 field errors field by field, from authentik\u2019s own test fixture', () => {
    const body = JSON.parse(fs.readFileSync(path.join(openapiDir(), 'examples', 'authentik', 'validation-error-400-oauth2-provider.json'), 'utf8'));
    const parsed = parseAuthentikErrorBody(400, 'application/json', body);
    assert.ok(parsed.fieldErrors && parsed.fieldErrors.length > 0);
    for (const field of parsed.fieldErrors) {
      assert.ok(field.messages.length > 0 && field.messages.every((m) => typeof m === 'string' && m.length > 0));
    }
  });

  it('flattens nested and non-field errors, and reads bare arrays', () => {
    const parsed = parseAuthentikErrorBody(400, 'application/json', { non_field_errors: ['Slug taken.'], settings: { port: ['Must be a number.'] } });
    assert.deepEqual(parsed.fieldErrors, [
      { field: '(all fields)', messages: ['Slug taken.'] },
      { field: 'settings', messages: ['port: Must be a number.'] },
    ]);
    assert.equal(parseAuthentikErrorBody(400, 'application/json', ['filter: failed to parse JSON']).message, 'filter: failed to parse JSON');
  });
});
