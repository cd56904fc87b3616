/**
 * Keyboard movement in the query results grid (the WAI-ARIA grid pattern), as a pure function so
 * every key is unit tested. Row -1 is the header row (its cells hold the sort buttons); rows
 * 0…rows-1 are the groups in their current order.
 *
 *   ← →            previous / next column          Home / End        first / last column of the row
 *   ↑ ↓            previous / next row             Ctrl+Home / End   first header / last cell
 *   PgUp / PgDn    a page of rows up / down (the header row is the top)
 */

export interface GridPosition {
  row: number;
  col: number;
}

export interface GridSize {
  rows: number;
  cols: number;
  /** Rows in one page (what fits in the scroll area). */
  page: number;
}

/** Where a key moves the current cell; undefined for keys the grid does not handle. */
export function moveInGrid(from: GridPosition, key: string, ctrl: boolean, size: GridSize): GridPosition | undefined {
  const lastRow = size.rows - 1;
  const lastCol = size.cols - 1;
  const clampRow = (row: number): number => Math.max(-1, Math.min(lastRow, row));
  const clampCol = (col: number): number => Math.max(0, Math.min(lastCol, col));
  switch (key) {
    case 'ArrowLeft':
      return { row: from.row, col: clampCol(from.col - 1) };
    case 'ArrowRight':
      return { row: from.row, col: clampCol(from.col + 1) };
    case 'ArrowUp':
      return { row: clampRow(from.row - 1), col: from.col };
    case 'ArrowDown':
      return { row: clampRow(from.row + 1), col: from.col };
    case 'PageUp':
      return { row: clampRow(from.row - Math.max(1, size.page)), col: from.col };
    case 'PageDown':
      return { row: clampRow(from.row + Math.max(1, size.page)), col: from.col };
    case 'Home':
      return ctrl ? { row: -1, col: 0 } : { row: from.row, col: 0 };
    case 'End':
      return ctrl ? { row: lastRow, col: lastCol } : { row: from.row, col: lastCol };
    default:
      return undefined;
  }
}

/** What the status line says after a sort: "Sorted by COUNT, descending". */
export function sortAnnouncement(column: string, descending: boolean): string {
  return `Sorted by ${column}, ${descending ? 'descending' : 'ascending'}`;
}

/** What the status line says when a result is drawn: "12 groups loaded". */
export function loadedAnnouncement(groups: number): string {
  return `${groups.toLocaleString('en-US')} ${groups === 1 ? 'group' : 'groups'} loaded`;
}
