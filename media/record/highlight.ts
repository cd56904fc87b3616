import { panelText } from '../../src/views/panels/panelText';
import { h } from '../shared/dom';

/**
 * Light syntax highlighting for expressions (Honeycomb derived columns, authentik property
 * mapping code): strings, numbers, function names, `$column` references. Builds spans with
 * textContent, so the expression text is never parsed as HTML.
 */
const TOKEN = /("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|(\$[\w.]+)|(\b\d+(?:\.\d+)?\b)|(\b[A-Za-z_][\w]*)(?=\s*\()|(#.*$)/gm;

export function highlight(code: string): HTMLElement {
  const pre = h('pre', { class: 'code expression' });
  let last = 0;
  for (const match of code.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (index > last) {
      pre.appendChild(document.createTextNode(panelText(code.slice(last, index))));
    }
    const [text, str, ref, num, fn, comment] = match;
    const cls = str ? 'tok-string' : ref ? 'tok-ref' : num ? 'tok-number' : fn ? 'tok-function' : comment ? 'tok-comment' : '';
    pre.appendChild(h('span', { class: cls }, text));
    last = index + text.length;
  }
  if (last < code.length) {
    pre.appendChild(document.createTextNode(panelText(code.slice(last))));
  }
  return pre;
}
