/**
 * The ids of authentik's editable kinds (`authentik.flow`…), apart from the kinds themselves so
 * tree nodes can name them without loading the kinds table: the table, schemas and backends load
 * with the first edit (a chunk of their own, see register.ts).
 */
import type { AuthentikKind } from '../../../clients/authentik/resources/kinds';
import { DEFAULT_CONNECTION_ID } from '../../../connections/authentikConnectionList';

export const AUTHENTIK_EDIT_PREFIX = 'authentik.';

/**
 * Objects of an added authentik connection (not the default one) are a kind of their own,
 * `authentik.flow@staging`: the id is the first segment of an edit document's path, so a
 * document restored after a reload still writes to the server it was opened from.
 */
const CONNECTION_MARK = '@';

/** `kind`: a managed kind (`flow`) or a kind of the generated table (`OAuth2Provider`, a `meta_model_name`). */
export function editKindId(kind: string, connection?: string): string {
  return `${AUTHENTIK_EDIT_PREFIX}${kind}${connection && connection !== DEFAULT_CONNECTION_ID ? `${CONNECTION_MARK}${connection}` : ''}`;
}

/** The kind an id names: a managed kind's name or a key of the generated table (see derivedKinds.ts). */
export function authentikKindOfId(id: string): string | undefined {
  return id.startsWith(AUTHENTIK_EDIT_PREFIX) ? id.slice(AUTHENTIK_EDIT_PREFIX.length).split(CONNECTION_MARK)[0] : undefined;
}

/** The connection an edit kind id belongs to: `default` unless it names an added one. */
export function connectionOfKindId(id: string): string {
  const at = id.indexOf(CONNECTION_MARK);
  return id.startsWith(AUTHENTIK_EDIT_PREFIX) && at > 0 ? id.slice(at + 1) : DEFAULT_CONNECTION_ID;
}

/** The same kind in another connection: `authentik.flow` → `authentik.flow@staging`. */
export function kindIdInConnection(id: string, connection: string | undefined): string {
  const kind = authentikKindOfId(id);
  return kind ? editKindId(kind, connection) : id;
}

/**
 * Schema and document file suffix of a kind: `authentik-flow-stage-binding` for
 * `*.authentik-flow-stage-binding.json` (package.json binds the schema to that pattern).
 */
export function schemaFileOf(kind: AuthentikKind): string {
  return `authentik-${kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
