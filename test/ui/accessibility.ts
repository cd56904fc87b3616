/**
 * Helpers of the accessibility UI tests: the colour theme switched in a running editor (no
 * restart), axe-core run inside a webview's content frame, and a check that the
 * keyboard focus of every control in a webview is visible.
 */
import * as fs from 'fs';
import type { AxeResults } from 'axe-core';
import { Frame, FrameLocator, Page } from 'playwright-core';
import { runCommand } from './harness';

/** The four themes every panel is audited in, with the class the workbench gets for each. */
export const THEMES = [
  { label: 'Dark Modern', workbenchClass: 'vs-dark', short: 'dark' },
  { label: 'Light Modern', workbenchClass: 'vs', short: 'light' },
  { label: 'Dark High Contrast', workbenchClass: 'hc-black', short: 'dark-hc' },
  { label: 'Light High Contrast', workbenchClass: 'hc-light', short: 'light-hc' },
] as const;
export type Theme = (typeof THEMES)[number];

/** The webview body class VS Code sets for each kind of theme. */
const WEBVIEW_CLASS: Record<Theme['workbenchClass'], string> = {
  'vs-dark': 'vscode-dark',
  vs: 'vscode-light',
  'hc-black': 'vscode-high-contrast',
  'hc-light': 'vscode-high-contrast-light',
};

/**
 * Switches the colour theme as a user does (Preferences: Color Theme) and waits until the
 * workbench and the given webviews show it. (A write to the user settings file is not picked
 * up by code-server's workbench while it runs.)
 */
export async function switchTheme(page: Page, theme: Theme, webviews: FrameLocator[] = []): Promise<void> {
  if (!(await page.locator(`.monaco-workbench.${theme.workbenchClass}`).isVisible())) {
    await runCommand(page, 'Preferences: Color Theme');
    const input = page.locator('.quick-input-widget input');
    await input.fill(theme.label);
    await page
      .locator('.quick-input-list .monaco-list-row')
      .filter({ has: page.getByText(theme.label, { exact: true }) })
      .first()
      .click();
    await page.locator(`.monaco-workbench.${theme.workbenchClass}`).waitFor({ timeout: 30_000 });
  }
  for (const frame of webviews) {
    await frame.locator(`body.${WEBVIEW_CLASS[theme.workbenchClass]}`).waitFor({ timeout: 30_000 });
  }
}

/** The Playwright Frame behind a frame locator (axe is injected and run through it). */
export async function frameOf(frame: FrameLocator): Promise<Frame> {
  const handle = await frame.locator('html').elementHandle();
  const owner = await handle?.ownerFrame();
  if (!owner) throw new Error('the webview has no content frame');
  return owner;
}

const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets of the audit: WCAG 2.1 A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/**
 * Runs axe-core in the webview's content frame. The webview's CSP allows only its own scripts;
 * the DevTools protocol that Playwright evaluates through is not subject to it.
 */
export async function runAxe(frameLocator: FrameLocator): Promise<Violation[]> {
  const frame = await frameOf(frameLocator);
  const loaded = await frame.evaluate('typeof window.axe === "object"');
  if (!loaded) await frame.evaluate(`${axeSource};0`);
  const results = await frame.evaluate<AxeResults>(`window.axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} }, resultTypes: ['violations'] })`);
  return results.violations.flatMap((v) =>
    v.nodes.map((node) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: node.target.map(String),
      summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    })),
  );
}

export function describeViolations(where: string, violations: Violation[]): string[] {
  return violations.map((v) => `${where}: ${v.rule} (${v.impact}) ${v.targets.join(' ')} — ${v.help}. ${v.summary}`);
}

export interface StateReport {
  /** What the control is: tag, role and text. */
  control: string;
  /** Why it cannot be seen or read in that state; empty when it can. */
  problem: string;
}

/**
 * Moves the focus through every control of the webview with Tab (from the top of its document)
 * and checks each focused control: an outline of at least 1 px whose colour stands out from the
 * background it is drawn on by 3:1 or more (WCAG 2.4.7, 1.4.11), and text that still reads at
 * 4.5:1 against the control's background in its focused state. A control inside a web
 * component's shadow root is judged by its drawn part.
 */
export async function checkFocusVisible(page: Page, frameLocator: FrameLocator, maxControls = 60): Promise<StateReport[]> {
  const frame = await frameOf(frameLocator);
  // Start before the first control: focus the document itself.
  await frame.evaluate(
    '(() => { document.activeElement && document.activeElement.blur && document.activeElement.blur(); ' +
      "document.body.setAttribute('tabindex', '-1'); document.body.focus(); document.body.removeAttribute('tabindex'); })()",
  );
  const reports: StateReport[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < maxControls; i++) {
    await page.keyboard.press('Tab');
    const report = await frame.evaluate<(StateReport & { id: string }) | null>(`${PROBE}(document.activeElement, true)`);
    if (!report || seen.has(report.id)) break; // focus left the webview, or came round again
    seen.add(report.id);
    reports.push({ control: report.control, problem: report.problem });
  }
  return reports;
}

/** Hovers every button and checks its text still reads at 4.5:1 on its hover background. */
export async function checkHoverContrast(page: Page, frameLocator: FrameLocator): Promise<StateReport[]> {
  const frame = await frameOf(frameLocator);
  const reports: StateReport[] = [];
  for (const button of await frameLocator.locator('vscode-button, button').all()) {
    if (!(await button.isVisible())) continue;
    await button.hover();
    // The probe is a string (the page's CSP forbids eval): it finds the button by a mark.
    await button.evaluate((el) => el.setAttribute('data-hover-probe', ''));
    const report = await frame.evaluate<StateReport>(`${PROBE}(document.querySelector('[data-hover-probe]'), false)`);
    await button.evaluate((el) => el.removeAttribute('data-hover-probe'));
    reports.push({ control: report.control, problem: report.problem });
  }
  await page.mouse.move(0, 0);
  return reports;
}

/**
 * Evaluated in the webview: describes a control, whether its text is readable on its own
 * background, and (when `focused`) whether its focus outline shows.
 */
const PROBE = `((el, focused) => {
  if (!el || el === document.body || el === document.documentElement) return null;
  if (!el.dataset.focusProbe) el.dataset.focusProbe = String(Math.random());
  const id = el.dataset.focusProbe;
  const control = [el.tagName.toLowerCase(), el.getAttribute('role') || '', (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)].filter(Boolean).join(' ');
  const drawn = (el.shadowRoot && el.shadowRoot.querySelector('.base')) || el;
  const style = getComputedStyle(drawn);
  const rgb = (text) => {
    const m = text.match(/rgba?[(]([^)]+)[)]/);
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const parentOf = (node) => node.parentElement || (node.getRootNode() && node.getRootNode().host) || null;
  const backgroundFrom = (node) => {
    for (; node; node = parentOf(node)) { const c = rgb(getComputedStyle(node).backgroundColor); if (c && c.a === 1) return c; }
    return rgb(getComputedStyle(document.body).backgroundColor) || { r: 255, g: 255, b: 255, a: 1 };
  };
  const problems = [];
  const own = backgroundFrom(drawn);
  const text = rgb(style.color);
  if (text && (el.textContent || '').trim() && ratio(text, own) < 4.5) problems.push('text contrast ' + ratio(text, own).toFixed(2) + ':1 (' + style.color + ' on ' + JSON.stringify(own) + ')');
  if (focused) {
    // An outline drawn inside the box sits on the control's own background, else on what is around it.
    const around = parseFloat(style.outlineOffset) < 0 ? own : backgroundFrom(parentOf(el));
    const width = parseFloat(style.outlineWidth) || 0;
    const colour = rgb(style.outlineColor);
    if (style.outlineStyle === 'none' || width < 1) problems.push('no focus outline');
    else if (!colour || colour.a < 1) problems.push('focus outline colour is not opaque (' + style.outlineColor + ')');
    else if (ratio(colour, around) < 3) problems.push('focus outline contrast ' + ratio(colour, around).toFixed(2) + ':1 against the background');
  }
  return { id, control, problem: problems.join('; ') };
})`;
