import type { HoneycombApi } from '../../../clients/honeycomb/api';
import { Address, KindBackend } from '../../../editing/kind';

/**
 * The editing backends of markers and marker settings: `{ env, dataset, id }` addresses, each
 * request with the key of the address's environment. Writes go to the collection; a read lists
 * the dataset's markers (or settings) and picks one, since the API has no GET of a single one.
 * No `vscode` here: the save pipeline runs against the stand-in in unit tests.
 */
export function markerBackend(apiFor: (address: Address) => Promise<HoneycombApi>, which: 'marker' | 'markerSetting'): KindBackend {
  const clients = async () => {
    const [writes, markers] = await Promise.all([
      import(/* webpackChunkName: "honeycomb-writes" */ '../../../clients/honeycomb/writes'),
      import(/* webpackChunkName: "honeycomb-writes" */ '../../../clients/honeycomb/markers'),
    ]);
    return which === 'marker' ? { writes: writes.markerWrites, get: markers.getMarker } : { writes: writes.markerSettingWrites, get: markers.getMarkerSetting };
  };
  return {
    read: async (a, signal) => (await clients()).get(await apiFor(a), a.dataset, a.id, signal),
    create: async (parent, body, signal) => {
      const object = await (await clients()).writes.create(await apiFor(parent), parent.dataset, body, signal);
      return { object, address: { env: parent.env, dataset: parent.dataset, id: String(object.id ?? '') } };
    },
    update: async (a, body, signal) => (await clients()).writes.update(await apiFor(a), a.dataset, a.id, body, signal),
    remove: async (a, signal) => (await clients()).writes.remove(await apiFor(a), a.dataset, a.id, signal),
  };
}
