/**
 * `npm run bench`: every Node benchmark (out/test/bench/*.bench.js), then the in-editor ones.
 * Benchmarks print figures; they do not pass or fail on timing.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { runHostBench } from './runHostBench';

async function main(): Promise<number> {
  const only = process.argv[2] ?? '';
  let failed = 0;
  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.js') && f.includes(only))
    .sort();
  for (const file of files) {
    console.log(`\n== ${file.replace(/\.bench\.js$/, '')}`);
    const result = spawnSync(process.execPath, ['--expose-gc', path.join(__dirname, file)], { stdio: 'inherit' });
    if (result.status !== 0) failed++;
  }
  if (!only || 'host'.includes(only) || only === 'host') {
    console.log('\n== in the editor (code-server extension host)');
    failed += await runHostBench();
  }
  return failed > 0 ? 1 : 0;
}

void main().then((code) => process.exit(code));
