/**
 * The authentik explorer as a user sees it: a flow expanded to its stage bindings next to the
 * flow's record panel, rows whose Edit…/Delete…/New… the API refuses saying why when hovered, a
 * certificate panel with its expiry badge, the 13 managed kinds in one tree, and a blueprint the
 * server refused with the diagnostic on its line. Connects through AUTHENTIK_URL /
 * AUTHENTIK_TOKEN, as a user with those variables set would.
 */
import { Locator, Page } from 'playwright-core';
import { editKindId } from '../../src/views/authentik/kinds/ids';
import { refusalLines } from '../../src/views/authentik/kinds/refusalNotes';
import { withAuthentik } from './explorerWindows';
import { UiCase, chooseFromContextMenu, treeItem, webviewFrame, expandTreeItem, foldTreeItem } from './harness';

/**
 * Hovers a tree row and checks the tooltip the workbench shows holds every line in `expected`
 * (the lines the product makes for that kind, so a reworded reason does not break the case).
 */
async function expectTooltipLines(page: Page, row: Locator, expected: string[], what: string, shown?: () => Promise<unknown>): Promise<void> {
  // An empty list would pass whatever the tooltip says.
  if (expected.length === 0) throw new Error(`no refusal lines for ${what}: the case checks nothing`);
  await row.hover();
  const hover = page.locator('.monaco-hover:visible', { hasText: expected[0].slice(0, 20) }).first();
  // Not there in time: the text below says what the hover showed instead.
  await hover.waitFor({ timeout: 10_000 }).catch(() => undefined);
  const text = (await page.locator('.monaco-hover:visible').allInnerTexts()).join('\n');
  const missing = expected.filter((line) => !text.includes(line));
  if (missing.length > 0) throw new Error(`hovering ${what} shows ${JSON.stringify(text)}, without ${JSON.stringify(missing)}`);
  await shown?.();
  // Moved off, so the next row's hover is not this one's left in place.
  await page.mouse.move(1000, 500);
  await page.locator('.monaco-hover:visible').waitFor({ state: 'detached', timeout: 5_000 });
}

export const cases: UiCase[] = [
  {
    name: 'shows a flow expanded to its stage bindings, with the flow record and its diagram; a row the API refuses to change says why when hovered',
    timeoutMs: 180_000,
    async run(ctx) {
      await withAuthentik(ctx, {}, async (page) => {
        await expandTreeItem(page, /^Flows/);
        await treeItem(page, /^default-authentication-flow/)
          .first()
          .click();
        await expandTreeItem(page, /^default-authentication-flow/);
        await treeItem(page, /^10 · default-authentication-identification, Identification Stage/).waitFor();
        await treeItem(page, /^100 · default-authentication-login, User Login Stage/).waitFor();
        const frame = webviewFrame(page);
        await frame.locator('h1', { hasText: 'default-authentication-flow' }).waitFor();
        await frame.getByText('30 · default-authentication-mfa-validation').first().waitFor();
        await ctx.screenshot(page, 'authentik-flow-bindings');
        await foldTreeItem(page, /^Flows/);

        // The built-in source (no typed endpoint in authentik's API) and a permission (listed
        // only) say on hover why Edit…, Delete… and, on the folder, New… are refused.
        await expandTreeItem(page, /^Sources/);
        const builtIn = treeItem(page, /^authentik Built-in/).first();
        await expectTooltipLines(page, builtIn, refusalLines(editKindId('authentik_core.source'), ['edit', 'delete']), 'the built-in source', () => ctx.screenshot(page, 'authentik-refusal-tooltip'));
        await foldTreeItem(page, /^Sources/);
        await expandTreeItem(page, /^Permissions/);
        // The only folder open: its first object is the first row under a folder.
        const permission = page.locator('.monaco-list-row[aria-level="3"][aria-posinset="1"]').first();
        await expectTooltipLines(page, permission, refusalLines(editKindId('Permission'), ['edit', 'delete']), 'a permission');
        await expectTooltipLines(page, treeItem(page, /^Permissions/).first(), refusalLines(editKindId('Permission'), ['create']), 'the Permissions folder');
      });
    },
  },
  {
    name: 'opens a certificate panel with its expiry badge',
    timeoutMs: 180_000,
    async run(ctx) {
      await withAuthentik(ctx, {}, async (page) => {
        await expandTreeItem(page, /^Certificates/);
        await treeItem(page, /^SAML signing 2025, expires in \d+ days/).click();
        const frame = webviewFrame(page);
        await frame.locator('h1', { hasText: 'SAML signing 2025' }).waitFor();
        await frame.locator('.badge.tone-warning', { hasText: /^expires in \d+ days$/ }).waitFor();
        await frame.getByText('Load private key…').waitFor();
        await ctx.screenshot(page, 'authentik-certificate-expiry');
        // The expired one reads as an error, in the tree and in its panel.
        await treeItem(page, /^Legacy partner IdP, expired \d+ days ago/).click();
        await webviewFrame(page)
          .locator('.badge.tone-error', { hasText: /^expired \d+ days ago$/ })
          .waitFor();
        await ctx.screenshot(page, 'authentik-certificate-expired');
      });
    },
  },
  {
    name: 'shows all 13 managed kinds in the tree, and a blueprint refused on save with the diagnostic on its line',
    timeoutMs: 240_000,
    async run(ctx) {
      await withAuthentik(ctx, {}, async (page) => {
        // Every kind expanded at once is taller than the usual window.
        await page.setViewportSize({ width: 1400, height: 1900 });
        // Bottom up, so expanding a folder never pushes the next one out of sight.
        for (const folder of [
          /^Enterprise licenses/,
          /^Endpoint browser connectors/,
          /^Endpoint agent connectors/,
          /^Event transports/,
          /^Event rules/,
          /^Blueprints/,
          /^Certificates/,
          /^Applications/,
          /^Flows/,
          /^Brands/,
        ]) {
          await expandTreeItem(page, folder);
        }
        await expandTreeItem(page, /^Acme laptops/);
        await expandTreeItem(page, /^Grafana/);
        await expandTreeItem(page, /^default-authentication-flow/);
        const rows: Array<[string, RegExp]> = [
          ['Brand', /^id\.acme\.example/],
          ['Flow', /^default-authentication-flow/],
          ['FlowStageBinding', /^10 · default-authentication-identification/],
          ['Application', /^Grafana/],
          ['ApplicationEntitlement', /^grafana-admins/],
          ['CertificateKeyPair', /^SAML signing 2025/],
          ['Blueprint', /^Acme - partner portal \(draft\)/],
          ['EventRule', /^Failed logins to the SRE channel/],
          ['EventTransport', /^Incident webhook/],
          ['EndpointsConnectorAgent', /^Acme laptops/],
          ['EndpointsConnectorAgentEnrollmentToken', /^Engineering MacBooks/],
          ['EndpointsBrowserConnector', /^Acme Chrome Enterprise/],
          ['EnterpriseLicense', /^Acme Corp/],
        ];
        for (const [kind, name] of rows) {
          const row = treeItem(page, name).first();
          await row.waitFor();
          if (!(await row.isVisible())) throw new Error(`${kind} (${name}) is not in sight`);
        }
        await ctx.screenshot(page, 'authentik-all-managed-kinds');

        // Opened while its row is in sight (rows out of sight are not rendered), then the usual window.
        await chooseFromContextMenu(page, treeItem(page, /^Acme - partner portal \(draft\)/).first(), 'Edit Blueprint Content (YAML)…');
        await page.setViewportSize({ width: 1400, height: 900 });
        const title = page.locator('.view-line', { hasText: 'title: Acme partner portal' });
        await title.waitFor();
        await title.click();
        await page.keyboard.press('End');
        await page.keyboard.type(' (v2)');
        await page.keyboard.press('Control+S');
        const dialog = page.locator('.monaco-dialog-box');
        await dialog.getByText('Save the content of blueprint “Acme - partner portal (draft)”?').waitFor();
        await dialog.getByRole('button', { name: 'Save', exact: true }).click();
        await page.locator('.monaco-editor .squiggly-error').first().waitFor();
        await page.keyboard.press('Control+Shift+M');
        await page
          .locator('.markers-panel .monaco-list-row', { hasText: /designation/ })
          .first()
          .waitFor();
        await ctx.screenshot(page, 'authentik-blueprint-diagnostic');
      });
    },
  },
];
