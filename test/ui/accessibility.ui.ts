/**
 * Accessibility of every panel kind, measured in the real editor: each panel is opened once and
 * audited in Dark Modern, Light Modern, Dark High Contrast and Light High Contrast (the theme is
 * switched in the same session) with axe-core's WCAG 2.1 A/AA and best-practice rules, run in
 * the webview's own frame, while a secondary button is focused and another hovered (the states
 * whose colours were wrong). In every theme the focus of every control, reached with Tab, must
 * be visible. Zero violations is the bar.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FrameLocator, Page } from 'playwright-core';
import publicGood from '../../src/clients/cosign/trust/trusted_root.public-good.json';
import { RegistryClient } from '../../src/clients/registry/client';
import { loadLegacyFixture, readLegacyFixture } from '../registry/fixtures';
import { keylessPolicy, pushTinyImage } from '../registry/images';
import { startRegistry } from '../registry/registryServer';
import { AUTHENTIK_TOKENS, startAuthentikStandIn } from '../servers/authentik';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../servers/honeycomb';
import { startMockSigstore, testIdentityToken } from '../sigstore/mockSigstore';
import { THEMES, Theme, checkFocusVisible, checkHoverContrast, describeViolations, frameOf, runAxe, switchTheme } from './accessibility';
import { UiCase, UiContext, chooseFromContextMenu, expandTreeItem, openViewContainer, runCommand, showOnlyView, treeItem, webviewFrame } from './harness';

/**
 * A dataset whose name hides a right-to-left override and whose name and slug run far past the
 * panel's width without a place to break (underscores), within the 255 characters Honeycomb allows.
 */
export const DISGUISED_DATASET = {
  name: `invoice\u202Efdp.exe_${'very_long_dataset_name_'.repeat(7)}end`,
  slug: `disguised_${'very_long_dataset_slug_'.repeat(7)}end`,
  description: 'A name with a bidirectional override, long enough to need wrapping.',
};

function addDisguisedDataset(standIn: HoneycombStandIn): void {
  const production = standIn.seed.content.production;
  if (!production) throw new Error('the stand-in has no production environment');
  const now = new Date().toISOString();
  production.datasets.push({ ...DISGUISED_DATASET, expand_json_depth: 0, delete_protected: false, created_at: now, last_written_at: now });
  production.columns[DISGUISED_DATASET.slug] = [];
  production.derivedColumns[DISGUISED_DATASET.slug] = [];
}

/**
 * Audits the visible webview in each theme (in the order given) and returns every problem found.
 * Before axe runs, the first secondary button is focused and the second hovered.
 */
async function auditPanel(page: Page, name: string, themes: readonly Theme[], screenshot: (theme: Theme) => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  const frame = webviewFrame(page);
  for (const theme of themes) {
    await switchTheme(page, theme, [frame]);
    const where = `${name} in ${theme.label}`;
    const focus = await checkFocusVisible(page, frame);
    if (process.env.A11Y_VERBOSE) console.log(`      ${where}: Tab reached ${focus.map((f) => f.control).join(' | ')}`);
    if (focus.length === 0) problems.push(`${where}: Tab reached no control`);
    for (const f of focus) if (f.problem) problems.push(`${where}: focused ${f.control}: ${f.problem}`);
    for (const f of await checkHoverContrast(page, frame)) if (f.problem) problems.push(`${where}: hovered ${f.control}: ${f.problem}`);
    await setInteractionStates(frame);
    problems.push(...describeViolations(where, await runAxe(frame)));
    await screenshot(theme);
  }
  return problems;
}

async function setInteractionStates(frame: FrameLocator): Promise<void> {
  const secondary = frame.locator('vscode-button[secondary]');
  const count = await secondary.count();
  if (count > 1) await secondary.nth(1).hover();
  if (count > 0) await secondary.nth(0).focus();
}

/** Two trusted roots as one: every log and authority of both. */
function mergedTrustRoot(a: object, b: object): Record<string, unknown> {
  const x = a as Record<string, unknown[] | undefined>;
  const y = b as Record<string, unknown[] | undefined>;
  const merged: Record<string, unknown> = { ...a };
  for (const field of ['tlogs', 'certificateAuthorities', 'ctlogs', 'timestampAuthorities']) merged[field] = [...(x[field] ?? []), ...(y[field] ?? [])];
  return merged;
}

function allThemes(reverse: boolean): Theme[] {
  return reverse ? [...THEMES].reverse() : [...THEMES];
}

function assertNone(problems: string[]): void {
  if (problems.length > 0) throw new Error(`${problems.length} accessibility problem(s):\n${problems.join('\n')}`);
}

async function openFile(page: Page, name: string): Promise<void> {
  await page.locator('.monaco-workbench .part.statusbar').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.fill(name);
  await page.locator('.quick-input-list .monaco-list-row').first().waitFor();
  await input.press('Enter');
  await page.locator('.tabs-container .tab', { hasText: name }).waitFor();
}

const LATENCY_QUERY = {
  dataset: 'api-gateway',
  query: { calculations: [{ op: 'P99', column: 'duration_ms' }, { op: 'COUNT' }], breakdowns: ['http.route'], orders: [{ op: 'COUNT', order: 'descending' }], time_range: 7200 },
};

export async function openQueryResult(page: Page): Promise<FrameLocator> {
  await openFile(page, 'latency.honeycomb-query.json');
  const lens = page.locator('.codelens-decoration a', { hasText: 'Run query' }).first();
  await lens.waitFor({ timeout: 60_000 });
  await lens.click();
  const frame = webviewFrame(page);
  await frame.locator('table.results tbody tr.row').first().waitFor({ timeout: 60_000 });
  await frame.locator('.chart canvas').first().waitFor();
  return frame;
}

/** A workspace with the query file, and the Honeycomb stand-in (with the disguised dataset). */
export async function withHoneycombWorkspace(ctx: UiContext, body: (page: Page) => Promise<void>): Promise<void> {
  const standIn = await startHoneycombStandIn({ hostileNames: true });
  addDisguisedDataset(standIn);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-ui-a11y-'));
  fs.writeFileSync(path.join(folder, 'latency.honeycomb-query.json'), `${JSON.stringify(LATENCY_QUERY, null, 2)}\n`);
  try {
    const { page } = await ctx.open({
      folder,
      env: {
        HONEYCOMB_API_ENDPOINT: standIn.url,
        HONEYCOMB_API_KEY: HONEYCOMB_KEYS.production,
        HONEYCOMB_KEY_ID: HONEYCOMB_KEYS.management.id,
        HONEYCOMB_KEY_SECRET: HONEYCOMB_KEYS.management.secret,
      },
    });
    await body(page);
    if (standIn.violations.length > 0) throw new Error(`stand-in violations: ${JSON.stringify(standIn.violations)}`);
  } finally {
    await standIn.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

export const cases: UiCase[] = [
  {
    name: 'Honeycomb record, SLO, board and query result panels: no axe violations and visible focus in four themes',
    timeoutMs: 540_000,
    async run(ctx) {
      await withHoneycombWorkspace(ctx, async (page) => {
        const problems: string[] = [];
        await openQueryResult(page);
        problems.push(
          ...(await auditPanel(page, 'Honeycomb query result', allThemes(false), async (theme) => {
            if (theme.short === 'light-hc') await ctx.screenshot(page, 'a11y-query-result-light-hc');
          })),
        );

        await openViewContainer(page, 'Ops Config');
        await showOnlyView(page, 'Honeycomb');
        await expandTreeItem(page, /^Production, production · API key/);
        await expandTreeItem(page, /^Datasets/);

        // A dataset record: its name carries a hidden override and is far too long for one line.
        await chooseFromContextMenu(page, treeItem(page, /^invoice\[U\+202E\]fdp\.exe/).first(), 'Open Record');
        const record = webviewFrame(page);
        const title = record.locator('h1#record-title');
        await title.waitFor();
        const shown = (await title.textContent()) ?? '';
        if (!shown.includes('invoice[U+202E]fdp.exe')) problems.push(`the record title hides its override: "${shown}"`);
        const overflow = await record.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth);
        if (overflow > 0) problems.push(`the record panel scrolls sideways by ${overflow}px: a long name does not wrap`);
        const tab = (await page.locator('.tabs-container .tab.active').textContent()) ?? '';
        if (!tab.includes('invoice[U+202E]fdp.exe')) problems.push(`the panel's tab hides the override: "${tab}"`);
        problems.push(...(await auditPanel(page, 'Honeycomb dataset record', allThemes(true), async () => {})));

        await expandTreeItem(page, /^SLOs \(all datasets\)/);
        await treeItem(page, /^Checkout success, 99\.5 %/)
          .first()
          .click();
        await webviewFrame(page).locator('h1', { hasText: 'Checkout success' }).waitFor();
        problems.push(
          ...(await auditPanel(page, 'Honeycomb SLO record', allThemes(false), async (theme) => {
            if (theme.short === 'light-hc') await ctx.screenshot(page, 'a11y-slo-record-light-hc');
          })),
        );

        // A board: charts drawn as results arrive, an SLO panel, a text panel, Cancel while queued.
        await expandTreeItem(page, /^Boards/);
        await chooseFromContextMenu(page, treeItem(page, /^Gateway overview/).first(), 'Open Board');
        const board = webviewFrame(page);
        await board.locator('h1', { hasText: 'Gateway overview' }).waitFor();
        await board.locator('.chart canvas').first().waitFor({ timeout: 60_000 });
        problems.push(
          ...(await auditPanel(page, 'Honeycomb board', allThemes(true), async (theme) => {
            if (theme.short === 'dark') await ctx.screenshot(page, 'honeycomb-board');
          })),
        );

        assertNone(problems);
      });
    },
  },
  {
    name: 'authentik record panel: no axe violations and visible focus in four themes',
    timeoutMs: 240_000,
    async run(ctx) {
      const standIn = await startAuthentikStandIn();
      try {
        const { page } = await ctx.open({ env: { AUTHENTIK_URL: standIn.url, AUTHENTIK_TOKEN: AUTHENTIK_TOKENS.admin } });
        await openViewContainer(page, 'Ops Config');
        await showOnlyView(page, 'authentik');
        await expandTreeItem(page, /^Flows/);
        await treeItem(page, /^default-authentication-flow/)
          .first()
          .click();
        await webviewFrame(page).locator('h1', { hasText: 'default-authentication-flow' }).waitFor();
        const problems = await auditPanel(page, 'authentik flow record', allThemes(false), async (theme) => {
          if (theme.short === 'light-hc') await ctx.screenshot(page, 'a11y-authentik-record-light-hc');
        });
        await expandTreeItem(page, /^Certificates/);
        await treeItem(page, /^Legacy partner IdP, expired/).click();
        await webviewFrame(page)
          .locator('.badge', { hasText: /^expired/ })
          .waitFor();
        problems.push(...(await auditPanel(page, 'authentik certificate record', allThemes(true), async () => {})));
        // A provider: references as a list of links, and a secret revealed with its Hide button.
        for (const open of [/^Certificates/, /^Flows/]) await treeItem(page, open).first().locator('.monaco-tl-twistie').click();
        await expandTreeItem(page, /^Providers/);
        await treeItem(page, /^GitLab/)
          .first()
          .click();
        const provider = webviewFrame(page);
        await provider.locator('h1', { hasText: 'GitLab' }).waitFor();
        await provider.locator('vscode-button[aria-label="Reveal Client secret"]').click();
        await provider.locator('vscode-button[aria-label="Hide Client secret"]').waitFor();
        problems.push(...(await auditPanel(page, 'authentik provider record with a revealed secret', allThemes(false), async () => {})));
        assertNone(problems);
        if (standIn.violations.length > 0) throw new Error(`stand-in violations: ${JSON.stringify(standIn.violations)}`);
      } finally {
        await standIn.stop();
      }
    },
  },
  {
    name: 'verification reports (passed, failed) and the signing report: no axe violations and visible focus in four themes',
    timeoutMs: 420_000,
    async run(ctx) {
      const [registry, sigstore] = await Promise.all([startRegistry(), startMockSigstore()]);
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-ui-a11y-sig-'));
      try {
        const client = new RegistryClient(registry.host);
        const fixture = readLegacyFixture('legacy-keyless-github-2026');
        await loadLegacyFixture(client, 'shop/web', fixture);
        const unsigned = await pushTinyImage(client, 'shop/proxy', '1.0', 'proxy');
        const layer = fixture.expected.layers[0];
        fs.writeFileSync(
          path.join(folder, 'policy.yaml'),
          keylessPolicy('shop-images', `${registry.host}/shop/**`, { issuer: layer.oidcIssuer as string, subject: layer.subjectAlternativeName as string }),
        );
        // One trust root for both: the public-good one (the fixture's signature) and the mock Sigstore's (what this test signs with).
        fs.writeFileSync(path.join(folder, 'trusted_root.json'), JSON.stringify(mergedTrustRoot(publicGood, sigstore.trustedRootJson as object)));
        fs.writeFileSync(
          path.join(folder, 'shop.yaml'),
          ['containers:', '  - name: web', `    image: ${registry.host}/shop/web@${fixture.imageDigest}`, '  - name: proxy', `    image: ${registry.host}/shop/proxy@${unsigned.digest}`, ''].join(
            '\n',
          ),
        );
        const { page } = await ctx.open({
          folder,
          env: { SIGSTORE_ID_TOKEN: testIdentityToken() },
          settings: {
            'opsConfig.signing.policyFile': path.join(folder, 'policy.yaml'),
            'opsConfig.signing.trustedRootFile': path.join(folder, 'trusted_root.json'),
            'opsConfig.signing.certificateAuthorityUrl': sigstore.url,
            'opsConfig.signing.transparencyLogUrl': sigstore.url,
          },
        });
        await openFile(page, 'shop.yaml');
        const verify = page.locator('.codelens-decoration a', { hasText: /^Verify$/ });
        await verify.first().waitFor({ timeout: 60_000 });

        await verify.nth(0).click();
        await webviewFrame(page).locator('#verdict', { hasText: 'Verified' }).waitFor({ timeout: 60_000 });
        const problems = await auditPanel(page, 'verification report (verified)', allThemes(false), async (theme) => {
          if (theme.short === 'light-hc') await ctx.screenshot(page, 'a11y-report-verified-light-hc');
        });

        await page.locator('.tabs-container .tab', { hasText: 'shop.yaml' }).click();
        await verify.nth(1).waitFor();
        await verify.nth(1).click();
        await webviewFrame(page).locator('#verdict', { hasText: 'Not verified' }).waitFor({ timeout: 60_000 });
        problems.push(
          ...(await auditPanel(page, 'verification report (not verified)', allThemes(true), async (theme) => {
            if (theme.short === 'light-hc') await ctx.screenshot(page, 'a11y-report-not-verified-light-hc');
          })),
        );

        // Signing the unsigned image (its line under the cursor); the policy then judges what was written.
        await page.locator('.tabs-container .tab', { hasText: 'shop.yaml' }).click();
        await page.locator('.view-line', { hasText: 'shop/proxy@' }).click();
        await runCommand(page, 'Image Signatures: Sign Image…');
        for (const answer of [/^legacy/, /^APPEND/, /Use SIGSTORE_ID_TOKEN from the environment/]) {
          const row = page.locator('.quick-input-list .monaco-list-row').filter({ hasText: answer }).first();
          await row.waitFor();
          await row.click();
        }
        await page.locator('.monaco-dialog-box').getByRole('button', { name: 'Sign', exact: true }).click();
        await webviewFrame(page).locator('#operation-title', { hasText: 'Signed' }).waitFor({ timeout: 60_000 });
        problems.push(
          ...(await auditPanel(page, 'signing report', allThemes(false), async (theme) => {
            if (theme.short === 'light-hc') await ctx.screenshot(page, 'a11y-signing-report-light-hc');
          })),
        );
        assertNone(problems);
      } finally {
        await Promise.all([registry.stop(), sigstore.stop()]);
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  },
];

/** What has the keyboard focus in the webview: tag, text, and for a grid cell its row and column. */
async function focused(frame: FrameLocator): Promise<{ tag: string; text: string; rowIndex: string | null; col: number; inGrid: boolean }> {
  return (await frameOf(frame)).evaluate<{ tag: string; text: string; rowIndex: string | null; col: number; inGrid: boolean }>(`(() => {
    const el = document.activeElement;
    const cell = el && el.closest('td, th');
    return {
      tag: el ? el.tagName.toLowerCase() : '',
      text: el ? (el.textContent || '').trim() : '',
      rowIndex: cell ? cell.parentElement.getAttribute('aria-rowindex') : null,
      col: cell ? cell.cellIndex : -1,
      inGrid: !!(el && el.closest('table.results')),
    };
  })()`);
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

async function announced(frame: FrameLocator, text: string | RegExp): Promise<void> {
  await frame.locator('#announcer', { hasText: text }).waitFor({ timeout: 5000 });
}

cases.push({
  name: 'the query results by keyboard: Tab reaches the sort headers, sorting is announced, arrows move between cells; the chart data as a table',
  timeoutMs: 240_000,
  async run(ctx) {
    await withHoneycombWorkspace(ctx, async (page) => {
      const frame = await openQueryResult(page);
      await frame.locator('#announcer', { hasText: /^\d+ groups loaded$/ }).waitFor({ timeout: 5000 });
      const regions = await frame.locator('[aria-live], [role=status], [role=alert]').count();
      check(regions === 1, `one status element announces changes (found ${regions} live regions)`);
      await switchTheme(page, THEMES[3], [frame]);

      // From the top of the panel, Tab until the grid: it is entered at the first column's sort header.
      const webview = await frameOf(frame);
      await webview.evaluate(`(() => { document.body.setAttribute('tabindex', '-1'); document.body.focus(); document.body.removeAttribute('tabindex'); })()`);
      let now = await focused(frame);
      for (let i = 0; i < 20 && !now.inGrid; i++) {
        await page.keyboard.press('Tab');
        now = await focused(frame);
        if (now.tag === 'select') await ctx.screenshot(page, 'a11y-focus-light-hc-select');
        if (now.tag === 'vscode-button' && now.text === 'Open as Query File') await ctx.screenshot(page, 'a11y-focus-light-hc-secondary-button');
      }
      check(now.inGrid && now.tag === 'button' && now.text === 'http.route' && now.rowIndex === '1', `Tab enters the grid at the first sort header (focus: ${JSON.stringify(now)})`);

      // Across the header row to COUNT; Enter sorts (numbers: largest first), Space reverses.
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      now = await focused(frame);
      check(now.text.startsWith('COUNT') && now.col === 2, `→ → reaches the COUNT header (focus: ${JSON.stringify(now)})`);
      const countHeader = frame.locator('table.results thead th').nth(2);
      await page.keyboard.press('Enter');
      check((await countHeader.getAttribute('aria-sort')) === 'descending', 'Enter sorts by COUNT, descending');
      await announced(frame, 'Sorted by COUNT, descending');
      const counts = (await frame.locator('table.results tbody tr.row td:nth-child(3)').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
      check(counts.length > 2 && counts.every((c, i) => i === 0 || counts[i - 1] >= c), `counts are in descending order: ${counts.join(', ')}`);
      await page.keyboard.press('Space');
      check((await countHeader.getAttribute('aria-sort')) === 'ascending', 'Space reverses the order');
      await announced(frame, 'Sorted by COUNT, ascending');

      // Down into the cells and around them.
      await page.keyboard.press('ArrowDown');
      now = await focused(frame);
      const smallest = Math.min(...counts);
      check(
        now.tag === 'td' && now.rowIndex === '2' && now.col === 2 && Number(now.text.replace(/,/g, '')) === smallest,
        `↓ moves to the first row’s COUNT cell, the smallest count ${smallest} (focus: ${JSON.stringify(now)})`,
      );
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      now = await focused(frame);
      check(now.tag === 'td' && now.rowIndex === '4' && now.col === 1, `← ↓ ↓ moves to the third row’s second cell (focus: ${JSON.stringify(now)})`);
      check((await frame.locator('tr.row.current').getAttribute('aria-rowindex')) === '4', 'the current row is highlighted');
      await ctx.screenshot(page, 'a11y-focus-light-hc-grid-cell');
      await page.keyboard.press('Home');
      now = await focused(frame);
      check(now.col === 0 && now.rowIndex === '4', `Home goes to the row’s first cell (focus: ${JSON.stringify(now)})`);
      await page.keyboard.press('Control+End');
      now = await focused(frame);
      const rowCount = await frame.locator('table.results').getAttribute('aria-rowcount');
      check(now.tag === 'td' && now.rowIndex === rowCount && now.col === 2, `Ctrl+End goes to the last cell (focus: ${JSON.stringify(now)}, ${rowCount} rows)`);
      await page.keyboard.press('Control+Home');
      now = await focused(frame);
      check(now.tag === 'button' && now.text === 'http.route', `Ctrl+Home goes back to the first header (focus: ${JSON.stringify(now)})`);

      // The grid is one Tab stop: Tab leaves it.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      now = await focused(frame);
      check(!now.inGrid, `Tab leaves the grid (focus: ${JSON.stringify(now)})`);
      await page.keyboard.press('Shift+Tab');
      now = await focused(frame);
      check(now.tag === 'td' && now.rowIndex === '2' && now.col === 0, `Shift+Tab comes back to the cell that was current (focus: ${JSON.stringify(now)})`);

      // The chart: its name carries what it shows; its data opens as a table by keyboard.
      const drawing = frame.locator('.chart [role=img]');
      const name = (await drawing.getAttribute('aria-label')) ?? '';
      check(/^P99\(duration_ms\) over time, .+ to .+, 10 lines\./.test(name), `the chart's name says what it shows: "${name}"`);
      check((await frame.locator('.chart .u-legend').evaluate((el) => !el.closest('[role=img]'))) === true, 'the legend is not inside the image');
      const toggle = frame.getByRole('button', { name: 'Show chart data as a table' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      const dataRows = frame.locator('#chart-data tbody tr');
      await dataRows.first().waitFor();
      check((await dataRows.count()) === 10, `the chart data lists its 10 lines (found ${await dataRows.count()})`);
      check((await frame.locator('button[aria-controls=chart-data]').getAttribute('aria-expanded')) === 'true', 'the toggle says the data is shown');
      const firstLine = await dataRows.first().locator('th, td').allTextContents();
      check(firstLine.length === 4 && firstLine.slice(1).every((v) => /^[\d,.]+$/.test(v)), `a line: group, lowest, highest, last (${firstLine.join(' | ')})`);
      await ctx.screenshot(page, 'a11y-query-chart-data-light-hc');
    });
  },
});
