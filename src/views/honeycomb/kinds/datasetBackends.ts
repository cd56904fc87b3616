import type { HoneycombApi } from '../../../clients/honeycomb/api';
import { BOARDS_NOT_CHECKED } from '../../../clients/honeycomb/derivedColumnUses';
import { Address, KindBackend } from '../../../editing/kind';
import { datasetCollectionBackend } from './backend';

/**
 * The editing backends of derived columns, datasets and dataset definitions (columns use the
 * plain dataset collection, backend.ts). No `vscode` here, so the save pipeline runs against the
 * stand-in in unit tests; the write calls load with the first request.
 */
/** A derived column's backend: before a delete or a rename, what uses its alias. */
export function derivedColumnBackend(api: (address: Address) => Promise<HoneycombApi>): KindBackend {
  const base = datasetCollectionBackend(api, 'derivedColumnWrites');
  return {
    ...base,
    usedBy: async (address, signal) => {
      const { derivedColumnUses } = await import(/* webpackChunkName: "honeycomb-writes" */ '../../../clients/honeycomb/derivedColumnUses');
      const column = await base.read(address, signal);
      return derivedColumnUses(await api(address), address.dataset, String(column.alias ?? ''), signal);
    },
    usedByUnchecked: BOARDS_NOT_CHECKED,
  };
}

export function datasetBackend(api: (address: Address) => Promise<HoneycombApi>): KindBackend {
  const writes = async () => (await import(/* webpackChunkName: "honeycomb-writes" */ '../../../clients/honeycomb/datasetWrites')).datasetWrites;
  return {
    read: async (a, signal) => (await writes()).get(await api(a), a.dataset, signal),
    create: async (parent, body, signal) => {
      const object = await (await writes()).create(await api(parent), body, signal);
      return { object, address: { env: parent.env, dataset: String(object.slug ?? '') } };
    },
    update: async (a, body, signal) => (await writes()).update(await api(a), a.dataset, body, signal),
    remove: async (a, signal) => (await writes()).remove(await api(a), a.dataset, signal),
  };
}

export function datasetDefinitionsBackend(api: (address: Address) => Promise<HoneycombApi>): KindBackend {
  const writes = async () => (await import(/* webpackChunkName: "honeycomb-writes" */ '../../../clients/honeycomb/datasetWrites')).datasetDefinitionWrites;
  const refuse = (what: string) => () => Promise.reject(new Error(`Dataset definitions cannot be ${what}: every dataset has them. Clear one by setting its name to "".`));
  return {
    read: async (a, signal) => (await writes()).get(await api(a), a.dataset, signal),
    update: async (a, body, signal) => (await writes()).patch(await api(a), a.dataset, body, signal),
    create: refuse('created'),
    remove: refuse('deleted'),
  };
}
