import type { AuthentikClient } from '../../clients/authentik';
import type { RefreshTarget } from '../tree/node';

/** What every node of the authentik tree needs: the connection's client, the view, the page size. */
export interface AuthentikTreeContext {
  client: AuthentikClient;
  view: RefreshTarget;
  /** Items per "Load more" page (the `opsConfig.pageSize` setting). */
  pageSize(): number;
}

export const SIGN_IN_COMMAND = 'opsConfig.authentik.connect';
