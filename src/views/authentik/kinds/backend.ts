import type { AuthentikClient } from '../../../clients/authentik';
import { AUTHENTIK_KINDS, AuthentikKind, idOf } from '../../../clients/authentik/resources/kinds';
import { Address, JsonObject, KindBackend } from '../../../editing/kind';
import { describeDeleteAction } from '../usedBy';

/**
 * The editing backend of one managed kind: each call is one request of the kind's collection
 * (`client.resources(kind)`), writes are PATCHes of the changed fields, and `used_by/` lists
 * what a delete would touch. `extraCreateFields` adds what a "New…" flow gathered outside the
 * document (a certificate's PEM read from a file, never shown in the document).
 */
export interface ResourceBackendOptions {
  extraCreateFields?(parent: Address): Promise<JsonObject>;
}

export function resourceBackend(clientFor: () => Promise<AuthentikClient>, kind: AuthentikKind, options: ResourceBackendOptions = {}): KindBackend {
  const spec = AUTHENTIK_KINDS[kind];
  const collection = async () => (await clientFor()).resources(kind);
  return {
    read: async (address, signal) => await (await collection()).retrieve(address.id, signal),
    create: async (parent, body, signal) => {
      const extra = options.extraCreateFields ? await options.extraCreateFields(parent) : {};
      const object = (await (await collection()).create({ ...body, ...extra } as never, signal)) as unknown as JsonObject;
      const address: Address = spec.parent ? { parent: String(object[spec.parent.field] ?? parent.parent ?? ''), id: idOf(kind, object) } : { id: idOf(kind, object) };
      return { object, address };
    },
    update: async (address, body, signal) => {
      const resources = await collection();
      let sent = body;
      if (kind === 'blueprint' && body.path === undefined && body.content === undefined) {
        // authentik refuses any blueprint write that carries neither path nor content ("Either
        // path or content must be set."), so the current one goes along; content is validated again.
        const current = (await resources.retrieve(address.id, signal)) as unknown as JsonObject;
        sent = { ...body, ...(current.path ? { path: current.path } : { content: current.content }) };
      }
      return await resources.partialUpdate(address.id, sent, signal);
    },
    remove: async (address, signal) => ((await (await collection()).destroy(address.id, signal)).outcome === 'deleted' ? 'deleted' : 'alreadyGone'),
    usedBy: spec.usedBy
      ? async (address, signal) => (await (await collection()).usedBy(address.id, signal)).map((u) => `${u.name} (${u.model_name}; on delete: ${describeDeleteAction(u.action)})`)
      : undefined,
  };
}
