import * as vscode from 'vscode';
import { AuthentikConnection } from './authentikConnection';
import type { AuthentikClient } from '../clients/authentik';
import { AuthentikConnectionEntry, AuthentikConnectionList, DEFAULT_CONNECTION_ID, connectionIdFor, connectionTokenKey } from './authentikConnectionList';
import { CoreServices } from './services';

/**
 * Every authentik connection of this window: the default one (today's settings, variables and
 * saved token) first, then the ones the user added, in the order they were added. Each is its
 * own AuthentikConnection with its own client, token and origin binding. `onDidChange` fires
 * when a connection is added or removed, or when any of them changes.
 */
export class AuthentikConnections implements vscode.Disposable {
  readonly default: AuthentikConnection;
  private readonly list: AuthentikConnectionList;
  private added = new Map<string, AuthentikConnection>();
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private readonly subscriptions = new Map<AuthentikConnection, vscode.Disposable>();

  constructor(
    private readonly services: CoreServices,
    state: vscode.Memento,
  ) {
    this.list = new AuthentikConnectionList(state);
    this.default = this.watch(new AuthentikConnection(services));
    for (const entry of this.list.list()) this.added.set(entry.id, this.watch(new AuthentikConnection(services, entry)));
  }

  /** The default connection, then the added ones. */
  all(): AuthentikConnection[] {
    return [this.default, ...this.added.values()];
  }

  /** The connection with this id (`default` or an added one's); undefined when it was removed. */
  get(id: string | undefined): AuthentikConnection | undefined {
    if (!id || id === DEFAULT_CONNECTION_ID) return this.default;
    return this.added.get(id);
  }

  /** The entries of the added connections (names, URLs, TLS choice; no secrets). */
  entries(): AuthentikConnectionEntry[] {
    return this.list.list();
  }

  /** The connections a user has set up: the default when it has credentials, and every added one. */
  async configured(): Promise<AuthentikConnection[]> {
    const defaultSet = await this.default.hasCredentials();
    return [...(defaultSet ? [this.default] : []), ...this.added.values()];
  }

  /**
   * A client for a connection that is not saved yet, to check its token first. No saved header
   * or token of another connection goes along.
   */
  async candidateClient(candidate: { name: string; url: string; insecure: boolean }, token: string): Promise<AuthentikClient> {
    const entry: AuthentikConnectionEntry = { id: connectionIdFor(candidate.name, this.entries()), ...candidate };
    const unsaved = new AuthentikConnection(this.services, entry);
    try {
      return await unsaved.candidateClient({ url: candidate.url, token, headers: {} });
    } finally {
      unsaved.dispose();
    }
  }

  /**
   * Saves a connection whose token the server accepted at `entry.url`: the token first (bound to
   * that origin), then the entry, so a connection is never listed without its token.
   */
  async add(candidate: { name: string; url: string; insecure: boolean }, token: string): Promise<AuthentikConnection> {
    const entry = await this.list.add(candidate).catch((error: Error) => Promise.reject(new Error(`The connection was not added: ${error.message}`)));
    try {
      await this.services.secrets.store(connectionTokenKey(entry.id), token, entry.url);
    } catch (error) {
      await this.list.remove(entry.id);
      throw error;
    }
    const connection = this.watch(new AuthentikConnection(this.services, entry));
    this.added.set(entry.id, connection);
    this.emitter.fire();
    return connection;
  }

  /** Forgets an added connection and deletes its token (and its binding) from SecretStorage. */
  async remove(id: string): Promise<void> {
    await this.services.secrets.delete(connectionTokenKey(id));
    await this.list.remove(id);
    const connection = this.added.get(id);
    this.added.delete(id);
    if (connection) {
      this.subscriptions.get(connection)?.dispose();
      this.subscriptions.delete(connection);
      connection.dispose();
    }
    this.emitter.fire();
  }

  /** Drops every cached config and client (each connection fires its change). */
  invalidate(): void {
    for (const connection of this.all()) connection.invalidate();
  }

  dispose(): void {
    for (const s of this.subscriptions.values()) s.dispose();
    for (const c of this.all()) c.dispose();
    this.emitter.dispose();
  }

  private watch(connection: AuthentikConnection): AuthentikConnection {
    this.subscriptions.set(
      connection,
      connection.onDidChange(() => this.emitter.fire()),
    );
    return connection;
  }
}
