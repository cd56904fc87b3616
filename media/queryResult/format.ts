/** How a cell is shown (copies keep the raw value): grouped integers, at most 3 decimals. */
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

export function formatCell(value: string | number | boolean | null): string {
  if (value === null) return '—';
  if (typeof value === 'number') return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
  return String(value);
}
