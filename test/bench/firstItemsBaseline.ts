/**
 * The Honeycomb view's first items (the team and its environments) as plain data, read from
 * the real nodes against the stand-in, for the tree-from-memory baseline extension
 * (test/bench/baseline/tree/) to show without any request.
 */
import '../unit/honeycomb/vscodeShim';
import * as vscode from 'vscode';
import { TreeNode } from '../../src/views/tree/node';
import { explorerHarness } from '../unit/honeycomb/explorerHarness';

export interface BaselineItem {
  id: string;
  label: string;
  description?: string;
  tooltip?: string;
  markdownTooltip?: boolean;
  icon?: string;
  iconColor?: string;
  collapsibleState: number;
  contextValue?: string;
  accessibilityLabel?: string;
  children?: BaselineItem[];
}

export async function firstItemsOf(apiUrl: string, keys: { apiKey?: string; managementKey?: { id: string; secret: string } }): Promise<BaselineItem[]> {
  const { root, children } = await explorerHarness(apiUrl, keys).open();
  const rootItem = await toData(root);
  rootItem.children = await Promise.all(children.map(toData));
  return [rootItem];
}

async function toData(node: TreeNode): Promise<BaselineItem> {
  const item = await node.getTreeItem();
  const icon = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath : undefined;
  const tooltip = item.tooltip;
  return {
    // Ids of their own: the baseline's items must not be mistaken for the real view's.
    id: `baseline/${node.id}`,
    label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
    description: typeof item.description === 'string' ? item.description : undefined,
    tooltip: typeof tooltip === 'string' ? tooltip : tooltip?.value,
    markdownTooltip: tooltip instanceof vscode.MarkdownString,
    icon: icon?.id,
    iconColor: icon?.color?.id,
    collapsibleState: item.collapsibleState ?? 0,
    contextValue: item.contextValue,
    accessibilityLabel: item.accessibilityInformation?.label,
  };
}
