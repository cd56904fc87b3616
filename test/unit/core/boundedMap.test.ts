import * as assert from 'assert';
import { mapBounded } from '../../../src/core/boundedMap';

describe('mapBounded', () => {
  it('keeps the items’ order and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const delays = [30, 5, 20, 1, 15, 10, 2];
    const results = await mapBounded(delays, 3, async (ms, i) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
      return `${i}:${ms}`;
    });
    assert.deepEqual(
      results,
      delays.map((ms, i) => `${i}:${ms}`),
    );
    assert.equal(most, 3);
  });

  it('an empty list is an empty answer; a failing run rejects the map', async () => {
    assert.deepEqual(await mapBounded([], 4, async () => 1), []);
    await assert.rejects(
      mapBounded([1, 2, 3], 2, async (n) => {
        if (n === 2) throw new Error('two');
        return n;
      }),
      /two/,
    );
  });
});
