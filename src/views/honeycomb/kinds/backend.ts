import type { HoneycombApi } from '../../../clients/honeycomb/api';
import { Address, KindBackend } from '../../../editing/kind';

/**
 * The editing backend of a dataset-scoped Honeycomb collection (triggers, query annotations,
 * SLOs, burn alerts): addresses are `{ env, dataset, id }` (a burn alert's also names its SLO),
 * and each request uses the API of the address's environment. The write calls load with the
 * first request. No `vscode` here, so the save pipeline runs against the stand-in in unit tests.
 */
export type DatasetCollection = 'triggerWrites' | 'queryAnnotationWrites' | 'sloWrites' | 'burnAlertWrites' | 'derivedColumnWrites' | 'columnWrites';

export function datasetCollectionBackend(apiFor: (address: Address) => Promise<HoneycombApi>, collection: DatasetCollection, parentKeys: readonly string[] = ['env', 'dataset']): KindBackend {
  const writes = async () => (await import(/* webpackChunkName: "honeycomb-writes" */ '../../../clients/honeycomb/writes'))[collection];
  return {
    read: async (a, signal) => (await writes()).get(await apiFor(a), a.dataset, a.id, signal),
    create: async (parent, body, signal) => {
      const object = await (await writes()).create(await apiFor(parent), parent.dataset, body, signal);
      const address: Address = Object.fromEntries(parentKeys.map((key) => [key, parent[key] ?? '']));
      return { object, address: { ...address, id: String(object.id ?? '') } };
    },
    update: async (a, body, signal) => (await writes()).update(await apiFor(a), a.dataset, a.id, body, signal),
    remove: async (a, signal) => (await writes()).remove(await apiFor(a), a.dataset, a.id, signal),
  };
}
