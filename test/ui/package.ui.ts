/**
 * The packaged extension, installed as the README tells users to: `npm run package` writes a
 * .vsix, code-server installs it with --install-extension (no link to the source tree), and it
 * works — its views, a record panel (the webview assets are in the package) and the JSON schema
 * of query files (also in the package).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { repoRoot } from '../host/codeServer';
import { HONEYCOMB_KEYS, startHoneycombStandIn } from '../servers/honeycomb';
import { UiCase, chooseFromContextMenu, openViewContainer, treeItem, webviewFrame } from './harness';

export const cases: UiCase[] = [
  {
    name: 'the .vsix from npm run package installs and works',
    timeoutMs: 240_000,
    async run(ctx) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-vsix-'));
      const standIn = await startHoneycombStandIn();
      try {
        const vsix = path.join(dir, 'ops-config-explorer.vsix');
        execFileSync('npx', ['vsce', 'package', '--no-dependencies', '--out', vsix], { cwd: repoRoot, stdio: 'pipe', timeout: 120_000 });
        const folder = path.join(dir, 'workspace');
        fs.mkdirSync(folder);
        fs.writeFileSync(path.join(folder, 'errors.honeycomb-query.json'), '{\n  "dataset": "api-gateway",\n  "query": { "calculations": [{ "op": "COUNT" }], "limitt": 5 }\n}\n');
        const { page } = await ctx.open({
          extension: vsix as `${string}.vsix`,
          folder,
          env: { HONEYCOMB_API_ENDPOINT: standIn.url, HONEYCOMB_API_KEY: HONEYCOMB_KEYS.production },
        });
        // The schema shipped in the package marks the misspelled field while the file is open.
        await page.locator('.monaco-workbench .part.statusbar').click({ position: { x: 2, y: 2 } });
        await page.keyboard.press('Control+P');
        await page.locator('.quick-input-widget input').fill('errors.honeycomb-query.json');
        await page.locator('.quick-input-list .monaco-list-row').first().waitFor();
        await page.keyboard.press('Enter');
        await page.locator('.monaco-editor .squiggly-error, .monaco-editor .squiggly-warning').first().waitFor({ timeout: 60_000 });
        await ctx.screenshot(page, 'package-installed-query-file');

        await openViewContainer(page, 'Ops Config');
        const connection = treeItem(page, /^Acme Observability/);
        await connection.waitFor({ timeout: 60_000 });
        await chooseFromContextMenu(page, connection, 'Open Record');
        await webviewFrame(page).locator('h1', { hasText: 'Acme Observability' }).waitFor({ timeout: 60_000 });
        await ctx.screenshot(page, 'package-installed-record');
      } finally {
        await standIn.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
