import * as assert from 'node:assert/strict';
import { LimiterClock, QueryResultLimiter } from '../../../src/clients/honeycomb/queryRateLimit';

/** A clock that moves only when someone sleeps on it. */
function fakeClock(): LimiterClock & { time: number } {
  const clock = {
    time: 0,
    now: () => clock.time,
    sleep: async (ms: number) => {
      clock.time += ms;
    },
  };
  return clock;
}

describe('query result budget (10 a minute)', () => {
  it('counts a result from its answer: the 11th waits a minute from when the first was answered, not sent', async () => {
    const clock = fakeClock();
    const limiter = new QueryResultLimiter(10, 60_000, clock);
    const slots = [];
    for (let i = 0; i < 10; i++) slots.push(await limiter.acquire(undefined, () => undefined));
    // The first creation took 5 s to come back (Honeycomb counted it somewhere in between).
    clock.time = 5_000;
    slots.forEach((slot) => slot.answered());
    const waits: number[] = [];
    await limiter.acquire(undefined, (wait) => waits.push(wait.waitMs));
    assert.equal(clock.time, 65_000, 'the 11th result is created a minute after the answers');
    assert.deepEqual(waits, [60_000]);
  });
});
