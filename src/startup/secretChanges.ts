import type * as vscode from 'vscode';

/**
 * A count in globalState of the changes this extension made to its secrets, in any window.
 * globalState is in memory when the extension starts, so a new window can compare it with the
 * count its remembered tree was written under at once, where reading the secrets themselves
 * is a round trip to a window that is busy drawing (docs/decisions/0002-start-up-and-first-items.md).
 * The count says nothing about any secret.
 */
const SECRET_CHANGES_KEY = 'opsConfig.secretChanges';

export function secretChanges(state: Pick<vscode.Memento, 'get'>): number {
  const value = state.get<unknown>(SECRET_CHANGES_KEY);
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : 0;
}

/** Counts one more change; SecretStore calls it after each store and delete. */
export function countSecretChange(state: Pick<vscode.Memento, 'get' | 'update'>): Thenable<void> {
  return state.update(SECRET_CHANGES_KEY, secretChanges(state) + 1);
}
