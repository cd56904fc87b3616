import * as assert from 'node:assert/strict';
import { readExpression } from '../../../src/clients/honeycomb/derivedColumnExpression';
import { derivedColumnProblems, queryUsesColumn } from '../../../src/clients/honeycomb/derivedColumnRules';
import { columnProblems, datasetDefinitionProblems, datasetProblems } from '../../../src/clients/honeycomb/datasetRules';

/**
 * Derived column expressions, datasets and columns, with the verdicts of Honeycomb's own sources:
 * the derived column parser's tests (honeycombio/honeycomb-derived-column-validator@460c6e1
 * main_test.go, examples/) and the provider's acceptance tests and examples
 * (honeycombio/terraform-provider-honeycombio@bde0d12 honeycombio/resource_derived_column_test.go,
 * examples/resources/honeycombio_derived_column/). Syntax the parser refuses is an error; a
 * function it does not know and a column the dataset lacks are warnings (see derivedColumnRules.ts).
 */
type Json = Record<string, unknown>;
const problems = (expression: string, known?: string[]) => derivedColumnProblems({ alias: 'x', expression }, undefined, { knownColumns: known ? new Set(known) : undefined });
const errors = (expression: string) => problems(expression).filter((p) => p.severity === 'error');
const warnings = (expression: string, known?: string[]) => problems(expression, known).filter((p) => p.severity === 'warning');

describe('honeycomb: derived column expressions', () => {
  describe('what the parser and the provider accept passes without an error', () => {
    const valid: Array<[string, string]> = [
      ['validator main_test.go: valid expression', 'IF(1,2)'],
      ['validator main_test.go: infix expression', '$a + 1'],
      ['validator main_test.go: degenerate infix expression', '$"0"-5-$"1"--5'],
      ['validator main_test.go: and is a func and an op', '$foo AND AND($bar AND $baz, $quux)'],
      ['validator main_test.go: timeseries function', 'MAX(LAST(1))'],
      ['provider resource_derived_column_test.go: valid_syntax', 'IF(AND(NOT(EXISTS($trace.parent_id)),EXISTS($duration_ms)),LTE($duration_ms,300))\n'],
      ['provider resource_derived_column_test.go: valid_infix_syntax', 'IF(!EXISTS($trace.parent_id) AND EXISTS($duration_ms), $duration_ms <= 300)\n'],
      ['provider examples complex_formula.tf', '  IF(\n    $service.name = "Backend" AND $name = "HandleRequest",\n    !EXISTS($error.message)\n  )\n'],
      ['provider examples dataset_specific.tf', 'COALESCE($error.message, $app.legacy_error)'],
      ['provider examples environment_wide.tf', 'LOG10($duration_ms)'],
      ['provider client/derived_column_test.go', 'BOOL(1)'],
      [
        'validator examples/good: a multi-line COALESCE',
        'COALESCE(\n  IF(CONTAINS($request.header.user_agent, "beeline"), REG_VALUE($request.header.user_agent, "libhoney-([a-z]*)")),\n  $app.telemetry.sdk.language,\n)',
      ],
      ['API description example', 'INT(1)'],
      ['a raw string regex and a trailing comma', 'REG_VALUE($http.route, `^/v1/([a-z]+)`,)'],
    ];
    for (const [source, expression] of valid) {
      it(source, () => {
        assert.deepEqual(
          problems(expression).map((p) => p.message),
          [],
        );
      });
    }
  });

  describe('what the parser refuses is an error on the expression, underlining the place', () => {
    const invalid: Array<[string, string, RegExp, string]> = [
      ['validator main_test.go: mismatched parenthesis', 'IF(1,2', /"," or "\)" was expected, but the expression ends/, '2'],
      ['provider resource_derived_column_test.go: BOOL(1', 'BOOL(1', /the expression ends/, '1'],
      ['provider resource_derived_column_test.go: extraneous input ","', 'IF(AND(NOT(EXISTS($trace.parent_id)),EXISTS($duration_ms)),LTE($duration_ms,300)),\n', /"," comes/, ','],
      ['validator main_test.go: nested timeseries function', 'RATE(LAST(1))', /LAST is a second metric function/, 'LAST'],
      ['validator main_test.go: multiple timeseries functions', 'COALESCE(RATE(1),RATE(2))', /RATE is a second metric function/, 'RATE'],
      ['validator examples/bad: a missing comma between arguments', 'COALESCE(\nIF(EQUALS($a, "js"), "js")  \n$b\n)', /"\$b" comes/, '$b'],
      ['a bare word is neither a column nor a string', 'EQUALS(status, 200)', /"status" is not a value: write \$status/, 'status'],
      ['an unclosed string', 'CONCAT($a, "x)', /never closed/, '"x)'],
    ];
    for (const [source, expression, message, underlined] of invalid) {
      it(source, () => {
        const found = errors(expression);
        assert.equal(found.length, 1, JSON.stringify(found));
        assert.deepEqual(found[0].path, ['expression']);
        assert.match(found[0].message, message);
        assert.ok(found[0].within, 'the problem says where in the expression');
        assert.equal(expression.slice(found[0].within.start, found[0].within.end), underlined);
      });
    }
  });

  it('an unknown function is a warning on its name (the service may know newer ones); a lower-case one is told its case', () => {
    // validator main_test.go "unknown function" and the provider's FOOBAR(1): the parser says "invalid function".
    const found = warnings('IF(DECREASE(1), FOOBAR(2), if(1,2))');
    assert.deepEqual(
      found.map((w) => w.message.split(' ')[0]),
      ['DECREASE', 'FOOBAR', 'if'],
    );
    assert.match(found[2].message, /Function names are upper case: IF\./);
    assert.deepEqual(errors('IF(DECREASE(1), FOOBAR(2), if(1,2))'), []);
  });

  it('a $column the dataset lacks is a warning on that reference; quoted names count; unknown lists check nothing', () => {
    // provider resource_derived_column_test.go: LOG10($invalid_column) is refused by the live service ("unknown column").
    const found = warnings('IF(EXISTS($duration_ms), LOG10($invalid_column), $"has space")', ['duration_ms', 'has space']);
    assert.equal(found.length, 1);
    assert.match(found[0].message, /no column invalid_column in this dataset/);
    assert.deepEqual(found[0].within, { start: 31, end: 46 });
    assert.deepEqual(warnings('LOG10($invalid_column)'), [], 'columns not listed: not checked');
  });

  it('reads the columns a reference names, once per reference', () => {
    const reading = readExpression('IF($a.b = "x", $`c d`, $a.b)');
    assert.deepEqual(
      reading.columns.map((c) => c.name),
      ['a.b', 'c d', 'a.b'],
    );
    assert.equal(reading.syntaxError, undefined);
  });

  it('an empty expression is refused', () => {
    assert.match(errors('  ')[0].message, /empty/);
  });

  it('a renamed alias is a warning that says what it breaks; the same alias says nothing', () => {
    const baseline = { alias: 'sli.availability', expression: 'BOOL(1)' };
    const renamed = derivedColumnProblems({ ...baseline, alias: 'sli.avail' }, baseline);
    assert.deepEqual(
      renamed.map((p) => [p.path.join('.'), p.severity]),
      [['alias', 'warning']],
    );
    assert.match(renamed[0].message, /renames sli\.availability: SLOs, triggers and boards/);
    assert.deepEqual(derivedColumnProblems({ ...baseline, description: 'x' }, baseline), []);
  });

  it('a trigger query uses a column by any of its parts', () => {
    const uses = (query: Json) => queryUsesColumn(query, 'is_slow');
    assert.ok(uses({ calculations: [{ op: 'COUNT' }], filters: [{ column: 'is_slow', op: '=', value: true }] }));
    assert.ok(uses({ calculations: [{ op: 'AVG', column: 'is_slow' }] }));
    assert.ok(uses({ breakdowns: ['is_slow'] }));
    assert.ok(uses({ calculations: [{ op: 'COUNT', filters: [{ column: 'is_slow', op: 'exists' }] }] }));
    assert.ok(!uses({ calculations: [{ op: 'COUNT' }], filters: [{ column: 'is_slow_too', op: 'exists' }] }));
  });
});

describe('honeycomb: dataset and column rules', () => {
  it('a dataset name cannot change (the PUT body has none); a new one warns that settings are not taken at creation', () => {
    const baseline = { name: 'payments', description: '', expand_json_depth: 0, settings: { delete_protected: true } };
    assert.deepEqual(
      datasetProblems({ ...baseline, name: 'payments-v2' }, baseline).map((p) => [p.path.join('.'), p.severity]),
      [['name', 'error']],
    );
    assert.deepEqual(datasetProblems({ ...baseline, settings: { delete_protected: false } }, baseline), [], 'protection can be turned off on an existing dataset');
    assert.deepEqual(
      datasetProblems({ name: 'new', settings: { delete_protected: false } }).map((p) => [p.path.join('.'), p.severity]),
      [['settings', 'warning']],
    );
  });

  it('a column name cannot change; histogram is a warning (metrics datasets only)', () => {
    const baseline = { key_name: 'duration_ms', type: 'float', description: '', hidden: false };
    assert.deepEqual(
      columnProblems({ ...baseline, key_name: 'duration' }, baseline).map((p) => [p.path.join('.'), p.severity]),
      [['key_name', 'error']],
    );
    assert.deepEqual(
      columnProblems({ ...baseline, type: 'histogram' }, baseline).map((p) => [p.path.join('.'), p.severity]),
      [['type', 'warning']],
    );
    assert.deepEqual(columnProblems({ ...baseline, hidden: true, type: 'integer' }, baseline), []);
  });

  it('a definition naming a column the dataset lacks is a warning on its name; a cleared one says nothing', () => {
    const found = datasetDefinitionProblems({ trace_id: { name: 'trace.trace_id' }, duration_ms: { name: 'duration' }, error: { name: '' }, route: null }, new Set(['trace.trace_id']));
    assert.deepEqual(
      found.map((p) => [p.path.join('.'), p.severity]),
      [['duration_ms.name', 'warning']],
    );
  });
});
