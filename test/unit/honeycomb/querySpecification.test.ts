/**
 * getQuerySpecification: every validation rule of queryRules.ts with the provider's message and
 * the field it is about, the JSON it produces (key order, escaping, defaults), and the
 * provider's coercion of text values. All local: no server is involved.
 */
import * as assert from 'node:assert/strict';
import { CALCULATION_OPS, FILTER_OPS, HoneycombClient, QuerySpecification, pathText } from '../../../src/clients/honeycomb';
import { checkQuerySpecification, getQuerySpecification, validateApiQuery } from '../../../src/clients/honeycomb/queries';
import { checkExpression } from '../../../src/clients/honeycomb/queryExpression';
import { equivalentQueries } from '../../../src/clients/honeycomb/queryJson';
import { ServiceError } from '../../../src/core/errors';

/** The problems of an input as "path: message" lines, in the package’s (camelCase) names. */
function problems(input: QuerySpecification): string[] {
  return checkQuerySpecification(input).map((p) => `${pathText(p.path, true)}: ${p.message}`);
}

function json(input: QuerySpecification): string {
  return getQuerySpecification(input).json;
}

describe('getQuerySpecification', () => {
  describe('the JSON it produces', () => {
    it('writes COUNT and the default time range for an empty spec, and echoes timeRange 7200', () => {
      const out = getQuerySpecification({});
      assert.equal(out.json, '{"calculations":[{"op":"COUNT"}],"limit":1000,"time_range":7200}');
      assert.equal(out.timeRange, 7200);
      assert.match(out.id, /^\d+$/);
      assert.equal(getQuerySpecification({}).id, out.id, 'the id is a stable hash of the JSON');
      assert.notEqual(getQuerySpecification({ limit: 10 }).id, out.id);
    });

    it('writes every field in the provider’s key order, nested keys too (operators escaped like any text)', () => {
      const out = json({
        timeRange: 3600,
        limit: 50,
        havings: [{ calculateOp: 'P99', column: 'duration_ms', op: '>', value: 100 }],
        orders: [{ order: 'descending', column: 'duration_ms', op: 'P99' }],
        breakdowns: ['http.route'],
        filterCombination: 'OR',
        filters: [{ value: 500, op: '>=', column: 'http.response.status_code' }],
        formulas: [{ expression: 'DIV($errors, $total)', name: 'ratio' }],
        calculatedFields: [{ expression: 'GT($duration_ms, 300)', name: 'slow' }],
        calculations: [
          { op: 'P99', column: 'duration_ms' },
          { filterCombination: 'AND', filters: [{ column: 'error', op: '=', value: 'true' }], name: 'errors', column: undefined, op: 'COUNT' },
          { op: 'COUNT', name: 'total' },
        ],
        granularity: 60,
        compareTimeOffset: 86400,
      });
      assert.equal(
        out,
        '{"calculations":[{"op":"P99","column":"duration_ms"},' +
          '{"op":"COUNT","name":"errors","filters":[{"column":"error","op":"=","value":true}],"filter_combination":"AND"},{"op":"COUNT","name":"total"}],' +
          '"calculated_fields":[{"name":"slow","expression":"GT($duration_ms, 300)"}],"formulas":[{"name":"ratio","expression":"DIV($errors, $total)"}],' +
          '"filters":[{"column":"http.response.status_code","op":"\\u003e=","value":500}],"filter_combination":"OR","breakdowns":["http.route"],' +
          '"orders":[{"op":"P99","column":"duration_ms","order":"descending"}],"havings":[{"calculate_op":"P99","column":"duration_ms","op":"\\u003e","value":100}],' +
          '"limit":50,"time_range":3600,"granularity":60,"compare_time_offset_seconds":86400}',
      );
    });

    it('escapes <, > and & as Go does', () => {
      const out = json({ filters: [{ column: 'http.route', op: 'contains', value: '<a href="x">&</a>' }] });
      assert.ok(out.includes('"value":"\\u003ca href=\\"x\\"\\u003e\\u0026\\u003c/a\\u003e"'), out);
      assert.deepEqual(JSON.parse(out).filters[0].value, '<a href="x">&</a>', 'the escapes decode to the same text');
    });

    it('drops the default ascending order but keeps an explicit filter combination AND', () => {
      const out = JSON.parse(json({ breakdowns: ['name'], orders: [{ column: 'name', order: 'ascending' }], filterCombination: 'AND', filters: [{ column: 'name', op: 'exists' }] }));
      assert.deepEqual(out.orders, [{ column: 'name' }]);
      assert.equal(out.filter_combination, 'AND');
    });

    it('leaves granularity 0 (automatic) out and writes no time_range with start and end (the API accepts the pair)', () => {
      const out = getQuerySpecification({ startTime: 1_700_000_000, endTime: 1_700_003_600, granularity: 0 });
      assert.equal(out.json, '{"calculations":[{"op":"COUNT"}],"limit":1000,"start_time":1700000000,"end_time":1700003600}');
      assert.equal(out.timeRange, undefined);
      assert.equal(out.granularity, 0, 'the input is still echoed');
    });

    it('adds time_range 7200 to a lone start_time (its window is the two hours after it)', () => {
      assert.equal(json({ startTime: 1_700_000_000 }), '{"calculations":[{"op":"COUNT"}],"limit":1000,"time_range":7200,"start_time":1700000000}');
    });

    it('echoes every input field in camelCase names next to json', () => {
      const out = getQuerySpecification({ breakdowns: ['a'], limit: 5, havings: [{ calculateOp: 'COUNT', op: '>', value: '3' }] });
      assert.deepEqual(out.breakdowns, ['a']);
      assert.equal(out.limit, 5);
      assert.deepEqual(out.havings, [{ calculateOp: 'COUNT', op: '>', value: 3 }], 'a having value is always a number');
    });

    it('coerces text filter values as the provider: lists for in/not-in, strings for text ops, else int, float, bool', () => {
      const out = JSON.parse(
        json({
          filters: [
            { column: 'a', op: '=', value: '200' },
            { column: 'b', op: '=', value: '2.5' },
            { column: 'c', op: '=', value: 'true' },
            { column: 'd', op: '=', value: 'GET' },
            { column: 'e', op: 'in', value: '200,404,x' },
            { column: 'f', op: 'starts-with', value: 42 },
            { column: 'g', op: 'not-in', value: ['1', 'b'] },
          ],
        }),
      );
      assert.deepEqual(
        out.filters.map((f: { value: unknown }) => f.value),
        [200, 2.5, true, 'GET', [200, 404, 'x'], '42', [1, 'b']],
      );
    });

    it('produces JSON that reads back as the same query', () => {
      const input: QuerySpecification = { calculations: [{ op: 'AVG', column: 'duration_ms' }], breakdowns: ['name'], orders: [{ op: 'AVG', column: 'duration_ms', order: 'descending' }] };
      const first = getQuerySpecification(input);
      const reread = validateApiQuery(JSON.parse(first.json));
      assert.deepEqual(reread.problems, []);
      assert.ok(equivalentQueries(reread.query, JSON.parse(first.json)));
    });

    it('is also a method of the client, with no request (no URL needed)', async () => {
      const client = new HoneycombClient({ apiUrl: 'http://127.0.0.1:9' });
      assert.equal((await client.getQuerySpecification({ limit: 3 })).json, '{"calculations":[{"op":"COUNT"}],"limit":3,"time_range":7200}');
    });
  });

  describe('validation, with the provider’s messages', () => {
    it('1. ops other than COUNT, COUNT_DATAPOINTS and CONCURRENCY require a column', () => {
      for (const op of CALCULATION_OPS) {
        const found = problems({ calculations: [{ op }] });
        if (op === 'COUNT' || op === 'COUNT_DATAPOINTS' || op === 'CONCURRENCY') assert.deepEqual(found, [], op);
        else assert.deepEqual(found, [`calculations[0].op: ${op} requires a column`], op);
      }
      assert.deepEqual(problems({ calculations: [{ op: 'CONCURRENCY', column: 'x' }] }), ['calculations[0].column: column is not allowed with operator CONCURRENCY']);
      assert.deepEqual(
        problems({
          calculations: [
            { op: 'COUNT', column: 'x' },
            { op: 'COUNT_DATAPOINTS', column: 'y' },
          ],
        }),
        [],
        'a column is optional for COUNT',
      );
    });

    it('1. refuses an unknown operator, naming a close one', () => {
      assert.deepEqual(problems({ calculations: [{ op: 'p99', column: 'x' }] }), ['calculations[0].op: "p99" is not a calculation operator; did you mean "P99"?']);
    });

    it('2. calculation and formula names share one namespace', () => {
      assert.deepEqual(problems({ calculations: [{ op: 'COUNT', name: 'total' }], formulas: [{ name: 'total', expression: 'MUL($total, 2)' }] }), [
        'formulas[0].name: duplicate name "total": calculations[0] already uses it (calculations and formulas share names)',
      ]);
      assert.deepEqual(
        problems({
          calculations: [
            { op: 'COUNT', name: 'a' },
            { op: 'MAX', column: 'x', name: 'a' },
          ],
        }),
        ['calculations[1].name: duplicate name "a": calculations[0] already uses it (calculations and formulas share names)'],
      );
      assert.deepEqual(problems({ calculations: [{ op: 'COUNT', name: 'a' }], formulas: [{ name: 'b', expression: '$a' }] }), []);
    });

    it('3. a calculation with filters needs a name', () => {
      assert.deepEqual(problems({ calculations: [{ op: 'COUNT', filters: [{ column: 'error', op: '=', value: true }] }] }), ['calculations[0]: name is required when using calculation filters']);
    });

    it('4. exists/does-not-exist take no value, every other filter op needs one (top level and calculation filters)', () => {
      for (const op of FILTER_OPS) {
        const takesNone = op === 'exists' || op === 'does-not-exist';
        const value = op === 'in' || op === 'not-in' ? ['a'] : 'a';
        assert.deepEqual(problems({ filters: [{ column: 'c', op, value }] }), takesNone ? [`filters[0].value: ${op} does not take a value`] : [], `${op} with a value`);
        assert.deepEqual(problems({ filters: [{ column: 'c', op }] }), takesNone ? [] : [`filters[0].op: operator ${op} requires a value`], `${op} without a value`);
      }
      assert.deepEqual(problems({ calculations: [{ op: 'COUNT', name: 'n', filters: [{ column: 'c', op: '>' }] }] }), ['calculations[0].filters[0].op: operator > requires a value']);
      assert.deepEqual(problems({ calculations: [{ op: 'COUNT', name: 'n', filters: [{ column: 'c', op: 'exists', value: 1 }] }] }), [
        'calculations[0].filters[0].value: exists does not take a value',
      ]);
    });

    it('5. HEATMAP cannot be used with formulas', () => {
      assert.deepEqual(
        problems({
          calculations: [
            { op: 'HEATMAP', column: 'duration_ms' },
            { op: 'COUNT', name: 'n' },
          ],
          formulas: [{ name: 'f', expression: '$n' }],
        }),
        ['calculations[0].op: HEATMAP calculations cannot be used with formulas'],
      );
      assert.deepEqual(problems({ calculations: [{ op: 'HEATMAP', column: 'duration_ms' }] }), []);
    });

    it('6. relational fields: never in calculation filters; not in filters or breakdowns with formulas or calculation filters', () => {
      assert.deepEqual(problems({ calculations: [{ op: 'COUNT', name: 'n', filters: [{ column: 'root.name', op: 'exists' }] }] }), [
        'calculations[0].filters[0].column: relational fields are not supported in calculation filters',
      ]);
      const withFormula = { calculations: [{ op: 'COUNT', name: 'n' }], formulas: [{ name: 'f', expression: '$n' }] };
      assert.deepEqual(problems({ ...withFormula, filters: [{ column: 'child.error', op: 'exists' }], breakdowns: ['parent.name', 'name'] }), [
        'filters[0].column: relational fields are not supported when using formulas or calculation filters',
        'breakdowns[0]: relational fields are not supported when using formulas or calculation filters',
      ]);
      const withCalculationFilter = { calculations: [{ op: 'COUNT', name: 'n', filters: [{ column: 'error', op: 'exists' as const }] }] };
      assert.deepEqual(problems({ ...withCalculationFilter, breakdowns: ['any.service.name'] }), ['breakdowns[0]: relational fields are not supported when using formulas or calculation filters']);
      for (const prefix of ['root.', 'child.', 'parent.', 'any.', 'any2.', 'any3.', 'none.']) {
        assert.deepEqual(problems({ breakdowns: [`${prefix}name`], filters: [{ column: `${prefix}error`, op: 'exists' }] }), [], `${prefix} alone is fine`);
      }
    });

    it('7. havings: CONCURRENCY takes no column, other ops need one, and a calculation with the same op and column must exist', () => {
      assert.deepEqual(problems({ calculations: [{ op: 'CONCURRENCY' }], havings: [{ calculateOp: 'CONCURRENCY', column: 'x', op: '>', value: 1 }] }), [
        'havings[0].column: CONCURRENCY should not have an accompanying column',
      ]);
      assert.deepEqual(problems({ calculations: [{ op: 'P99', column: 'x' }], havings: [{ calculateOp: 'P99', op: '>', value: 1 }] }), ['havings[0].calculateOp: P99 requires a column']);
      assert.deepEqual(problems({ calculations: [{ op: 'P99', column: 'x' }], havings: [{ calculateOp: 'P99', column: 'y', op: '>', value: 1 }] }), ['havings[0]: P99 missing matching calculation']);
      assert.deepEqual(problems({ calculations: [{ op: 'P95', column: 'x' }], havings: [{ calculateOp: 'P99', column: 'x', op: '>', value: 1 }] }), ['havings[0]: P99 missing matching calculation']);
      assert.deepEqual(problems({ calculations: [{ op: 'P99', column: 'x' }], havings: [{ calculateOp: 'P99', column: 'x', op: '>', value: 1 }] }), []);
      assert.deepEqual(problems({ havings: [{ calculateOp: 'COUNT', op: '>=', value: 10 }] }), [], 'no calculations means COUNT');
      assert.deepEqual(problems({ calculations: [{ op: 'HEATMAP', column: 'x' }], havings: [{ calculateOp: 'HEATMAP', column: 'x', op: '>', value: 1 }] }).length, 1, 'HEATMAP is not a having op');
      assert.deepEqual(problems({ havings: [{ calculateOp: 'COUNT', op: '>', value: 'lots' }] }), ['havings[0].value: value must be a number, not "lots"']);
    });

    it('8. orders: never HEATMAP; else a calculation’s column (op not compared), a calculation name, a calculated field, a formula or a breakdown', () => {
      const message = 'missing matching calculation, formula, or breakdown';
      assert.deepEqual(problems({ calculations: [{ op: 'HEATMAP', column: 'd' }], orders: [{ op: 'HEATMAP', column: 'd' }] }), ['orders[0].op: cannot order by HEATMAP']);
      assert.deepEqual(problems({ calculations: [{ op: 'P99', column: 'd' }], orders: [{ op: 'AVG', column: 'd' }] }), [], 'same column, other op');
      assert.deepEqual(problems({ orders: [{ op: 'COUNT', order: 'descending' }] }), [], 'both columns absent, against the default COUNT');
      assert.deepEqual(problems({ calculations: [{ op: 'COUNT', name: 'hits' }], orders: [{ column: 'hits' }] }), []);
      assert.deepEqual(problems({ calculatedFields: [{ name: 'slow', expression: 'GT($d, 1)' }], orders: [{ column: 'slow' }] }), []);
      assert.deepEqual(problems({ calculations: [{ op: 'COUNT', name: 'n' }], formulas: [{ name: 'f', expression: '$n' }], orders: [{ column: 'f' }] }), []);
      assert.deepEqual(problems({ breakdowns: ['name'], orders: [{ column: 'name', order: 'ascending' }] }), []);
      assert.deepEqual(problems({ calculations: [{ op: 'P99', column: 'd' }], orders: [{ op: 'P99', column: 'other' }] }), [`orders[0]: ${message}`]);
      assert.deepEqual(problems({ calculations: [{ op: 'P99', column: 'd' }], orders: [{ op: 'COUNT' }] }), [`orders[0]: ${message}`]);
    });

    it('9. limit between 1 and 1000 (default 1000)', () => {
      for (const limit of [0, 1001, -5]) assert.deepEqual(problems({ limit }), ['limit: limit value must be between 1 and 1000'], String(limit));
      for (const limit of [1, 1000]) assert.deepEqual(problems({ limit }), [], String(limit));
      assert.deepEqual(problems({ limit: 2.5 }), ['limit: limit must be a whole number of results, not 2.5']);
    });

    it('10. granularity between time_range/1000 (integer division) and time_range; 0 is automatic', () => {
      assert.deepEqual(problems({ timeRange: 7200, granularity: 7 }), [], '7200/1000 = 7');
      assert.deepEqual(problems({ timeRange: 7200, granularity: 6 }), ['granularity: granularity can not be less than timeRange/1000']);
      assert.deepEqual(problems({ timeRange: 7200, granularity: 7200 }), []);
      assert.deepEqual(problems({ timeRange: 7200, granularity: 7201 }), ['granularity: granularity can not be greater than timeRange']);
      assert.deepEqual(problems({ granularity: 7201 }), ['granularity: granularity can not be greater than timeRange'], 'against the default 7200');
      assert.deepEqual(problems({ timeRange: 999, granularity: 1 }), [], '999/1000 = 0');
      assert.deepEqual(problems({ granularity: 0 }), []);
      assert.deepEqual(problems({ granularity: -1 }), ['granularity: granularity value must be at least 0, got: -1']);
      assert.deepEqual(problems({ startTime: 1000, endTime: 4600, granularity: 3601 }), ['granularity: granularity can not be greater than timeRange'], 'start/end give a range of 3600');
    });

    it('11. at most two of time_range, start_time and end_time; start+end alone is accepted as the API does', () => {
      assert.deepEqual(problems({ timeRange: 60, startTime: 1, endTime: 61 }), ['timeRange: specify at most two of timeRange, startTime and endTime']);
      assert.deepEqual(problems({ startTime: 1_700_000_000, endTime: 1_700_000_600 }), []);
      assert.deepEqual(problems({ timeRange: 600, endTime: 1_700_000_600 }), []);
      assert.deepEqual(problems({ startTime: 1_700_000_600, endTime: 1_700_000_000 }), ['startTime: startTime must not be later than endTime']);
      assert.deepEqual(problems({ timeRange: 0 }), ['timeRange: timeRange value must be at least 1']);
    });

    it('12. compare_time_offset: one of the allowed values, at least the query’s time range (equal is fine)', () => {
      assert.deepEqual(problems({ compareTimeOffset: 1234 }), [
        "compareTimeOffset: compareTimeOffset 1234 is not allowed: use the query's time range (7200) or one of 1800, 3600, 7200, 28800, 86400, 604800, 2419200, 15724800 seconds",
      ]);
      assert.deepEqual(problems({ compareTimeOffset: 3600 }), ['compareTimeOffset: compareTimeOffset must be greater than the queries time range.'], 'default range 7200');
      assert.deepEqual(problems({ timeRange: 3600, compareTimeOffset: 3600 }), []);
      assert.deepEqual(problems({ startTime: 0 + 100, endTime: 100 + 86400, compareTimeOffset: 28800 }), ['compareTimeOffset: compareTimeOffset must be greater than the queries time range.']);
      for (const offset of [1800, 3600, 7200, 28800, 86400, 604800, 2419200, 15724800]) assert.deepEqual(problems({ timeRange: 1800, compareTimeOffset: offset }), [], String(offset));
    });

    it('13. calculated field and formula expressions must parse as derived-column expressions', () => {
      const bad = problems({ calculatedFields: [{ name: 'x', expression: 'IF(1,2' }], formulas: [{ name: 'f', expression: 'DIV($a $b)' }] });
      assert.equal(bad.length, 2);
      assert.match(
        bad[0],
        /^calculatedFields\[0\]\.expression: expression must be a valid calculated field \(expected "," or "\)" in the arguments of IF but found the end of the expression, at character 7\)$/,
      );
      assert.match(bad[1], /^formulas\[0\]\.expression: expression must be a valid calculated field \(/);
      assert.deepEqual(problems({ calculatedFields: [{ name: 'slow', expression: 'IF(EQUALS($span.kind, "server"), LT($duration_ms, 300))' }] }), []);
    });

    it('refuses unknown fields with a suggestion, and names fields as the package does', () => {
      assert.deepEqual(problems({ calculation: [{ op: 'COUNT' }] } as QuerySpecification), ['(query): unknown field "calculation"; did you mean "calculations"?']);
      assert.deepEqual(problems({ time_range: 60 } as QuerySpecification), ['(query): unknown field "time_range"; did you mean "timeRange"?']);
      assert.deepEqual(problems({ filters: [{ column: 'a', op: 'exists', colour: 'red' }] } as unknown as QuerySpecification), [
        'filters[0].colour: unknown field "colour"; allowed here: column, op, value, join_column',
      ]);
    });

    it('throws one badInput error that lists every problem by field', () => {
      assert.throws(
        () => getQuerySpecification({ limit: 0, calculations: [{ op: 'SUM' }] }),
        (error: unknown) => {
          assert.ok(error instanceof ServiceError);
          assert.equal(error.kind, 'badInput');
          assert.equal(error.operation, 'getQuerySpecification');
          assert.deepEqual(
            error.fieldErrors.map((f) => `${f.field}: ${f.messages.join(' ')}`),
            ['calculations[0].op: SUM requires a column', 'limit: limit value must be between 1 and 1000'],
          );
          assert.match(error.message, /not valid \(2 problems\).*Nothing was sent to Honeycomb\./);
          return true;
        },
      );
    });
  });

  describe('expressions (the derived-column grammar)', () => {
    const valid = [
      'IF(EXISTS($http.response.status_code), LT($http.response.status_code, 500))',
      'REG_VALUE($http.route, `^/v1/([a-z]+)`)',
      'AND($payment.declined, NOT($error))',
      '$duration_ms',
      '$"column with spaces"',
      '$`raw column`',
      '$a + 1 * -2 >= 3 AND !$b',
      'COALESCE($a, $b,)',
      'CONCAT("a\\tb", "\\u00e9")',
      'true',
      'NOW()',
      '(1)',
      '.5e3',
    ];
    for (const e of valid) it(`accepts ${e}`, () => assert.equal(checkExpression(e).ok, true, JSON.stringify(checkExpression(e))));
    const invalid: Array<[string, RegExp]> = [
      ['IF(1,2', /expected "," or "\)"/],
      ['x', /not a function name/],
      ['F(1)', /not a function name/],
      ['IF(,)', /expected a function, a \$column or a literal/],
      ['"open', /not closed/],
      ['"bad \\q escape"', /not a valid escape/],
      ['$duration_ms $other', /expected an operator/],
      ['duration_ms', /"\(" after the function name duration_ms/],
      ['-$a', /a number after "-"/],
      ['IF(1) #', /unexpected character "#"/],
      ['', /empty/],
    ];
    for (const [e, reason] of invalid) {
      it(`refuses ${JSON.stringify(e)}`, () => {
        const check = checkExpression(e);
        assert.equal(check.ok, false);
        if (!check.ok) assert.match(check.reason, reason);
      });
    }
  });
});
