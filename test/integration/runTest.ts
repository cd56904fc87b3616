/**
 * Integration tier entry (system Node): runs out/test/integration/index.js inside the real
 * extension host of code-server, through @vscode/test-electron's runTests and the code shim.
 * The extension under test is the repo root, i.e. the webpack bundle in dist/.
 *
 *   node out/test/integration/runTest.js            (MOCHA_GREP=<regex> narrows the tests)
 *
 * Every variable of this process's environment reaches the extension host (the shim passes
 * its env to code-server); `extraEnv` below adds to it.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runTests } from '@vscode/test-electron';
import { copyWorkspace, repoRoot } from '../host/codeServer';

export async function runIntegration(extraEnv: Record<string, string> = {}): Promise<number> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-integration-'));
  const outputFile = path.join(tmp, 'mocha-output.txt');
  let code = 0;
  try {
    await runTests({
      vscodeExecutablePath: path.join(repoRoot, 'test/host/code-shim.js'),
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: path.join(__dirname, 'index.js'),
      // A fresh copy of test/workspace and fresh profile dirs: no state leaks between runs and
      // tests that write workspace settings leave the repo clean.
      launchArgs: [copyWorkspace(undefined, tmp), `--user-data-dir=${tmp}/user-data`, `--extensions-dir=${tmp}/extensions`],
      extensionTestsEnv: { ...extraEnv, MOCHA_OUTPUT_FILE: outputFile },
    });
  } catch (e) {
    console.error(`Integration run failed: ${e instanceof Error ? e.message : String(e)}`);
    code = 1;
  }
  // runTests prints "Exit code: N" after the report, so repeat the report's summary line as the
  // tier's last line. If the host never finished the run (crash, timeout) there is none: count
  // the broken run as one failure.
  const output = fs.existsSync(outputFile) ? fs.readFileSync(outputFile, 'utf8') : '';
  const summary = output.match(/^\d+ passed, \d+ failed$/gm)?.pop();
  console.log(summary ?? '0 passed, 1 failed');
  if (!summary) code = 1;
  fs.rmSync(tmp, { recursive: true, force: true });
  return code;
}

if (require.main === module) {
  void runIntegration().then((code) => process.exit(code));
}
