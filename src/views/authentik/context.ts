import type { AuthentikClient } from '../../clients/authentik';
import type { RefreshTarget } from '../tree/node';

/** What every node of the authentik tree needs: the connection's client, the view, the page size. */
export interface AuthentikTreeContext {
  client: AuthentikClient;
  /** The id of the connection the tree shows (`default` when absent): in record keys and edit kinds. */
  connectionId?: string;
  view: RefreshTarget;
  /** Items per "Load more" page (the `opsConfig.pageSize` setting). */
  pageSize(): number;
}

export const SIGN_IN_COMMAND = 'opsConfig.authentik.connect';
