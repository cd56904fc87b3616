import { AuthentikConnection } from '../../connections/authentikConnection';
import { ServiceError } from '../../core/errors';
import { configProblem } from '../configErrors';
import { ErrorNode } from '../tree/messageNodes';
import { RefreshTarget, TreeNode } from '../tree/node';
import { AuthentikConnectionNode } from './connectionNode';

const SIGN_IN = 'opsConfig.authentik.connect';

/** The authentik view's roots: nothing until connected, then the connection (two requests). */
export async function authentikRoots(connection: AuthentikConnection, view: RefreshTarget): Promise<TreeNode[]> {
  if (!(await connection.hasCredentials())) {
    return [];
  }
  let config;
  try {
    config = await connection.config();
  } catch (error) {
    return [new ErrorNode('authentik/config-error', undefined, configProblem('authentik', error), undefined)];
  }
  const client = await connection.client();
  if (!config.url || !client) {
    const missing = !config.url ? 'no server URL is set' : 'no API token is set';
    const error = new ServiceError({ kind: 'auth', service: 'authentik', operation: 'connect', summary: missing, hint: 'Run "authentik: Connect…".' });
    return [new ErrorNode('authentik/incomplete', undefined, error, undefined, SIGN_IN)];
  }
  try {
    const [user, version] = await Promise.all([client.getCurrentUser(), client.getServerVersion().catch(() => undefined)]);
    return [new AuthentikConnectionNode(config, client, user, version, view)];
  } catch (error) {
    return [new ErrorNode('authentik/error', undefined, error, undefined, SIGN_IN)];
  }
}
