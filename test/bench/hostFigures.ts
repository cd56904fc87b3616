/**
 * Small pure helpers for the figures the in-editor benchmarks print: medians, and how long at
 * least one request was in flight during a measured span (requests that overlap count once).
 */

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export interface Interval {
  start: number;
  end: number;
}

/** The time covered by at least one interval, counting only what lies within [from, to]. */
export function coveredTime(intervals: Interval[], from: number, to: number): number {
  const clipped = intervals
    .map((i) => ({ start: Math.max(i.start, from), end: Math.min(i.end, to) }))
    .filter((i) => i.end > i.start)
    .sort((a, b) => a.start - b.start);
  let total = 0;
  let current: Interval | undefined;
  for (const interval of clipped) {
    if (current && interval.start <= current.end) {
      current.end = Math.max(current.end, interval.end);
      continue;
    }
    if (current) total += current.end - current.start;
    current = { ...interval };
  }
  if (current) total += current.end - current.start;
  return total;
}

export const ms = (value: number): string => `${value.toFixed(1)} ms`;
