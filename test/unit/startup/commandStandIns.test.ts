import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { CommandTable } from '../../../src/startup/commandTable';
import { CommandManifest, commandsReachableBeforeFeatures } from '../../../src/startup/reachableCommands';

const root = path.resolve(__dirname, '../../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Required<CommandManifest>;

describe('Command stand-ins registered at start-up', () => {
  const small: CommandManifest = {
    contributes: {
      commands: ['a.palette', 'a.hidden', 'a.nodeOnly', 'a.title', 'a.key', 'a.welcome', 'a.lens'].map((command) => ({ command })),
      menus: {
        commandPalette: ['a.hidden', 'a.nodeOnly', 'a.title', 'a.key', 'a.welcome', 'a.lens'].map((command) => ({ command, when: 'false' })),
        'view/item/context': [{ command: 'a.nodeOnly' }, { command: 'a.hidden' }],
        'view/title': [{ command: 'a.title' }],
      },
      keybindings: [{ command: 'a.key' }],
      viewsWelcome: [{ contents: 'Start here: [Go](command:a.welcome?%22x%22) or [Settings](command:workbench.action.openSettings)' }],
    },
  };

  it('keeps the palette, view titles, keybindings, welcome links and what start-up names; leaves out tree-node-only commands', () => {
    const reachable = commandsReachableBeforeFeatures(small, ['a.lens']);
    assert.deepEqual([...reachable].sort(), ['a.key', 'a.lens', 'a.palette', 'a.title', 'a.welcome']);
  });

  it('refuses a start-up command the manifest does not declare', () => {
    assert.throws(() => commandsReachableBeforeFeatures(small, ['a.typo']), /a\.typo/);
  });

  it('registers fewer stand-ins than the manifest declares commands, and every visible palette entry among them', () => {
    const reachable = commandsReachableBeforeFeatures(manifest, []);
    const declared = manifest.contributes.commands!.map((c) => c.command);
    const hidden = new Set(manifest.contributes.menus!.commandPalette.filter((e) => e.when === 'false').map((e) => e.command));
    assert.ok(reachable.size < declared.length, `${reachable.size} of ${declared.length}`);
    assert.deepEqual(
      declared.filter((id) => !hidden.has(id) && !reachable.has(id)),
      [],
    );
    // Named by the views' welcome content, which shows before anything loads.
    assert.ok(reachable.has('opsConfig.honeycomb.setApiKey'));
    assert.ok(reachable.has('opsConfig.authentik.connect'));
  });

  it('runs a handler once taken, and only for a stand-in', () => {
    const table = new CommandTable(new Set(['a.palette']));
    assert.equal(
      table.take('a.nodeOnly', () => 1),
      undefined,
    );
    const taken = table.take('a.palette', () => 2);
    assert.ok(taken);
    assert.equal(table.handler('a.palette')?.(), 2);
    assert.throws(() => table.take('a.palette', () => 3), /twice/);
    assert.deepEqual(table.unfilled(), []);
    taken.dispose();
    assert.equal(table.handler('a.palette'), undefined);
    assert.deepEqual(table.unfilled(), ['a.palette']);
  });
});
