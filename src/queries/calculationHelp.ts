/**
 * What each calculation operator does, as the palette's calculation step describes it. Pure, so
 * the percentile names are unit tested against the operators Honeycomb lists.
 */
const OP_HELP: Record<string, string> = {
  COUNT: 'number of events',
  CONCURRENCY: 'spans in flight at once',
  SUM: 'sum of a column',
  AVG: 'average of a column',
  COUNT_DISTINCT: 'distinct values of a column',
  MAX: 'largest value',
  MIN: 'smallest value',
  HEATMAP: 'distribution over time (drawn in Honeycomb)',
  RATE_AVG: 'rate of change of the average',
  RATE_SUM: 'rate of change of the sum',
  RATE_MAX: 'rate of change of the maximum',
  COUNT_DATAPOINTS: 'metrics datasets: data points',
  HISTOGRAM_COUNT: 'metrics datasets: histogram count',
};

export function calculationHelp(op: string): string {
  const percentile = percentileOf(op);
  if (percentile !== undefined) return `${ordinal(percentile)} percentile of a column${percentile === 50 ? ' (the median)' : ''}`;
  return OP_HELP[op] ?? '';
}

/**
 * The percentile a `P…` operator names. The first two digits are whole percents and any further
 * digit is a tenth: P001 is 0.1, P01 is 1, P50 is 50, P999 is 99.9.
 */
export function percentileOf(op: string): number | undefined {
  const digits = /^P(\d{2,3})$/.exec(op)?.[1];
  if (digits === undefined) return undefined;
  return Number(digits) / 10 ** (digits.length - 2);
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st…; a fraction takes "th" (0.1th, 99.9th). */
export function ordinal(n: number): string {
  if (!Number.isInteger(n)) return `${n}th`;
  const lastTwo = n % 100;
  const suffix = lastTwo >= 11 && lastTwo <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
