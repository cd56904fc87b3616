import type { HoneycombConnection } from '../../connections/honeycombConnection';
import { configProblem } from '../configErrors';
import { ErrorNode } from '../tree/messageNodes';
import { RefreshTarget, TreeNode } from '../tree/node';
import { HoneycombConnectionNode } from './connectionNode';
import { HoneycombExplorer } from './explorer';

/**
 * The Honeycomb view's roots. Nothing without credentials (the welcome content shows instead);
 * otherwise one request says what the keys reach (`/1/auth`, or `/2/auth` with only a
 * management key). The root is expanded, so opening the view also lists the team's environments
 * when there is a management key: two requests in all, the second sent as soon as the first has
 * answered. Building the roots again (view Refresh, a key changed) forgets every cached list.
 */
export async function honeycombRoots(connection: Pick<HoneycombConnection, 'hasCredentials' | 'config'>, explorer: HoneycombExplorer, view: RefreshTarget): Promise<TreeNode[]> {
  if (!(await connection.hasCredentials())) {
    return [];
  }
  explorer.reset();
  try {
    await connection.config();
  } catch (error) {
    return [new ErrorNode('honeycomb/config-error', undefined, configProblem('Honeycomb', error), undefined)];
  }
  try {
    const session = await explorer.start();
    const root = new HoneycombConnectionNode(explorer, session, view);
    // The root is drawn expanded, so the editor asks for its children as soon as it has drawn
    // it. Starting them now (the same requests) saves the user that round trip to the editor
    // before the environments' request leaves. A failure shows as the root's error nodes.
    void root.getChildren().catch(() => undefined);
    return [root];
  } catch (error) {
    const config = await connection.config();
    const signIn = config.apiKey ? 'opsConfig.honeycomb.setApiKey' : 'opsConfig.honeycomb.setManagementKey';
    return [new ErrorNode('honeycomb/error', undefined, error, undefined, signIn)];
  }
}
