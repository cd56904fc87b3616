import * as assert from 'node:assert/strict';
import { describeSeconds, validateDuration } from '../../../../src/clients/authentik';

/** authentik's `hours=8;minutes=30` durations: everything the server would misread is an error that says where. */
describe('authentik durations', () => {
  it('reads the units authentik knows, in any case, with spaces around values', () => {
    const r = validateDuration('hours=8;minutes=30');
    assert.equal(r.ok, true);
    assert.equal(r.totalSeconds, 8 * 3600 + 30 * 60);
    assert.deepEqual(r.parts, [
      { unit: 'hours', value: 8 },
      { unit: 'minutes', value: 30 },
    ]);
    assert.equal(validateDuration('weeks=1;days=2;Hours=3;minutes=4;seconds=5;milliseconds=250;microseconds=500').totalSeconds, 604_800 + 2 * 86_400 + 3 * 3600 + 4 * 60 + 5 + 0.25 + 0.0005);
    assert.equal(validateDuration('seconds= 1.5').totalSeconds, 1.5);
    assert.equal(validateDuration('seconds=0').ok, true);
  });

  it('names an unknown key and where it is, with a guess at what was meant', () => {
    const r = validateDuration('hours=1;hourz=2');
    assert.equal(r.ok, false);
    assert.equal(r.problems.length, 1);
    const [p] = r.problems;
    assert.equal(p.key, 'hourz');
    assert.equal(p.part, 1);
    assert.deepEqual([p.start, p.end], [8, 13]);
    assert.equal('hours=1;hourz=2'.slice(p.start, p.end), 'hourz');
    assert.match(p.message, /unknown unit "hourz" \(did you mean "hours"\?\)/);
    assert.match(p.message, /silently ignore/);
    assert.match(validateDuration('min=5').problems[0].message, /did you mean "minutes"/);
    assert.match(validateDuration('day=1').problems[0].message, /did you mean "days"/);
    assert.match(validateDuration('fortnights=1').problems[0].message, /^unknown unit "fortnights": use weeks, days/);
  });

  it('refuses values that are not plain non-negative numbers, pointing at the value', () => {
    const text = 'hours=eight;minutes=30';
    const [p] = validateDuration(text).problems;
    assert.equal(p.key, 'hours');
    assert.equal(text.slice(p.start, p.end), 'eight');
    assert.match(p.message, /the value of hours is not a number: "eight"/);
    assert.match(validateDuration('seconds=-5').problems[0].message, /seconds must not be negative/);
    for (const bad of ['seconds=1e3', 'seconds=inf', 'seconds=nan', 'seconds=1_000', 'seconds=0x10', 'seconds=.5']) {
      assert.equal(validateDuration(bad).ok, false, bad);
    }
    assert.match(validateDuration('hours=').problems[0].message, /hours has no value/);
  });

  it('refuses what authentik silently skips or fails on: spaces around a key, repeats, empty parts, no "="', () => {
    const spaced = validateDuration('hours=1; minutes=5');
    assert.match(spaced.problems[0].message, /the key " minutes" has spaces around it; authentik would ignore it/);
    const twice = validateDuration('hours=1;hours=2');
    assert.match(twice.problems[0].message, /hours is given twice \(parts 1 and 2\)/);
    const trailing = validateDuration('hours=1;');
    assert.match(trailing.problems[0].message, /part 2 is empty/);
    assert.deepEqual([trailing.problems[0].start, trailing.problems[0].end], [7, 8], 'points at the extra ";"');
    assert.match(validateDuration('8h').problems[0].message, /"8h" is not key=value/);
    assert.match(validateDuration('hours=1=2').problems[0].message, /more than one "="/);
    assert.match(validateDuration('=5').problems[0].message, /no key/);
    assert.match(validateDuration('').problems[0].message, /a duration is required/);
    assert.match(validateDuration('   ').problems[0].message, /a duration is required/);
  });

  it('reports every bad part, not just the first', () => {
    const r = validateDuration('hourz=1;minutes=x;seconds=3');
    assert.deepEqual(
      r.problems.map((p) => p.part),
      [0, 1],
    );
    assert.equal(r.totalSeconds, undefined);
  });

  it('describes a length for hovers', () => {
    assert.equal(describeSeconds(8 * 3600 + 30 * 60), '8 h 30 min');
    assert.equal(describeSeconds(86_400 * 9 + 1.25), '9 d 1 s 250 ms');
    assert.equal(describeSeconds(0), '0 s');
  });
});
