import { AuthentikConnection } from '../../connections/authentikConnection';
import { AuthentikConnections } from '../../connections/authentikConnections';
import { ServiceError } from '../../core/errors';
import { configProblem } from '../configErrors';
import { ErrorNode } from '../tree/messageNodes';
import { RefreshTarget, TreeNode } from '../tree/node';
import { AuthentikConnectionNode, connectionNodeId } from './connectionNode';

const SIGN_IN = 'opsConfig.authentik.connect';

/**
 * The authentik view's roots: one per connection that is set up — the default one (settings,
 * AUTHENTIK_* variables, the token saved by Connect…) first, then the added ones. Nothing at all
 * shows the welcome content. Each root costs two requests, made side by side.
 */
export async function authentikRoots(connections: AuthentikConnections, view: RefreshTarget): Promise<TreeNode[]> {
  const configured = await connections.configured();
  return Promise.all(configured.map((connection) => connectionRoot(connection, view)));
}

async function connectionRoot(connection: AuthentikConnection, view: RefreshTarget): Promise<TreeNode> {
  const base = connectionNodeId(connection.id);
  // An added connection's problems say which connection they are about; its token is set again by adding it again.
  const named = (error: unknown): unknown =>
    connection.isDefault || !(error instanceof ServiceError)
      ? error
      : new ServiceError({
          kind: error.kind,
          service: error.service,
          operation: error.operation,
          summary: `${connection.name}: ${error.summary}`,
          serverMessage: error.serverMessage,
          hint: error.kind === 'auth' ? 'Remove the connection and add it again with a valid token ("authentik: Add Connection…").' : error.hint,
          status: error.status,
        });
  const signIn = connection.isDefault ? SIGN_IN : undefined;
  let config;
  try {
    config = await connection.config();
  } catch (error) {
    return new ErrorNode(`${base}/config-error`, undefined, configProblem('authentik', error), undefined);
  }
  let client;
  try {
    client = await connection.client();
  } catch (error) {
    return new ErrorNode(`${base}/error`, undefined, named(error), undefined, signIn);
  }
  if (!config.url || !client) {
    const missing = !config.url ? 'no server URL is set' : 'no API token is set';
    const hint = connection.isDefault ? 'Run "authentik: Connect…".' : 'Remove the connection and add it again with "authentik: Add Connection…".';
    const error = new ServiceError({ kind: 'auth', service: 'authentik', operation: 'connect', summary: connection.isDefault ? missing : `${connection.name}: ${missing}`, hint });
    return new ErrorNode(`${base}/incomplete`, undefined, error, undefined, signIn);
  }
  try {
    const [user, version] = await Promise.all([client.getCurrentUser(), client.getServerVersion().catch(() => undefined)]);
    return new AuthentikConnectionNode(config, client, user, version, view, connection.isDefault ? undefined : { id: connection.id, name: connection.name });
  } catch (error) {
    return new ErrorNode(`${base}/error`, undefined, named(error), undefined, signIn);
  }
}
