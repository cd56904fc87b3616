import * as assert from 'node:assert/strict';
import { summariseChart } from '../../../src/views/panels/chartSummary';
import { GridPosition, loadedAnnouncement, moveInGrid, sortAnnouncement } from '../../../src/views/panels/resultGrid';

/** The query results grid's keyboard, and the chart's text alternative (the pure parts). */
describe('query results panel: grid keys and the chart as text', () => {
  const size = { rows: 50, cols: 3, page: 10 };
  const move = (from: GridPosition, key: string, ctrl = false): GridPosition | undefined => moveInGrid(from, key, ctrl, size);

  it('arrow keys move between cells in both directions, the header row included, and stop at the edges', () => {
    assert.deepEqual(move({ row: -1, col: 0 }, 'ArrowDown'), { row: 0, col: 0 }, 'from a header into the first row');
    assert.deepEqual(move({ row: 0, col: 0 }, 'ArrowUp'), { row: -1, col: 0 }, 'back up to the header');
    assert.deepEqual(move({ row: -1, col: 0 }, 'ArrowUp'), { row: -1, col: 0 }, 'nothing above the header');
    assert.deepEqual(move({ row: 4, col: 1 }, 'ArrowRight'), { row: 4, col: 2 });
    assert.deepEqual(move({ row: 4, col: 2 }, 'ArrowRight'), { row: 4, col: 2 }, 'nothing right of the last column');
    assert.deepEqual(move({ row: 4, col: 0 }, 'ArrowLeft'), { row: 4, col: 0 });
    assert.deepEqual(move({ row: 49, col: 1 }, 'ArrowDown'), { row: 49, col: 1 }, 'nothing below the last row');
  });

  it('Home/End go along the row, Ctrl+Home/End to the corners, PgUp/PgDn a page', () => {
    assert.deepEqual(move({ row: 7, col: 2 }, 'Home'), { row: 7, col: 0 });
    assert.deepEqual(move({ row: 7, col: 0 }, 'End'), { row: 7, col: 2 });
    assert.deepEqual(move({ row: 7, col: 1 }, 'Home', true), { row: -1, col: 0 });
    assert.deepEqual(move({ row: 7, col: 1 }, 'End', true), { row: 49, col: 2 });
    assert.deepEqual(move({ row: 7, col: 1 }, 'PageDown'), { row: 17, col: 1 });
    assert.deepEqual(move({ row: 45, col: 1 }, 'PageDown'), { row: 49, col: 1 });
    assert.deepEqual(move({ row: 7, col: 1 }, 'PageUp'), { row: -1, col: 1 }, 'a page up from near the top is the header');
  });

  it('keys the grid does not use are left to the browser (Enter and Space press the sort button)', () => {
    for (const key of ['Enter', ' ', 'Tab', 'a', 'constructor']) assert.equal(move({ row: -1, col: 0 }, key), undefined, key);
  });

  it('an empty result has only its header row', () => {
    assert.deepEqual(moveInGrid({ row: -1, col: 1 }, 'ArrowDown', false, { rows: 0, cols: 2, page: 10 }), { row: -1, col: 1 });
    assert.deepEqual(moveInGrid({ row: -1, col: 1 }, 'End', true, { rows: 0, cols: 2, page: 10 }), { row: -1, col: 1 });
  });

  it('says what changed: the groups loaded, the new order', () => {
    assert.equal(loadedAnnouncement(12), '12 groups loaded');
    assert.equal(loadedAnnouncement(1), '1 group loaded');
    assert.equal(loadedAnnouncement(10000), '10,000 groups loaded');
    assert.equal(sortAnnouncement('COUNT', true), 'Sorted by COUNT, descending');
    assert.equal(sortAnnouncement('http.route', false), 'Sorted by http.route, ascending');
  });

  it('the chart’s text alternative carries its data: calculation, range, and each line’s lowest, highest and last value', () => {
    const chart = {
      times: [1000, 1060, 1120],
      calculations: ['COUNT', 'P99(duration_ms)'],
      lines: [
        { group: 'GET /a', calculation: 'COUNT', values: [3, null, 7] },
        { group: 'GET /b', calculation: 'COUNT', values: [null, null, null] },
        { group: 'GET /a', calculation: 'P99(duration_ms)', values: [120.5, 80, 95] },
      ],
    };
    const at = (t: number): string => `t${t}`;
    const count = summariseChart(chart, 'COUNT', at);
    assert.equal(count.label, 'COUNT over time, t1000 to t1120, 2 lines.');
    assert.deepEqual(count.series, [
      { group: 'GET /a', min: 3, max: 7, last: 7, points: 2 },
      { group: 'GET /b', min: null, max: null, last: null, points: 0 },
    ]);
    const p99 = summariseChart(chart, 'P99(duration_ms)', at);
    assert.equal(p99.label, 'P99(duration_ms) over time, t1000 to t1120, 1 line.');
    assert.deepEqual(p99.series, [{ group: 'GET /a', min: 80, max: 120.5, last: 95, points: 3 }]);
  });
});
