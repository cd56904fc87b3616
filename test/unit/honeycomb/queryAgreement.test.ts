import * as assert from 'node:assert/strict';
import { getQuerySpecification, validateApiQuery } from '../../../src/clients/honeycomb/queries';
import { checkExpression } from '../../../src/clients/honeycomb/queryExpression';
import { queryJson, querySent } from '../../../src/clients/honeycomb/queryJson';
import { ServiceError } from '../../../src/core/errors';

/**
 * Queries the service accepts are accepted here too (forms the OpenAPI document allows, fields
 * found in real exports), and the messages for the ones it refuses say exactly what is wrong.
 */
describe('query validation that agrees with the service', () => {
  const problems = (query: unknown) => validateApiQuery(query).problems.filter((p) => p.severity === 'error');

  it('accepts a filter with join_column (board exports) and keeps it in the JSON', () => {
    const query = { calculations: [{ op: 'COUNT' }], filters: [{ column: 'service.name', op: '=', value: 'api', join_column: 'trace.trace_id' }] };
    assert.deepEqual(problems(query), []);
    assert.match(queryJson(validateApiQuery(query).query), /"join_column":"trace\.trace_id"/);
  });

  it('accepts usage_mode (newer than the OpenAPI document) and sends it as given', () => {
    const query = { calculations: [{ op: 'COUNT' }], usage_mode: true };
    assert.deepEqual(problems(query), []);
    assert.match(queryJson(validateApiQuery(query).query), /"usage_mode":true/);
    assert.deepEqual(
      problems({ usage_mode: 'yes' }).map((p) => p.message),
      ['usage_mode must be true or false, not "yes"'],
    );
  });

  it('accepts a having with only calculate_op, as the document requires nothing else', () => {
    const query = { calculations: [{ op: 'COUNT' }], havings: [{ calculate_op: 'COUNT' }] };
    assert.deepEqual(problems(query), []);
    assert.match(queryJson(validateApiQuery(query).query), /"havings":\[\{"calculate_op":"COUNT"\}\]/);
  });

  it('accepts a filter whose column is null (the document allows it)', () => {
    assert.deepEqual(problems({ filters: [{ column: null, op: 'exists' }] }), []);
    assert.deepEqual(
      problems({ filters: [{ op: 'exists' }] }).map((p) => p.message),
      ['column is required'],
    );
  });

  it('accepts compare_time_offset_seconds equal to a custom time range, and lists the allowed offsets otherwise', () => {
    assert.deepEqual(problems({ time_range: 5400, compare_time_offset_seconds: 5400 }), []);
    assert.deepEqual(
      problems({ time_range: 5400, compare_time_offset_seconds: 5401 }).map((p) => p.message),
      ["compare_time_offset 5401 is not allowed: use the query's time range (5400) or one of 1800, 3600, 7200, 28800, 86400, 604800, 2419200, 15724800 seconds"],
    );
  });

  it('names a duplicate name and where it was first used', () => {
    const query = { calculations: [{ op: 'COUNT', name: 'errors' }], formulas: [{ name: 'errors', expression: 'COUNT()' }] };
    assert.deepEqual(
      problems(query).map((p) => `${p.path.join('.')}: ${p.message}`),
      ['formulas.0.name: duplicate name "errors": calculations[0] already uses it (calculations and formulas share names)'],
    );
  });

  it('says which parenthesis is out of place instead of "expected ) but found )"', () => {
    assert.deepEqual(checkExpression('COUNT())'), { ok: false, reason: 'this ")" has no "(" before it', offset: 7 });
    assert.deepEqual(checkExpression('IF(1, 2), 3'), { ok: false, reason: '"," separates function arguments; here it is outside any function', offset: 8 });
  });

  it('answers seed-style input in the seed’s names and the API’s JSON in the API’s', () => {
    assert.throws(
      () => getQuerySpecification({ timeRange: 0 }),
      (e: ServiceError) => /timeRange: timeRange value must be at least 1\./.test(e.message),
    );
    assert.deepEqual(
      problems({ time_range: 0 }).map((p) => p.message),
      ['time_range value must be at least 1'],
    );
    assert.throws(
      () => getQuerySpecification({ filterCombination: 'and' }),
      (e: ServiceError) => /did you mean "AND"\? Nothing was sent/.test(e.message),
    );
  });

  it('the json output writes the provider’s COUNT; what is sent assumes no calculation (metrics datasets need their own)', () => {
    assert.equal(queryJson({}), '{"calculations":[{"op":"COUNT"}],"limit":1000,"time_range":7200}');
    assert.deepEqual(querySent({}), { limit: 1000, time_range: 7200 });
    assert.deepEqual(querySent({ calculations: [{ op: 'COUNT_DATAPOINTS' }] }).calculations, [{ op: 'COUNT_DATAPOINTS' }]);
  });
});
