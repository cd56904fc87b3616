import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseHoneycombErrorBody } from '../../../src/clients/honeycomb/errors';
import { openapiDir } from '../../servers/openapi/locate';

/** The three error shapes, read from Honeycomb's published example bodies. */
function example(name: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(openapiDir(), 'examples', 'honeycomb', 'errors', name), 'utf8'));
}

describe('Honeycomb error bodies', () => {
  it('reads the legacy {"error"} shape', () => {
    assert.deepEqual(parseHoneycombErrorBody(401, 'application/json', example('401.legacy.json')), {
      message: 'unknown API key - check your credentials',
      code: undefined,
      fieldErrors: undefined,
    });
    assert.match(parseHoneycombErrorBody(403, 'application/json', example('403.legacy.json')).message ?? '', /denied access to Management APIs/);
  });

  it('reads RFC 7807 problems and keeps the detail the provider drops', () => {
    const rateLimited = parseHoneycombErrorBody(429, 'application/problem+json', example('429.problem.json'));
    assert.equal(rateLimited.message, 'You have exceeded your rate limit. Please try again after 2025-02-01T15:23:12Z.');
    assert.equal(rateLimited.code, 'rate-limited');
    const notFound = parseHoneycombErrorBody(404, 'application/problem+json', example('404.problem.json'));
    assert.equal(notFound.code, 'not-found');
    assert.ok(notFound.message);
  });

  it('turns 422 type_detail into field errors', () => {
    const parsed = parseHoneycombErrorBody(422, 'application/problem+json', example('422.problem.json'));
    assert.deepEqual(parsed.fieldErrors, [{ field: 'type', messages: ['invalid: type: must be a valid value'] }]);
    assert.equal(parsed.code, 'validation-failed');
  });

  it('reads JSON:API errors, with pointer sources as fields and header sources as the message', () => {
    const gzip = parseHoneycombErrorBody(400, 'application/vnd.api+json', example('400.jsonapi.json'));
    assert.equal(gzip.message, 'request body could not be parsed: invalid gzip data');
    assert.equal(gzip.code, 'invalid');
    const key = parseHoneycombErrorBody(401, 'application/vnd.api+json', example('401.jsonapi.provider-fixture.json'));
    assert.equal(key.message, 'invalid API key');
    assert.equal(key.code, 'unauthenticated/invalid-key');
    const validation = parseHoneycombErrorBody(422, 'application/vnd.api+json', example('422.jsonapi.provider-fixture.json'));
    assert.ok((validation.fieldErrors ?? []).length > 0 || validation.message, 'a 422 JSON:API body gives fields or a message');
  });

  it('parses every published error example into some message', () => {
    const dir = path.join(openapiDir(), 'examples', 'honeycomb', 'errors');
    for (const file of fs.readdirSync(dir)) {
      const parsed = parseHoneycombErrorBody(Number(file.slice(0, 3)), 'application/json', example(file));
      assert.ok(parsed.message || (parsed.fieldErrors ?? []).length > 0, `${file} gave nothing to show`);
    }
  });
});
