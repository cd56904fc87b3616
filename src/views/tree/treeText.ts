import type * as vscode from 'vscode';

/**
 * How text from a server (names, slugs, descriptions) reads in a tree, whatever it holds.
 * ExplorerProvider passes every tree item of every view through `presentTreeItem`, so no node
 * can forget it.
 *
 * - Bidirectional embedding, override and isolate characters (U+202A–U+202E, U+2066–U+2069)
 *   are shown as `[U+202E]`: a name cannot reorder itself to pass for another one
 *   ("invoice‮fdp.exe"). Marks (LRM, RLM) stay: right-to-left names need them and they cannot
 *   reverse a run of text.
 * - Very long labels and descriptions are shortened with "…"; the full text is kept in the
 *   tooltip (added there when the tooltip does not already hold it).
 * - The name a screen reader hears is the label and the description ("Datasets, 42"). The editor
 *   would read a plain-string tooltip as the name instead, so an item without its own
 *   `accessibilityInformation` gets one from its (full) label and description.
 * - `$(…)` stays literal: the tree draws string labels and descriptions as plain text, and plain
 *   string tooltips as text. Only a MarkdownString tooltip with `supportThemeIcons` draws icons,
 *   and its `appendText` escapes `$(` only when `supportThemeIcons` is already on — so nodes that
 *   put server text into such a tooltip create it with `supportThemeIcons` set, before appending.
 */

export const MAX_LABEL_CHARS = 80;
export const MAX_DESCRIPTION_CHARS = 120;
export const MAX_TOOLTIP_CHARS = 4000;

const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const BIDI_CONTROLS = new RegExp(BIDI_CONTROL.source, 'g');

/** Makes bidirectional controls visible (`[U+202E]`) so text cannot disguise its order. */
export function neutraliseBidi(text: string): string {
  // The test first: nearly every name has none, and a 10,000-row list goes through here.
  return BIDI_CONTROL.test(text) ? text.replace(BIDI_CONTROLS, (c) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase()}]`) : text;
}

/** At most `max` characters (code points, so no emoji is cut in half), ending in "…" when cut. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** A label or description as the tree shows it: neutralised, then shortened. */
export function treeText(text: string, max = MAX_LABEL_CHARS): string {
  return shorten(neutraliseBidi(text), max);
}

/**
 * Applies the rules above to a tree item, in place. The full label and description (neutralised)
 * stay reachable in a plain tooltip; a MarkdownString tooltip is the node's own (it only gets its
 * bidirectional controls neutralised).
 */
export function presentTreeItem(item: vscode.TreeItem): vscode.TreeItem {
  const full: string[] = [];
  const name = [typeof item.label === 'string' ? item.label : item.label?.label, typeof item.description === 'string' ? item.description : undefined].filter(Boolean).join(', ');
  if (typeof item.label === 'string') {
    const label = neutraliseBidi(item.label);
    item.label = shorten(label, MAX_LABEL_CHARS);
    if (item.label !== label) full.push(label);
  } else if (item.label) {
    const label = neutraliseBidi(item.label.label);
    const shown = shorten(label, MAX_LABEL_CHARS);
    // Highlights index the original text; they would point elsewhere in a changed one.
    item.label = shown === item.label.label ? item.label : { label: shown };
    if (shown !== label) full.push(label);
  }
  if (typeof item.description === 'string') {
    const description = neutraliseBidi(item.description);
    item.description = shorten(description, MAX_DESCRIPTION_CHARS);
    if (item.description !== description) full.push(description);
  }
  if (typeof item.tooltip === 'string' || (item.tooltip === undefined && full.length > 0)) {
    const tooltip = neutraliseBidi(item.tooltip ?? '');
    const missing = full.filter((text) => !tooltip.includes(text));
    item.tooltip = shorten([...missing, tooltip].filter(Boolean).join('\n'), MAX_TOOLTIP_CHARS);
  } else if (item.tooltip) {
    item.tooltip.value = neutraliseBidi(item.tooltip.value);
  }
  if (item.accessibilityInformation) {
    item.accessibilityInformation = { ...item.accessibilityInformation, label: neutraliseBidi(item.accessibilityInformation.label) };
  } else if (name && typeof item.tooltip === 'string') {
    item.accessibilityInformation = { label: neutraliseBidi(name) };
  }
  return item;
}
