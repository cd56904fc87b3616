import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { authentikTerraform } from '../../../src/views/authentik/kinds/code';
import { triggerTerraform } from '../../../src/views/honeycomb/kinds/triggerCode';
import { applyReplacements, driftOf, replacementsFromLive } from '../../../src/terraform/drift';
import { findManaged, identityFromExport, managedBlocksOf } from '../../../src/terraform/managedBlocks';
import { readHcl } from '../codegen/parsedCode';
import { testHclParser } from './hclWasm';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../../../../test/fixtures/terraform', name), 'utf8');

/** A trigger as Honeycomb answers it (the fields Copy as Terraform reads). */
const liveTrigger = {
  id: '5Tj8mFh2zQa',
  name: 'Checkout is slow',
  description: 'P99 over two seconds',
  frequency: 600,
  alert_type: 'on_change',
  disabled: false,
  threshold: { op: '>', value: -2000.5, exceeded_limit: 1 },
  query: { calculations: [{ op: 'P99', column: 'duration_ms' }], time_range: 1800 },
  recipients: [{ id: 'rcp1', type: 'email', target: 'oncall@example.com' }],
  tags: [
    { key: 'team', value: 'payments' },
    { key: 'tier', value: 'gold' },
  ],
};

async function liveBlock(text: string) {
  const parsed = (await testHclParser()).parse(text);
  const identity = identityFromExport(parsed);
  const block = managedBlocksOf('', parsed).find((b) => b.mode === 'resource')!.block;
  return { identity: identity!, block };
}

describe('Terraform: which live object a block is, and its drift', () => {
  it('finds a trigger by the import block’s ID, and a flow by its slug where no ID is written', async () => {
    const parser = await testHclParser();
    const blocks = managedBlocksOf('main.tf', parser.parse(fixture('honeycomb.tf')));
    assert.deepEqual(
      blocks.map((b) => `${b.mode} ${b.type}.${b.name}`),
      ['resource honeycombio_email_recipient.oncall', 'data honeycombio_query_specification.slow', 'resource honeycombio_trigger.slow_checkout', 'resource honeycombio_column.duration'],
    );
    const live = await liveBlock(triggerTerraform(liveTrigger, { env: 'prod', dataset: 'checkout', id: '5Tj8mFh2zQa' }));
    assert.deepEqual(live.identity.importId, 'checkout/5Tj8mFh2zQa');
    assert.equal(findManaged(blocks, live.identity)?.name, 'slow_checkout');
    // Another trigger of the same dataset is not managed here.
    const other = await liveBlock(triggerTerraform({ ...liveTrigger, id: 'zzz', name: 'Other' }, { env: 'prod', dataset: 'checkout', id: 'zzz' }));
    assert.equal(findManaged(blocks, other.identity), undefined);
    // The column has no import block: its dataset and name find it.
    const column = findManaged(blocks, { resourceType: 'honeycombio_column', importId: 'checkout/duration_ms', naturalKey: JSON.stringify(['checkout', 'duration_ms']) });
    assert.equal(column?.name, 'duration');

    const authentik = managedBlocksOf('auth.tf', parser.parse(fixture('authentik.tf')));
    const flowJson = JSON.parse(readFileSync(path.join(__dirname, '../../../../test/fixtures/real-objects/authentik/flow.json'), 'utf8')) as Record<string, unknown>;
    const flow = await liveBlock(authentikTerraform('flow', { ...flowJson, slug: 'default-authentication-flow' }));
    assert.equal(findManaged(authentik, flow.identity)?.name, 'login');
    const unknownFlow = await liveBlock(authentikTerraform('flow', { ...flowJson, slug: 'nobody-wrote-this' }));
    assert.equal(findManaged(authentik, unknownFlow.identity), undefined);
  });

  it('lists what differs in the provider’s attribute names, and expressions as not compared', async () => {
    const parser = await testHclParser();
    const code = managedBlocksOf('main.tf', parser.parse(fixture('honeycomb.tf'))).find((b) => b.name === 'slow_checkout')!;
    const live = await liveBlock(triggerTerraform(liveTrigger, { env: 'prod', dataset: 'checkout', id: '5Tj8mFh2zQa' }));
    const drift = driftOf(code.block, live.block);
    assert.deepEqual(
      drift.map((d) => [d.path, d.status, d.code, d.live]),
      [
        ['description', 'differs', 'P99 over "two" seconds\nfor half an hour', 'P99 over two seconds'],
        ['dataset', 'expression', undefined, undefined],
        ['query_json', 'expression', undefined, undefined],
        ['frequency', 'differs', 900, 600],
        ['recipient.id', 'expression', undefined, undefined],
      ],
    );
    // `disabled = false` in the code matches a live trigger that is not disabled (the export leaves it out).
    assert.ok(!drift.some((d) => d.path === 'disabled'));
    assert.equal(drift[0].range.start.line, 35);
  });

  it('Update the Code from Live rewrites just the differing literals, into valid HCL that reads back as the live values', async () => {
    const parser = await testHclParser();
    const text = fixture('honeycomb.tf');
    const code = managedBlocksOf('main.tf', parser.parse(text)).find((b) => b.name === 'slow_checkout')!;
    const live = await liveBlock(
      triggerTerraform({ ...liveTrigger, description: 'Costs ${money} %{ if x } "quoted"\n', tags: [{ key: 'team', value: 'ops' }] }, { env: 'prod', dataset: 'checkout', id: '5Tj8mFh2zQa' }),
    );
    const lines = text.split('\n');
    const rewritten = applyReplacements(
      text,
      replacementsFromLive(driftOf(code.block, live.block), (line) => /^\s*/.exec(lines[line])![0]),
    );
    const read = await readHcl(rewritten);
    const trigger = (read.json.resource as Record<string, Record<string, Array<Record<string, unknown>>>>).honeycombio_trigger.slow_checkout[0];
    // hcl2json keeps template escapes ($${, %%{) as Terraform's JSON syntax does.
    assert.equal(trigger.description, 'Costs $${money} %%{ if x } "quoted"\n');
    assert.equal(trigger.frequency, 600);
    assert.deepEqual(trigger.tags, { team: 'ops' });
    assert.equal(trigger.dataset, '${var.dataset}');
    assert.ok(read.literals.includes('Costs ${money} %{ if x } "quoted"\n'));
    // Nothing else moved: the lines outside the rewritten values are the same.
    const cut = (t: string) => [t.slice(0, t.indexOf('  description = "P99 over')), t.slice(t.indexOf('\n\n  threshold {'))];
    assert.deepEqual(cut(rewritten.replace(/ {2}description = "Costs[^\n]*/, '  description = "P99 over')), cut(text));
    for (const kept of ['  dataset     = var.dataset', '  query_json  = data.honeycombio_query_specification.slow.json', '  disabled    = false']) assert.ok(rewritten.includes(kept), kept);
    // And reading the rewritten file again shows no drift left.
    const again = managedBlocksOf('main.tf', parser.parse(rewritten)).find((b) => b.name === 'slow_checkout')!;
    assert.deepEqual(
      driftOf(again.block, live.block).filter((d) => d.status === 'differs'),
      [],
    );
  });
});
