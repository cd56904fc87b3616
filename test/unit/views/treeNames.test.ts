import * as assert from 'node:assert/strict';
import '../honeycomb/vscodeShim';
import type * as vscode from 'vscode';
import { HoneycombConnectionNode } from '../../../src/views/honeycomb/connectionNode';
import { RefreshTarget, TreeNode } from '../../../src/views/tree/node';
import { presentTreeItem } from '../../../src/views/tree/treeText';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { child, explorerHarness } from '../honeycomb/explorerHarness';

/**
 * What a screen reader hears for a tree row: its label and description ("Datasets, 42"), never
 * its tooltip; folders say how many they hold once loaded; two rows with the same name say what
 * tells them apart.
 */
describe('tree rows as a screen reader hears them', () => {
  const item = (fields: Partial<vscode.TreeItem>): vscode.TreeItem => ({ ...fields });

  it('a row with a plain tooltip is named by its label and description, not the tooltip', () => {
    const folder = presentTreeItem(item({ label: 'Flows', description: '42', tooltip: 'Flows: loaded a page at a time' }));
    assert.equal(folder.accessibilityInformation?.label, 'Flows, 42');
    assert.equal(folder.tooltip, 'Flows: loaded a page at a time', 'the tooltip stays for the mouse');
    const long = `${'very-long-group-name-'.repeat(6)}end`;
    const cut = presentTreeItem(item({ label: long, description: '3 members' }));
    assert.equal(cut.accessibilityInformation?.label, `${long}, 3 members`, 'the whole name, not the shortened label');
    const own = presentTreeItem(item({ label: 'x', tooltip: 'tip', accessibilityInformation: { label: 'own name' } }));
    assert.equal(own.accessibilityInformation?.label, 'own name', 'a node’s own name is kept');
  });

  describe('Honeycomb folders', () => {
    let standIn: HoneycombStandIn;
    let production: TreeNode;
    const redrawn: string[] = [];
    const view: RefreshTarget = { refresh: () => undefined, redraw: (node) => redrawn.push(node.id) };

    before(async () => {
      standIn = await startHoneycombStandIn();
      // A second trigger named like the first, on the same dataset, with the same threshold.
      const triggers = standIn.seed.content.production.triggers;
      const original = triggers.find((t) => t.name === 'High 5xx rate')!;
      triggers.push({ ...original, id: 'twinTrigger1' });
      const h = explorerHarness(standIn.url, { apiKey: HONEYCOMB_KEYS.production, managementKey: HONEYCOMB_KEYS.management });
      const root = new HoneycombConnectionNode(h.explorer, await h.explorer.start(), view);
      production = (await root.getChildren())[0];
    });
    after(() => standIn.stop());
    afterEach(() => assert.deepEqual(standIn.violations, []));

    it('a folder says its count once loaded, and asks the view to redraw its row', async () => {
      const datasets = await child(production, 'Datasets');
      const before = presentTreeItem(await datasets.getTreeItem());
      assert.equal(before.description, undefined, 'no count before the list is loaded');
      const rows = await datasets.getChildren!();
      assert.ok(redrawn.includes(datasets.id), 'the row is redrawn with its count');
      const after = presentTreeItem(await datasets.getTreeItem());
      assert.equal(after.description, String(rows.length));
      assert.equal(after.accessibilityInformation?.label, `Datasets, ${rows.length}`);
    });

    it('two triggers with the same name show their IDs; a unique one does not', async () => {
      const triggers = await child(production, 'Triggers (all datasets)');
      const rows = await Promise.all((await triggers.getChildren!()).map(async (n) => presentTreeItem(await n.getTreeItem())));
      const twins = rows.filter((r) => r.label === 'High 5xx rate');
      assert.equal(twins.length, 2);
      const descriptions = twins.map((r) => String(r.description));
      assert.notEqual(descriptions[0], descriptions[1], `the twins read differently: ${descriptions.join(' | ')}`);
      assert.ok(
        descriptions.some((d) => d.endsWith('· ID twinTrigger1')),
        descriptions.join(' | '),
      );
      assert.ok(
        twins.every((r) => r.accessibilityInformation?.label.includes(' · ID ')),
        'and a screen reader hears the ID',
      );
      const unique = rows.find((r) => r.label !== 'High 5xx rate')!;
      assert.ok(!String(unique.description).includes('ID '), `a unique name has no ID added: ${unique.description}`);
    });
  });
});
