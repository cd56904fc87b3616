/**
 * The authentik explorer as a user sees it: a flow expanded to its stage bindings next to the
 * flow's record panel, a certificate panel with its expiry badge, the 13 managed kinds in one
 * tree, and a blueprint the server refused with the diagnostic on its line. Connects through
 * AUTHENTIK_URL / AUTHENTIK_TOKEN, as a user with those variables set would.
 */
import { withAuthentik } from './explorerWindows';
import { UiCase, chooseFromContextMenu, treeItem, webviewFrame, expandTreeItem } from './harness';

export const cases: UiCase[] = [
  {
    name: 'shows a flow expanded to its stage bindings, with the flow record and its diagram',
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
