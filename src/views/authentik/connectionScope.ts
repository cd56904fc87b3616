import { DEFAULT_CONNECTION_ID } from '../../connections/authentikConnectionList';
import type { RecordLink, RecordViewModel } from '../panels/protocol';
import { AUTHENTIK_EDIT_PREFIX, kindIdInConnection } from './kinds/ids';
import { keyInConnection } from './objectRef';

/**
 * The record builders write keys, edit targets and command arguments as the default
 * connection's (`authentik:flow:x`, `authentik.flow`). A record of an added connection moves
 * every one of them into that connection here, in one place, so each link, button and "Edit…"
 * of its panel acts on the server the record came from. Pure: tested on Node.
 */
export function modelInConnection(model: RecordViewModel, connection: string): RecordViewModel {
  if (connection === DEFAULT_CONNECTION_ID) return model;
  return {
    ...model,
    key: keyInConnection(model.key, connection),
    sections: model.sections.map((section) => ({ ...section, fields: section.fields.map((field) => (field.link ? { ...field, link: linkInConnection(field.link, connection) } : field)) })),
    actions: model.actions?.map((action) => (action.link ? { ...action, link: linkInConnection(action.link, connection) } : action)),
  };
}

function linkInConnection(link: RecordLink, connection: string): RecordLink {
  if (link.kind === 'record') return { kind: 'record', key: keyInConnection(link.key, connection) };
  if (link.kind !== 'command' || !link.args) return link;
  const args = link.args.map((arg) => argInConnection(arg, connection));
  // The metadata document is addressed by the provider's number, so the connection goes along.
  if (link.command === 'opsConfig.authentik.openSamlMetadata') args[2] = connection;
  return { ...link, args };
}

function argInConnection(arg: unknown, connection: string): unknown {
  if (typeof arg === 'string') return arg.startsWith('authentik:') ? keyInConnection(arg, connection) : arg;
  if (arg && typeof arg === 'object' && typeof (arg as { kindId?: unknown }).kindId === 'string') {
    const kindId = (arg as { kindId: string }).kindId;
    if (kindId.startsWith(AUTHENTIK_EDIT_PREFIX)) return { ...arg, kindId: kindIdInConnection(kindId, connection) };
  }
  return arg;
}

/** Where a connection's objects live, as records and confirmations name it: `authentik at id.acme.example`. */
export function connectionLocation(url: string, connectionName?: string): string {
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // An address that does not parse is named as given.
  }
  return connectionName ? `authentik "${connectionName}" at ${host}` : `authentik at ${host}`;
}
