import type { QueryResultViewModel } from './protocol';

/**
 * The text alternative of the results chart, carrying its data rather than "a chart": what is
 * drawn (calculation, time range, number of lines) and, per line, its lowest, highest and last
 * value — the rows of the "chart data" table the panel shows on request. Pure, unit tested.
 */

type Chart = NonNullable<QueryResultViewModel['chart']>;

export interface SeriesSummary {
  group: string;
  min: number | null;
  max: number | null;
  /** The last value that is not a gap. */
  last: number | null;
  points: number;
}

export interface ChartSummary {
  /** The chart's accessible name: "COUNT over time, 10:00 to 12:00, 10 lines." */
  label: string;
  series: SeriesSummary[];
}

export function summariseChart(chart: Chart, calculation: string, formatTime: (epochSeconds: number) => string): ChartSummary {
  const series = chart.lines
    .filter((line) => line.calculation === calculation)
    .map((line) => {
      const values = line.values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
      return {
        group: line.group,
        min: values.length > 0 ? Math.min(...values) : null,
        max: values.length > 0 ? Math.max(...values) : null,
        last: values.length > 0 ? values[values.length - 1] : null,
        points: values.length,
      };
    });
  const times = chart.times;
  const range = times.length > 0 ? `${formatTime(times[0])} to ${formatTime(times[times.length - 1])}` : 'no time buckets';
  const label = `${calculation} over time, ${range}, ${series.length} ${series.length === 1 ? 'line' : 'lines'}.`;
  return { label, series };
}

/**
 * A line's value in the chart's legend: the value under the cursor while it is over the chart
 * (`index` set), else the line's last value, so the legend carries numbers before any hover.
 */
export function legendValue(value: number | null, index: number | null, last: number | null, format: (value: number) => string): string {
  const shown = index === null ? last : value;
  return shown === null || shown === undefined ? 'no data' : format(shown);
}
