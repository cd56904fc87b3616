import * as assert from 'node:assert/strict';
import { legendValue } from '../../../src/views/panels/chartSummary';
import { DASHES, colourDifference, distinctColours, lineStyles, parseColour } from '../../../src/views/panels/lineStyles';

/** The results chart's lines told apart (colour, then dash), and the values its legend shows. */
describe('query results chart: line styles and legend values', () => {
  it('reads the colour forms themes and the canvas give', () => {
    assert.deepEqual(parseColour('#3794ff'), [0x37, 0x94, 0xff]);
    assert.deepEqual(parseColour('#fff'), [255, 255, 255]);
    assert.deepEqual(parseColour('#3794FFCC'), [0x37, 0x94, 0xff]);
    assert.deepEqual(parseColour('rgba(55, 148, 255, 0.5)'), [55, 148, 255]);
    assert.deepEqual(parseColour('rgb(1 2 3)'), [1, 2, 3]);
    assert.equal(parseColour('var(--x)'), undefined);
  });

  it('measures near twins as alike and a palette’s neighbours as different', () => {
    assert.ok(colourDifference([0x37, 0x94, 0xff], [0x3b, 0x8e, 0xea]) < 10, 'charts blue and terminal bright blue');
    assert.equal(distinctColours('#3794ff', '#3b8eea'), false);
    assert.equal(distinctColours('#3794ff', '#d18616'), true, 'blue and orange');
    assert.equal(distinctColours('#b180d7', '#bc3fbc'), true, 'purple and magenta');
    assert.equal(distinctColours('#d18616', '#cca700'), false, 'orange and dark yellow look alike on a chart');
    assert.equal(distinctColours('#ffffff', 'not a colour'), false, 'what cannot be read is not trusted to differ');
  });

  it('draws lines of distinct colours solid, and gives a line whose colour repeats a dash of its own', () => {
    const distinct = lineStyles(['#3794ff', '#d18616', '#89d185', '#f14c4c'], 4);
    assert.deepEqual(
      distinct.map((s) => s.dash),
      [[], [], [], []],
    );
    // A high-contrast theme that gives several chart colours one value.
    const repeated = lineStyles(['#ffffff', '#ffffff', '#ffffff', '#f38518'], 4);
    assert.deepEqual(
      repeated.map((s) => [s.colour, s.dash]),
      [
        ['#ffffff', DASHES[0]],
        ['#ffffff', DASHES[1]],
        ['#ffffff', DASHES[2]],
        ['#f38518', DASHES[0]],
      ],
    );
    const twins = lineStyles(['#3794ff', '#d18616', '#3b8eea'], 3);
    assert.deepEqual(twins[2].dash, DASHES[1], 'the second blue is dashed');
  });

  it('no two lines share a look, however many lines a small palette must carry', () => {
    const palette = ['#3794ff', '#d18616', '#89d185'];
    const styles = lineStyles(palette, 10);
    for (let i = 0; i < styles.length; i++) {
      for (let j = 0; j < i; j++) {
        assert.ok(distinctColours(styles[i].colour, styles[j].colour) || styles[i].dash !== styles[j].dash, `lines ${j} and ${i} look alike`);
      }
    }
  });

  it('the legend shows the last value until the cursor is over the chart, then the value under it', () => {
    const format = (v: number) => v.toFixed(1);
    assert.equal(legendValue(null, null, 42.25, format), '42.3', 'not hovering: the last value');
    assert.equal(legendValue(7, 3, 42.25, format), '7.0', 'hovering: the value at the cursor');
    assert.equal(legendValue(null, 3, 42.25, format), 'no data', 'a gap under the cursor');
    assert.equal(legendValue(null, null, null, format), 'no data', 'a line without values');
  });
});
