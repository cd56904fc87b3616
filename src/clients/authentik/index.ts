import { AuthentikApi, AuthentikConnection } from './api';
import { CurrentUser, ServerVersion, getCurrentUser, getServerVersion } from './me';

export { AuthentikApi, AuthentikConnection, AuthentikPage } from './api';
export { CurrentUser, ServerVersion } from './me';

/**
 * The authentik client: one method per seed lookup, each in the file of its resource; this class
 * binds them to a connection.
 */
export class AuthentikClient {
  readonly api: AuthentikApi;

  constructor(connection: AuthentikConnection) {
    this.api = new AuthentikApi(connection);
  }

  getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
    return getCurrentUser(this.api, signal);
  }

  getServerVersion(signal?: AbortSignal): Promise<ServerVersion> {
    return getServerVersion(this.api, signal);
  }
}
