/**
 * The Honeycomb explorer as a user sees it (dark theme): the tree expanded to a dataset's columns
 * and SLOs and a recipient's triggers; an SLO's record panel; and a dataset named like markup,
 * shown as text in the tree and in its panel; a trigger edited in place (a problem underlined
 * before anything is sent, then the plan diff and its confirmation). Connects through HONEYCOMB_API_ENDPOINT and
 * HONEYCOMB_API_KEY / HONEYCOMB_KEY_ID / HONEYCOMB_KEY_SECRET, as a user with those set would.
 */
import { HOSTILE_DATASET } from '../servers/honeycomb';
import { withHoneycomb } from './explorerWindows';
import { UiCase, treeItem, webviewFrame, expandTreeItem, chooseFromContextMenu, waitForNotification } from './harness';

/** Names like markup and bidirectional text among the objects, to see them shown as text. */
const HOSTILE_NAMES = { standIn: { hostileNames: true } };

export const cases: UiCase[] = [
  {
    name: 'shows the tree expanded to columns, SLOs and a recipient’s triggers',
    timeoutMs: 180_000,
    async run(ctx) {
      await withHoneycomb(ctx, HOSTILE_NAMES, async (page) => {
        await treeItem(page, /^Staging, staging · no API key/).waitFor();
        await expandTreeItem(page, /^Production, production · API key/);
        await expandTreeItem(page, /^Datasets/);
        await expandTreeItem(page, /^api-gateway, api-gateway · written/);
        await expandTreeItem(page, /^Columns/);
        await treeItem(page, /^duration_ms, float/).waitFor();
        await treeItem(page, /^client\.address, string · hidden/).waitFor();
        await expandTreeItem(page, /^SLOs$/);
        await treeItem(page, /^Gateway availability, 99\.9 % · 30 days/).waitFor();
        await ctx.screenshot(page, 'honeycomb-tree-columns');
        // Fold the dataset and open the recipients instead.
        await treeItem(page, /^api-gateway, api-gateway · written/)
          .locator('.monaco-tl-twistie')
          .click();
        await expandTreeItem(page, /^Recipients/);
        await expandTreeItem(page, /^Slack, 2/);
        await expandTreeItem(page, /^#alerts-prod/);
        await treeItem(page, /^High 5xx rate/).waitFor();
        await treeItem(page, /^Staging smoke errors/).waitFor();
        await ctx.screenshot(page, 'honeycomb-tree-recipients');
      });
    },
  },
  {
    name: 'opens an SLO record panel with its target, tags and SLI link',
    timeoutMs: 180_000,
    async run(ctx) {
      await withHoneycomb(ctx, HOSTILE_NAMES, async (page) => {
        await expandTreeItem(page, /^Production, production · API key/);
        await expandTreeItem(page, /^SLOs \(all datasets\)/);
        await treeItem(page, /^Checkout success, 99\.5 % · 28 days · multi-dataset · checkout-service, payments/).click();
        const frame = webviewFrame(page);
        await frame.locator('h1', { hasText: 'Checkout success' }).waitFor();
        await frame.locator('.badge', { hasText: '99.5 % over 28 days' }).waitFor();
        await frame.getByText('journey: purchase').waitFor();
        await frame.locator('a.link', { hasText: 'sli.checkout_ok' }).waitFor();
        await ctx.screenshot(page, 'honeycomb-slo-record');
        // The SLI link opens the environment-wide derived column, its expression highlighted.
        await frame.locator('a.link', { hasText: 'sli.checkout_ok' }).click();
        const sli = webviewFrame(page);
        await sli.locator('h1', { hasText: 'sli.checkout_ok' }).waitFor();
        await sli.locator('pre.expression .tok-function', { hasText: 'IF' }).first().waitFor();
        await ctx.screenshot(page, 'honeycomb-sli-record');
      });
    },
  },
  {
    name: 'shows a dataset named like markup as text, in the tree and in its panel',
    timeoutMs: 180_000,
    async run(ctx) {
      await withHoneycomb(ctx, HOSTILE_NAMES, async (page) => {
        await expandTreeItem(page, /^Production, production · API key/);
        await expandTreeItem(page, /^Datasets/);
        const item = treeItem(page, HOSTILE_DATASET.name).first();
        await item.waitFor();
        const label = (await item.locator('.label-name').first().textContent()) ?? '';
        if (label.trim() !== HOSTILE_DATASET.name) throw new Error(`the tree shows "${label}", not the name as text`);
        await chooseFromContextMenu(page, item, 'Open Record');
        const frame = webviewFrame(page);
        const title = frame.locator('h1#record-title');
        await title.waitFor();
        const text = await title.textContent();
        if (text !== HOSTILE_DATASET.name) throw new Error(`the panel title is "${text}"`);
        if ((await frame.locator('img').count()) > 0) throw new Error('an <img> element was created from the dataset name');
        await frame.getByText(HOSTILE_DATASET.description).waitFor();
        await ctx.screenshot(page, 'honeycomb-hostile-dataset');
      });
    },
  },
  {
    name: 'edits a trigger: an invalid frequency is underlined, then saving shows the plan diff and asks',
    timeoutMs: 180_000,
    async run(ctx) {
      await withHoneycomb(ctx, HOSTILE_NAMES, async (page, standIn) => {
        await expandTreeItem(page, /^Production, production · API key/);
        await expandTreeItem(page, /^Datasets/);
        await expandTreeItem(page, /^api-gateway, api-gateway · written/);
        await expandTreeItem(page, /^Triggers$/);
        await chooseFromContextMenu(page, treeItem(page, /^High 5xx rate, > 50 · every 5 min/).first(), 'Edit…');
        const frequency = page.locator('.view-line', { hasText: '"frequency": 300' });
        await frequency.waitFor();
        await frequency.getByText('300', { exact: true }).dblclick();
        await page.keyboard.type('90');
        await page.locator('.monaco-editor .squiggly-error').first().waitFor();
        await ctx.screenshot(page, 'editing-trigger-diagnostics');
        await page.locator('.view-line', { hasText: '"frequency": 90' }).getByText('90', { exact: true }).dblclick();
        await page.keyboard.type('300');
        const value = page.locator('.view-line', { hasText: '"value": 50' });
        await value.getByText('50', { exact: true }).dblclick();
        await page.keyboard.type('250');
        await page.keyboard.press('Control+S');
        const dialog = page.locator('.monaco-dialog-box');
        await dialog.getByText('Update trigger “High 5xx rate”?').waitFor();
        await dialog.getByText(/threshold\.value 50 → 250/).waitFor();
        await page.locator('.monaco-diff-editor').first().waitFor();
        await ctx.screenshot(page, 'editing-trigger-plan');
        await dialog.getByRole('button', { name: 'Update', exact: true }).click();
        await waitForNotification(page, /Trigger “High 5xx rate” updated/);
        const environment = standIn.seed.content.production;
        const saved = environment?.triggers.find((t) => t.name === 'High 5xx rate');
        if (saved?.threshold.value !== 250) throw new Error(`the stand-in holds threshold ${JSON.stringify(saved?.threshold)}`);
      });
    },
  },
];
