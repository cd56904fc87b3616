/**
 * A tiny element builder. Text is only ever set with textContent, never innerHTML, so server
 * data such as a dataset named `<img src=x onerror=alert(1)>` shows as those characters.
 */
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) {
      continue;
    }
    element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, ...children);
  return element;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) {
      continue;
    }
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
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
