import * as assert from 'node:assert/strict';
import { parseGoDuration, parseTimeout } from '../../../src/core/duration';

describe('core/duration (Go duration strings)', () => {
  it('parses the forms Go accepts', () => {
    const cases: Array<[string, number]> = [
      ['3m', 180_000],
      ['90s', 90_000],
      ['1h30m', 5_400_000],
      ['1.5h', 5_400_000],
      ['300ms', 300],
      ['2h45m30.5s', 9_930_500],
      ['1500us', 1.5],
      ['1500µs', 1.5],
      ['+5m', 300_000],
      ['-1m', -60_000],
      ['.5s', 500],
      ['0', 0],
    ];
    for (const [text, ms] of cases) {
      assert.equal(parseGoDuration(text), ms, text);
    }
  });

  it('rejects what Go rejects, quoting the value', () => {
    for (const bad of ['', '3', '3 m', '3min', 'm', '1d', '5m ago', '1h-30m']) {
      assert.throws(() => parseGoDuration(bad), new RegExp(`"${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" is not a Go duration`), bad);
    }
  });

  it('refuses non-positive timeouts', () => {
    assert.throws(() => parseTimeout('-1m', 'timeout'), /timeout: "-1m" must be longer than zero/);
    assert.equal(parseTimeout('5m', 'timeout'), 300_000);
  });
});
