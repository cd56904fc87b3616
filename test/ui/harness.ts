/**
 * UI test harness: a real VS Code (code-server) in headless Chromium, driven by playwright-core.
 *
 * A spec module (test/ui/**\/*.ui.ts) exports `cases: UiCase[]`; test/ui/run.ts runs each case
 * with a fresh UiContext and disposes of everything the case started, pass or fail:
 *
 *   export const cases: UiCase[] = [{
 *     name: 'shows the datasets',
 *     async run(ctx) {
 *       const { page } = await ctx.open({ settings: { 'opsConfig.honeycomb.endpoint': url } });
 *       await openViewContainer(page, 'Ops Config');
 *       await treeItem(page, 'my-dataset').waitFor();
 *       await ctx.screenshot(page, 'datasets');
 *     },
 *   }];
 *
 * Selectors were checked against VS Code 1.139 (code-server 4.139.1).
 */
import * as fs from 'fs';
import * as path from 'path';
import { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import * as host from '../host/codeServer';

export { launchChromium } from '../host/browser';
export type { CodeServer } from '../host/codeServer';

export const screenshotDir = path.join(host.repoRoot, 'test-output/screenshots');

export interface UiServerOptions {
  /** Extra env for code-server and the extension host. */
  env?: Record<string, string>;
  /** User settings, merged over the harness defaults (dark theme, no welcome page, …). */
  settings?: Record<string, unknown>;
  /** Folder to open; default: a fresh copy of test/workspace (removed on stop). */
  folder?: string;
  /**
   * How the extension gets in: 'link' (default) symlinks it into the extensions dir, i.e. a
   * normally installed extension; 'devPath' loads it through the URL payload ("Extension
   * Development Host" window), which needs the smoke-test driver, and that driver suppresses
   * notification toasts (they only reach the notification centre); 'none' starts VS Code without it;
   * a path ending in .vsix installs that package with code-server's --install-extension.
   */
  extension?: 'link' | 'devPath' | 'none' | `${string}.vsix`;
  /** The extension's folder; default: the repo root (its package.json and dist/). */
  extensionPath?: string;
  port?: number;
}

/** Starts code-server for a UI test; `url` opens the workbench on the folder. */
export async function startCodeServer(opts: UiServerOptions = {}): Promise<host.CodeServer> {
  const extensionPath = opts.extensionPath ?? host.repoRoot;
  const mode = opts.extension ?? 'link';
  const copy = opts.folder ? undefined : host.copyWorkspace();
  const server = await host.startCodeServer({
    port: opts.port,
    env: opts.env,
    settings: opts.settings,
    folder: opts.folder ?? copy,
    linkExtension: mode === 'link' ? extensionPath : undefined,
    extensionDevelopmentPath: mode === 'devPath' ? extensionPath : undefined,
    installVsix: mode.endsWith('.vsix') ? mode : undefined,
  });
  if (!copy) return server;
  return {
    ...server,
    stop: async (o) => {
      await server.stop(o);
      fs.rmSync(path.dirname(copy), { recursive: true, force: true });
    },
  };
}

/** Loads the workbench and waits until its activity bar is on screen. */
export async function openWorkbench(page: Page, url: string): Promise<void> {
  const res = await page.goto(url);
  if (res && res.status() >= 400) throw new Error(`workbench answered HTTP ${res.status()}`);
  await page.locator('.monaco-workbench .part.activitybar').waitFor();
  // `.monaco-workbench` shows up seconds before the extensions are scanned; until then a fresh
  // profile renders the fallback light theme. The class `vscode-theme-…` marks the configured
  // theme (contributed by a built-in extension) as applied.
  await page.locator('.monaco-workbench[class*="vscode-theme-"]').waitFor({ timeout: 60_000 });
}

/** Shows a view container from the activity bar; leaves it open if it already is. */
export async function openViewContainer(page: Page, title = 'Ops Config'): Promise<void> {
  const item = page.locator(`.monaco-workbench .activitybar [aria-label^="${title}"]`).first();
  await item.waitFor();
  // Clicking the active container's icon would close the side bar, so check first.
  const sideBarTitle = page.locator('.monaco-workbench .part.sidebar .composite.title h2');
  // The title's text is upper-cased by CSS only; read it case-insensitively, with or without a title attribute.
  const shows = async (): Promise<boolean> =>
    (await sideBarTitle.isVisible()) && ((await sideBarTitle.getAttribute('title')) ?? (await sideBarTitle.textContent()) ?? '').toLowerCase().startsWith(title.toLowerCase());
  if (!(await shows())) {
    await item.click();
  }
  await page
    .locator('.monaco-workbench .part.sidebar .composite.title h2')
    .filter({ hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i') })
    .waitFor();
}

/** Runs a command through the command palette by its full label, e.g. "Ops Config: Refresh". */
export async function runCommand(page: Page, label: string): Promise<void> {
  // F1 must reach the workbench, not an editor's webview: click the status bar first.
  await page.locator('.monaco-workbench .part.statusbar').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(`>${label}`);
  // Exact match on the row's label, so "Refresh" does not pick "Refresh All".
  const row = page
    .locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.getByText(label, { exact: true }) })
    .first();
  await row.waitFor();
  await row.click();
  // The palette closes, or the command opens its own input box in the same widget (no ">" prefix).
  await page.waitForFunction(`(() => {
    const widget = document.querySelector('.quick-input-widget');
    const input = widget && widget.querySelector('input');
    return !widget || widget.offsetParent === null || !input || !input.value.startsWith('>');
  })()`);
}

/** Gives one view of the open container the side bar by folding every other view's pane. */
export async function showOnlyView(page: Page, title: string): Promise<void> {
  const headers = page.locator('.monaco-workbench .part.sidebar .pane-header');
  for (const header of await headers.all()) {
    const text = ((await header.textContent()) ?? '').trim();
    const expanded = (await header.getAttribute('aria-expanded')) === 'true';
    if (!text.toLowerCase().startsWith(title.toLowerCase()) && expanded) await header.click();
  }
}

/** Expands a tree item with its twistie (a click would run the item's command instead). */
export async function expandTreeItem(page: Page, name: string | RegExp): Promise<void> {
  const item = treeItem(page, name).first();
  await item.waitFor();
  if ((await item.getAttribute('aria-expanded')) !== 'true') {
    await item.locator('.monaco-tl-twistie').click();
  }
}

/** Folds a tree item again, so the items below it stay in sight. */
export async function foldTreeItem(page: Page, name: string | RegExp): Promise<void> {
  const item = treeItem(page, name).first();
  if ((await item.getAttribute('aria-expanded')) === 'true') await item.locator('.monaco-tl-twistie').click();
}

/**
 * Runs an entry of a tree item's context menu. The menu animates in; a click that lands too
 * early is lost, so the entry is hovered first and, if the menu is still open, chosen with Enter.
 */
export async function chooseFromContextMenu(page: Page, target: Locator, entry: string): Promise<void> {
  await target.click({ button: 'right' });
  const action = page.locator('.context-view .action-label', { hasText: entry }).first();
  await action.waitFor();
  await action.hover();
  await action.click();
  const menu = page.locator('.context-view .monaco-menu');
  try {
    await menu.waitFor({ state: 'hidden', timeout: 3000 });
  } catch {
    // The click was lost while the menu was still animating in: the hovered entry takes Enter.
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'hidden' });
  }
}

/** A tree item in any visible tree, by its accessible name (label, plus description if any). */
export function treeItem(page: Page, name: string | RegExp): Locator {
  return page.getByRole('treeitem', { name, exact: typeof name === 'string' ? false : undefined });
}

/**
 * The document inside a webview (panel or view). Webviews are two nested iframes: the outer
 * `iframe.webview` (class `ready` once loaded) and its `#active-frame` holding the content.
 * `nth` picks among several visible webviews, in DOM order.
 */
export function webviewFrame(page: Page, nth = 0): FrameLocator {
  return page.frameLocator('iframe.webview.ready >> visible=true').nth(nth).frameLocator('#active-frame');
}

/** The notification toast whose text matches, once it is visible. */
export async function waitForNotification(page: Page, text: string | RegExp): Promise<Locator> {
  const toast = page.locator('.notification-toast').filter({ hasText: text }).first();
  await toast.waitFor();
  return toast;
}

/** Writes test-output/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** One UI test. */
export interface UiCase {
  name: string;
  /** Default 120 s, start-up included. */
  timeoutMs?: number;
  run(ctx: UiContext): Promise<void>;
}

/** What a case gets: the shared browser and helpers whose resources are cleaned up after it. */
export class UiContext {
  private readonly servers: host.CodeServer[] = [];
  private readonly pages: Page[] = [];

  constructor(
    readonly browser: Browser,
    readonly caseName: string,
  ) {}

  /** code-server + a fresh browser profile + the workbench loaded: the usual start of a case. */
  async open(opts: UiServerOptions = {}): Promise<{ page: Page; server: host.CodeServer }> {
    const server = await this.startCodeServer(opts);
    const page = await this.newPage();
    await openWorkbench(page, server.url);
    return { page, server };
  }

  async startCodeServer(opts: UiServerOptions = {}): Promise<host.CodeServer> {
    const server = await startCodeServer(opts);
    this.servers.push(server);
    return server;
  }

  /** A page in a new browser context (own profile, own SecretStorage), 1400×900. */
  async newPage(): Promise<Page> {
    const context = await this.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    this.pages.push(page);
    return page;
  }

  screenshot(page: Page, name: string): Promise<string> {
    return screenshot(page, name);
  }

  /** Called by the runner: on failure a screenshot of each page, and the server logs are kept. */
  async dispose(failed: boolean): Promise<string[]> {
    const kept: string[] = [];
    for (const [i, page] of this.pages.entries()) {
      if (failed) kept.push(await screenshot(page, `FAILED-${this.caseName}${i ? `-${i}` : ''}`).catch(() => '(no screenshot)'));
      await page
        .context()
        .close()
        .catch(() => {});
    }
    for (const server of this.servers) {
      await server.stop({ keepLogs: failed });
      if (failed) kept.push(server.logFile);
    }
    return kept;
  }
}
