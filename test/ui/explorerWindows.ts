/**
 * A window with one explorer open against its stand-in, as a user with the service's environment
 * variables set would see it: the Ops Config container shows only that view, its connection row
 * is drawn, and the body runs. Whatever the stand-in saw the extension do wrong fails the case.
 */
import { Page } from 'playwright-core';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../servers/authentik';
import { HONEYCOMB_KEYS, HoneycombStandIn, HoneycombStandInOptions, startHoneycombStandIn } from '../servers/honeycomb';
import { UiContext, openViewContainer, showOnlyView, treeItem } from './harness';

export interface WindowOptions {
  /** A window taller than the usual one, for trees with many folders open at once. */
  viewport?: { width: number; height: number };
  /** The folder the window opens; default a fresh copy of test/workspace. */
  folder?: string;
}

export async function withHoneycomb(ctx: UiContext, options: WindowOptions & { standIn?: HoneycombStandInOptions }, body: (page: Page, standIn: HoneycombStandIn) => Promise<void>): Promise<void> {
  const standIn = await startHoneycombStandIn(options.standIn);
  try {
    const { page } = await ctx.open({
      env: {
        HONEYCOMB_API_ENDPOINT: standIn.url,
        HONEYCOMB_API_KEY: HONEYCOMB_KEYS.production,
        HONEYCOMB_KEY_ID: HONEYCOMB_KEYS.management.id,
        HONEYCOMB_KEY_SECRET: HONEYCOMB_KEYS.management.secret,
      },
      folder: options.folder,
    });
    if (options.viewport) await page.setViewportSize(options.viewport);
    await openViewContainer(page, 'Ops Config');
    await showOnlyView(page, 'Honeycomb');
    await treeItem(page, /^Acme Observability/).waitFor();
    await body(page, standIn);
    if (standIn.violations.length > 0) throw new Error(`stand-in violations: ${JSON.stringify(standIn.violations)}`);
  } finally {
    await standIn.stop();
  }
}

export async function withAuthentik(ctx: UiContext, options: WindowOptions, body: (page: Page, standIn: AuthentikStandIn) => Promise<void>): Promise<void> {
  const standIn = await startAuthentikStandIn();
  try {
    const { page } = await ctx.open({ env: { AUTHENTIK_URL: standIn.url, AUTHENTIK_TOKEN: AUTHENTIK_TOKENS.admin } });
    if (options.viewport) await page.setViewportSize(options.viewport);
    await openViewContainer(page, 'Ops Config');
    await showOnlyView(page, 'authentik');
    await treeItem(page, new RegExp(`^127\\.0\\.0\\.1:${standIn.port}`)).waitFor();
    await body(page, standIn);
    if (standIn.violations.length > 0) throw new Error(`stand-in violations: ${JSON.stringify(standIn.violations)}`);
  } finally {
    await standIn.stop();
  }
}
