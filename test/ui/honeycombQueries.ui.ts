/**
 * Honeycomb queries as a user sees them: a query file with its "Run query" CodeLens, the
 * results panel (chart and table; sorting by a header, moving through cells with the keyboard,
 * the chart drawn again in the colours of a light theme; the legend's values, lines told apart in
 * four themes, Copy confirmed, Re-run in the same tab), and a query file with a problem
 * underlined and explained. Connects through HONEYCOMB_API_ENDPOINT and HONEYCOMB_API_KEY.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FrameLocator, Page } from 'playwright-core';
import { distinctColours } from '../../src/views/panels/lineStyles';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../servers/honeycomb';
import { THEMES, switchTheme } from './accessibility';
import { openQueryResult } from './accessibility.ui';
import { UiCase, UiContext, runCommand, webviewFrame } from './harness';

const LATENCY = {
  dataset: 'api-gateway',
  query: {
    calculations: [{ op: 'P99', column: 'duration_ms' }, { op: 'COUNT' }],
    breakdowns: ['http.route'],
    orders: [{ op: 'P99', column: 'duration_ms', order: 'descending' }],
    time_range: 7200,
  },
};

const BAD_GRANULARITY = {
  dataset: 'payments',
  query: { calculations: [{ op: 'COUNT' }], breakdowns: ['payment.provider'], time_range: 7200, granularity: 3 },
};

async function withQueries(ctx: UiContext, body: (page: Page, standIn: HoneycombStandIn) => Promise<void>): Promise<void> {
  const standIn = await startHoneycombStandIn();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-ui-queries-'));
  fs.writeFileSync(path.join(folder, 'latency.honeycomb-query.json'), `${JSON.stringify(LATENCY, null, 2)}\n`);
  fs.writeFileSync(path.join(folder, 'bad-granularity.honeycomb-query.json'), `${JSON.stringify(BAD_GRANULARITY, null, 2)}\n`);
  try {
    const { page } = await ctx.open({ folder, env: { HONEYCOMB_API_ENDPOINT: standIn.url, HONEYCOMB_API_KEY: HONEYCOMB_KEYS.production } });
    await body(page, standIn);
    if (standIn.violations.length > 0) throw new Error(`stand-in violations: ${JSON.stringify(standIn.violations)}`);
  } finally {
    await standIn.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
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

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** Each line of the chart as its legend draws it: colour and dash of the marker, and the value shown. */
async function legendLines(frame: FrameLocator): Promise<Array<{ group: string; colour: string; dash: string; value: string }>> {
  const rows = frame.locator('.u-legend .u-series');
  const lines = [];
  for (let i = 1; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const line = row.locator('.u-marker line');
    const drawn = (await line.count()) > 0;
    lines.push({
      group: ((await row.locator('.u-label').textContent()) ?? '').trim(),
      colour: drawn ? ((await line.getAttribute('stroke')) ?? '') : ((await row.locator('.u-marker').getAttribute('style')) ?? ''),
      dash: drawn ? ((await line.getAttribute('stroke-dasharray')) ?? '') : '',
      value: ((await row.locator('.u-value').textContent()) ?? '').trim(),
    });
  }
  return lines;
}

/** Pairs of lines a reader could not tell apart: colours alike and the same dash. */
function alike(lines: Array<{ group: string; colour: string; dash: string }>): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    for (let j = 0; j < i; j++) {
      if (!distinctColours(lines[i].colour, lines[j].colour) && lines[i].dash === lines[j].dash)
        pairs.push(`"${lines[j].group}" and "${lines[i].group}" (${lines[j].colour} ~ ${lines[i].colour}, dash "${lines[i].dash}")`);
    }
  }
  return pairs;
}

export const cases: UiCase[] = [
  {
    name: 'runs a query file from its CodeLens and shows the chart and a sortable, keyboard-navigable table',
    timeoutMs: 240_000,
    async run(ctx) {
      await withQueries(ctx, async (page, standIn) => {
        await openFile(page, 'latency.honeycomb-query.json');
        const lens = page.locator('.codelens-decoration a', { hasText: 'Run query' }).first();
        await lens.waitFor({ timeout: 60_000 });
        await page.locator('.codelens-decoration', { hasText: 'P99(duration_ms), COUNT on api-gateway' }).first().waitFor();
        await ctx.screenshot(page, 'honeycomb-query-file-codelens');
        await lens.click();

        const frame = webviewFrame(page);
        await frame.locator('h1#result-title', { hasText: 'P99(duration_ms), COUNT by http.route' }).waitFor({ timeout: 60_000 });
        const rows = frame.locator('table.results tbody tr.row');
        await rows.first().waitFor();
        await frame.locator('.chart canvas').first().waitFor();
        const legend = await frame.locator('.u-legend .u-series').count();
        check(legend === 11, `the legend lists 10 groups and the time axis (found ${legend} entries)`);
        const headers = await frame.locator('table.results thead th').allTextContents();
        check(headers.join('|') === 'http.route|P99(duration_ms)|COUNT', `columns are ${headers.join('|')}`);
        await ctx.screenshot(page, 'honeycomb-query-results');

        // Sort by COUNT: the header says so and the first row has the largest count.
        const countHeader = frame.locator('table.results thead th').nth(2);
        await countHeader.locator('button').click();
        check((await countHeader.getAttribute('aria-sort')) === 'descending', 'COUNT sorts descending first');
        const counts = (await frame.locator('table.results tbody tr.row td:nth-child(3)').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
        check(
          counts.every((c, i) => i === 0 || counts[i - 1] >= c),
          `counts are in descending order: ${counts.join(', ')}`,
        );
        await countHeader.locator('button').press('Enter');
        check((await countHeader.getAttribute('aria-sort')) === 'ascending', 'Enter on the header reverses the order');

        // Keyboard (a grid: accessibility.ui.ts tests it key by key): from the header, three ↓ reach the third row.
        for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
        const current = frame.locator('table.results td:focus');
        check((await current.locator('xpath=..').getAttribute('aria-rowindex')) === '4', 'the third row’s cell has the focus');
        check((await frame.locator('tr.row.current').getAttribute('aria-rowindex')) === '4', 'and its row is highlighted');
        await ctx.screenshot(page, 'honeycomb-query-results-sorted');

        // A light theme: the chart is drawn again in its colours.
        const marker = frame.locator('.u-legend .u-series').nth(1).locator('.u-marker line');
        const darkColour = await marker.evaluate((el) => el.getAttribute('stroke') ?? '');
        await runCommand(page, 'Preferences: Color Theme');
        const input = page.locator('.quick-input-widget input');
        await input.fill('Light Modern');
        await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Light Modern' }).first().click();
        await page.locator('.monaco-workbench.vs').waitFor();
        let lightColour = darkColour;
        for (let i = 0; i < 50 && lightColour === darkColour; i++) {
          await page.waitForTimeout(100);
          lightColour = await marker.evaluate((el) => el.getAttribute('stroke') ?? '');
        }
        check(lightColour !== darkColour, `the first line changed colour with the theme (${darkColour} → ${lightColour})`);
        await ctx.screenshot(page, 'honeycomb-query-results-light');

        // The panel survives a window reload: it comes back with its rows, read again from Honeycomb.
        const requestsBefore = standIn.requests.length;
        await runCommand(page, 'Developer: Reload Window');
        await page.waitForLoadState('load');
        await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
        const restored = webviewFrame(page);
        await restored.locator('h1#result-title', { hasText: 'P99(duration_ms), COUNT by http.route' }).waitFor({ timeout: 60_000 });
        await restored.locator('table.results tbody tr.row').first().waitFor();
        const restoredRows = await restored.locator('table.results tbody tr.row').count();
        check(restoredRows > 0, 'the restored panel shows rows');
        check(
          standIn.requests.slice(requestsBefore).some((r) => r.path.startsWith('/1/query_results/')),
          'the restored panel read its result again',
        );
        await ctx.screenshot(page, 'honeycomb-query-results-after-reload');
      });
    },
  },
  {
    name: 'the results panel: the legend shows values, lines are told apart in four themes, Copy says what it copied, Re-run keeps the tab',
    timeoutMs: 300_000,
    async run(ctx) {
      await withQueries(ctx, async (page, standIn) => {
        const problems: string[] = [];
        const frame = await openQueryResult(page);

        // Before any hover: every line's last value, the one the chart data table lists as "Last".
        const timeValue = ((await frame.locator('.u-legend .u-series').first().locator('.u-value').textContent()) ?? '').trim();
        if (timeValue !== 'latest') problems.push(`the legend's time says "${timeValue}" before any hover, not "latest"`);
        const shown = await legendLines(frame);
        await frame.getByRole('button', { name: 'Show chart data as a table' }).click();
        const table = frame.locator('#chart-data tbody tr');
        await table.first().waitFor();
        const lastValues = new Map<string, string>();
        for (let i = 0; i < (await table.count()); i++) {
          const cells = await table.nth(i).locator('th, td').allTextContents();
          lastValues.set(cells[0].trim(), cells[3].trim());
        }
        for (const line of shown) {
          if (line.value !== lastValues.get(line.group)) problems.push(`the legend shows "${line.value}" for "${line.group}" before any hover; its last value is "${lastValues.get(line.group)}"`);
        }
        // Over the chart: the values under the cursor, and the time they are at.
        const over = frame.locator('.chart .u-over');
        const box = await over.boundingBox();
        if (box) await over.hover({ position: { x: box.width / 3, y: box.height / 2 } });
        const hoveredTime = ((await frame.locator('.u-legend .u-series').first().locator('.u-value').textContent()) ?? '').trim();
        if (hoveredTime === 'latest' || hoveredTime === '--') problems.push(`the legend's time says "${hoveredTime}" with the cursor over the chart`);
        const hovered = await legendLines(frame);
        if (!hovered.every((l) => /^[\d,.]+$|^no data$/.test(l.value))) problems.push(`under the cursor the legend shows ${hovered.map((l) => l.value).join(', ')}`);
        await page.mouse.move(0, 0);

        // In each theme, no two lines look alike.
        for (const theme of THEMES) {
          await switchTheme(page, theme, [frame]);
          await page.waitForTimeout(300);
          for (const pair of alike(await legendLines(frame))) problems.push(`${theme.label}: lines ${pair} look alike`);
          if (theme.short === 'dark-hc') await ctx.screenshot(page, 'honeycomb-query-chart-dark-hc');
        }

        // Copy as CSV: the status bar says what was copied.
        const groups = await frame.locator('table.results tbody tr.row').count();
        const heading = ((await frame.locator('#results-heading').textContent()) ?? '').match(/\(([\d,]+) group/)?.[1] ?? String(groups);
        await frame.locator('vscode-button[data-action=copyCsv]').click();
        const confirmation = page.locator('.statusbar-item', { hasText: `Copied ${heading} rows as CSV` });
        await confirmation
          .first()
          .waitFor({ timeout: 10_000 })
          .catch(() => problems.push(`Copy as CSV: no "Copied ${heading} rows as CSV" in the status bar`));

        // Re-run: the panel runs the query again and stays one tab.
        const resultTabs = () => page.locator('.tabs-container .tab', { hasText: 'P99(duration_ms)' }).count();
        const tabsBefore = await resultTabs();
        const runsBefore = standIn.requests.filter((r) => r.path.startsWith('/1/query_results/') && r.method === 'POST').length;
        await frame.locator('vscode-button[data-action=rerun]').click();
        for (let i = 0; i < 300 && standIn.requests.filter((r) => r.path.startsWith('/1/query_results/') && r.method === 'POST').length === runsBefore; i++) await page.waitForTimeout(100);
        await webviewFrame(page).locator('table.results tbody tr.row').first().waitFor({ timeout: 60_000 });
        await page.waitForTimeout(500);
        const tabsAfter = await resultTabs();
        if (tabsAfter !== tabsBefore) problems.push(`Re-run opened another tab (${tabsBefore} → ${tabsAfter} result tabs)`);

        if (problems.length > 0) throw new Error(`${problems.length} problem(s):\n${problems.join('\n')}`);
      });
    },
  },
  {
    name: 'underlines a bad granularity in a query file and explains it',
    timeoutMs: 180_000,
    async run(ctx) {
      await withQueries(ctx, async (page, standIn) => {
        await openFile(page, 'bad-granularity.honeycomb-query.json');
        const squiggle = page.locator('.monaco-editor .squiggly-error').first();
        await squiggle.waitFor({ timeout: 60_000 });
        await page.locator('.codelens-decoration', { hasText: '1 problem to fix first' }).first().waitFor();
        await squiggle.hover({ force: true });
        await page.locator('.monaco-hover', { hasText: 'granularity can not be less than time_range/1000' }).first().waitFor();
        await ctx.screenshot(page, 'honeycomb-query-file-diagnostic');
        check(!standIn.requests.some((r) => r.path.startsWith('/1/quer')), 'nothing was run');
      });
    },
  },
];
