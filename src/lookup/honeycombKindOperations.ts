import { ENVIRONMENT_WIDE } from '../clients/honeycomb';
import { listApiKeys } from '../clients/honeycomb/apiKeys';
import { listBoards } from '../clients/honeycomb/boardWrites';
import { listBurnAlerts } from '../clients/honeycomb/burnAlerts';
import { listMarkerSettings, listMarkers } from '../clients/honeycomb/markers';
import { listTriggers } from '../clients/honeycomb/triggers';
import { listQueryAnnotations } from '../clients/honeycomb/writes';
import { InputSpec, LookupInput, LookupOperation, LookupRecord } from './operation';

/**
 * Look Up… for the Honeycomb kinds the seed has no read operation for (and the provider no data
 * source): triggers, burn alerts, boards, markers, marker settings, saved queries and API keys.
 * Each lists the objects of its kind through the client function its tree folder uses, so a
 * user can find any object by what they remember of it without opening the tree.
 */
const NO_DATA_SOURCE = 'Honeycomb’s Terraform provider has no data source for this kind; Copy as Terraform on the object gives its resource.';

const dataset = (required: boolean, description: string): InputSpec => ({ name: 'dataset', type: 'string', required, description, suggest: 'honeycomb.datasets' });
const str = (input: LookupInput, key: string): string | undefined => (input[key] === undefined || input[key] === '' ? undefined : String(input[key]));
const asRecord = <T>(value: T): LookupRecord => value as unknown as LookupRecord;

function kindLookup(name: string, purpose: string, inputs: InputSpec[], run: LookupOperation['run']): LookupOperation {
  return { service: 'honeycomb', name, purpose, inputs, run, code: { none: NO_DATA_SOURCE }, beyondSeed: true };
}

export const HONEYCOMB_KIND_OPERATIONS: readonly LookupOperation[] = [
  kindLookup('listTriggers', 'The triggers of a dataset, or of the whole environment.', [dataset(false, 'The dataset slug; omitted: every trigger of the environment.')], async (c, i, signal) => {
    const where = str(i, 'dataset') ?? ENVIRONMENT_WIDE;
    return asRecord({ dataset: where, triggers: await listTriggers((await c.honeycomb()).api, where, signal) });
  }),
  kindLookup(
    'listBurnAlerts',
    'The burn alerts of one SLO.',
    [dataset(false, 'The SLO’s dataset slug; omitted: a multi-dataset SLO.'), { name: 'sloId', type: 'string', required: true, description: 'The SLO’s ID.', suggest: 'honeycomb.slos' }],
    async (c, i, signal) => {
      const where = str(i, 'dataset') ?? ENVIRONMENT_WIDE;
      return asRecord({ dataset: where, sloId: String(i.sloId), burnAlerts: await listBurnAlerts((await c.honeycomb()).api, where, String(i.sloId), signal) });
    },
  ),
  kindLookup('listBoards', 'The environment’s boards.', [], async (c, _i, signal) => asRecord({ boards: await listBoards((await c.honeycomb()).api, signal) })),
  kindLookup('listMarkers', 'The latest markers of a dataset, or of the environment.', [dataset(false, 'The dataset slug; omitted: the environment’s markers.')], async (c, i, signal) => {
    const where = str(i, 'dataset') ?? ENVIRONMENT_WIDE;
    const { items, total } = await listMarkers((await c.honeycomb()).api, where, signal);
    return asRecord({ dataset: where, total, markers: items });
  }),
  kindLookup(
    'listMarkerSettings',
    'The marker types and their colours of a dataset, or of the environment.',
    [dataset(false, 'The dataset slug; omitted: the environment’s.')],
    async (c, i, signal) => {
      const where = str(i, 'dataset') ?? ENVIRONMENT_WIDE;
      return asRecord({ dataset: where, markerSettings: await listMarkerSettings((await c.honeycomb()).api, where, signal) });
    },
  ),
  kindLookup('listSavedQueries', 'The saved queries (query annotations) of a dataset.', [dataset(true, 'The dataset slug.')], async (c, i, signal) =>
    asRecord({ dataset: String(i.dataset), savedQueries: await listQueryAnnotations((await c.honeycomb()).api, String(i.dataset), signal) }),
  ),
  kindLookup('listApiKeys', 'The team’s API keys, without their secrets (needs a management key).', [], async (c, _i, signal) =>
    asRecord({ apiKeys: await listApiKeys((await c.honeycomb()).api, signal) }),
  ),
];
