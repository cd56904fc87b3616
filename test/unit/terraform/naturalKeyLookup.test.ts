import * as assert from 'node:assert/strict';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { triggerWrites } from '../../../src/clients/honeycomb/writes';
import { honeycombListsOf } from '../../../src/terraform/honeycombLists';
import { liveTargetOf, managedPlacesOf } from '../../../src/terraform/liveTargets';
import { ManagedBlock, managedBlocksOf } from '../../../src/terraform/managedBlocks';
import { NaturalKeyLookup } from '../../../src/terraform/naturalKeyLookup';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { testHclParser } from './hclWasm';

/**
 * A Honeycomb block without an `import` block is its live object by its natural key (a trigger's
 * dataset and name): found with one list request per kind and dataset for all the blocks of a
 * run, and refused with a clear message when no live object, or more than one, has that key.
 */
describe('Terraform: Honeycomb blocks with no import, found by their natural key', () => {
  let standIn: HoneycombStandIn;
  let client: HoneycombClient;

  before(async () => {
    standIn = await startHoneycombStandIn();
    client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production });
  });
  after(() => standIn.stop());

  const trigger = (name: string, dataset = 'api-gateway', label = name.replace(/\W+/g, '_').toLowerCase()) =>
    `resource "honeycombio_trigger" "${label}" {\n  name    = ${JSON.stringify(name)}\n  dataset = "${dataset}"\n}\n`;

  async function blocksOf(tf: string): Promise<ManagedBlock[]> {
    return managedBlocksOf('file:///ws/main.tf', (await testHclParser()).parse(tf));
  }

  it('every trigger block of a dataset is found with one list request, whatever the number of blocks', async () => {
    const live = await client.listTriggers('api-gateway');
    assert.ok(live.length >= 2, 'the seed has triggers');
    const named = live.filter((t) => live.filter((o) => o.name === t.name).length === 1);
    const blocks = await blocksOf(named.map((t) => trigger(t.name)).join('\n'));
    standIn.reset();
    const lookup = new NaturalKeyLookup(honeycombListsOf(client), 'production');
    const resolved = await Promise.all(blocks.map((b) => lookup.resolve(b)));
    assert.deepEqual(
      resolved.map((r) => ('none' in r ? r.none : liveTargetOf(r, 'production'))),
      named.map((t) => ({ kindId: 'honeycomb.trigger', address: { env: 'production', dataset: 'api-gateway', id: t.id } })),
    );
    assert.deepEqual(
      standIn.requests.map((r) => `${r.method} ${r.path}`),
      ['GET /1/triggers/api-gateway'],
    );
    // And the views' index marks them as managed, each at its block.
    const places = managedPlacesOf(resolved as ManagedBlock[], 'production', (b) => `main.tf:${b.block.range.start.line + 1}`);
    assert.equal(places.length, named.length);
  });

  it('no live object with the key, or two of them: a message that says which, and no guess', async () => {
    const [template] = await client.listTriggers('api-gateway');
    const { id: _id, dataset_slug: _d, triggered: _t, created_at: _c, updated_at: _u, query_id: _q, ...body } = (await triggerWrites.list(client.api, 'api-gateway'))[0];
    const twin = await triggerWrites.create(client.api, 'api-gateway', { ...body, name: template.name });
    const lookup = new NaturalKeyLookup(honeycombListsOf(client), 'production');
    const [absent, twice] = await blocksOf(trigger('Nobody has this name', 'api-gateway', 'absent') + trigger(template.name, 'api-gateway', 'twice'));
    assert.deepEqual(await lookup.resolve(absent), {
      none:
        'No trigger named "Nobody has this name" in dataset "api-gateway" of environment "production": ' +
        'add an import block to honeycombio_trigger.absent with the ID of the one it manages, or check its name.',
    });
    const ids = (await client.listTriggers('api-gateway')).filter((t) => t.name === template.name).map((t) => `api-gateway/${t.id}`);
    assert.ok(ids.includes(`api-gateway/${String(twin.id)}`));
    assert.deepEqual(await lookup.resolve(twice), {
      none:
        `2 triggers are named "${template.name}" in dataset "api-gateway" of environment "production" (${ids.join(', ')}): ` +
        'add an import block to honeycombio_trigger.twice with the ID of the one it manages.',
    });
    await triggerWrites.remove(client.api, 'api-gateway', String(twin.id));
  });

  it('a block with an import is taken as written, and needs no request', async () => {
    const [block] = await blocksOf(`${trigger('Anything')}\nimport {\n  to = honeycombio_trigger.anything\n  id = "api-gateway/abc"\n}\n`);
    standIn.reset();
    const resolved = await new NaturalKeyLookup(honeycombListsOf(client), 'production').resolve(block);
    assert.equal(resolved, block);
    assert.deepEqual(standIn.requests, []);
  });
});
