import uPlot from 'uplot';
import { summariseChart } from '../../src/views/panels/chartSummary';
import { panelText } from '../../src/views/panels/panelText';
import type { QueryResultViewModel } from '../../src/views/panels/protocol';
import { clear, h } from '../shared/dom';
import { formatCell } from './format';
import { chartTheme } from './theme';

/**
 * The time series of the result, drawn with uPlot: one line per group (the busiest ten) for the
 * calculation chosen above the chart, in the theme's chart colours. `redraw()` draws it again
 * (theme change); the chart follows the panel's width.
 *
 * For screen readers and anyone who wants numbers: the drawing's name says what it shows
 * (calculation, time range, number of lines), its legend stays outside the image, and "Show
 * chart data as a table" lists every line with its lowest, highest and last value.
 */

type Chart = NonNullable<QueryResultViewModel['chart']>;

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export class ResultChart {
  readonly element: HTMLElement;
  private readonly plotHost: HTMLElement;
  private readonly dataHost: HTMLElement;
  private readonly toggle: HTMLButtonElement;
  private plot?: uPlot;
  private calculation: string;
  private readonly resize: ResizeObserver;

  constructor(private readonly chart: Chart) {
    this.calculation = chart.calculations[0] ?? '';
    const select = h('select', { 'aria-label': 'Calculation to chart', class: 'calc-select' });
    for (const calculation of chart.calculations) {
      const option = h('option', { value: calculation }, calculation);
      select.appendChild(option);
    }
    select.addEventListener('change', () => {
      this.calculation = select.value;
      this.redraw();
    });
    this.plotHost = h('div', { class: 'chart' });
    this.dataHost = h('div', { class: 'chart-data', id: 'chart-data', hidden: true });
    this.toggle = h('button', { type: 'button', class: 'text-button', 'aria-expanded': 'false', 'aria-controls': 'chart-data' }, 'Show chart data as a table');
    this.toggle.addEventListener('click', () => this.showData(this.dataHost.hidden));
    this.element = h(
      'section',
      { class: 'chart-section', 'aria-labelledby': 'chart-heading' },
      h('div', { class: 'chart-bar' }, h('h2', { id: 'chart-heading' }, 'Over time'), chart.calculations.length > 1 ? select : h('span', { class: 'muted' }, this.calculation)),
      this.plotHost,
      chart.note ? h('p', { class: 'muted small' }, chart.note) : null,
      this.toggle,
      this.dataHost,
    );
    this.resize = new ResizeObserver(() => {
      if (this.plot && this.plotHost.clientWidth > 0) this.plot.setSize({ width: this.plotHost.clientWidth, height: this.plot.height });
    });
    this.resize.observe(this.plotHost);
  }

  redraw(): void {
    this.plot?.destroy();
    const theme = chartTheme();
    const lines = this.chart.lines.filter((l) => l.calculation === this.calculation);
    const axis = { stroke: theme.foreground, font: theme.font, grid: { stroke: theme.grid, width: 1 }, ticks: { stroke: theme.grid, width: 1 } };
    const options: uPlot.Options = {
      width: Math.max(320, this.plotHost.clientWidth || 800),
      height: 260,
      series: [{}, ...lines.map((line, i) => ({ label: panelText(line.group), stroke: theme.series[i % theme.series.length], width: 1.5, spanGaps: false, points: { show: false } }))],
      axes: [axis, { ...axis, size: 60 }],
      legend: { show: true, live: true },
      cursor: { drag: { x: true, y: false } },
      scales: { x: { time: true } },
    };
    const data = [this.chart.times, ...lines.map((l) => l.values)] as uPlot.AlignedData;
    this.plot = new uPlot(options, data, this.plotHost);
    // Only the drawing is the image; the legend after it stays readable text.
    const summary = summariseChart(this.chart, this.calculation, (t) => timeFormat.format(new Date(t * 1000)));
    const drawing = this.plotHost.querySelector('.u-wrap');
    drawing?.setAttribute('role', 'img');
    drawing?.setAttribute('aria-label', `${panelText(summary.label)} Lines are listed in the legend below; "Show chart data as a table" gives their values.`);
    if (!this.dataHost.hidden) this.fillData();
  }

  dispose(): void {
    this.resize.disconnect();
    this.plot?.destroy();
  }

  private showData(show: boolean): void {
    this.dataHost.hidden = !show;
    this.toggle.setAttribute('aria-expanded', String(show));
    this.toggle.textContent = show ? 'Hide chart data' : 'Show chart data as a table';
    if (show) this.fillData();
  }

  /** One row per line: its lowest, highest and last value over the chart's time range. */
  private fillData(): void {
    const summary = summariseChart(this.chart, this.calculation, (t) => timeFormat.format(new Date(t * 1000)));
    const number = (v: number | null): string => (v === null ? '—' : formatCell(v));
    clear(this.dataHost);
    this.dataHost.append(
      h(
        'table',
        { class: 'fields chart-table' },
        h('caption', {}, summary.label),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, 'Group'),
            h('th', { scope: 'col', class: 'num' }, 'Lowest'),
            h('th', { scope: 'col', class: 'num' }, 'Highest'),
            h('th', { scope: 'col', class: 'num' }, 'Last'),
          ),
        ),
        h(
          'tbody',
          {},
          ...summary.series.map((s) =>
            h('tr', {}, h('th', { scope: 'row' }, s.group), h('td', { class: 'num' }, number(s.min)), h('td', { class: 'num' }, number(s.max)), h('td', { class: 'num' }, number(s.last))),
          ),
        ),
      ),
    );
  }
}
