import type { QueryResultColumn } from '../../src/views/panels/protocol';
import { h } from '../shared/dom';
import { formatCell } from './format';

/**
 * The results as a real <table>, virtualised: only the rows in view (plus a margin) exist in the
 * DOM, between two spacer rows that keep the scroll height of all of them, so 10,000 groups
 * scroll as smoothly as ten. Rows have one fixed height (CSS `--row-height`).
 *
 * Sorting: each header is a button (click, Enter or Space); a second press reverses. Keyboard:
 * the table body takes focus; ↑ ↓ PgUp PgDn Home End move the current row, announced through
 * aria-activedescendant. Cells are filled with textContent only.
 */

type Cell = string | number | boolean | null;

export interface SortState {
  column: number;
  descending: boolean;
}

const ROW_HEIGHT = 24;
const OVERSCAN = 12;

export class ResultTable {
  readonly element: HTMLElement;
  private readonly scroller: HTMLElement;
  private readonly table: HTMLTableElement;
  private readonly body: HTMLTableSectionElement;
  private readonly top: HTMLTableRowElement;
  private readonly bottom: HTMLTableRowElement;
  private readonly headers: HTMLTableCellElement[] = [];
  private readonly pool: HTMLTableRowElement[] = [];
  private order: number[];
  private first = -1;
  private last = -1;
  /** The current row for the keyboard; none until the user moves. */
  private active = -1;
  private frame = 0;

  constructor(
    private readonly columns: QueryResultColumn[],
    private readonly rows: Cell[][],
    private sort: SortState | undefined,
    private readonly onSort: (sort: SortState) => void,
  ) {
    this.order = rows.map((_, i) => i);
    const head = h('thead');
    const headRow = h('tr', { 'aria-rowindex': 1 });
    columns.forEach((column, index) => {
      const button = h('button', { type: 'button', class: 'sort', title: `Sort by ${column.key}` }, column.key);
      button.addEventListener('click', () => this.sortBy(index));
      const th = h('th', { scope: 'col', class: column.numeric ? 'num' : undefined, 'aria-sort': 'none' }, button);
      this.headers.push(th);
      headRow.appendChild(th);
    });
    head.appendChild(headRow);
    this.top = h('tr', { class: 'spacer', 'aria-hidden': 'true' });
    this.bottom = h('tr', { class: 'spacer', 'aria-hidden': 'true' });
    this.body = h('tbody', {}, this.top, this.bottom);
    this.table = h(
      'table',
      { class: 'results', role: 'grid', tabindex: 0, 'aria-rowcount': rows.length + 1, 'aria-colcount': columns.length, 'aria-label': `Query results, ${rows.length} groups; arrow keys move between rows` },
      head,
      this.body,
    );
    this.scroller = h('div', { class: 'table-scroll' }, this.table);
    this.scroller.addEventListener('scroll', () => this.schedule(), { passive: true });
    this.table.addEventListener('keydown', (event) => this.onKey(event));
    this.element = this.scroller;
    if (sort) this.applySort(sort);
  }

  /** Draws the rows in view; call once the element is in the document. */
  draw(): void {
    this.first = -1;
    this.render();
  }

  /** The text of the rows in the DOM now, top first (what the user sees). */
  visibleText(limit = 5): string[][] {
    return [...this.body.querySelectorAll('tr.row')].slice(0, limit).map((tr) => [...tr.children].map((td) => td.textContent ?? ''));
  }

  /** Rows in the current (sorted) order, for copies. */
  sortedRows(): Cell[][] {
    return this.order.map((i) => this.rows[i]);
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  private render(): void {
    const height = this.scroller.clientHeight || 480;
    const start = Math.max(0, Math.floor(this.scroller.scrollTop / ROW_HEIGHT) - OVERSCAN);
    const end = Math.min(this.order.length, Math.ceil((this.scroller.scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
    if (start === this.first && end === this.last) return;
    this.first = start;
    this.last = end;
    // Spacer heights via the style property: allowed under the CSP (no inline style attribute in HTML).
    this.top.style.height = `${start * ROW_HEIGHT}px`;
    this.bottom.style.height = `${(this.order.length - end) * ROW_HEIGHT}px`;
    const needed = end - start;
    while (this.pool.length < needed) this.pool.push(this.newRow());
    for (let i = 0; i < this.pool.length; i++) {
      const tr = this.pool[i];
      if (i >= needed) {
        if (tr.parentNode) tr.remove();
        continue;
      }
      const position = start + i;
      this.fill(tr, position);
      if (tr.parentNode !== this.body) this.body.insertBefore(tr, this.bottom);
    }
    // Keep DOM order = row order after a pool change.
    for (let i = 0; i < needed; i++) this.body.insertBefore(this.pool[i], this.bottom);
  }

  private newRow(): HTMLTableRowElement {
    const tr = h('tr', { class: 'row' });
    for (const column of this.columns) tr.appendChild(h('td', { class: column.numeric ? 'num' : undefined }));
    return tr;
  }

  private fill(tr: HTMLTableRowElement, position: number): void {
    const row = this.rows[this.order[position]];
    tr.id = `row-${position}`;
    tr.setAttribute('aria-rowindex', String(position + 2));
    tr.classList.toggle('active', position === this.active);
    for (let c = 0; c < this.columns.length; c++) {
      const td = tr.children[c] as HTMLTableCellElement;
      const value = row[c] ?? null;
      const text = formatCell(value);
      if (td.textContent !== text) td.textContent = text;
      td.classList.toggle('empty', value === null);
      td.title = value === null ? '' : String(value);
    }
  }

  private sortBy(index: number): void {
    const descending = this.sort?.column === index ? !this.sort.descending : this.columns[index].numeric;
    this.applySort({ column: index, descending });
    this.onSort({ column: index, descending });
    this.draw();
  }

  private applySort(sort: SortState): void {
    if (sort.column < 0 || sort.column >= this.columns.length) return;
    this.sort = sort;
    const c = sort.column;
    const numeric = this.columns[c].numeric;
    const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
    const sign = sort.descending ? -1 : 1;
    // Empty cells last in either direction; ties keep Honeycomb's order (Array.sort is stable).
    this.order = this.rows
      .map((_, i) => i)
      .sort((a, b) => {
        const x = this.rows[a][c];
        const y = this.rows[b][c];
        if (x === null || x === undefined) return y === null || y === undefined ? 0 : 1;
        if (y === null || y === undefined) return -1;
        return sign * (numeric ? Number(x) - Number(y) : collator.compare(String(x), String(y)));
      });
    this.headers.forEach((th, i) => th.setAttribute('aria-sort', i === c ? (sort.descending ? 'descending' : 'ascending') : 'none'));
  }

  private onKey(event: KeyboardEvent): void {
    const page = Math.max(1, Math.floor((this.scroller.clientHeight || 480) / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    let next: number | undefined;
    if (event.key in moves) next = Math.max(0, this.active) + (this.active < 0 && moves[event.key] > 0 ? moves[event.key] - 1 : moves[event.key]);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = this.order.length - 1;
    if (next === undefined || this.order.length === 0) return;
    event.preventDefault();
    this.active = Math.max(0, Math.min(this.order.length - 1, next));
    // Bring the row into view (below the sticky header), then redraw around it.
    const headerHeight = this.headers[0]?.offsetHeight ?? ROW_HEIGHT;
    const y = this.active * ROW_HEIGHT;
    if (y < this.scroller.scrollTop) this.scroller.scrollTop = y;
    else if (y + ROW_HEIGHT > this.scroller.scrollTop + this.scroller.clientHeight - headerHeight) this.scroller.scrollTop = y + ROW_HEIGHT - this.scroller.clientHeight + headerHeight;
    this.first = -1;
    this.render();
    this.table.setAttribute('aria-activedescendant', `row-${this.active}`);
  }
}
