import * as vscode from 'vscode';
import type { QueryProblem } from '../../../clients/honeycomb/querySpec';
import { Logger } from '../../../core/logger';
import { isCreatable, isEditable } from '../../../editing/editableKinds';
import { Address, Problem } from '../../../editing/kind';
import { Editing } from '../../../editing/register';
import { registerCommand } from '../../../ui/commandRunner';
import type { BoardPanels } from '../boardPanels';
import { HoneycombExplorer } from '../explorer';
import { boardKind, boardViewKind } from './board';
import { boardBackend, boardViewBackend } from './boardBackend';
import { BOARD_KIND_ID, BOARD_VIEW_KIND_ID } from './ids';

/**
 * Boards and board views on the editing mechanism, "New Board View…" on a board of the tree, and
 * Open Board (on a board of the tree, or on its open document). After any change to either kind
 * the environment's board lists are dropped (register.ts then redraws the view).
 */
export function registerBoardKinds(context: vscode.ExtensionContext, logger: Logger, editing: Editing, explorer: HoneycombExplorer): vscode.WebviewPanelSerializer {
  const api = async (address: Address) => (await explorer.requireClient(address.env)).api;
  const schema = (file: 'board' | 'board-view') => () =>
    (file === 'board'
      ? import(/* webpackChunkName: "schemas-honeycomb" */ '../../../../schemas/validation/honeycomb-board.schema.json')
      : import(/* webpackChunkName: "schemas-honeycomb" */ '../../../../schemas/validation/honeycomb-board-view.schema.json')
    ).then((m) => (m.default ?? m) as Record<string, unknown>);
  const rules = () => import(/* webpackChunkName: "honeycomb-edit" */ '../../../clients/honeycomb/boardRules');
  editing.kinds.register(boardKind({ backend: boardBackend(api), schema: schema('board'), rules: async (d) => (await rules()).boardProblems(d).map(asProblem) }));
  editing.kinds.register(boardViewKind({ backend: boardViewBackend(api), schema: schema('board-view'), rules: async (d) => (await rules()).boardViewProblems(d).map(asProblem) }));

  registerCommand(context, logger, 'opsConfig.honeycomb.newBoardView', async (node: unknown) => {
    const target = isCreatable(node) ? node.createTarget() : undefined;
    if (target?.kindId !== BOARD_VIEW_KIND_ID) throw new Error('Pick a board in the Honeycomb view.');
    await vscode.commands.executeCommand('opsConfig.newObject', target);
  });

  // The panels load with the first Open Board, beside the query features they draw with.
  let panels: Promise<BoardPanels> | undefined;
  const boardPanels = () =>
    (panels ??= import(/* webpackChunkName: "honeycomb-query-features" */ '../boardPanels').then(({ BoardPanels }) => {
      const created = new BoardPanels(context.extensionUri, explorer, logger);
      context.subscriptions.push(created);
      return created;
    }));
  registerCommand(context, logger, 'opsConfig.honeycomb.openBoard', async (arg: unknown) => {
    const address = boardAddressOf(editing, arg ?? vscode.window.activeTextEditor?.document.uri);
    if (!address) throw new Error('Pick a board in the Honeycomb view, or open a board’s document.');
    return (await boardPanels()).open(address.env, address.id);
  });

  context.subscriptions.push(
    editing.files.onDidChangeObject((change) => {
      if (change.kindId !== BOARD_KIND_ID && change.kindId !== BOARD_VIEW_KIND_ID) return;
      explorer.cache.deletePrefix(`${change.address.env}|boards`);
      explorer.cache.deletePrefix(`${change.address.env}|boardViews|`);
    }),
  );
  // A board's tab restored after a window reload (the start-up registers the view type).
  return { deserializeWebviewPanel: async (panel, state) => (await boardPanels()).serializer().deserializeWebviewPanel(panel, state) };
}

/** A board of the tree, a board document's URI, or `{ env, id }` (tests, other commands). */
function boardAddressOf(editing: Editing, arg: unknown): Address | undefined {
  if (isEditable(arg)) {
    const target = arg.editTarget();
    return target.kindId === BOARD_KIND_ID ? target.address : undefined;
  }
  if (arg instanceof vscode.Uri) {
    const target = editing.files.targetOf(arg);
    return target?.kind.id === BOARD_KIND_ID && target.address.id ? target.address : undefined;
  }
  const plain = arg as Address | undefined;
  return typeof plain?.env === 'string' && typeof plain.id === 'string' ? plain : undefined;
}

function asProblem(p: QueryProblem): Problem {
  return { path: p.path, message: p.message, severity: p.severity };
}
