/**
 * The Terraform parser and the drift check, timed on plain Node: the parser's size on disk and
 * its load time (runtime and grammar), then a workspace of 200 `honeycombio_trigger` resources
 * (with their import blocks) compared with a local Honeycomb stand-in the way Check the
 * Workspace's Terraform for Drift does it: one read per object, the object's Copy as Terraform
 * text parsed, and the drift computed; then the same 200 without import blocks, found by their
 * dataset and name (one list for the run). Prints requests and time; no pass or fail on timing.
 */
import * as fs from 'fs';
import { HoneycombClient } from '../../src/clients/honeycomb';
import { triggerWrites } from '../../src/clients/honeycomb/writes';
import { driftOf } from '../../src/terraform/drift';
import { loadHclParser } from '../../src/terraform/hclParse';
import { ManagedBlock, managedBlocksOf } from '../../src/terraform/managedBlocks';
import { NaturalKeyLookup } from '../../src/terraform/naturalKeyLookup';
import { honeycombListsOf } from '../../src/terraform/honeycombLists';
import { liveTargetOf } from '../../src/terraform/liveTargets';
import { triggerTerraform } from '../../src/views/honeycomb/kinds/triggerCode';
import { HONEYCOMB_KEYS, startHoneycombStandIn } from '../servers/honeycomb';
import { nodeWasmFiles } from '../unit/terraform/hclWasm';

const RESOURCES = 200;

async function main(): Promise<void> {
  const sizes = [nodeWasmFiles.runtime, nodeWasmFiles.grammar].map((f) => fs.statSync(f).size);
  console.log(`parser WebAssembly: runtime ${(sizes[0] / 1024).toFixed(0)} KB + Terraform grammar ${(sizes[1] / 1024).toFixed(0)} KB`);
  const loadStarted = performance.now();
  const parser = await loadHclParser(nodeWasmFiles);
  console.log(`parser load (runtime init + grammar): ${(performance.now() - loadStarted).toFixed(1)} ms`);
  // Heredocs were once quadratic (each split the whole file): a file of many shows it.
  const heredocs = Array.from({ length: 2000 }, (_, i) => `data "cosign_verify" "v${i}" {\n  image  = "ghcr.io/acme/app:${i}"\n  policy = <<-EOT\n    n: ${i}\n  EOT\n}\n`).join('');
  parser.parse(heredocs);
  const heredocStarted = performance.now();
  parser.parse(heredocs);
  console.log(`parse of a ${(heredocs.length / 1024).toFixed(0)} KB file of 2,000 heredoc blocks: ${(performance.now() - heredocStarted).toFixed(1)} ms`);

  const standIn = await startHoneycombStandIn();
  try {
    const client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production });
    const [template] = await triggerWrites.list(client.api, 'api-gateway');
    const { id: _id, dataset_slug: _d, triggered: _t, created_at: _c, updated_at: _u, query_id: _q, ...body } = template;
    const ids: string[] = [];
    for (let i = 0; i < RESOURCES; i++) ids.push(String((await triggerWrites.create(client.api, 'api-gateway', { ...body, name: `Bench trigger ${i}` })).id));
    // Every fourth trigger has drifted from its code (the code says 900 where the object has its own frequency).
    const blockOf = (id: string, i: number) => [
      `resource "honeycombio_trigger" "t${i}" {`,
      `  name        = "Bench trigger ${i}"`,
      '  dataset     = "api-gateway"',
      `  frequency   = ${i % 4 === 0 ? 86400 : String(template.frequency)}`,
      '  disabled    = var.paused',
      '}',
      '',
      'import {',
      `  to = honeycombio_trigger.t${i}`,
      `  id = "api-gateway/${id}"`,
      '}',
      '',
    ];
    const text = ids.map((id, i) => blockOf(id, i).join('\n')).join('\n');

    const parseStarted = performance.now();
    const blocks = managedBlocksOf('main.tf', parser.parse(text));
    const parseMs = performance.now() - parseStarted;
    console.log(`parse of a ${(text.length / 1024).toFixed(0)} KB file with ${blocks.length} resources and their imports: ${parseMs.toFixed(1)} ms`);

    // The same check as Check Drift runs it: blocks with no import found by their natural key, with one lookup for the run.
    const check = async (label: string, checked: ManagedBlock[]) => {
      standIn.requests.length = 0;
      const started = performance.now();
      const lookup = new NaturalKeyLookup(honeycombListsOf(client), 'production');
      let drifted = 0;
      for (const block of checked) {
        const resolved = await lookup.resolve(block);
        const target = 'none' in resolved ? resolved : liveTargetOf(resolved, 'production');
        if ('none' in target) throw new Error(target.none);
        const object = await triggerWrites.get(client.api, target.address.dataset, target.address.id);
        const exported = triggerTerraform(object, { env: 'production', dataset: target.address.dataset, id: target.address.id });
        const live = managedBlocksOf('', parser.parse(exported)).find((b) => b.mode === 'resource');
        if (live && driftOf(block.block, live.block).some((d) => d.status === 'differs')) drifted++;
      }
      const ms = performance.now() - started;
      console.log(
        `drift check of ${checked.length} resources ${label}: ${standIn.requests.length} requests (${lookup.listsRead} list${lookup.listsRead === 1 ? '' : 's'}),` +
          ` ${ms.toFixed(0)} ms (${(ms / checked.length).toFixed(1)} ms each);` +
          ` ${drifted} drifted (expected ${Math.ceil(RESOURCES / 4)})`,
      );
    };
    await check('with import blocks', blocks);
    const withoutImports = ids.map((id, i) => blockOf(id, i).slice(0, 7).join('\n')).join('\n');
    await check('with no import (found by dataset and name)', managedBlocksOf('main.tf', parser.parse(withoutImports)));
  } finally {
    await standIn.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
