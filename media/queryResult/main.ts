import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { HostMessage, QueryResultViewModel } from '../../src/views/panels/protocol';
import { loadedAnnouncement } from '../../src/views/panels/resultGrid';
import { announce, app, clear, h, setDocumentTitle, showMessage } from '../shared/dom';
import { connect, loadState, saveState, send } from '../shared/host';
import { disposeBoard, isBoard, redrawBoardCharts, renderBoard, updateBoardPanel } from './board';
import { ResultChart } from './chart';
import { toCsv, toJson } from './csv';
import { ResultTable, SortState } from './table';
import { onThemeChange } from './theme';

/**
 * The query results panel: header, actions (Re-run, Open as Query File, Copy as CSV/JSON, links
 * to the query and its graph in Honeycomb), the chart, the table and the spec. All server data
 * is set as text. After each render the app tells the host how many rows it drew and how long
 * the first paint took (logged at debug level; read by tests and the benchmark).
 */

// The shell links only webview.css; uPlot's stylesheet and this app's sit next to this script.
// Added as <link> elements from the extension's own origin, which the CSP's style-src allows.
const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src ?? location.href;
for (const name of ['uPlot.min.css', 'queryResult.css']) {
  document.head.appendChild(h('link', { rel: 'stylesheet', href: new URL(name, scriptUrl).toString() }));
}

interface SavedState {
  key: string;
  sort?: SortState;
}

let chart: ResultChart | undefined;

function button(label: string, onClick: () => void, id: string, secondary = true): HTMLElement {
  const b = h('vscode-button', { secondary, 'data-action': id }, label);
  b.addEventListener('click', onClick);
  return b;
}

function render(model: QueryResultViewModel, started: number): void {
  const saved = loadState<SavedState>();
  const sort = saved?.key === model.key ? saved.sort : undefined;
  saveState({ key: model.key, ...(sort ? { sort } : {}) });
  setDocumentTitle('Honeycomb query result', model.title);
  chart?.dispose();
  chart = undefined;
  const root = app();
  clear(root);

  let table: ResultTable;
  const copy = (kind: 'csv' | 'json') => {
    const rows = table.sortedRows();
    copied(kind === 'csv' ? toCsv(model.columns, rows) : toJson(model.columns, rows), `${rowCount(rows.length)} as ${kind === 'csv' ? 'CSV' : 'JSON'}`);
  };
  const open = (url: string) => send({ type: 'open', link: { kind: 'url', url } });
  const actions = h(
    'nav',
    { class: 'actions', 'aria-label': 'Result actions' },
    button('Re-run', () => send({ type: 'action', id: 'rerun' }), 'rerun', false),
    button('Open as Query File', () => send({ type: 'action', id: 'openAsFile' }), 'openAsFile'),
    button('Copy as CSV', () => copy('csv'), 'copyCsv'),
    button('Copy as JSON', () => copy('json'), 'copyJson'),
    model.queryUrl ? button('Open in Honeycomb', () => open(model.queryUrl!), 'openQuery') : null,
    model.graphImageUrl ? button('Graph Image', () => open(model.graphImageUrl!), 'openGraph') : null,
  );
  root.append(
    h(
      'header',
      { class: 'record-header' },
      h('p', { class: 'kind' }, 'Honeycomb query result'),
      h('h1', { id: 'result-title' }, model.title),
      h('p', { class: 'subtitle' }, model.subtitle),
      h('p', { class: 'muted small', id: 'result-stats' }, `Ran ${new Date(model.ranAt).toLocaleString()} · ${model.stats}`),
    ),
    actions,
  );
  if (model.notice) root.appendChild(h('p', { class: 'notice' }, model.notice));

  if (model.chart && model.chart.lines.length > 0) {
    chart = new ResultChart(model.chart);
    root.appendChild(chart.element);
  }

  table = new ResultTable(model.columns, model.rows, sort, (next) => saveState({ key: model.key, sort: next }), 'results-heading');
  root.appendChild(
    h(
      'section',
      { class: 'table-section', 'aria-labelledby': 'results-heading' },
      h('h2', { id: 'results-heading' }, `Results (${model.rows.length.toLocaleString('en-US')} ${model.rows.length === 1 ? 'group' : 'groups'})`),
      model.rows.length > 0 ? table.element : h('p', { class: 'muted' }, 'No groups matched: the query found no events in this window.'),
    ),
  );
  table.draw();
  chart?.redraw();
  announce(loadedAnnouncement(model.rows.length));

  const spec = h('pre', { class: 'code', id: 'result-spec' }, model.specJson);
  root.appendChild(
    h(
      'section',
      { 'aria-labelledby': 'spec-heading' },
      h('h2', { id: 'spec-heading' }, 'Query specification'),
      button('Copy', () => copied(model.specJson, 'the query specification as JSON'), 'copySpec'),
      spec,
    ),
  );

  // After the browser has painted: report what the user sees.
  requestAnimationFrame(() =>
    setTimeout(() => {
      send({ type: 'action', id: 'rendered', args: { rows: model.rows.length, paintMs: performance.now() - started, visibleRows: table.visibleText() } });
    }, 0),
  );
}

/** Copies through the host, which confirms in the status bar; the panel says it too, for screen readers. */
function copied(text: string, what: string): void {
  send({ type: 'copy', text, what });
  announce(`Copied ${what}`);
}

function rowCount(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;
}

function onMessage(message: HostMessage): void {
  switch (message.type) {
    case 'render':
      // The same app draws a board (Open Board): its charts and tables are this app's.
      if (isBoard(message.model)) renderBoard(message.model);
      else render(message.model as QueryResultViewModel, performance.now());
      break;
    case 'boardPanel':
      updateBoardPanel(message.panel, message.progress);
      break;
    case 'loading':
      disposeBoard();
      chart?.dispose();
      chart = undefined;
      showMessage(message.title ?? 'Loading…');
      break;
    case 'error':
      showMessage(message.message, 'error');
      break;
  }
}

onThemeChange(() => {
  chart?.redraw();
  redrawBoardCharts();
});
connect(onMessage);
