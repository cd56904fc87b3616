/**
 * Saving an edited object of each Honeycomb kind, measured on Node against the stand-in on
 * loopback: the whole guarded apply (parse, schema and rules, re-read, conflict check, plan,
 * write) with the confirmation answered at once. Prints, per kind, the requests per save
 * (target: 2 — one re-read, one write) and the time per save (median and slowest of the rounds).
 * No pass or fail on timing.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HoneycombClient } from '../../src/clients/honeycomb';
import type { HoneycombApi } from '../../src/clients/honeycomb/api';
import { burnAlertProblems } from '../../src/clients/honeycomb/burnAlertRules';
import { listBurnAlerts } from '../../src/clients/honeycomb/burnAlerts';
import { listRecipients } from '../../src/clients/honeycomb/recipients';
import type { QueryProblem } from '../../src/clients/honeycomb/querySpec';
import { recipientProblems } from '../../src/clients/honeycomb/recipientRules';
import { sloProblems } from '../../src/clients/honeycomb/sloRules';
import { triggerProblems } from '../../src/clients/honeycomb/triggerRules';
import { columnProblems, datasetDefinitionProblems, datasetProblems } from '../../src/clients/honeycomb/datasetRules';
import { derivedColumnProblems } from '../../src/clients/honeycomb/derivedColumnRules';
import { markerProblems, markerSettingProblems } from '../../src/clients/honeycomb/markerRules';
import { apiKeyProblems } from '../../src/clients/honeycomb/apiKeyRules';
import { boardProblems, boardViewProblems } from '../../src/clients/honeycomb/boardRules';
import { boardViewWrites, boardWrites } from '../../src/clients/honeycomb/boardWrites';
import { environmentProblems } from '../../src/clients/honeycomb/environmentRules';
import { columnWrites, derivedColumnWrites, markerSettingWrites, markerWrites, sloWrites, triggerWrites } from '../../src/clients/honeycomb/writes';
import { documentOf, formatDocument } from '../../src/editing/document';
import { guardedSave } from '../../src/editing/guardedSave';
import { Address, EditableKind, JsonObject, KindBackend, Problem } from '../../src/editing/kind';
import { datasetCollectionBackend } from '../../src/views/honeycomb/kinds/backend';
import { burnAlertKind } from '../../src/views/honeycomb/kinds/burnAlert';
import { columnKind } from '../../src/views/honeycomb/kinds/column';
import { datasetKind } from '../../src/views/honeycomb/kinds/dataset';
import { datasetBackend, datasetDefinitionsBackend, derivedColumnBackend } from '../../src/views/honeycomb/kinds/datasetBackends';
import { datasetDefinitionsKind } from '../../src/views/honeycomb/kinds/datasetDefinitions';
import { derivedColumnKind } from '../../src/views/honeycomb/kinds/derivedColumn';
import { markerKind, markerSettingKind } from '../../src/views/honeycomb/kinds/marker';
import { markerBackend } from '../../src/views/honeycomb/kinds/markerBackend';
import { apiKeyKind } from '../../src/views/honeycomb/kinds/apiKey';
import { boardKind, boardViewKind } from '../../src/views/honeycomb/kinds/board';
import { boardBackend, boardViewBackend } from '../../src/views/honeycomb/kinds/boardBackend';
import { environmentKind } from '../../src/views/honeycomb/kinds/environmentKind';
import { recipientKind } from '../../src/views/honeycomb/kinds/recipient';
import { recipientBackend } from '../../src/views/honeycomb/kinds/recipientBackend';
import { sloKind } from '../../src/views/honeycomb/kinds/slo';
import { triggerKind } from '../../src/views/honeycomb/kinds/trigger';
import { HONEYCOMB_KEYS, startHoneycombStandIn } from '../servers/honeycomb';

const ROUNDS = 40;
const ENV = 'production';
const DATASET = 'api-gateway';

/** One kind in the bench: how it is built, which object is edited, and the edit of each round. */
interface KindCase {
  name: string;
  /** Saved with the team's management key (v2 API) instead of the environment's API key. */
  management?: true;
  kind(api: () => Promise<HoneycombApi>): EditableKind;
  address(api: HoneycombApi): Promise<Address>;
  edit(document: JsonObject, round: number): void;
}

const schemaOf = (name: string) => async (): Promise<JsonObject> =>
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'schemas', 'validation', `honeycomb-${name}.schema.json`), 'utf8')) as JsonObject;
const asProblems = (problems: QueryProblem[]): Problem[] => problems.map((p) => ({ path: p.path, message: p.message, severity: p.severity }));
const withApi =
  (make: (api: (address: Address) => Promise<HoneycombApi>) => KindBackend) =>
  (api: () => Promise<HoneycombApi>): KindBackend =>
    make(async () => api());

const CASES: KindCase[] = [
  {
    name: 'trigger',
    kind: (api) => triggerKind({ backend: withApi((a) => datasetCollectionBackend(a, 'triggerWrites'))(api), schema: schemaOf('trigger'), rules: (d) => asProblems(triggerProblems(d)) }),
    address: async (api) => ({ env: ENV, dataset: DATASET, id: String((await triggerWrites.list(api, DATASET))[0].id) }),
    edit: (d, round) => ((d.threshold as JsonObject).value = 100 + round),
  },
  {
    name: 'SLO',
    kind: (api) => sloKind({ backend: withApi((a) => datasetCollectionBackend(a, 'sloWrites'))(api), schema: schemaOf('slo'), rules: (d, b) => asProblems(sloProblems(d, b)) }),
    address: async (api) => ({ env: ENV, dataset: DATASET, id: String((await sloWrites.list(api, DATASET))[0].id) }),
    edit: (d, round) => (d.description = `Round ${round}`),
  },
  {
    name: 'burn alert',
    kind: (api) =>
      burnAlertKind({
        backend: withApi((a) => datasetCollectionBackend(a, 'burnAlertWrites', ['env', 'dataset', 'slo']))(api),
        schema: schemaOf('burn-alert'),
        rules: (d, b) => asProblems(burnAlertProblems(d, b)),
      }),
    address: async (api) => {
      const slo = String((await sloWrites.list(api, DATASET))[0].id);
      return { env: ENV, dataset: DATASET, slo, id: (await listBurnAlerts(api, DATASET, slo))[0].id };
    },
    edit: (d, round) => (d.description = `Round ${round}`),
  },
  {
    name: 'recipient (Slack)',
    kind: (api) => recipientKind({ backend: withApi(recipientBackend)(api), schema: schemaOf('recipient'), rules: (d, b) => asProblems(recipientProblems(d, b)) }),
    address: async (api) => {
      return { env: ENV, id: (await listRecipients(api)).find((r) => r.type === 'slack')!.id };
    },
    edit: (d, round) => ((d.details as JsonObject).slack_channel = `#ops-round-${round}`),
  },
  {
    name: 'derived column',
    kind: (api) => derivedColumnKind({ backend: withApi(derivedColumnBackend)(api), schema: schemaOf('derived-column'), rules: (d, b) => asProblems(derivedColumnProblems(d, b)) }),
    address: async (api) => ({ env: ENV, dataset: DATASET, id: String((await derivedColumnWrites.list(api, DATASET))[0].id) }),
    edit: (d, round) => (d.description = `Round ${round}`),
  },
  {
    name: 'column',
    kind: (api) => columnKind({ backend: withApi((a) => datasetCollectionBackend(a, 'columnWrites'))(api), schema: schemaOf('column'), rules: (d, b) => asProblems(columnProblems(d, b)) }),
    address: async (api) => ({ env: ENV, dataset: DATASET, id: String((await columnWrites.list(api, DATASET))[0].id) }),
    edit: (d, round) => (d.description = `Round ${round}`),
  },
  {
    name: 'dataset',
    kind: (api) => datasetKind({ backend: withApi(datasetBackend)(api), schema: schemaOf('dataset'), rules: (d, b) => asProblems(datasetProblems(d, b)) }),
    address: async () => ({ env: ENV, dataset: DATASET }),
    edit: (d, round) => (d.description = `Round ${round}`),
  },
  {
    name: 'dataset definitions',
    kind: (api) => datasetDefinitionsKind({ backend: withApi(datasetDefinitionsBackend)(api), schema: schemaOf('dataset-definitions'), rules: (d) => asProblems(datasetDefinitionProblems(d)) }),
    address: async () => ({ env: ENV, dataset: DATASET }),
    edit: (d, round) => (d.route = { name: round % 2 === 0 ? 'http.route' : 'http.target' }),
  },
  {
    name: 'marker',
    kind: (api) => markerKind({ backend: withApi((a) => markerBackend(a, 'marker'))(api), schema: schemaOf('marker'), rules: (d) => asProblems(markerProblems(d)) }),
    address: async (api) => ({ env: ENV, dataset: DATASET, id: String((await markerWrites.list(api, DATASET))[0].id) }),
    edit: (d, round) => (d.message = `Deploy round ${round}`),
  },
  {
    name: 'marker setting',
    kind: (api) => markerSettingKind({ backend: withApi((a) => markerBackend(a, 'markerSetting'))(api), schema: schemaOf('marker-setting'), rules: (d, b) => asProblems(markerSettingProblems(d, b)) }),
    address: async (api) => ({ env: ENV, dataset: DATASET, id: String((await markerSettingWrites.list(api, DATASET))[0].id) }),
    edit: (d, round) => (d.color = `#${(0x100000 + round).toString(16)}`),
  },
  {
    name: 'board',
    kind: (api) => boardKind({ backend: withApi(boardBackend)(api), schema: schemaOf('board'), rules: (d) => asProblems(boardProblems(d)) }),
    address: async (api) => ({ env: ENV, id: String((await boardWrites.list(api))[0].id) }),
    edit: (d, round) => (d.description = `Board round ${round}`),
  },
  {
    name: 'board view',
    kind: (api) => boardViewKind({ backend: withApi(boardViewBackend)(api), schema: schemaOf('board-view'), rules: (d) => asProblems(boardViewProblems(d)) }),
    address: async (api) => {
      for (const board of await boardWrites.list(api)) {
        const [view] = await boardViewWrites.list(api, String(board.id));
        if (view) return { env: ENV, board: String(board.id), id: String(view.id) };
      }
      throw new Error('the stand-in has no board view');
    },
    edit: (d, round) => (d.name = `View round ${round}`),
  },
  {
    name: 'environment',
    management: true,
    kind: (api) => environmentKind({ api, schema: schemaOf('environment'), rules: (d, b) => asProblems(environmentProblems(d, b)) }),
    address: async () => ({ team: 'acme', id: 'hcxen_01jacme0env0staging0000002' }),
    edit: (d, round) => (d.description = `Environment round ${round}`),
  },
  {
    name: 'API key',
    management: true,
    kind: (api) => apiKeyKind({ api, schema: schemaOf('api-key'), rules: (d, b) => asProblems(apiKeyProblems(d, b)), keyCreated: () => undefined }),
    address: async () => ({ team: 'acme', environment: 'hcxen_01jacme0env0production0001', id: 'hcxlk_01jacme0cfg0limited0000004' }),
    edit: (d, round) => (d.name = `Key round ${round}`),
  },
];

async function main(): Promise<void> {
  const standIn = await startHoneycombStandIn();
  try {
    const client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production });
    const management = new HoneycombClient({ apiUrl: standIn.url, managementKey: HONEYCOMB_KEYS.management });
    for (const c of CASES) await bench(c, (c.management ? management : client).api, standIn.requests);
  } finally {
    await standIn.stop();
  }
}

async function bench(c: KindCase, api: HoneycombApi, requests: unknown[]): Promise<void> {
  const kind = c.kind(async () => api);
  const address = await c.address(api);
  let baseline = documentOf(kind, await kind.backend.read(address));
  const ui = { conflict: async () => 'cancel' as const, confirm: async () => true };
  const times: number[] = [];
  const counts: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const proposed = structuredClone(baseline);
    c.edit(proposed, round);
    requests.length = 0;
    const started = performance.now();
    const outcome = await guardedSave({ kind, target: { mode: 'update', address, baseline }, text: formatDocument(proposed), ui });
    times.push(performance.now() - started);
    counts.push(requests.length);
    if (outcome.status !== 'saved') throw new Error(`${c.name}, round ${round}: ${outcome.status}`);
    baseline = outcome.document;
  }
  times.sort((a, b) => a - b);
  console.log(`${c.name}: requests per save ${[...new Set(counts)].join(', ')} (target 2: one re-read, one write) over ${ROUNDS} saves`);
  console.log(
    `  time per save on loopback: median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, slowest ${times[times.length - 1].toFixed(1)} ms (the first includes loading the schema checker)`,
  );
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
