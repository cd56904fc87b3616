/**
 * UI tier runner (system Node): loads every out/test/ui/**\/*.ui.js, runs their `cases` one at a
 * time in one shared headless Chromium, and ends with "N passed, N failed".
 *
 *   node out/test/ui/run.js [filter]      (or UI_GREP=filter): runs the cases whose
 *                                         "<file> > <case name>" contains the filter text
 */
import * as fs from 'fs';
import * as path from 'path';
import { Browser } from 'playwright-core';
import { launchChromium, screenshotDir, UiCase, UiContext } from './harness';

function specFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? specFiles(path.join(dir, e.name)) : e.name.endsWith('.ui.js') ? [path.join(dir, e.name)] : []))
    .sort();
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000}s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function main(): Promise<number> {
  const filter = process.argv[2] ?? process.env.UI_GREP ?? '';
  const cases: { title: string; c: UiCase }[] = [];
  for (const file of specFiles(__dirname)) {
    const spec = require(file) as { cases?: UiCase[] }; // eslint-disable-line @typescript-eslint/no-require-imports -- a file found at run time
    if (!Array.isArray(spec.cases)) throw new Error(`${file} does not export "cases: UiCase[]"`);
    const rel = path.relative(__dirname, file).replace(/\.ui\.js$/, '');
    for (const c of spec.cases) {
      const title = `${rel} > ${c.name}`;
      if (title.includes(filter)) cases.push({ title, c });
    }
  }

  // A failure screenshot from an earlier run would read as a failure of this one.
  if (fs.existsSync(screenshotDir)) {
    for (const file of fs.readdirSync(screenshotDir).filter((f) => f.startsWith('FAILED-'))) fs.rmSync(path.join(screenshotDir, file));
  }
  let passed = 0;
  let failed = 0;
  let browser: Browser | undefined;
  for (const { title, c } of cases) {
    // Launched only when there is something to run, and again when a case left it dead (a
    // crashed or killed browser would otherwise fail every case after it).
    if (!browser?.isConnected()) browser = await launchChromium();
    const ctx = new UiContext(browser, c.name);
    const started = Date.now();
    let error: unknown;
    try {
      await withTimeout(c.run(ctx), c.timeoutMs ?? 120_000);
    } catch (e) {
      error = e;
    }
    const kept = await ctx.dispose(error !== undefined);
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    if (error === undefined) {
      passed++;
      console.log(`  ✔ ${title} (${secs}s)`);
    } else {
      failed++;
      console.log(`  ✘ ${title} (${secs}s)\n${indent(error instanceof Error ? (error.stack ?? error.message) : String(error))}`);
      for (const f of kept) console.log(`      kept: ${path.relative(process.cwd(), f) || f}`);
    }
  }
  await browser?.close();
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n');
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
