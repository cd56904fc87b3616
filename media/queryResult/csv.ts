import type { QueryResultColumn } from '../../src/views/panels/protocol';

/**
 * Copy as CSV / JSON. CSV follows RFC 4180 (quotes around fields with commas, quotes or line
 * breaks; quotes doubled). A text cell that a spreadsheet would run as a formula (=, +, -, @,
 * tab, carriage return at the start) gets a leading apostrophe: the data comes from a server.
 */

type Cell = string | number | boolean | null;

function csvField(value: Cell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(columns: QueryResultColumn[], rows: Cell[][]): string {
  const lines = [columns.map((c) => csvField(c.key)).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** One object per group, keyed by column, values as Honeycomb returned them. */
export function toJson(columns: QueryResultColumn[], rows: Cell[][]): string {
  return JSON.stringify(
    rows.map((row) => Object.fromEntries(columns.map((c, i) => [c.key, row[i]]))),
    null,
    2,
  );
}
