import type { QueryResultColumn } from '../../src/views/panels/protocol';
import { panelText } from '../../src/views/panels/panelText';
import { GridPosition, moveInGrid, sortAnnouncement } from '../../src/views/panels/resultGrid';
import { announce, h } from '../shared/dom';
import { formatCell } from './format';

/**
 * The results as a real <table> with the WAI-ARIA grid pattern, virtualised: only the rows in
 * view (plus a margin) exist in the DOM, between two spacer rows that keep the scroll height of
 * all of them, so 10,000 groups scroll as smoothly as ten. Rows have one fixed height.
 *
 * Keyboard: the grid is one Tab stop, first the first column's header. Arrow keys move between
 * cells in both directions (the header row included), Home/End, Ctrl+Home/End and PgUp/PgDn as
 * in `moveInGrid`; the current cell takes the focus (roving tabindex), so a screen reader reads
 * it with its column header. A header cell holds a button: Enter, Space or a click sorts by that
 * column, a second press reverses, and the new order is announced. Cells are filled with
 * textContent only.
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
  private readonly sortButtons: HTMLButtonElement[] = [];
  private readonly pool: HTMLTableRowElement[] = [];
  private order: number[];
  private first = -1;
  private last = -1;
  /** The cell that holds the grid's Tab stop; row -1 is the header row. */
  private cursor: GridPosition = { row: -1, col: 0 };
  private frame = 0;

  constructor(
    private readonly columns: QueryResultColumn[],
    private readonly rows: Cell[][],
    private sort: SortState | undefined,
    private readonly onSort: (sort: SortState) => void,
    labelledBy: string,
  ) {
    this.order = rows.map((_, i) => i);
    const headRow = h('tr', { 'aria-rowindex': 1 });
    columns.forEach((column, index) => {
      const button = h('button', { type: 'button', class: 'sort', tabindex: index === 0 ? 0 : -1 }, column.key);
      button.addEventListener('click', () => this.sortBy(index));
      button.addEventListener('focus', () => this.moveCursor({ row: -1, col: index }));
      const th = h('th', { scope: 'col', class: column.numeric ? 'num' : undefined, 'aria-sort': 'none' }, button);
      this.headers.push(th);
      this.sortButtons.push(button);
      headRow.appendChild(th);
    });
    this.top = h('tr', { class: 'spacer', 'aria-hidden': 'true' });
    this.bottom = h('tr', { class: 'spacer', 'aria-hidden': 'true' });
    this.body = h('tbody', {}, this.top, this.bottom);
    this.table = h('table', { class: 'results', role: 'grid', 'aria-rowcount': rows.length + 1, 'aria-colcount': columns.length, 'aria-labelledby': labelledBy }, h('thead', {}, headRow), this.body);
    // The scroll area is focusable only by script: where the focus goes when its cell scrolls away.
    this.scroller = h('div', { class: 'table-scroll', tabindex: -1 }, this.table);
    this.scroller.addEventListener('scroll', () => this.schedule(), { passive: true });
    this.scroller.addEventListener('keydown', (event) => this.onKey(event));
    this.body.addEventListener('focusin', (event) => {
      const td = (event.target as HTMLElement).closest('td');
      const tr = td?.parentElement as HTMLTableRowElement | null;
      if (td && tr?.dataset.position !== undefined) this.moveCursor({ row: Number(tr.dataset.position), col: td.cellIndex });
    });
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
    const focusInBody = this.body.contains(document.activeElement);
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
      this.fill(tr, start + i);
      if (tr.parentNode !== this.body) this.body.insertBefore(tr, this.bottom);
    }
    // Keep DOM order = row order after a pool change.
    for (let i = 0; i < needed; i++) this.body.insertBefore(this.pool[i], this.bottom);
    this.placeTabStop();
    // A scroll recycled the focused cell for another row: keep the focus in the grid, not on that row.
    if (focusInBody && !this.isCurrent(document.activeElement)) (this.currentCell() ?? this.scroller).focus({ preventScroll: true });
  }

  private newRow(): HTMLTableRowElement {
    const tr = h('tr', { class: 'row' });
    for (const column of this.columns) tr.appendChild(h('td', { class: column.numeric ? 'num' : undefined, tabindex: -1 }));
    return tr;
  }

  private fill(tr: HTMLTableRowElement, position: number): void {
    const row = this.rows[this.order[position]];
    tr.dataset.position = String(position);
    tr.setAttribute('aria-rowindex', String(position + 2));
    tr.classList.toggle('current', position === this.cursor.row);
    for (let c = 0; c < this.columns.length; c++) {
      const td = tr.children[c] as HTMLTableCellElement;
      const value = row[c] ?? null;
      const text = panelText(formatCell(value));
      if (td.textContent !== text) td.textContent = text;
      td.classList.toggle('empty', value === null);
      td.title = value === null ? '' : panelText(String(value));
    }
  }

  /** A click or focus put the current cell elsewhere: the Tab stop and the row highlight follow. */
  private moveCursor(to: GridPosition): void {
    if (to.row === this.cursor.row && to.col === this.cursor.col) return;
    this.cursor = to;
    this.first = -1;
    this.render();
  }

  /** The element of the current cell, when its row is drawn. */
  private currentCell(): HTMLElement | undefined {
    if (this.cursor.row < 0) return this.sortButtons[this.cursor.col];
    const tr = this.body.querySelector<HTMLTableRowElement>(`tr.row[data-position="${this.cursor.row}"]`);
    return (tr?.children[this.cursor.col] as HTMLElement | undefined) ?? undefined;
  }

  private isCurrent(element: Element | null): boolean {
    return !!element && element === this.currentCell();
  }

  /**
   * Exactly one element of the grid is in the Tab order: the current cell, or, while its row is
   * scrolled out of the DOM, the header of its column.
   */
  private placeTabStop(): void {
    const stop = this.currentCell() ?? this.sortButtons[this.cursor.col];
    for (const button of this.sortButtons) button.tabIndex = button === stop ? 0 : -1;
    for (const tr of this.body.querySelectorAll('tr.row')) {
      for (const td of tr.children) (td as HTMLElement).tabIndex = td === stop ? 0 : -1;
    }
  }

  private sortBy(index: number): void {
    const descending = this.sort?.column === index ? !this.sort.descending : this.columns[index].numeric;
    this.applySort({ column: index, descending });
    this.onSort({ column: index, descending });
    this.draw();
    announce(sortAnnouncement(this.columns[index].key, descending));
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
    if (event.altKey || event.metaKey) return;
    const page = Math.max(1, Math.floor((this.scroller.clientHeight || 480) / ROW_HEIGHT) - 2);
    const next = moveInGrid(this.cursor, event.key, event.ctrlKey, { rows: this.order.length, cols: this.columns.length, page });
    if (!next) return;
    event.preventDefault();
    this.cursor = next;
    if (next.row >= 0) {
      // Bring the row into view (below the sticky header), then redraw around it.
      const headerHeight = this.headers[0]?.offsetHeight ?? ROW_HEIGHT;
      const y = next.row * ROW_HEIGHT;
      if (y < this.scroller.scrollTop) this.scroller.scrollTop = y;
      else if (y + ROW_HEIGHT > this.scroller.scrollTop + this.scroller.clientHeight - headerHeight) this.scroller.scrollTop = y + ROW_HEIGHT - this.scroller.clientHeight + headerHeight;
    } else {
      this.scroller.scrollTop = 0;
    }
    this.first = -1;
    this.render();
    this.currentCell()?.focus({ preventScroll: true });
  }
}
