import type * as vscode from 'vscode';
import type { ViewName } from '../views/viewIds';
import { currentHoneycombFingerprint, currentHoneycombQuickPrint } from '../views/honeycomb/rememberedConnection';
import type { SecretReads } from './connectionFingerprint';
import { RememberedRows, parseRememberedTree, rememberedRows } from './rememberedTree';
import { rememberedTreeKey } from './rememberedTrees';

/** How a view reads its connection's prints as they are in effect now (undefined: nothing to compare). */
interface CurrentPrints {
  quick(state: Pick<vscode.Memento, 'get'>): string | undefined;
  fingerprint(secrets: SecretReads): Promise<string | undefined>;
}

/** The views that remember their tree, and how each reads its connection now. */
const CURRENT: Partial<Record<ViewName, CurrentPrints>> = {
  honeycomb: { quick: currentHoneycombQuickPrint, fingerprint: currentHoneycombFingerprint },
};

/** Remembered rows that may be drawn, and whether the fingerprint confirms them. */
export interface CheckedRows extends RememberedRows {
  /** True when the connection's fingerprint is the tree's; false means the rows must go at once. */
  confirmed: Promise<boolean>;
}

/**
 * The remembered rows of each of `views` whose stored tree was read with the connection in
 * effect now; a chunk of its own, loaded only when some tree is stored (it reads the settings
 * and the keys as the connections do, which the start-up chunk has no need to carry).
 *
 * When the quick print agrees (nothing but settings and globalState: no round trip), the rows
 * are handed over at once and the fingerprint confirms them when the secrets have been read;
 * otherwise they are handed over only if the fingerprint agrees.
 */
export async function checkRememberedTrees(state: Pick<vscode.Memento, 'get'>, views: readonly ViewName[], secrets: SecretReads, live: Promise<void>): Promise<Map<ViewName, CheckedRows>> {
  const rows = new Map<ViewName, CheckedRows>();
  await Promise.all(
    views.map(async (name) => {
      const tree = parseRememberedTree(state.get(rememberedTreeKey(name)));
      const current = CURRENT[name];
      if (!tree || !current) return;
      // Another connection's tree (or nothing to compare with) is never drawn, or not for longer than the secrets take to read.
      const confirmed = current
        .fingerprint(secrets)
        .then((now) => now !== undefined && now === tree.fingerprint)
        .catch(() => false);
      const quick = tree.quick !== undefined && current.quick(state) === tree.quick;
      if (quick || (await confirmed)) rows.set(name, { ...rememberedRows(tree, live), confirmed });
    }),
  );
  return rows;
}
