import * as assert from 'node:assert/strict';
import { CALCULATION_OPS } from '../../../src/clients/honeycomb';
import { calculationHelp, ordinal, percentileOf } from '../../../src/queries/calculationHelp';

/** The descriptions the query palette's calculation step shows beside each operator. */
describe('Run Honeycomb Query: calculation descriptions', () => {
  it('names every percentile operator Honeycomb lists by its percentile', () => {
    const percentiles = CALCULATION_OPS.filter((op) => op.startsWith('P')).map((op) => [op, calculationHelp(op)]);
    assert.deepEqual(percentiles, [
      ['P001', '0.1th percentile of a column'],
      ['P01', '1st percentile of a column'],
      ['P05', '5th percentile of a column'],
      ['P10', '10th percentile of a column'],
      ['P20', '20th percentile of a column'],
      ['P25', '25th percentile of a column'],
      ['P50', '50th percentile of a column (the median)'],
      ['P75', '75th percentile of a column'],
      ['P80', '80th percentile of a column'],
      ['P90', '90th percentile of a column'],
      ['P95', '95th percentile of a column'],
      ['P99', '99th percentile of a column'],
      ['P999', '99.9th percentile of a column'],
    ]);
  });

  it('reads the digits as whole percents then tenths, and ignores what is not a percentile', () => {
    assert.equal(percentileOf('P001'), 0.1);
    assert.equal(percentileOf('P999'), 99.9);
    assert.equal(percentileOf('P50'), 50);
    assert.equal(percentileOf('P5'), undefined);
    assert.equal(percentileOf('COUNT'), undefined);
    assert.equal(calculationHelp('COUNT'), 'number of events');
    assert.equal(calculationHelp('NOT_AN_OP'), '');
  });

  it('writes English ordinals, the teens included', () => {
    assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 0.1].map(ordinal), ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th', '0.1th']);
  });
});
