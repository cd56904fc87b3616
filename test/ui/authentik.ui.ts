/**
 * The authentik explorer as a user sees it: a flow expanded to its stage bindings next to the
 * flow's record panel, and a certificate panel with its expiry badge. Connects through
 * AUTHENTIK_URL / AUTHENTIK_TOKEN, as a user with those variables set would.
 */
import { Page } from 'playwright-core';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../servers/authentik';
import { UiCase, UiContext, openViewContainer, treeItem, webviewFrame, expandTreeItem, showOnlyView } from './harness';

async function withAuthentik(ctx: UiContext, body: (page: Page, standIn: AuthentikStandIn) => Promise<void>): Promise<void> {
  const standIn = await startAuthentikStandIn();
  try {
    const { page } = await ctx.open({ env: { AUTHENTIK_URL: standIn.url, AUTHENTIK_TOKEN: AUTHENTIK_TOKENS.admin } });
    await openViewContainer(page, 'Ops Config');
    await showOnlyView(page, 'authentik');
    await treeItem(page, new RegExp(`^127\\.0\\.0\\.1:${standIn.port}`)).waitFor();
    await body(page, standIn);
    if (standIn.violations.length > 0) throw new Error(`stand-in violations: ${JSON.stringify(standIn.violations)}`);
  } finally {
    await standIn.stop();
  }
}

export const cases: UiCase[] = [
  {
    name: 'shows a flow expanded to its stage bindings, with the flow record and its diagram',
    timeoutMs: 180_000,
    async run(ctx) {
      await withAuthentik(ctx, async (page) => {
        await expandTreeItem(page, /^Flows/);
        await treeItem(page, /^default-authentication-flow/).first().click();
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
      await withAuthentik(ctx, async (page) => {
        await expandTreeItem(page, /^Certificates/);
        await treeItem(page, /^SAML signing 2025, expires in \d+ days/).click();
        const frame = webviewFrame(page);
        await frame.locator('h1', { hasText: 'SAML signing 2025' }).waitFor();
        await frame.locator('.badge.tone-warning', { hasText: /^expires in \d+ days$/ }).waitFor();
        await frame.getByText('Load private key…').waitFor();
        await ctx.screenshot(page, 'authentik-certificate-expiry');
        // The expired one reads as an error, in the tree and in its panel.
        await treeItem(page, /^Legacy partner IdP, expired \d+ days ago/).click();
        await webviewFrame(page).locator('.badge.tone-error', { hasText: /^expired \d+ days ago$/ }).waitFor();
        await ctx.screenshot(page, 'authentik-certificate-expired');
      });
    },
  },
];
