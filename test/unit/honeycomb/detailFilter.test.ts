import * as assert from 'node:assert/strict';
import { DETAIL_FILTER_OPERATORS, DetailFilter, FilterModel, checkDetailFilters, matchesDetailFilter, matchesDetailFilters, stringify } from '../../../src/clients/honeycomb/detailFilter';
import { ServiceError } from '../../../src/core/errors';

/** An SLO-like record with every kind of field the filters know. */
const model: FilterModel = {
  id: { kind: 'string', value: 'n1tbF66251A' },
  name: { kind: 'string', value: 'Gateway availability' },
  description: { kind: 'string', value: '' },
  datasets: { kind: 'set', value: ['api-gateway', 'payments'] },
  target_percentage: { kind: 'float', value: 99.9 },
  time_period: { kind: 'integer', value: 30 },
  tags: { kind: 'tags', value: { team: 'platform', tier: 'one' } },
  delete_protected: { kind: 'boolean', value: true },
  nothing: { kind: 'string', value: null },
};

const match = (filter: DetailFilter): boolean => matchesDetailFilter(model, filter);

describe('Honeycomb detail filters (the provider’s internal/helper/filter)', () => {
  describe('every operator', () => {
    const cases: Array<[string, string, string, boolean]> = [
      // [operator, field, value, expected]
      ['', 'name', 'Gateway availability', true],
      ['equals', 'name', 'Gateway availability', true],
      ['=', 'name', 'Gateway', false],
      ['eq', 'time_period', '30', true],
      ['not-equals', 'name', 'Other', true],
      ['!=', 'name', 'Gateway availability', false],
      ['ne', 'time_period', '7', true],
      ['contains', 'name', 'avail', true],
      ['in', 'name', 'way av', true],
      ['does-not-contain', 'name', 'latency', true],
      ['not-in', 'name', 'avail', false],
      ['starts-with', 'name', 'Gate', true],
      ['does-not-start-with', 'name', 'Gate', false],
      ['ends-with', 'name', 'ability', true],
      ['does-not-end-with', 'name', 'ability', false],
      ['>', 'time_period', '29', true],
      ['gt', 'time_period', '30', false],
      ['>=', 'time_period', '30', true],
      ['ge', 'target_percentage', '99.95', false],
      ['<', 'target_percentage', '99.95', true],
      ['lt', 'time_period', '30', false],
      ['<=', 'time_period', '30', true],
      ['le', 'time_period', '29.5', false],
    ];
    for (const [operator, name, value, expected] of cases) {
      it(`${operator || '(empty = equals)'} on ${name} "${value}" → ${expected}`, () => {
        assert.equal(match({ name, operator, value }), expected);
      });
    }

    it('covers every operator it accepts', () => {
      const tested = new Set(cases.map(([op]) => op).filter(Boolean));
      tested.add('does-not-exist');
      assert.deepEqual([...DETAIL_FILTER_OPERATORS].sort(), [...tested].sort());
    });

    it('numeric operators do not match what is not a number', () => {
      assert.equal(match({ name: 'name', operator: '>', value: '1' }), false);
      assert.equal(match({ name: 'time_period', operator: '>', value: 'ten' }), false);
    });
  });

  describe('fields', () => {
    it('finds a field case-insensitively and ignoring underscores', () => {
      assert.equal(match({ name: 'targetPercentage', operator: '>=', value: '99' }), true);
      assert.equal(match({ name: 'TIME_PERIOD', value: '30' }), true);
      assert.equal(match({ name: 'Delete_Protected', value: 'true' }), true);
    });

    it('a filter on a field the record does not have matches nothing, whatever the operator', () => {
      assert.equal(match({ name: 'colour', value: 'red' }), false);
      assert.equal(match({ name: 'colour', operator: 'does-not-exist' }), false);
      assert.equal(match({ name: 'colour', operator: '!=', value: 'red' }), false);
    });

    it('writes sets in the framework form and tags as key:value pairs', () => {
      assert.equal(stringify(model.datasets), '["api-gateway","payments"]');
      assert.equal(match({ name: 'datasets', operator: 'contains', value: '"payments"' }), true);
      // The documented use: `tags contains team:core`.
      assert.equal(match({ name: 'tags', operator: 'contains', value: 'team:platform' }), true);
      assert.equal(match({ name: 'tags', operator: 'contains', value: 'team:core' }), false);
    });

    it('CHOICE tags: the same tags always give the same string (API order, not a random map order)', () => {
      assert.equal(stringify(model.tags), 'team:platform,tier:one');
      assert.equal(match({ name: 'tags', value: 'team:platform,tier:one' }), true);
    });

    it('writes null numbers and booleans as <null> and null strings as ""', () => {
      assert.equal(stringify({ kind: 'boolean', value: null }), '<null>');
      assert.equal(stringify({ kind: 'integer', value: undefined }), '<null>');
      assert.equal(stringify({ kind: 'string', value: null }), '');
    });
  });

  describe('choices where the documentation means what the provider does not do', () => {
    it('CHOICE float: targetPercentage = 99.9 matches (the provider compares "99.900000" and fails)', () => {
      assert.equal(stringify(model.target_percentage), '99.9');
      assert.equal(match({ name: 'target_percentage', value: '99.9' }), true);
      assert.equal(match({ name: 'target_percentage', value: '99.900000' }), true, 'the provider’s spelling still matches numerically');
      assert.equal(match({ name: 'target_percentage', operator: '!=', value: '99.9' }), false);
      assert.equal(match({ name: 'target_percentage', value: '99.0' }), false);
      assert.equal(match({ name: 'time_period', value: '30.0' }), true, 'integers compare as numbers too');
      assert.equal(match({ name: 'name', value: 'gateway availability' }), false, 'strings stay exact');
    });

    it('CHOICE does-not-exist: matches an absent, null or empty field, not a present one', () => {
      assert.equal(match({ name: 'description', operator: 'does-not-exist' }), true, 'empty string');
      assert.equal(match({ name: 'nothing', operator: 'does-not-exist' }), true, 'null');
      assert.equal(match({ name: 'name', operator: 'does-not-exist' }), false);
      assert.equal(matchesDetailFilter({ tags: { kind: 'tags', value: {} } }, { name: 'tags', operator: 'does-not-exist' }), true);
    });
  });

  describe('valueRegex', () => {
    it('overrides the operator and matches anywhere unless anchored', () => {
      assert.equal(match({ name: 'name', operator: '=', valueRegex: 'avail' }), true);
      assert.equal(match({ name: 'name', valueRegex: '^avail' }), false);
      assert.equal(match({ name: 'name', valueRegex: '^Gateway .*y$' }), true);
    });

    it('accepts RE2’s (?i) flag group', () => {
      assert.equal(match({ name: 'name', valueRegex: '(?i)^gateway' }), true);
      assert.equal(match({ name: 'name', valueRegex: '^gateway' }), false);
    });
  });

  describe('several filters', () => {
    it('are AND-ed, and no filter matches everything', () => {
      assert.equal(matchesDetailFilters(model, []), true);
      assert.equal(matchesDetailFilters(model, undefined), true);
      assert.equal(
        matchesDetailFilters(model, [
          { name: 'name', operator: 'contains', value: 'Gateway' },
          { name: 'time_period', value: '30' },
        ]),
        true,
      );
      assert.equal(
        matchesDetailFilters(model, [
          { name: 'name', operator: 'contains', value: 'Gateway' },
          { name: 'time_period', value: '7' },
        ]),
        false,
      );
    });
  });

  describe('bad filters are refused by name before any request', () => {
    const refused = (filters: DetailFilter[], pattern: RegExp): void => {
      assert.throws(
        () => checkDetailFilters('getSlos', filters),
        (error: ServiceError) => error.kind === 'badInput' && error.operation === 'getSlos' && pattern.test(error.message),
      );
    };
    it('a filter without a name', () => refused([{ name: '' }], /detailFilters\.name is required/));
    it('value together with valueRegex', () => refused([{ name: 'name', value: 'a', valueRegex: 'a' }], /sets both value and valueRegex/));
    it('an unknown operator, naming the allowed ones', () => refused([{ name: 'name', operator: 'like', value: 'a' }], /"like" is not an operator\. Use one of equals/));
    it('a regular expression that does not compile', () => refused([{ name: 'name', valueRegex: '(' }], /valueRegex is not a valid regular expression/));
    it('says which filter of several is wrong', () =>
      refused(
        [
          { name: 'name', value: 'a' },
          { name: 'x', operator: '~' },
        ],
        /detailFilters\[1\]\.operator/,
      ));
  });
});
