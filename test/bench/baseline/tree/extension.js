'use strict';
/**
 * The first-items baseline: a view that shows the same first items as the Honeycomb view (the
 * team, expanded, with its environments) without any request. The items are the real view's,
 * written by the benchmark to $OPS_BENCH_TREE_ITEMS as plain data and read once on activation,
 * so opening this view costs only what the editor itself needs to show a tree. Plain
 * JavaScript so it needs no build.
 */
const fs = require('fs');
const vscode = require('vscode');

/**
 * One item as test/bench/firstItemsBaseline.ts writes it (BaselineItem there).
 * @typedef {{ id: string, label: string, description?: string, tooltip?: string, markdownTooltip?: boolean, icon?: string,
 *   iconColor?: string, collapsibleState: number, contextValue?: string, accessibilityLabel?: string, children?: Item[] }} Item
 */

function activate(context) {
  const file = process.env.OPS_BENCH_TREE_ITEMS;
  /** @type {Item[]} */
  const roots = file ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
  /** @type {import('vscode').TreeDataProvider<Item>} */
  const provider = {
    getChildren: (item) => (item ? item.children || [] : roots),
    getTreeItem: (item) => toTreeItem(item),
  };
  // The views of the manifest this copy runs with: the benchmark also installs it with other
  // manifests (active before the click; the extension's own container). The first view shows the
  // items; any other view answers nothing, so the editor draws its welcome content, as it would
  // for a view whose provider has no rows yet.
  const [first, ...others] = Object.values(context.extension.packageJSON.contributes.views)[0];
  context.subscriptions.push(vscode.window.createTreeView(first.id, { treeDataProvider: provider }));
  for (const view of others) {
    context.subscriptions.push(vscode.window.createTreeView(view.id, { treeDataProvider: { getChildren: () => [], getTreeItem: (item) => item } }));
  }
}

/** @param {Item} data */
function toTreeItem(data) {
  const item = new vscode.TreeItem(data.label, data.collapsibleState);
  item.id = data.id;
  item.description = data.description;
  item.tooltip = data.markdownTooltip ? new vscode.MarkdownString(data.tooltip, true) : data.tooltip;
  if (data.icon) item.iconPath = new vscode.ThemeIcon(data.icon, data.iconColor ? new vscode.ThemeColor(data.iconColor) : undefined);
  item.contextValue = data.contextValue;
  if (data.accessibilityLabel) item.accessibilityInformation = { label: data.accessibilityLabel };
  return item;
}

function deactivate() {}

module.exports = { activate, deactivate };
