import * as vscode from 'vscode';
import type { Logger } from '../../core/logger';
import { createPanels } from '../panels/api';
import type { PanelHandle, PanelHost } from '../panels/api';
import type { BoardViewModel } from '../panels/protocol';
import type { HoneycombExplorer } from './explorer';
import { BOARD_VIEW_TYPE, boardOfPanelState, boardPanelKey } from './boardPanelState';

/**
 * Open Board: one tab per board (opening it again shows the same tab), drawn by the query results
 * app (its chart and table, media/queryResult/board.ts). The board is read, its panels drawn at
 * once as they are known (text, then each SLO's budget, then each query's chart as its result
 * arrives), with "4 of 12 charts" and a Cancel button that stops the queue; closing the tab
 * cancels too. The running itself is src/queries/boardRun.ts.
 */
export class BoardPanels implements vscode.Disposable {
  private host?: PanelHost<BoardViewModel>;
  private readonly runs = new Map<string, AbortController>();
  /** The last run of each board, settled when every panel is drawn (tests and the benchmark wait on it). */
  readonly finished = new Map<string, Promise<void>>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly explorer: HoneycombExplorer,
    private readonly logger: Logger,
  ) {}

  static keyOf(env: string, id: string): string {
    return boardPanelKey(env, id);
  }

  async open(env: string, id: string): Promise<string> {
    const key = BoardPanels.keyOf(env, id);
    const host = this.panels();
    if (host.get(key)) {
      host.open(key);
      return key;
    }
    const prepared = await this.prepare(env, id, key);
    this.run(host.open(key, prepared.model), prepared);
    return key;
  }

  /** The serializer that brings a board's tab back after a window reload: the board is read and run again. */
  serializer(): vscode.WebviewPanelSerializer {
    return this.panels().serializer();
  }

  /** A restored tab (only its saved key survived the reload): the board read again, its runs started once it is drawn. */
  private async restore(key: string): Promise<BoardViewModel> {
    const board = boardOfPanelState({ key });
    if (!board) throw new Error('This tab does not name a board: use Open Board on it in the Honeycomb view.');
    const prepared = await this.prepare(board.env, board.id, key);
    const handle = this.host?.get(key);
    // After the model is drawn (the host shows it when this returns), so each result lands on a drawn panel.
    if (handle) setTimeout(() => this.run(handle, prepared), 0);
    return prepared.model;
  }

  private async prepare(env: string, id: string, key: string) {
    const [{ boardWrites }, { boardViewModel, runBoard }] = await Promise.all([
      import(/* webpackChunkName: "honeycomb-writes" */ '../../clients/honeycomb/boardWrites'),
      // With the query features (the results model and its helpers are there already).
      import(/* webpackChunkName: "honeycomb-query-features" */ '../../queries/boardRun'),
    ]);
    const client = await this.explorer.requireClient(env);
    const environmentName = (await this.explorer.envContext(env)).envName || env;
    const board = await boardWrites.get(client.api, id);
    return { env, key, client, board, environmentName, runBoard, model: boardViewModel(key, board, environmentName) };
  }

  private run(handle: PanelHandle<BoardViewModel>, prepared: Awaited<ReturnType<BoardPanels['prepare']>>): void {
    const { key, client, board, model, env, environmentName, runBoard } = prepared;
    const controller = new AbortController();
    this.runs.set(key, controller);
    handle.panel.onDidDispose(() => controller.abort());
    const run = runBoard(client.api, board, model, {
      signal: controller.signal,
      env,
      environmentName,
      // The model is updated in place: a tab shown again is drawn from it whole.
      onPanel: (panel, progress) => handle.post({ type: 'boardPanel', panel, progress }),
    }).finally(() => {
      if (this.runs.get(key) === controller) this.runs.delete(key);
      this.logger.info(`Board "${model.title}": ${model.progress.done} of ${model.progress.total} query panels done${controller.signal.aborted ? ' (cancelled)' : ''}.`);
    });
    this.finished.set(key, run);
  }

  /** Messages a board's tab was sent (integration tests read them). */
  sentTo(key: string) {
    return this.host?.sentTo(key) ?? [];
  }

  dispose(): void {
    for (const controller of this.runs.values()) controller.abort();
    this.host?.dispose();
  }

  private panels(): PanelHost<BoardViewModel> {
    this.host ??= createPanels<BoardViewModel>(
      this.extensionUri,
      {
        viewType: BOARD_VIEW_TYPE,
        script: 'queryResult.js',
        load: (key) => this.restore(key),
        title: (model) => `Board: ${model.title}`,
        onAction: async (key, action) => {
          if (action === 'cancel') this.runs.get(key)?.abort();
        },
      },
      this.logger,
    );
    return this.host;
  }
}
