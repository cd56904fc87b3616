/**
 * The view filter's matching rule: every word of the filter must occur in the node's text,
 * case-insensitively ("prod slo" matches "SLO latency (production)").
 */
export function matchesFilter(text: string, filter: string): boolean {
  const haystack = text.toLowerCase();
  return filter
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** "Showing 3 of 120" — the view message while a filter is on. */
export function filterMessage(filter: string, shown: number, total: number): string {
  return `Filter “${filter}”: showing ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} loaded items`;
}
