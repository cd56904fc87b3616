import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import type { HostMessage, RecordField, RecordViewModel } from '../../src/views/panels/protocol';
import { announce, app, clear, h, setDocumentTitle, showMessage } from '../shared/dom';
import { connect, saveState, send } from '../shared/host';
import { highlight } from './highlight';

/** The record panel app: draws a RecordViewModel; secrets stay masked until Reveal is clicked. */

const secretCells = new Map<string, HTMLElement>();
let shownKey: string | undefined;

function render(model: RecordViewModel): void {
  saveState({ key: model.key });
  setDocumentTitle(model.kind, model.title);
  // Opening a record is announced by its title; a redraw of the same one (Refresh) is not visible otherwise.
  if (shownKey === model.key) announce(`${model.title} refreshed`);
  shownKey = model.key;
  secretCells.clear();
  const root = app();
  clear(root);
  root.appendChild(
    h(
      'header',
      { class: 'record-header' },
      h('p', { class: 'kind' }, model.kind),
      h('h1', { id: 'record-title' }, model.title),
      model.subtitle ? h('p', { class: 'subtitle' }, model.subtitle) : null,
      model.badges && model.badges.length > 0 ? h('p', { class: 'badges' }, ...model.badges.map((b) => h('span', { class: `badge tone-${b.tone}` }, b.text))) : null,
    ),
  );
  if (model.actions && model.actions.length > 0) {
    const bar = h('nav', { class: 'actions', 'aria-label': 'Record actions' });
    for (const action of model.actions) {
      const button = h('vscode-button', { secondary: true, 'data-action': action.id }, action.label);
      button.addEventListener('click', () => {
        if (action.link) {
          send({ type: 'open', link: action.link });
        } else {
          send({ type: 'action', id: action.id });
        }
      });
      bar.appendChild(button);
    }
    root.appendChild(bar);
  }
  if (model.diagram) {
    root.appendChild(renderDiagram(model.diagram));
  }
  for (const section of model.sections) {
    const table = h('table', { class: 'fields' });
    const body = h('tbody');
    for (const field of section.fields) {
      body.appendChild(h('tr', { class: field.dim ? 'dim' : undefined }, h('th', { scope: 'row' }, field.label), h('td', {}, renderValue(field))));
    }
    table.appendChild(body);
    root.appendChild(h('section', { 'aria-label': section.title }, h('h2', {}, section.title), table));
  }
}

function renderDiagram(diagram: NonNullable<RecordViewModel['diagram']>): HTMLElement {
  const list = h('ol', { class: 'diagram' });
  diagram.nodes.forEach((node) => {
    list.appendChild(h('li', { class: 'diagram-node' }, h('span', { class: 'diagram-label' }, node.label), node.detail ? h('span', { class: 'diagram-detail' }, node.detail) : null));
  });
  return h('section', { 'aria-label': diagram.title }, h('h2', {}, diagram.title), diagram.nodes.length > 0 ? list : h('p', { class: 'muted' }, 'No stages bound.'));
}

function renderValue(field: RecordField): Node {
  if (field.format === 'secret' && field.secretId) {
    const cell = h('span', { class: 'secret' });
    // The dots are for the eye; a screen reader hears "hidden".
    const masked = h('span', {}, h('span', { class: 'masked', 'aria-hidden': 'true' }, '••••••••'), h('span', { class: 'visually-hidden' }, 'hidden'));
    const reveal = h('vscode-button', { secondary: true, class: 'reveal', 'data-secret': field.secretId, 'aria-label': `Reveal ${field.label}` }, 'Reveal');
    reveal.addEventListener('click', () => send({ type: 'reveal', secretId: field.secretId! }));
    cell.append(masked, ' ', reveal);
    secretCells.set(field.secretId, cell);
    return cell;
  }
  if (field.format === 'list') {
    const items = field.list ?? [];
    return items.length > 0 ? h('ul', { class: 'list' }, ...items.map((i) => h('li', {}, i))) : h('span', { class: 'muted' }, 'none');
  }
  const text = field.value === null || field.value === undefined || field.value === '' ? '' : String(field.value);
  if (field.format === 'expression') {
    return highlight(text);
  }
  if (field.format === 'json' || field.format === 'xml') {
    return h('pre', { class: 'code' }, text);
  }
  if (field.format === 'code' && text !== '') {
    return h('code', { class: 'inline-code' }, text);
  }
  const shown = text === '' ? h('span', { class: 'muted' }, '—') : document.createTextNode(text);
  if (field.link && text !== '') {
    const link = h('a', { href: '#', class: 'link' }, text);
    link.addEventListener('click', (event) => {
      event.preventDefault();
      send({ type: 'open', link: field.link! });
    });
    return link;
  }
  return shown;
}

function onMessage(message: HostMessage): void {
  switch (message.type) {
    case 'render':
      render(message.model as RecordViewModel);
      break;
    case 'loading':
      showMessage('Loading…');
      break;
    case 'error':
      showMessage(message.message, 'error');
      break;
    case 'secret': {
      const cell = secretCells.get(message.secretId);
      if (cell) {
        // The Reveal button goes away: the focus moves to the value it revealed.
        const value = h('code', { class: 'revealed', tabindex: -1 }, message.value);
        clear(cell);
        cell.appendChild(value);
        value.focus();
      }
      break;
    }
  }
}

connect(onMessage);
