import '../honeycomb/vscodeShim';
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { deferredTree } from '../../../src/startup/deferredProviders';
import { Slot } from '../../../src/startup/slot';
import type { TreeNode } from '../../../src/views/tree/node';

/**
 * The provider each view is made with at start-up stands in for the features' one. The editor
 * decides when the view is made whether it may ask for a row's tooltip on hover (the provider has
 * `resolveTreeItem` or not), so the stand-in must offer it and pass it on.
 */
describe('The start-up tree provider passes tooltips filled in on hover through', () => {
  const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) } as unknown as vscode.CancellationToken;
  /** A row whose tooltip, like an authentik object's, is made when first shown. */
  const node: TreeNode = {
    id: 'row',
    getParent: () => undefined,
    getTreeItem: () => new vscode.TreeItem('row'),
    resolveTreeItem: async (item) => {
      item.tooltip = 'row\nEdit… not possible: because';
      return item;
    },
  };

  async function tooltipThrough(tree: vscode.TreeDataProvider<TreeNode>): Promise<unknown> {
    assert.ok(tree.resolveTreeItem, 'the view’s provider has resolveTreeItem when the view is made');
    const item = await tree.resolveTreeItem(await tree.getTreeItem(node), node, token);
    return item?.tooltip;
  }

  it('before the features load and after, the row’s own tooltip reaches the editor', async () => {
    const slot = new Slot<vscode.TreeDataProvider<TreeNode>>('tree', async () => undefined);
    const subscriptions: vscode.Disposable[] = [];
    const tree = deferredTree(slot, subscriptions);
    assert.equal(await tooltipThrough(tree), 'row\nEdit… not possible: because');
    // Once loaded, the features' provider answers (it may add to what the row says).
    slot.fill({
      getChildren: () => [node],
      getTreeItem: (n) => n.getTreeItem(),
      resolveTreeItem: async (item, n) => {
        const resolved = await n.resolveTreeItem!(item);
        resolved.tooltip = `${String(resolved.tooltip)}\n(from the features)`;
        return resolved;
      },
    });
    assert.equal(await tooltipThrough(tree), 'row\nEdit… not possible: because\n(from the features)');
    subscriptions.forEach((s) => s.dispose());
  });
});
