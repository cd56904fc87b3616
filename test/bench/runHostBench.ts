/**
 * Runs the in-editor benchmarks: those of test/bench/host/ in a real extension host through the
 * same code shim as the integration tests, then start-up and first items against the baseline
 * extensions (startupAndFirstItems.ts), and prints their figures.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runTests } from '@vscode/test-electron';
import { copyWorkspace, repoRoot } from '../host/codeServer';

export async function runHostBench(env: Record<string, string> = {}): Promise<number> {
  const failed = await runInHost(env);
  try {
    console.log('\n== against baseline extensions (code-server in Chromium, a fresh window per round)');
    // Loaded only here: it installs the tree nodes' vscode shim in this process.
    const { runStartupAndFirstItems } = await import('./startupAndFirstItems');
    await runStartupAndFirstItems();
    return failed;
  } catch (error) {
    console.error(`start-up and first-items benchmarks failed: ${(error as Error).message}`);
    return 1;
  }
}

async function runInHost(env: Record<string, string>): Promise<number> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-hostbench-'));
  try {
    await runTests({
      vscodeExecutablePath: path.join(repoRoot, 'test/host/code-shim.js'),
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: path.join(__dirname, 'host', 'index.js'),
      launchArgs: [copyWorkspace(undefined, tmp), `--user-data-dir=${tmp}/user-data`, `--extensions-dir=${tmp}/extensions`],
      extensionTestsEnv: { ...env, MOCHA_OUTPUT_FILE: path.join(tmp, 'bench-output.txt') },
    });
    return 0;
  } catch (error) {
    console.error(`host benchmarks failed: ${(error as Error).message}`);
    return 1;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (require.main === module) {
  void runHostBench().then((code) => process.exit(code));
}
