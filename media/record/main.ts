import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import type { HostMessage, RecordField, RecordLink, RecordViewModel } from '../../src/views/panels/protocol';
import { announce, app, clear, h, setDocumentTitle, showMessage } from '../shared/dom';
import { connect, saveState, send } from '../shared/host';
import { highlight } from './highlight';

/** The record panel app: draws a RecordViewModel; secrets stay masked until Reveal is clicked. */

/** The cell of each masked field, by secret id, with the field's label (for the buttons' names). */
const secretCells = new Map<string, { cell: HTMLElement; label: string }>();
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
      model.where ? h('p', { class: 'where' }, model.where) : null,
      model.subtitle ? h('p', { class: 'subtitle' }, model.subtitle) : null,
      model.badges && model.badges.length > 0 ? h('p', { class: 'badges' }, ...model.badges.map((b) => h('span', { class: `badge tone-${b.tone}` }, b.text))) : null,
    ),
  );
  if (model.actions && model.actions.length > 0) {
    const bar = h('nav', { class: 'actions', 'aria-label': 'Record actions' });
    for (const action of model.actions) {
      // One that cannot run for this object says why as its tooltip, and when clicked.
      const button = h('vscode-button', { secondary: true, 'data-action': action.id, title: action.unavailable }, action.label);
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
    root.appendChild(h('section', { 'aria-label': section.title }, h('h2', {}, section.title), fieldTable(section.fields)));
  }
}

/** Fields as a table of label and value; a nested value is a table of its own inside its cell. */
function fieldTable(fields: RecordField[], nested = false): HTMLElement {
  const body = h('tbody');
  for (const field of fields) {
    body.appendChild(h('tr', { class: field.dim ? 'dim' : undefined }, h('th', { scope: 'row' }, field.label), h('td', {}, renderValue(field))));
  }
  return h('table', { class: nested ? 'fields nested' : 'fields' }, body);
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
    secretCells.set(field.secretId, { cell, label: field.label });
    showMasked(field.secretId);
    return cell;
  }
  if (field.format === 'list') {
    const items = field.list ?? [];
    return items.length > 0 ? h('ul', { class: 'list' }, ...items.map((i) => h('li', {}, i))) : h('span', { class: 'muted' }, 'none');
  }
  if (field.format === 'links') {
    const links = field.links ?? [];
    return links.length > 0 ? h('ul', { class: 'list' }, ...links.map((r) => h('li', {}, r.link ? linkTo(r.text, r.link) : r.text))) : h('span', { class: 'muted' }, 'none');
  }
  if (field.format === 'fields') {
    return fieldTable(field.fields ?? [], true);
  }
  const text = field.value === null || field.value === undefined || field.value === '' ? '' : String(field.value);
  if (field.format === 'expression') {
    return highlight(text);
  }
  if (field.format === 'json' || field.format === 'xml' || (field.format === 'block' && text !== '')) {
    return h('pre', { class: 'code' }, text);
  }
  if (field.format === 'code' && text !== '') {
    return h('code', { class: 'inline-code' }, text);
  }
  const shown = text === '' ? h('span', { class: 'muted' }, '—') : document.createTextNode(text);
  if (field.link && text !== '') {
    return linkTo(text, field.link);
  }
  return shown;
}

function linkTo(text: string, target: RecordLink): HTMLElement {
  const link = h('a', { href: '#', class: 'link' }, text);
  link.addEventListener('click', (event) => {
    event.preventDefault();
    send({ type: 'open', link: target });
  });
  return link;
}

/** A secret as dots and a Reveal button; the value is not in the page. */
function showMasked(secretId: string): HTMLElement | undefined {
  const entry = secretCells.get(secretId);
  if (!entry) return undefined;
  // The dots are for the eye; a screen reader hears "hidden".
  const masked = h('span', {}, h('span', { class: 'masked', 'aria-hidden': 'true' }, '••••••••'), h('span', { class: 'visually-hidden' }, 'hidden'));
  // tabindex from the start: the element sets its own only when it first draws, after Hide has
  // already asked to focus it.
  const reveal = h('vscode-button', { secondary: true, class: 'reveal', 'data-secret': secretId, 'aria-label': `Reveal ${entry.label}`, tabindex: 0 }, 'Reveal');
  reveal.addEventListener('click', () => send({ type: 'reveal', secretId }));
  clear(entry.cell);
  entry.cell.append(masked, ' ', reveal);
  return reveal;
}

/** A revealed secret with a Hide button, which takes the value out of the page again. */
function showRevealed(secretId: string, value: string): void {
  const entry = secretCells.get(secretId);
  if (!entry) return;
  const shown = h('code', { class: 'revealed', tabindex: -1 }, value);
  const hide = h('vscode-button', { secondary: true, class: 'hide', 'data-secret': secretId, 'aria-label': `Hide ${entry.label}` }, 'Hide');
  hide.addEventListener('click', () => {
    // The focus goes back to the Reveal button that takes the place of Hide.
    showMasked(secretId)?.focus();
    announce(`${entry.label} hidden`);
  });
  clear(entry.cell);
  entry.cell.append(shown, ' ', hide);
  // The Reveal button goes away: the focus moves to the value it revealed.
  shown.focus();
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
    case 'secret':
      showRevealed(message.secretId, message.value);
      break;
  }
}

connect(onMessage);
