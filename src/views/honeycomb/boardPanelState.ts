import type { PanelState } from '../panels/protocol';

/**
 * What an Open Board tab keeps for the next window (VS Code stores a webview's `setState` with the
 * window and hands it to the panel serializer after a reload): the tab's key, which names the
 * environment (slug) and the board (ID), and nothing else — never the board's panels, results or
 * any key — so the board is read and run again with the keys of the new window. Shared by the
 * webview (which saves it) and the extension (which restores from it). No `vscode` here.
 */
const PREFIX = 'honeycomb-board:';

/** The webview type of Open Board tabs (package.json activates on it, the start-up registers its serializer). */
export const BOARD_VIEW_TYPE = 'opsConfig.honeycombBoard';

export function boardPanelKey(env: string, id: string): string {
  return `${PREFIX}${env}/${id}`;
}

/** The state a board's tab saves: its key alone. */
export function boardPanelState(model: { key: string }): { key: string } {
  return { key: model.key };
}

/** The board a saved state names, or undefined when it names none (another panel's state, a damaged one). */
export function boardOfPanelState(state: unknown): { env: string; id: string } | undefined {
  const key = (state as Partial<PanelState> | undefined)?.key;
  if (typeof key !== 'string' || !key.startsWith(PREFIX)) return undefined;
  const match = /^([^/\s]+)\/([^/\s]+)$/.exec(key.slice(PREFIX.length));
  return match ? { env: match[1], id: match[2] } : undefined;
}
