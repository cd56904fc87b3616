/** Reading exported files in tests: the resource labels, and what changed between two exports. */

/** The `resource "<type>" "<label>"` headers of a Terraform text, in order. */
export function resourceLabels(text: string): Array<{ type: string; label: string }> {
  return [...text.matchAll(/^resource "([^"]+)" "([^"]+)" \{$/gm)].map((m) => ({ type: m[1], label: m[2] }));
}

/**
 * The lines one text has and the other not, as a diff shows them: the common first and last
 * lines set aside, what is left of each (empty when the texts are equal).
 */
export function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return { removed: a.slice(start, a.length - end), added: b.slice(start, b.length - end) };
}
