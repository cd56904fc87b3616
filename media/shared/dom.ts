import { panelText } from '../../src/views/panels/panelText';

/**
 * A tiny element builder. Text is only ever set with textContent, never innerHTML, so server
 * data such as a dataset named `<img src=x onerror=alert(1)>` shows as those characters; and
 * every string goes through `panelText`, so a bidirectional override shows as `[U+202E]`
 * instead of reordering what follows it.
 */
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string | number | boolean | undefined> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) {
      continue;
    }
    element.setAttribute(name, value === true ? '' : name === 'aria-label' || name === 'title' ? panelText(String(value)) : String(value));
  }
  append(element, ...children);
  return element;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) {
      continue;
    }
    parent.appendChild(typeof child === 'string' ? document.createTextNode(panelText(child)) : child);
  }
}

export function clear(element: Element): void {
  while (element.firstChild) {
    element.removeChild(element.firstChild);
  }
}

export function app(): HTMLElement {
  return document.getElementById('app') as HTMLElement;
}

export function showMessage(text: string, tone: 'muted' | 'error' = 'muted'): void {
  const root = app();
  clear(root);
  root.appendChild(h('p', { class: tone, role: tone === 'error' ? 'alert' : undefined }, text));
}

/** "Record — api-gateway": the document title, for the screen reader's "where am I". */
export function setDocumentTitle(kind: string, name: string): void {
  document.title = panelText(name ? `${name} — ${kind}` : kind);
}

let pending: ReturnType<typeof setTimeout> | undefined;

/**
 * Says what changed through the shell's one status element ("12 groups loaded"). It is emptied
 * first and filled a moment later, so the same words said twice are announced twice.
 */
export function announce(text: string): void {
  const region = document.getElementById('announcer');
  if (!region) return;
  if (pending) clearTimeout(pending);
  region.textContent = '';
  pending = setTimeout(() => {
    region.textContent = panelText(text);
    pending = undefined;
  }, 100);
}
