import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import '../honeycomb/vscodeShim';
import { liveTargetOf, managedPlacesOf } from '../../../src/terraform/liveTargets';
import { managedBlocksOf } from '../../../src/terraform/managedBlocks';
import { ManagedIndex, TERRAFORM_FLAG, withTerraformOwner, decorateManagedRow } from '../../../src/terraform/managedIndex';
import { isEditable } from '../../../src/editing/editableKinds';
import { recordModel } from '../../../src/views/panels/recordRule';
import { HoneycombConnectionNode } from '../../../src/views/honeycomb/connectionNode';
import { ExplorerProvider } from '../../../src/views/tree/explorerProvider';
import { ViewFilter } from '../../../src/views/tree/viewFilter';
import type { TreeNode } from '../../../src/views/tree/node';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { child, explorerHarness } from '../honeycomb/explorerHarness';
import { testHclParser } from './hclWasm';

/**
 * A live object that the workspace's Terraform manages says so in its tree row ("… · Terraform",
 * and the flag the Go to Terraform Definition menu needs) and in its record — but only once that
 * Terraform has been read: drawing the tree reads no `.tf` file and loads no parser.
 */
describe('rows and records of objects the workspace’s Terraform manages', () => {
  let standIn: HoneycombStandIn;
  let triggers: TreeNode[];
  let production: TreeNode;
  const memento = { get: (_key: string, fallback?: unknown) => fallback, update: async () => undefined, keys: () => [] };

  before(async () => {
    standIn = await startHoneycombStandIn();
    const h = explorerHarness(standIn.url, { apiKey: HONEYCOMB_KEYS.production });
    const root = new HoneycombConnectionNode(h.explorer, await h.explorer.start(), { refresh: () => undefined, redraw: () => undefined });
    production = (await root.getChildren())[0];
    triggers = await (await child(production, 'Triggers (all datasets)')).getChildren!();
  });
  after(() => standIn.stop());

  /** The workspace's Terraform, read the way the editor reads it, as the views' index. */
  async function indexOf(tf: string): Promise<ManagedIndex> {
    const blocks = managedBlocksOf('file:///ws/main.tf', (await testHclParser()).parse(tf));
    const index = new ManagedIndex();
    index.update(managedPlacesOf(blocks, 'production', (b) => `main.tf:${b.block.range.start.line + 1}`));
    return index;
  }

  const seeded = () => standIn.seed.content.production.triggers.find((t) => t.name === 'High 5xx rate')!;
  const managingTf = (id: string) =>
    `resource "honeycombio_trigger" "errors" {\n  name    = "High 5xx rate"\n  dataset = "api-gateway"\n}\n\nimport {\n  to = honeycombio_trigger.errors\n  id = "api-gateway/${id}"\n}\n`;

  async function rows(index: ManagedIndex) {
    const provider = new ExplorerProvider('test.view', () => triggers, new ViewFilter(memento as never, 'test.view'), undefined, decorateManagedRow(index));
    return Promise.all(triggers.map(async (node) => ({ node, item: await provider.getTreeItem(node) })));
  }

  it('the trigger a block imports says “Terraform” after its description and carries the menu flag; the others do not', async () => {
    const plain = await rows(new ManagedIndex());
    const index = await indexOf(managingTf(seeded().id));
    const drawn = await rows(index);
    const managed = drawn.filter((r) => String(r.item.description).endsWith('Terraform'));
    assert.deepEqual(
      managed.map((r) => r.item.label),
      ['High 5xx rate'],
      drawn.map((r) => `${String(r.item.label)}: ${String(r.item.description)}`).join(' | '),
    );
    const before = plain.find((r) => r.node === managed[0].node)!.item;
    assert.equal(managed[0].item.description, before.description ? `${String(before.description)} · Terraform` : 'Terraform', 'appended to what the row said');
    assert.ok(managed[0].item.contextValue?.endsWith(TERRAFORM_FLAG), managed[0].item.contextValue);
    assert.ok(/\.editable\b/.test(managed[0].item.contextValue ?? ''), 'still an editable row');
    for (const other of drawn.filter((r) => r !== managed[0])) {
      assert.ok(!other.item.contextValue?.includes(TERRAFORM_FLAG), `${String(other.item.label)} is not managed`);
      assert.ok(!String(other.item.description ?? '').includes('Terraform'));
    }
  });

  it('no row says anything before the Terraform is read, nor for a block that names another object', async () => {
    for (const { item } of await rows(new ManagedIndex())) {
      assert.ok(!String(item.description ?? '').includes('Terraform') && !item.contextValue?.includes(TERRAFORM_FLAG), String(item.label));
    }
    for (const { item } of await rows(await indexOf(managingTf('someOtherId')))) {
      assert.ok(!item.contextValue?.includes(TERRAFORM_FLAG), `${String(item.label)} is not the object the import names`);
    }
  });

  it('once the Terraform is read, a row that cannot name its object (an environment listed without the management key) is drawn as it was', async () => {
    const environment = production;
    assert.ok(isEditable(environment));
    assert.throws(() => environment.editTarget(), /management key/, 'the environment has no ID to be edited by');
    const provider = new ExplorerProvider('test.view', () => [production], new ViewFilter(memento as never, 'test.view'), undefined, decorateManagedRow(await indexOf(managingTf(seeded().id))));
    const plain = new ExplorerProvider('test.view', () => [production], new ViewFilter(memento as never, 'test.view'));
    const [item, before] = [await provider.getTreeItem(production), await plain.getTreeItem(production)];
    assert.deepEqual([item.label, item.description, item.contextValue], [before.label, before.description, before.contextValue]);
  });

  it('the index tells its listeners (the views redraw) each time the Terraform is read again', async () => {
    const index = new ManagedIndex();
    let told = 0;
    const listening = index.onDidChange(() => told++);
    assert.equal(index.known, false);
    index.update([]);
    assert.equal(index.known, true, 'read, even when it manages nothing');
    listening.dispose();
    index.update([]);
    assert.equal(told, 1);
  });

  it('the record says “Managed by Terraform in main.tf:1” with a Go to Terraform Definition button', async () => {
    const node = triggers.find((n) => isEditable(n) && n.editTarget().name === 'High 5xx rate')!;
    assert.ok(isEditable(node));
    const edit = node.editTarget();
    const model = recordModel({
      key: 'honeycomb:trigger',
      kind: 'Honeycomb trigger',
      title: edit.name,
      where: 'production',
      sections: [{ title: 'Trigger', fields: [] }],
      service: 'Honeycomb',
      edit,
      browser: { unavailable: 'n/a' },
      terraform: { unavailable: 'n/a' },
      pulumi: { unavailable: 'n/a' },
    });
    assert.equal(withTerraformOwner(model, new ManagedIndex()), model, 'unchanged before the Terraform is read');
    const shown = withTerraformOwner(model, await indexOf(managingTf(seeded().id)));
    const section = shown.sections.find((s) => s.title === 'Terraform');
    assert.deepEqual(
      section?.fields.map((f) => `${f.label} ${String(f.value)}`),
      ['Managed by Terraform in main.tf:1'],
    );
    const go = shown.actions?.find((a) => a.label === 'Go to Terraform Definition');
    assert.deepEqual(go?.link, { kind: 'command', command: 'opsConfig.terraform.goToDefinition', args: [edit] });
    assert.ok(shown.badges?.some((b) => b.text === 'managed by Terraform'));
    assert.equal(withTerraformOwner(model, await indexOf(managingTf('someOtherId'))), model, 'another object’s block changes nothing');
  });

  it('the import ID names the same object as the tree row (kind and address), whatever the field order', async () => {
    const node = triggers.find((n) => isEditable(n) && n.editTarget().name === 'High 5xx rate')!;
    assert.ok(isEditable(node));
    const [block] = managedBlocksOf('main.tf', (await testHclParser()).parse(managingTf(seeded().id)));
    const target = liveTargetOf(block, 'production');
    assert.ok(!('none' in target));
    assert.equal(target.kindId, node.editTarget().kindId);
    assert.deepEqual({ ...target.address }, { ...node.editTarget().address });
  });

  it('loading the views, the records and the index (and drawing a row) loads no Terraform parser, nor the authentik tables linking a block needs', () => {
    const out = path.resolve(__dirname, '../../..');
    const script = `
      require(${JSON.stringify(path.join(out, 'test/unit/honeycomb/vscodeShim.js'))});
      const { ManagedIndex, decorateManagedRow } = require(${JSON.stringify(path.join(out, 'src/terraform/managedIndex.js'))});
      require(${JSON.stringify(path.join(out, 'src/views/registerViews.js'))});
      require(${JSON.stringify(path.join(out, 'src/views/panels/recordPanel.js'))});
      decorateManagedRow(new ManagedIndex())({ editTarget: () => ({ kindId: 'k', address: {}, name: 'n' }) }, { description: 'x' });
      console.log(JSON.stringify(Object.keys(require.cache).filter((k) => /tree-sitter|hclParse|terraformFeatures|workspaceTerraform|derivedLinks|authentik-(kinds|terraform)\\.json/.test(k))));
    `;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout.trim().split('\n').pop()!), []);
  });
});
