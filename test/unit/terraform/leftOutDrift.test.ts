import * as assert from 'node:assert/strict';
import { triggerTerraform } from '../../../src/views/honeycomb/kinds/triggerCode';
import { applyReplacements, driftMessage, driftOf, leftOutOf, replacementsFromLive } from '../../../src/terraform/drift';
import { managedBlocksOf } from '../../../src/terraform/managedBlocks';
import { readHcl } from '../codegen/parsedCode';
import { testHclParser } from './hclWasm';

/**
 * Drift the code cannot show by itself: an attribute the live object sets and the block leaves
 * out. Terraform would set it back to the provider's default on the next apply, so it is drift
 * when the live value is not that default; where the provider keeps the live value (Computed,
 * no default) or where the schema is not known, nothing is said.
 */
const liveTrigger = {
  id: 'tr1',
  name: 'Checkout is slow',
  description: '',
  frequency: 600,
  alert_type: 'on_change',
  disabled: true,
  threshold: { op: '>', value: 2000, exceeded_limit: 3 },
  query: { calculations: [{ op: 'P99', column: 'duration_ms' }], time_range: 1800 },
  recipients: [],
  tags: [{ key: 'team', value: 'payments' }],
};

const code = [
  'resource "honeycombio_trigger" "slow" {',
  '  name       = "Checkout is slow"',
  '  dataset    = "checkout"',
  '  query_json = data.honeycombio_query_specification.slow.json',
  '',
  '  threshold {',
  '    op    = ">"',
  '    value = 2000',
  '  }',
  '}',
  '',
].join('\n');

async function blocks(live: Record<string, unknown>, text = code) {
  const parser = await testHclParser();
  const codeBlock = managedBlocksOf('main.tf', parser.parse(text))[0];
  const liveBlock = managedBlocksOf('', parser.parse(triggerTerraform(live, { env: 'production', dataset: 'checkout', id: 'tr1' }))).find((b) => b.mode === 'resource')!;
  return { code: codeBlock, live: liveBlock.block };
}

describe('Terraform drift: attributes set live and left out of the code', () => {
  it('says which, on the block’s header line, only where the live value is not the provider’s default', async () => {
    const { code: block, live } = await blocks(liveTrigger);
    const drifts = leftOutOf(block.type, block.block, live);
    assert.deepEqual(
      drifts.map((d) => [d.path, d.range.start.line, driftMessage(d)]),
      [
        ['frequency', 0, "frequency: set live, not in the code: the live value is 600; the next apply sets it to the provider's default (900)."],
        ['disabled', 0, "disabled: set live, not in the code: the live value is true; the next apply sets it to the provider's default (false)."],
        ['tags', 0, `tags: set live, not in the code: the live value is {\n  team = "payments"\n}; the next apply sets it to the provider's default ({}).`],
        ['threshold.exceeded_limit', 5, "threshold.exceeded_limit: set live, not in the code: the live value is 3; the next apply sets it to the provider's default (1)."],
      ],
      'alert_type (on_change) and description ("") are the defaults: not reported',
    );
  });

  it('a live object at the defaults, or a resource whose schema is not listed, reports nothing', async () => {
    const { code: block, live } = await blocks({ ...liveTrigger, frequency: 900, disabled: false, tags: [], threshold: { op: '>', value: 2000, exceeded_limit: 1 } });
    assert.deepEqual(leftOutOf(block.type, block.block, live), []);
    const { code: other, live: otherLive } = await blocks(liveTrigger);
    assert.deepEqual(leftOutOf('honeycombio_webhook_recipient', other.block, otherLive), []);
  });

  it('an attribute the code writes is compared as before, not reported as left out', async () => {
    const written = code.replace('  dataset    = "checkout"', '  dataset    = "checkout"\n  frequency  = 600');
    const { code: block, live } = await blocks(liveTrigger, written);
    assert.deepEqual(
      leftOutOf(block.type, block.block, live).map((d) => d.path),
      ['disabled', 'tags', 'threshold.exceeded_limit'],
    );
    assert.deepEqual(
      driftOf(block.block, live).filter((d) => d.status !== 'expression'),
      [],
      'frequency matches',
    );
  });

  it('Update the Code from Live adds them to their blocks; HashiCorp’s parser reads the live values back and no drift is left', async () => {
    const { code: block, live } = await blocks(liveTrigger);
    const lines = code.split('\n');
    const drifts = leftOutOf(block.type, block.block, live);
    const rewritten = applyReplacements(
      code,
      replacementsFromLive(drifts, (line) => /^\s*/.exec(lines[line])![0]),
    );
    const read = await readHcl(rewritten);
    const trigger = (read.json.resource as Record<string, Record<string, Array<Record<string, unknown>>>>).honeycombio_trigger.slow[0];
    assert.equal(trigger.disabled, true);
    assert.equal(trigger.frequency, 600);
    assert.deepEqual(trigger.tags, { team: 'payments' });
    assert.deepEqual(trigger.threshold, [{ op: '>', value: 2000, exceeded_limit: 3 }]);
    assert.equal(trigger.query_json, '${data.honeycombio_query_specification.slow.json}', 'the expression is kept');
    // The lines that were there are all still there, in order: only lines were added.
    const after = rewritten.split('\n');
    let at = 0;
    for (const line of lines) {
      at = after.indexOf(line, at);
      assert.ok(at >= 0, `kept: ${line}`);
      at++;
    }
    const again = await blocks(liveTrigger, rewritten);
    assert.deepEqual(leftOutOf(again.code.type, again.code.block, again.live), []);
    assert.deepEqual(
      driftOf(again.code.block, again.live).map((d) => [d.path, d.status]),
      [['query_json', 'expression']],
    );
  });

  it('a block written on one line is told, and left as it is: HCL allows no second argument there', async () => {
    const oneLine = 'resource "honeycombio_dataset" "api" { name = "api" }\n';
    const parser = await testHclParser();
    const [block] = managedBlocksOf('main.tf', parser.parse(oneLine));
    const live = managedBlocksOf('', parser.parse('resource "honeycombio_dataset" "api" {\n  name             = "api"\n  delete_protected = false\n}\n'))[0].block;
    const drifts = leftOutOf(block.type, block.block, live);
    assert.deepEqual(
      drifts.map((d) => d.path),
      ['delete_protected'],
    );
    assert.deepEqual(
      replacementsFromLive(drifts, () => ''),
      [],
    );
  });
});
