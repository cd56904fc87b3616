import type * as vscode from 'vscode';
import type { ViewName } from '../views/viewIds';
import { currentHoneycombFingerprint } from '../views/honeycomb/rememberedConnection';
import type { SecretReads } from './connectionFingerprint';
import { RememberedRows, parseRememberedTree, rememberedRows } from './rememberedTree';
import { rememberedTreeKey } from './rememberedTrees';

/** The fingerprint of a view's connection as it is in effect now (undefined: nothing to compare). */
type CurrentFingerprint = (secrets: SecretReads) => Promise<string | undefined>;

/** The views that remember their tree, and how each reads its connection's fingerprint now. */
const CURRENT: Partial<Record<ViewName, CurrentFingerprint>> = { honeycomb: currentHoneycombFingerprint };

/**
 * The remembered rows of each of `views` whose stored tree was read with the connection in
 * effect now; a chunk of its own, loaded only when some tree is stored (it reads the settings
 * and the keys as the connections do, which the start-up chunk has no need to carry).
 */
export async function checkRememberedTrees(state: Pick<vscode.Memento, 'get'>, views: readonly ViewName[], secrets: SecretReads, live: Promise<void>): Promise<Map<ViewName, RememberedRows>> {
  const rows = new Map<ViewName, RememberedRows>();
  await Promise.all(
    views.map(async (name) => {
      const tree = parseRememberedTree(state.get(rememberedTreeKey(name)));
      const current = CURRENT[name];
      if (!tree || !current) return;
      const now = await current(secrets).catch(() => undefined);
      // Another connection's tree (or nothing to compare with) is never drawn.
      if (now !== undefined && now === tree.fingerprint) rows.set(name, rememberedRows(tree, live));
    }),
  );
  return rows;
}
