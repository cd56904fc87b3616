import type { BoardPanelModel, BoardProgress, BoardViewModel } from '../../src/views/panels/protocol';
import { announce, app, clear, h, setDocumentTitle } from '../shared/dom';
import { boardPanelState } from '../../src/views/honeycomb/boardPanelState';
import { saveState, send } from '../shared/host';
import { ResultChart } from './chart';
import { ResultTable } from './table';

/**
 * Open Board in the query results app: the board's panels in layout order on a 12-column grid
 * (each as wide as on the board), each a titled region. A query panel shows the results chart
 * and/or table by its style (graph, table, combo) once its result arrives; an SLO panel its
 * target, budget left and compliance; a text panel its Markdown as plain text (never as HTML).
 * The progress line ("4 of 12 charts") is announced, and Cancel stops the runs not yet started.
 */

const charts = new Map<number, ResultChart>();
let progressLine: HTMLElement | undefined;
let cancelButton: HTMLElement | undefined;
let slots: HTMLElement[] = [];

export function isBoard(model: unknown): model is BoardViewModel {
  return (model as BoardViewModel | undefined)?.kind === 'board';
}

export function disposeBoard(): void {
  for (const chart of charts.values()) chart.dispose();
  charts.clear();
  slots = [];
}

export function renderBoard(model: BoardViewModel): void {
  disposeBoard();
  // The tab comes back after a window reload from its key alone (the board is run again then).
  saveState(boardPanelState(model));
  setDocumentTitle('Honeycomb board', model.title);
  const root = app();
  clear(root);
  progressLine = h('p', { class: 'muted', id: 'board-progress' });
  cancelButton = h('vscode-button', { secondary: true, 'data-action': 'cancel' }, 'Cancel');
  cancelButton.addEventListener('click', () => send({ type: 'action', id: 'cancel' }));
  const open = model.url ? h('vscode-button', { secondary: true, 'data-action': 'openBoard' }, 'Open in Honeycomb') : null;
  open?.addEventListener('click', () => send({ type: 'open', link: { kind: 'url', url: model.url! } }));
  root.append(
    h('header', { class: 'record-header' }, h('p', { class: 'kind' }, 'Honeycomb board'), h('h1', {}, model.title), h('p', { class: 'subtitle' }, model.subtitle)),
    h('nav', { class: 'actions', 'aria-label': 'Board actions' }, cancelButton, open),
    progressLine,
  );
  const grid = h('div', { class: 'board-grid' });
  slots = model.panels.map((panel) => {
    // An article per panel, not a region: two panels may share a title, and landmarks must not.
    const slot = h('article', { class: 'board-panel', 'aria-labelledby': `panel-${panel.index}-title` });
    // Set through the style object, which the CSP allows (a style attribute would not be).
    if (panel.width > 0) slot.style.gridColumn = `span ${Math.min(12, panel.width)}`;
    grid.appendChild(slot);
    return slot;
  });
  root.appendChild(grid);
  model.panels.forEach((panel) => fillPanel(panel));
  showProgress(model.progress, false);
}

export function updateBoardPanel(panel: BoardPanelModel, progress: BoardProgress): void {
  if (!slots[panel.index]) return;
  fillPanel(panel);
  showProgress(progress, panel.kind === 'query' && panel.state !== 'running');
}

function showProgress(progress: BoardProgress, say: boolean): void {
  if (!progressLine || !cancelButton) return;
  const text = progress.total === 0 ? 'No query panels.' : `${progress.done} of ${progress.total} charts${progress.running ? '' : ' — finished'}`;
  progressLine.textContent = text;
  if (!progress.running) cancelButton.remove();
  if (say) announce(text);
}

function fillPanel(panel: BoardPanelModel): void {
  const slot = slots[panel.index];
  charts.get(panel.index)?.dispose();
  charts.delete(panel.index);
  clear(slot);
  const id = `panel-${panel.index}`;
  slot.setAttribute('aria-busy', String(panel.state === 'queued' || panel.state === 'running'));
  slot.appendChild(h('h2', { id: `${id}-title` }, panel.title));
  if (panel.state === 'error') {
    slot.appendChild(h('p', { class: 'error', role: 'alert' }, panel.message ?? 'This panel failed.'));
  } else if (panel.message) {
    slot.appendChild(h('p', { class: 'muted' }, panel.message));
  }
  if (panel.kind === 'text') slot.appendChild(h('div', { class: 'board-text' }, panel.text ?? ''));
  if (panel.kind === 'slo' && panel.slo) {
    const figure = (label: string, value: number | null) => h('div', {}, h('dt', {}, label), h('dd', {}, value === null ? 'not reported' : `${value.toFixed(2)}%`));
    slot.appendChild(
      h('dl', { class: 'board-slo' }, h('div', {}, h('dt', {}, 'Target'), h('dd', {}, panel.slo.target)), figure('Budget left', panel.slo.budgetRemaining), figure('Compliance', panel.slo.compliance)),
    );
  }
  const result = panel.result;
  if (panel.kind !== 'query' || !result) return;
  slot.appendChild(h('p', { class: 'muted small' }, result.subtitle));
  if (panel.style !== 'table' && result.chart && result.chart.lines.length > 0) {
    const chart = new ResultChart(result.chart, `${id}-`);
    charts.set(panel.index, chart);
    slot.appendChild(chart.element);
    chart.redraw();
  }
  if (panel.style !== 'graph' || !result.chart || result.chart.lines.length === 0) {
    const heading = h('h3', { id: `${id}-rows` }, `Results (${result.rows.length.toLocaleString('en-US')})`);
    const table = new ResultTable(result.columns, result.rows, undefined, () => undefined, `${id}-rows`);
    slot.append(heading, table.element);
    table.draw();
  }
}

export function redrawBoardCharts(): void {
  for (const chart of charts.values()) chart.redraw();
}
