/**
 * Loaded by the extension host instead of the mocha runner when benchmarks run in the real
 * editor: runs every out/test/bench/host/*.hostbench.js in turn and writes their figures to the
 * file the code shim streams to the terminal.
 */
import * as fs from 'fs';
import * as path from 'path';

export type Report = (line: string) => void;

export interface HostBench {
  run(report: Report): Promise<void>;
}

export async function run(): Promise<void> {
  const output = process.env.MOCHA_OUTPUT_FILE;
  const report: Report = (line) => {
    if (output) fs.appendFileSync(output, line + '\n');
  };
  const only = process.env.HOST_BENCH_GREP ?? '';
  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.hostbench.js') && f.includes(only))
    .sort();
  let failures = 0;
  for (const file of files) {
    report(`# ${file.replace(/\.hostbench\.js$/, '')}`);
    try {
      await (require(path.join(__dirname, file)) as HostBench).run(report); // eslint-disable-line @typescript-eslint/no-require-imports -- a file found at run time
    } catch (error) {
      failures++;
      report(`  FAILED: ${(error as Error).stack ?? String(error)}`);
    }
  }
  if (failures > 0) {
    throw new Error(`${failures} host benchmark(s) failed`);
  }
}
