/**
 * The README's demo as a newcomer meets it: `npm run demo` starts code-server with the
 * extension connected to the stand-ins and a real registry, and prints a URL. Opening it shows
 * the Honeycomb and authentik data with no sign-in, and "Verify" on the demo manifest's first
 * image gives a verified report. (scripts/demo.sh installs and builds first; this runs the
 * already built out/scripts/demo.js the script ends with.)
 */
import { ChildProcess, spawn } from 'child_process';
import * as path from 'path';
import { Page } from 'playwright-core';
import { freePort, repoRoot } from '../host/codeServer';
import { UiCase, openViewContainer, openWorkbench, showOnlyView, treeItem, webviewFrame } from './harness';

interface RunningDemo {
  url: string;
  child: ChildProcess;
  output: () => string;
}

async function startDemo(): Promise<RunningDemo> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repoRoot, 'out/scripts/demo.js')], {
    env: { ...process.env, DEMO_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const url = /^\s*Open (http:\/\/127\.0\.0\.1:\d+\/\S*)/m.exec(output)?.[1];
    if (url) return { url, child, output: () => output };
    if (child.exitCode !== null) throw new Error(`the demo exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the demo printed no URL in 90 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Ctrl+C, as the README says; the demo must stop everything it started and exit 0. */
async function stopDemo(demo: RunningDemo): Promise<void> {
  if (demo.child.exitCode !== null) return;
  const exited = new Promise<number | null>((resolve) => demo.child.once('exit', (code) => resolve(code)));
  demo.child.kill('SIGINT');
  const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000))]);
  if (code === 'timeout') {
    demo.child.kill('SIGKILL');
    throw new Error('the demo did not stop within 30 s of Ctrl+C');
  }
  if (code !== 0) throw new Error(`the demo exited with ${code} on Ctrl+C:\n${demo.output()}`);
}

async function openDeployment(page: Page): Promise<void> {
  await page.locator('.monaco-workbench .part.statusbar').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.fill('k8s/deployment.yaml');
  await page.locator('.quick-input-list .monaco-list-row').first().waitFor();
  await input.press('Enter');
  await page
    .locator('.codelens-decoration a', { hasText: /^Verify$/ })
    .first()
    .waitFor({ timeout: 60_000 });
}

export const cases: UiCase[] = [
  {
    name: 'npm run demo: connected views with no sign-in, and a verified image from the demo manifest',
    timeoutMs: 240_000,
    async run(ctx) {
      const demo = await startDemo();
      try {
        const page = await ctx.newPage();
        await openWorkbench(page, demo.url);
        await openViewContainer(page, 'Ops Config');
        await treeItem(page, /^Acme Observability/).waitFor({ timeout: 60_000 });
        await treeItem(page, /as akadmin/).waitFor({ timeout: 60_000 });
        await ctx.screenshot(page, 'demo-views');

        await showOnlyView(page, 'authentik');
        await openDeployment(page);
        await page
          .locator('.codelens-decoration a', { hasText: /^Verify$/ })
          .first()
          .click();
        // The demo workspace has one policy file; if the extension asks which, take it.
        const pick = page.locator('.quick-input-list .monaco-list-row', { hasText: 'release-policy.yaml' }).first();
        if (await pick.isVisible({ timeout: 5000 }).catch(() => false)) await pick.click();
        const report = webviewFrame(page);
        await report.locator('#verdict', { hasText: 'Verified' }).waitFor({ timeout: 60_000 });
        await report.getByText('github-release-workflow').first().waitFor();
        await ctx.screenshot(page, 'demo-verified');
      } finally {
        await stopDemo(demo);
      }
    },
  },
];
