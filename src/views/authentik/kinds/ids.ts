/**
 * The ids of authentik's editable kinds (`authentik.flow`…), apart from the kinds themselves so
 * tree nodes can name them without loading the kinds table: the table, schemas and backends load
 * with the first edit (a chunk of their own, see register.ts).
 */
import type { AuthentikKind } from '../../../clients/authentik/resources/kinds';

export const AUTHENTIK_EDIT_PREFIX = 'authentik.';

export function editKindId(kind: AuthentikKind): string {
  return `${AUTHENTIK_EDIT_PREFIX}${kind}`;
}

export function authentikKindOfId(id: string): AuthentikKind | undefined {
  return id.startsWith(AUTHENTIK_EDIT_PREFIX) ? (id.slice(AUTHENTIK_EDIT_PREFIX.length) as AuthentikKind) : undefined;
}

/**
 * Schema and document file suffix of a kind: `authentik-flow-stage-binding` for
 * `*.authentik-flow-stage-binding.json` (package.json binds the schema to that pattern).
 */
export function schemaFileOf(kind: AuthentikKind): string {
  return `authentik-${kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
