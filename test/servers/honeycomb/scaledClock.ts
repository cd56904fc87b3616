import type { LimiterClock } from '../../../src/clients/honeycomb/queryRateLimit';

/**
 * A clock that runs `scale` times faster than the wall clock, for the query-result budget of the
 * client (queryRateLimit.ts) and of the stand-in (`queries.now`) alike: with scale 600 a minute of
 * budget passes in 100 ms, so a schedule of minutes is measured in a test or a benchmark, in
 * scaled time. Waits sleep the scaled-down real time.
 */
export function scaledClock(scale: number): LimiterClock & { real(ms: number): number } {
  const origin = Date.now();
  return {
    now: () => origin + (Date.now() - origin) * scale,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(new Error('aborted'));
        const timer = setTimeout(resolve, Math.max(0, ms / scale));
        signal?.addEventListener('abort', () => (clearTimeout(timer), reject(new Error('aborted'))), { once: true });
      }),
    real: (ms) => ms / scale,
  };
}
