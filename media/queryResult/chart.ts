import uPlot from 'uplot';
import type { QueryResultViewModel } from '../../src/views/panels/protocol';
import { h } from '../shared/dom';
import { chartTheme } from './theme';

/**
 * The time series of the result, drawn with uPlot: one line per group (the busiest ten) for the
 * calculation chosen above the chart, in the theme's chart colours. `redraw()` draws it again
 * (theme change); the chart follows the panel's width.
 */

type Chart = NonNullable<QueryResultViewModel['chart']>;

export class ResultChart {
  readonly element: HTMLElement;
  private readonly canvasHost: HTMLElement;
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
    this.canvasHost = h('div', { class: 'chart', role: 'img', 'aria-label': 'Time series chart of the results' });
    this.element = h(
      'section',
      { class: 'chart-section', 'aria-label': 'Chart' },
      h('div', { class: 'chart-bar' }, h('h2', {}, 'Over time'), chart.calculations.length > 1 ? select : h('span', { class: 'muted' }, this.calculation)),
      this.canvasHost,
      chart.note ? h('p', { class: 'muted small' }, chart.note) : null,
    );
    this.resize = new ResizeObserver(() => {
      if (this.plot && this.canvasHost.clientWidth > 0) this.plot.setSize({ width: this.canvasHost.clientWidth, height: this.plot.height });
    });
    this.resize.observe(this.canvasHost);
  }

  redraw(): void {
    this.plot?.destroy();
    const theme = chartTheme();
    const lines = this.chart.lines.filter((l) => l.calculation === this.calculation);
    const axis = { stroke: theme.foreground, font: theme.font, grid: { stroke: theme.grid, width: 1 }, ticks: { stroke: theme.grid, width: 1 } };
    const options: uPlot.Options = {
      width: Math.max(320, this.canvasHost.clientWidth || 800),
      height: 260,
      series: [{}, ...lines.map((line, i) => ({ label: line.group, stroke: theme.series[i % theme.series.length], width: 1.5, spanGaps: false, points: { show: false } }))],
      axes: [axis, { ...axis, size: 60 }],
      legend: { show: true, live: true },
      cursor: { drag: { x: true, y: false } },
      scales: { x: { time: true } },
    };
    const data = [this.chart.times, ...lines.map((l) => l.values)] as uPlot.AlignedData;
    this.plot = new uPlot(options, data, this.canvasHost);
  }

  dispose(): void {
    this.resize.disconnect();
    this.plot?.destroy();
  }
}
