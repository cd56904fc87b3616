import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

/**
 * The credential context keys are set when the features load, after start-up. A palette entry
 * that hid on one of them alone would be missing from the palette until a view or command loaded
 * the features; each must also show while `opsConfig.credentialsKnown` is unset.
 */
describe('Command palette entries before the features load', () => {
  const root = path.resolve(__dirname, '../../../..');
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { contributes: { menus: { commandPalette: Array<{ command: string; when?: string }> } } };
  const contextKeysSource = fs.readFileSync(path.join(root, 'src/contextKeys.ts'), 'utf8');
  const keysSetByFeatures = [...contextKeysSource.matchAll(/set\('([\w.]+)'/g)].map((m) => m[1]);

  it('finds the keys the features set', () => {
    assert.deepEqual(keysSetByFeatures.sort(), ['opsConfig.authentik.connected', 'opsConfig.authentik.hasAddedConnections', 'opsConfig.honeycomb.connected']);
    assert.match(contextKeysSource, /CREDENTIALS_KNOWN = 'opsConfig\.credentialsKnown'/);
  });

  it('shows every entry that depends on them until the credentials are known', () => {
    const dependent = manifest.contributes.menus.commandPalette.filter((entry) => keysSetByFeatures.some((key) => entry.when?.includes(key)));
    assert.ok(dependent.length >= 6, `expected the credential-dependent entries, found ${dependent.length}`);
    const hidden = dependent.filter((entry) => !entry.when!.split('||').some((alternative) => alternative.trim() === '!opsConfig.credentialsKnown'));
    assert.deepEqual(
      hidden.map((entry) => `${entry.command}: ${entry.when}`),
      [],
    );
  });
});
