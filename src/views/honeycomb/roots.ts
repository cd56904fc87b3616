import { HoneycombConnection } from '../../connections/honeycombConnection';
import { configProblem } from '../configErrors';
import { ErrorNode } from '../tree/messageNodes';
import { RefreshTarget, TreeNode } from '../tree/node';
import { HoneycombConnectionNode } from './connectionNode';

/**
 * The Honeycomb view's roots. Nothing without credentials (the welcome content shows instead);
 * otherwise one request per configured key (`/1/auth`, `/2/auth`) to say what the keys reach.
 */
export async function honeycombRoots(connection: HoneycombConnection, view: RefreshTarget): Promise<TreeNode[]> {
  if (!(await connection.hasCredentials())) {
    return [];
  }
  let config;
  try {
    config = await connection.config();
  } catch (error) {
    return [new ErrorNode('honeycomb/config-error', undefined, configProblem('Honeycomb', error), undefined)];
  }
  const client = (await connection.client())!;
  const [auth, management] = await Promise.allSettled([
    config.apiKey ? client.getAuthMetadata() : Promise.resolve(undefined),
    config.managementKey ? client.getManagementKeyInfo() : Promise.resolve(undefined),
  ]);
  const failures: Array<{ error: unknown; signIn: string }> = [];
  if (auth.status === 'rejected') failures.push({ error: auth.reason, signIn: 'opsConfig.honeycomb.setApiKey' });
  if (management.status === 'rejected') failures.push({ error: management.reason, signIn: 'opsConfig.honeycomb.setManagementKey' });
  const authValue = auth.status === 'fulfilled' ? auth.value : undefined;
  const managementValue = management.status === 'fulfilled' ? management.value : undefined;
  if (!authValue && !managementValue) {
    return failures.map((failure, index) => new ErrorNode(`honeycomb/error-${index}`, undefined, failure.error, undefined, failure.signIn));
  }
  return [new HoneycombConnectionNode(config, client, authValue, managementValue, failures, view)];
}
