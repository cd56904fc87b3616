import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

/**
 * Prettier breaks code at printWidth but cannot break a long string, template or comment, so such
 * a line passes `npm run format:check` at any length. This keeps them within the width too.
 */
describe('Line width', () => {
  const root = path.resolve(__dirname, '../../../..');
  const { printWidth } = JSON.parse(fs.readFileSync(path.join(root, '.prettierrc.json'), 'utf8')) as { printWidth: number };
  // What Prettier leaves alone (the generated authentik types) is left alone here as well.
  const ignored = fs
    .readFileSync(path.join(root, '.prettierignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

  /** The files `npm run format` covers: code under these folders, and the root's own scripts. */
  function formattedFiles(): string[] {
    const code = /\.(ts|js|mjs)$/;
    const found = fs.readdirSync(root).filter((name) => /\.(js|mjs)$/.test(name) && fs.statSync(path.join(root, name)).isFile());
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const relative = `${dir}/${entry.name}`;
        if (entry.name === 'node_modules' || ignored.some((prefix) => `${relative}/`.startsWith(prefix))) continue;
        if (entry.isDirectory()) walk(relative);
        else if (code.test(entry.name)) found.push(relative);
      }
    };
    for (const dir of ['src', 'test', 'media', 'scripts', 'bin']) walk(dir);
    return found;
  }

  it(`has no line longer than the formatter's width`, () => {
    const files = formattedFiles();
    assert.ok(files.includes('src/extension.ts') && files.includes('test/unit/project/lineWidth.test.ts'), 'the walk finds the sources');
    const tooLong: string[] = [];
    for (const file of files) {
      fs.readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          // Characters, not bytes: "…" or "→" is one column to Prettier.
          const width = [...line].length;
          if (width > printWidth) tooLong.push(`${file}:${index + 1} (${width} characters)`);
        });
    }
    assert.deepEqual(tooLong, [], `lines longer than printWidth ${printWidth} in .prettierrc.json; split the string, template or comment`);
  });
});
