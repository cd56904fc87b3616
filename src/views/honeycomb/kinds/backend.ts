import type { HoneycombApi } from '../../../clients/honeycomb/api';
import { Address, KindBackend } from '../../../editing/kind';

/**
 * The editing backend of a dataset-scoped Honeycomb collection (triggers, query annotations):
 * addresses are `{ env, dataset, id }`, and each request uses the API of the address's
 * environment. The write calls load with the first request. No `vscode` here, so the save
 * pipeline runs against the stand-in in unit tests.
 */
export function datasetCollectionBackend(apiFor: (address: Address) => Promise<HoneycombApi>, collection: 'triggerWrites' | 'queryAnnotationWrites'): KindBackend {
  const writes = async () => (await import(/* webpackChunkName: "honeycomb-writes" */ '../../../clients/honeycomb/writes'))[collection];
  return {
    read: async (a, signal) => (await writes()).get(await apiFor(a), a.dataset, a.id, signal),
    create: async (parent, body, signal) => {
      const object = await (await writes()).create(await apiFor(parent), parent.dataset, body, signal);
      return { object, address: { env: parent.env, dataset: parent.dataset, id: String(object.id ?? '') } };
    },
    update: async (a, body, signal) => (await writes()).update(await apiFor(a), a.dataset, a.id, body, signal),
    remove: async (a, signal) => (await writes()).remove(await apiFor(a), a.dataset, a.id, signal),
  };
}
