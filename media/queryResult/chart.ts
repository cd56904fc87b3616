import uPlot from 'uplot';
import { legendValue, summariseChart } from '../../src/views/panels/chartSummary';
import { LineStyle, lineStyles } from '../../src/views/panels/lineStyles';
import { panelText } from '../../src/views/panels/panelText';
import type { QueryResultViewModel } from '../../src/views/panels/protocol';
import { clear, h } from '../shared/dom';
import { formatCell } from './format';
import { chartTheme } from './theme';

/**
 * The time series of the result, drawn with uPlot: one line per group (the busiest ten) for the
 * calculation chosen above the chart, in the theme's chart colours, with dashes for lines whose
 * colours would look alike (lineStyles.ts). The legend shows each line's last value, and the
 * value under the cursor while it is over the chart. `redraw()` draws it again (theme change);
 * the chart follows the panel's width.
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

  /** `idPrefix` keeps ids unique where a page holds several charts (a board). */
  constructor(
    private readonly chart: Chart,
    idPrefix = '',
  ) {
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
    this.dataHost = h('div', { class: 'chart-data', id: `${idPrefix}chart-data`, hidden: true });
    this.toggle = h('button', { type: 'button', class: 'text-button', 'aria-expanded': 'false', 'aria-controls': `${idPrefix}chart-data` }, 'Show chart data as a table');
    this.toggle.addEventListener('click', () => this.showData(this.dataHost.hidden));
    // On a board each panel holds a chart: a group there, not a landmark, since twelve regions
    // all named "Over time" could not be told apart (axe: landmark-unique).
    this.element = h(
      idPrefix ? 'div' : 'section',
      { class: 'chart-section', role: idPrefix ? 'group' : undefined, 'aria-labelledby': `${idPrefix}chart-heading` },
      h('div', { class: 'chart-bar' }, h('h2', { id: `${idPrefix}chart-heading` }, 'Over time'), chart.calculations.length > 1 ? select : h('span', { class: 'muted' }, this.calculation)),
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
    const summary = summariseChart(this.chart, this.calculation, (t) => timeFormat.format(new Date(t * 1000)));
    const styles = lineStyles(theme.series, lines.length);
    const axis = { stroke: theme.foreground, font: theme.font, grid: { stroke: theme.grid, width: 1 }, ticks: { stroke: theme.grid, width: 1 } };
    const options: uPlot.Options = {
      width: Math.max(320, this.plotHost.clientWidth || 800),
      height: 260,
      series: [
        { label: 'Time', value: (_u, raw, _s, idx) => (idx === null ? 'latest' : timeFormat.format(new Date(raw * 1000))) },
        ...lines.map((line, i) => ({
          label: panelText(line.group),
          stroke: styles[i].colour,
          dash: [...styles[i].dash],
          width: 1.5,
          spanGaps: false,
          points: { show: false },
          value: (_u: uPlot, raw: number | null, _s: number, idx: number | null) => legendValue(raw, idx, summary.series[i]?.last ?? null, formatCell),
        })),
      ],
      axes: [axis, { ...axis, size: 60 }],
      // The markers are drawn below as line samples, dashes and all.
      legend: { show: true, live: true, markers: { show: true, width: 0 } },
      cursor: { drag: { x: true, y: false } },
      scales: { x: { time: true } },
    };
    const data = [this.chart.times, ...lines.map((l) => l.values)] as uPlot.AlignedData;
    this.plot = new uPlot(options, data, this.plotHost);
    drawMarkers(this.plotHost, styles);
    // Only the drawing is the image; the legend after it stays readable text.
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

const SVG = 'http://www.w3.org/2000/svg';

/** Each legend entry's marker as a short line in its colour and dash, so the legend matches the drawing. */
function drawMarkers(host: HTMLElement, styles: readonly LineStyle[]): void {
  const markers = host.querySelectorAll('.u-legend .u-series:not(:first-child) .u-marker');
  markers.forEach((marker, i) => {
    const style = styles[i];
    if (!style) return;
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', '0 0 28 10');
    svg.setAttribute('aria-hidden', 'true');
    const line = document.createElementNS(SVG, 'line');
    for (const [name, value] of Object.entries({ x1: '0', y1: '5', x2: '28', y2: '5', stroke: style.colour, 'stroke-width': '2.5', 'stroke-dasharray': style.dash.join(' ') || 'none' })) {
      line.setAttribute(name, value);
    }
    svg.appendChild(line);
    marker.appendChild(svg);
  });
}
