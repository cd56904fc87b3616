import type { HoneycombApi } from '../../../clients/honeycomb/api';
import { Address, KindBackend } from '../../../editing/kind';

/**
 * The editing backends of boards (`{ env, id }`) and board views (`{ env, board, id }`), each
 * request with the key of the address's environment. No `vscode` here: the save pipeline runs
 * against the stand-in in unit tests.
 */
const writes = () => import(/* webpackChunkName: "honeycomb-writes" */ '../../../clients/honeycomb/boardWrites');

export function boardBackend(apiFor: (address: Address) => Promise<HoneycombApi>): KindBackend {
  return {
    read: async (a, signal) => (await writes()).boardWrites.get(await apiFor(a), a.id, signal),
    create: async (parent, body, signal) => {
      const object = await (await writes()).boardWrites.create(await apiFor(parent), body, signal);
      return { object, address: { env: parent.env, id: String(object.id ?? '') } };
    },
    update: async (a, body, signal) => (await writes()).boardWrites.update(await apiFor(a), a.id, body, signal),
    remove: async (a, signal) => (await writes()).boardWrites.remove(await apiFor(a), a.id, signal),
    // A board's views belong to it: the delete confirmation names them.
    usedBy: async (a, signal) => (await (await writes()).boardViewWrites.list(await apiFor(a), a.id, signal)).map((v) => `board view “${String(v.name ?? v.id)}”`),
  };
}

export function boardViewBackend(apiFor: (address: Address) => Promise<HoneycombApi>): KindBackend {
  return {
    read: async (a, signal) => (await writes()).boardViewWrites.get(await apiFor(a), a.board, a.id, signal),
    create: async (parent, body, signal) => {
      const object = await (await writes()).boardViewWrites.create(await apiFor(parent), parent.board, body, signal);
      return { object, address: { env: parent.env, board: parent.board, id: String(object.id ?? '') } };
    },
    update: async (a, body, signal) => (await writes()).boardViewWrites.update(await apiFor(a), a.board, a.id, body, signal),
    remove: async (a, signal) => (await writes()).boardViewWrites.remove(await apiFor(a), a.board, a.id, signal),
  };
}
