/**
 * Saving an edited Honeycomb trigger, measured on Node against the stand-in on loopback: the
 * whole guarded apply (parse, schema and rules, re-read, conflict check, plan, write) with the
 * confirmation answered at once. Prints requests per save (target: 2 — one re-read, one write)
 * and the time per save (median and slowest of the rounds). No pass or fail on timing.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HoneycombClient } from '../../src/clients/honeycomb';
import { triggerProblems } from '../../src/clients/honeycomb/triggerRules';
import { triggerWrites } from '../../src/clients/honeycomb/writes';
import { documentOf, formatDocument } from '../../src/editing/document';
import { guardedSave } from '../../src/editing/guardedSave';
import { JsonObject } from '../../src/editing/kind';
import { datasetCollectionBackend } from '../../src/views/honeycomb/kinds/backend';
import { triggerKind } from '../../src/views/honeycomb/kinds/trigger';
import { HONEYCOMB_KEYS, startHoneycombStandIn } from '../servers/honeycomb';

const ROUNDS = 40;

async function main(): Promise<void> {
  const standIn = await startHoneycombStandIn();
  try {
    const client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production });
    const schemaFile = path.resolve(__dirname, '..', '..', '..', 'schemas', 'validation', 'honeycomb-trigger.schema.json');
    const kind = triggerKind({
      backend: datasetCollectionBackend(async () => client.api, 'triggerWrites'),
      schema: async () => JSON.parse(fs.readFileSync(schemaFile, 'utf8')) as JsonObject,
      rules: (document) => triggerProblems(document),
    });
    const [first] = await triggerWrites.list(client.api, 'api-gateway');
    const address = { env: 'production', dataset: 'api-gateway', id: String(first.id) };
    let baseline = documentOf(kind, await kind.backend.read(address));
    const ui = { conflict: async () => 'cancel' as const, confirm: async () => true };
    const times: number[] = [];
    const requests: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const proposed = structuredClone(baseline);
      (proposed.threshold as JsonObject).value = 100 + round;
      standIn.requests.length = 0;
      const started = performance.now();
      const outcome = await guardedSave({ kind, target: { mode: 'update', address, baseline }, text: formatDocument(proposed), ui });
      times.push(performance.now() - started);
      requests.push(standIn.requests.length);
      if (outcome.status !== 'saved') throw new Error(`round ${round}: ${outcome.status}`);
      baseline = outcome.document;
    }
    times.sort((a, b) => a - b);
    const perSave = [...new Set(requests)].join(', ');
    console.log(`requests per save: ${perSave} (target 2: one re-read, one write) over ${ROUNDS} saves`);
    console.log(`time per save on loopback: median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, slowest ${times[times.length - 1].toFixed(1)} ms (first includes loading the schema checker)`);
  } finally {
    await standIn.stop();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
