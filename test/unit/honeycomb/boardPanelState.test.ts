import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { boardViewModel } from '../../../src/queries/boardRun';
import { BOARD_VIEW_TYPE, boardOfPanelState, boardPanelKey, boardPanelState } from '../../../src/views/honeycomb/boardPanelState';

/**
 * An Open Board tab after a window reload: what the tab saves (its key alone: the environment and
 * the board, no panel, result or key), the board the extension reads back from it (and nothing
 * from another panel's state or a damaged one), and the activation VS Code needs to hand the tab
 * to the serializer at all.
 */
describe('Open Board: the state a tab is restored from', () => {
  const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
  const boards = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'real-objects', 'honeycomb', 'boards.json'), 'utf8')) as Array<{ object: Record<string, unknown> }>;

  it('saves the key alone: no panel, text, query or secret of the board goes into the window state', () => {
    const board: Record<string, unknown> = { ...boards[0].object, description: 'webhook secret FakeSecret-do-not-store' };
    const model = boardViewModel(boardPanelKey('production', String(board.id)), board, 'Production');
    assert.ok(model.panels.length > 0, 'a board with panels');
    const state = boardPanelState(model);
    assert.deepEqual(state, { key: `honeycomb-board:production/${String(board.id)}` });
    assert.ok(!JSON.stringify(state).includes('FakeSecret'));
  });

  it('restores the board its key names, and nothing from another panel’s state or a damaged one', () => {
    assert.deepEqual(boardOfPanelState(boardPanelState({ key: boardPanelKey('production', 'aBcD123') })), { env: 'production', id: 'aBcD123' });
    for (const state of [
      undefined,
      null,
      {},
      { key: 7 },
      { key: 'honeycomb:connection' },
      { key: 'query-result:production/x' },
      { key: 'honeycomb-board:production' },
      { key: 'honeycomb-board:a/b/c' },
      { key: 'honeycomb-board:/x' },
    ]) {
      assert.equal(boardOfPanelState(state), undefined, JSON.stringify(state));
    }
  });

  it('the extension activates for a restored board tab (VS Code restores a webview only for a view type it activates on)', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { activationEvents: string[] };
    assert.ok(manifest.activationEvents.includes(`onWebviewPanel:${BOARD_VIEW_TYPE}`));
    const shells = fs.readFileSync(path.join(ROOT, 'src', 'startup', 'shells.ts'), 'utf8');
    assert.match(shells, new RegExp(`PANEL_VIEW_TYPES = \\[[^\\]]*'${BOARD_VIEW_TYPE.replace('.', '\\.')}'`), 'a serializer is registered for it at start-up');
  });
});
