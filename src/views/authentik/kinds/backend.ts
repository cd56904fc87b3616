import type { AuthentikClient, ResourceCollection } from '../../../clients/authentik';
import { AUTHENTIK_KINDS, AuthentikKind, idOf } from '../../../clients/authentik/resources/kinds';
import type { ObjectKindSpec } from '../../../clients/authentik/resources/kindsTable';
import { Address, JsonObject, KindBackend } from '../../../editing/kind';
import { describeDeleteAction } from '../usedBy';

/**
 * The editing backend of one authentik kind: each call is one request of the kind's collection,
 * writes are PATCHes of the changed fields, and `used_by/` lists what a delete would touch.
 * `objectBackend` serves every kind of the generated table; `resourceBackend` adds what the
 * managed kinds need beyond it. `extraCreateFields` adds what a "New…" flow gathered outside the
 * document (a certificate's PEM read from a file, never shown in the document).
 */
export interface ResourceBackendOptions {
  extraCreateFields?(parent: Address): Promise<JsonObject>;
  /** The address of a created object (a child kind's carries its parent). */
  addressOf?(object: JsonObject, parent: Address): Address;
  /** Adjusts a PATCH body before it is sent (a blueprint carries its path or content along). */
  patchBody?(body: JsonObject, current: () => Promise<JsonObject>): Promise<JsonObject>;
}

export function objectBackend(collection: () => Promise<ResourceCollection<AuthentikKind>>, spec: ObjectKindSpec, options: ResourceBackendOptions = {}): KindBackend {
  const idOfObject = (object: JsonObject) => String(object[spec.idField] ?? '');
  return {
    read: async (address, signal) => await (await collection()).retrieve(address.id, signal),
    create: async (parent, body, signal) => {
      const extra = options.extraCreateFields ? await options.extraCreateFields(parent) : {};
      const object = (await (await collection()).create({ ...body, ...extra } as never, signal)) as unknown as JsonObject;
      return { object, address: options.addressOf ? options.addressOf(object, parent) : { id: idOfObject(object) } };
    },
    update: async (address, body, signal) => {
      const resources = await collection();
      const sent = options.patchBody ? await options.patchBody(body, async () => await resources.retrieve(address.id, signal)) : body;
      return await resources.partialUpdate(address.id, sent, signal);
    },
    remove: async (address, signal) => ((await (await collection()).destroy(address.id, signal)).outcome === 'deleted' ? 'deleted' : 'alreadyGone'),
    usedBy: spec.usedBy
      ? async (address, signal) => (await (await collection()).usedBy(address.id, signal)).map((u) => `${u.name} (${u.model_name}; on delete: ${describeDeleteAction(u.action)})`)
      : undefined,
  };
}

export function resourceBackend(clientFor: () => Promise<AuthentikClient>, kind: AuthentikKind, options: ResourceBackendOptions = {}): KindBackend {
  const spec = AUTHENTIK_KINDS[kind];
  return objectBackend(async () => (await clientFor()).resources(kind), spec, {
    ...options,
    addressOf: (object, parent): Address => (spec.parent ? { parent: String(object[spec.parent.field] ?? parent.parent ?? ''), id: idOf(kind, object) } : { id: idOf(kind, object) }),
    patchBody:
      kind === 'blueprint'
        ? async (body, current) => {
            if (body.path !== undefined || body.content !== undefined) return body;
            // authentik refuses any blueprint write that carries neither path nor content ("Either
            // path or content must be set."), so the current one goes along; content is validated again.
            const now = await current();
            return { ...body, ...(now.path ? { path: now.path } : { content: now.content }) };
          }
        : undefined,
  });
}
