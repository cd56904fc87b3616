import type { HoneycombClient } from '../clients/honeycomb';
import type { HoneycombLists } from './naturalKeyLookup';

/** The lists a natural-key lookup reads, from a client of the environment the provider writes to. */
export function honeycombListsOf(client: HoneycombClient): HoneycombLists {
  return {
    triggers: (dataset, signal) => client.listTriggers(dataset, signal),
    slos: (dataset, signal) => client.listSlos(dataset, signal),
    boards: async (signal) => (await import(/* webpackChunkName: "honeycomb-writes" */ '../clients/honeycomb/boardWrites')).listBoards(client.api, signal),
    datasets: async (signal) => (await client.listDatasets(signal)).map((d) => ({ id: d.slug, name: d.name })),
  };
}
