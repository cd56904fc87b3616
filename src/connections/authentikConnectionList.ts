import { httpUrlProblem } from '../core/config';

/**
 * The authentik connections a user added beside the default one (which stays the
 * `opsConfig.authentik.*` settings, AUTHENTIK_* variables and the token saved by Connect…).
 * Each has a name, a server URL and its TLS choice, kept in the editor's global state — never
 * in a settings file a workspace could bring along — and its API token in SecretStorage under a
 * key that holds the connection's id. Pure (no `vscode`): the rules are tested on Node.
 */

/** The id of the connection made of today's settings and environment. */
export const DEFAULT_CONNECTION_ID = 'default';
/** How the default connection is named where connections are listed or picked. */
export const DEFAULT_CONNECTION_NAME = 'authentik';

export interface AuthentikConnectionEntry {
  /** Stable, lower-case letters, digits and dashes: part of tree ids, record keys and URIs. */
  id: string;
  name: string;
  /** The server's base URL (without /api/v3), as checked when the connection was added. */
  url: string;
  /** Skip TLS certificate verification for this connection's requests only. */
  insecure: boolean;
}

/** Where the list is kept (VS Code's `globalState` in the editor, a map in tests). */
export interface StateStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

export const CONNECTION_LIST_KEY = 'opsConfig.authentikConnections';
const MAX_NAME_LENGTH = 40;

/** The SecretStorage key of a connection's API token. */
export function connectionTokenKey(id: string): string {
  return `opsConfig.authentik.connections.${id}.token`;
}

/** Why `name` cannot name a new connection beside `existing`; undefined when it can. */
export function connectionNameProblem(name: string, existing: readonly Pick<AuthentikConnectionEntry, 'name'>[]): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a name, e.g. staging or production.';
  if (trimmed.length > MAX_NAME_LENGTH) return `Use at most ${MAX_NAME_LENGTH} characters.`;
  // Control and bidirectional characters would make two names look alike in the tree.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(trimmed)) return 'Use visible characters only.';
  if (!/[a-z0-9]/i.test(trimmed)) return 'Use at least one letter or digit.';
  const taken = [DEFAULT_CONNECTION_NAME, ...existing.map((e) => e.name)];
  if (taken.some((n) => n.toLowerCase() === trimmed.toLowerCase())) return `A connection named "${trimmed}" exists already.`;
  return undefined;
}

/** A new id for `name`: its letters and digits, dashed, unique among `existing` and never the default's. */
export function connectionIdFor(name: string, existing: readonly Pick<AuthentikConnectionEntry, 'id'>[]): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 30) || 'connection';
  const taken = new Set([DEFAULT_CONNECTION_ID, ...existing.map((e) => e.id)]);
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

function isEntry(value: unknown): value is AuthentikConnectionEntry {
  if (!value || typeof value !== 'object') return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.id === 'string' &&
    /^[a-z0-9][a-z0-9-]*$/.test(e.id) &&
    e.id !== DEFAULT_CONNECTION_ID &&
    typeof e.name === 'string' &&
    e.name.trim() !== '' &&
    typeof e.url === 'string' &&
    httpUrlProblem(e.url) === undefined &&
    typeof e.insecure === 'boolean'
  );
}

export class AuthentikConnectionList {
  constructor(private readonly state: StateStore) {}

  /** The added connections in the order they were added; an entry that is not well formed is skipped. */
  list(): AuthentikConnectionEntry[] {
    const stored = this.state.get<unknown>(CONNECTION_LIST_KEY);
    if (!Array.isArray(stored)) return [];
    const seen = new Set<string>();
    const out: AuthentikConnectionEntry[] = [];
    for (const value of stored) {
      if (!isEntry(value) || seen.has(value.id)) continue;
      seen.add(value.id);
      out.push({ id: value.id, name: value.name.trim(), url: value.url.trim().replace(/\/+$/, ''), insecure: value.insecure });
    }
    return out;
  }

  get(id: string): AuthentikConnectionEntry | undefined {
    return this.list().find((e) => e.id === id);
  }

  /** Adds a connection named `name`; refuses a bad or taken name, or a bad URL, by throwing its reason. */
  async add(candidate: { name: string; url: string; insecure: boolean }): Promise<AuthentikConnectionEntry> {
    const existing = this.list();
    const nameProblem = connectionNameProblem(candidate.name, existing);
    if (nameProblem) throw new Error(nameProblem);
    const urlProblem = httpUrlProblem(candidate.url);
    if (urlProblem) throw new Error(urlProblem);
    const entry: AuthentikConnectionEntry = {
      id: connectionIdFor(candidate.name, existing),
      name: candidate.name.trim(),
      url: candidate.url.trim().replace(/\/+$/, ''),
      insecure: candidate.insecure,
    };
    await this.state.update(CONNECTION_LIST_KEY, [...existing, entry]);
    return entry;
  }

  /** Removes the connection; true when it was listed. */
  async remove(id: string): Promise<boolean> {
    const existing = this.list();
    const kept = existing.filter((e) => e.id !== id);
    if (kept.length === existing.length) return false;
    await this.state.update(CONNECTION_LIST_KEY, kept);
    return true;
  }
}
