/**
 * The Honeycomb tree, measured on Node against the stand-in (scale mode: 1,000 datasets, one
 * with 10,000 columns, 500 SLOs, 200 recipients):
 * - requests per view action, from the stand-in's request log (targets: opening the view ≤ 2,
 *   expanding a dataset's Columns exactly 1, everything else loaded once);
 * - time to build the tree items of 10,000 columns (target ≤ 100 ms): the Columns folder's
 *   child nodes plus getTreeItem() for each, with the list already loaded. TreeItems are built
 *   through a minimal `vscode` shim (plain objects; test/unit/honeycomb/vscodeShim.ts), so this
 *   is the extension's own mapping cost, not the editor's rendering or IPC; the integration test
 *   prints the same figure from inside the real extension host;
 * - memory growth after expanding those 10,000 columns (heap after a forced GC).
 * Prints figures; it does not pass or fail on timing.
 */
import '../unit/honeycomb/vscodeShim';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { ColumnsFolderNode } from '../../src/views/honeycomb/columnNodes';
import { HONEYCOMB_KEYS, startHoneycombStandIn } from '../servers/honeycomb';
import { SCALE } from '../servers/honeycomb/scale';
import { child, explorerHarness } from '../unit/honeycomb/explorerHarness';

const ROUNDS = 15;

function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc ?? (v8.setFlagsFromString('--expose-gc'), vm.runInNewContext('gc') as () => void);
  collect();
  collect();
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main(): Promise<void> {
  const standIn = await startHoneycombStandIn({ scale: true });
  try {
    const log = (label: string, expected: string): void => {
      const paths = standIn.requests.map((r) => `${r.method} ${r.path.replace(/\/1\/recipients\/\w+\//, '/1/recipients/{id}/')}`);
      console.log(`  ${label.padEnd(44)} ${String(paths.length).padStart(2)} request(s) (target ${expected})${paths.length ? `: ${paths.join(', ')}` : ''}`);
      standIn.reset();
    };

    console.log('Requests per view action (scale data):');
    await explorerHarness(standIn.url, { apiKey: HONEYCOMB_KEYS.production }).open();
    log('open the view, API key only', '≤ 2');
    await explorerHarness(standIn.url, { managementKey: HONEYCOMB_KEYS.management }).open();
    log('open the view, management key only', '≤ 2');
    const h = explorerHarness(standIn.url, { apiKey: HONEYCOMB_KEYS.production, managementKey: HONEYCOMB_KEYS.management });
    const { children } = await h.open();
    log('open the view, API key + management key', '≤ 2');
    const production = children[0];
    await production.getChildren!();
    log('expand an environment', '0');
    const datasets = await child(production, 'Datasets');
    const datasetNodes = await datasets.getChildren!();
    log(`expand Datasets (${datasetNodes.length.toLocaleString('en-US')})`, '1');
    const wide = await child(datasets, SCALE.wideDataset);
    await wide.getChildren!();
    log('expand a dataset', '0');
    const slos = await child(production, 'SLOs (all datasets)');
    await slos.getChildren!();
    log('expand SLOs (all datasets, 500)', '1');
    const recipients = await child(production, 'Recipients');
    const groups = await recipients.getChildren!();
    log('expand Recipients (200)', '1');
    const firstGroup = groups[0];
    const firstRecipient = (await firstGroup.getChildren!())[0];
    log('expand a recipient type', '0');
    await firstRecipient.getChildren!();
    log('expand a recipient (its triggers)', '1');

    const columns = (await child(wide, 'Columns')) as ColumnsFolderNode;
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    let started = performance.now();
    const first = await columns.getChildren();
    const fetchAndBuild = performance.now() - started;
    log(`expand Columns of ${SCALE.wideDataset} (${first.length.toLocaleString('en-US')})`, 'exactly 1');
    for (const node of first) void node.getTreeItem();
    gc();
    const heapAfter = process.memoryUsage().heapUsed;

    // Building again from the loaded list, ROUNDS times: new nodes and new TreeItems each round,
    // no request (the list is put back in the cache the folder reads).
    const key = `production|columns|${SCALE.wideDataset}`;
    const list = await h.explorer.columns('production', SCALE.wideDataset);
    const buildMs: number[] = [];
    const itemMs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      columns.invalidate();
      void h.explorer.cache.get(key, async () => list);
      started = performance.now();
      const nodes = await columns.getChildren();
      const built = performance.now();
      for (const node of nodes) void node.getTreeItem();
      const done = performance.now();
      buildMs.push(done - started);
      itemMs.push(done - built);
    }
    standIn.reset();

    console.log(`\nTree items for ${SCALE.wideColumns.toLocaleString('en-US')} columns (Node, vscode shim; median of ${ROUNDS}):`);
    console.log(`  nodes + TreeItems:               ${median(buildMs).toFixed(1)} ms (target ≤ 100 ms)`);
    console.log(`  of which getTreeItem() for all:  ${median(itemMs).toFixed(1)} ms`);
    console.log(`  first expand incl. the request:  ${fetchAndBuild.toFixed(1)} ms (HTTP, JSON, and the stand-in's own schema validation in this process)`);
    console.log(`\nMemory after expanding ${SCALE.wideColumns.toLocaleString('en-US')} columns (heap after GC):`);
    console.log(`  growth:                          ${mib(heapAfter - heapBefore)} (${Math.round((heapAfter - heapBefore) / SCALE.wideColumns)} bytes per column: list, nodes, items)`);
    console.log(`  heap in use:                     ${mib(heapAfter)}`);
  } finally {
    await standIn.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
