/**
 * The mocha runner that the extension host loads (the payload's extensionTestsPath): it runs
 * every out/test/integration/**\/*.test.js inside the real extension host, with the real
 * `vscode` API. Resolving means success; rejecting makes the host report exit code 1.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as util from 'util';
import Mocha from 'mocha';

export function run(): Promise<void> {
  // The extension host's console goes to the workbench log, not to a stdout, and console.log
  // cannot be reassigned there; so mocha's reporters print through this hook into a file that
  // the code shim streams to the terminal.
  Mocha.reporters.Base.consoleLog = (...args: unknown[]) => {
    const line = util.format(...args);
    console.log(line);
    if (process.env.MOCHA_OUTPUT_FILE) fs.appendFileSync(process.env.MOCHA_OUTPUT_FILE, line + '\n');
  };
  const root = path.resolve(__dirname, '../../..');
  const mocha = new Mocha({
    ui: 'bdd',
    timeout: 60_000,
    color: false,
    reporter: require(path.join(root, 'test/reporters/summary.js')), // eslint-disable-line @typescript-eslint/no-require-imports -- plain JS outside the compiled tree
    grep: process.env.MOCHA_GREP || undefined,
  });
  for (const file of testFiles(__dirname)) mocha.addFile(file);
  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
    } catch (e) {
      reject(e); // a test file that throws while loading
    }
  });
}

function testFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? testFiles(path.join(dir, e.name)) : e.name.endsWith('.test.js') ? [path.join(dir, e.name)] : []))
    .sort();
}
