/**
 * Verifying images as a user sees it: a Kubernetes manifest with a signed and an unsigned image
 * (in a real registry on 127.0.0.1, the signature a real public-good keyless one), the CodeLens
 * "Verify" above each, and the report panel for a passed and a failed verification (Verify Again
 * in the same tab, Copy JSON confirmed).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Page } from 'playwright-core';
import { RegistryClient } from '../../src/clients/registry/client';
import { loadLegacyFixture, readLegacyFixture } from '../registry/fixtures';
import { keylessPolicy, pushTinyImage } from '../registry/images';
import { TestRegistry, startRegistry } from '../registry/registryServer';
import { UiCase, openViewContainer, treeItem, webviewFrame } from './harness';

const FIXTURE = 'legacy-keyless-github-2026';

interface Setup {
  registry: TestRegistry;
  folder: string;
}

async function setUp(): Promise<Setup> {
  const registry = await startRegistry();
  const client = new RegistryClient(registry.host);
  const fixture = readLegacyFixture(FIXTURE);
  await loadLegacyFixture(client, 'shop/web', fixture);
  const unsigned = await pushTinyImage(client, 'shop/proxy', '1.0', 'proxy');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-ui-signatures-'));
  const layer = fixture.expected.layers[0];
  fs.mkdirSync(path.join(folder, 'k8s'));
  fs.writeFileSync(path.join(folder, 'policy.yaml'), keylessPolicy('shop-images', `${registry.host}/shop/**`, { issuer: layer.oidcIssuer as string, subject: layer.subjectAlternativeName as string }));
  fs.writeFileSync(
    path.join(folder, 'k8s/shop.yaml'),
    [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: shop',
      'spec:',
      '  template:',
      '    spec:',
      '      containers:',
      '        - name: web',
      `          image: ${registry.host}/shop/web@${fixture.imageDigest}`,
      '        - name: proxy',
      `          image: ${registry.host}/shop/proxy@${unsigned.digest}`,
      '',
    ].join('\n'),
  );
  return { registry, folder };
}

async function openManifest(page: Page): Promise<void> {
  await page.locator('.monaco-workbench .part.statusbar').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.fill('k8s/shop.yaml');
  await page.locator('.quick-input-list .monaco-list-row').first().waitFor();
  await input.press('Enter');
  await page
    .locator('.codelens-decoration a', { hasText: /^Verify$/ })
    .first()
    .waitFor({ timeout: 60_000 });
}

export const cases: UiCase[] = [
  {
    name: 'the CodeLens Verify opens a passed and a failed report',
    timeoutMs: 240_000,
    async run(ctx) {
      const { registry, folder } = await setUp();
      try {
        const { page } = await ctx.open({ folder, settings: { 'opsConfig.signing.policyFile': 'policy.yaml' } });
        await openManifest(page);
        await ctx.screenshot(page, 'signatures-manifest-codelens');

        await page
          .locator('.codelens-decoration a', { hasText: /^Verify$/ })
          .nth(0)
          .click();
        const passed = webviewFrame(page);
        await passed.locator('#verdict', { hasText: 'Verified' }).waitFor({ timeout: 60_000 });
        await passed.getByText('https://token.actions.githubusercontent.com').first().waitFor();
        await ctx.screenshot(page, 'signatures-report-verified');

        await page.locator('.tabs-container .tab', { hasText: 'shop.yaml' }).click();
        await page
          .locator('.codelens-decoration a', { hasText: /^Verify$/ })
          .nth(1)
          .waitFor();
        await page
          .locator('.codelens-decoration a', { hasText: /^Verify$/ })
          .nth(1)
          .click();
        const failed = webviewFrame(page);
        await failed.locator('#verdict', { hasText: 'Not verified' }).waitFor({ timeout: 60_000 });
        await failed
          .locator('#reasons')
          .getByText(/no signatures found/)
          .waitFor();
        await ctx.screenshot(page, 'signatures-report-not-verified');

        // Verify Again: the new report replaces this one in the same tab; Copy JSON says what it copied.
        const checkedAt = () =>
          failed
            .locator('tr', { has: page.locator('th', { hasText: /^Checked$/ }) })
            .locator('td')
            .textContent();
        const reportTabs = () => page.locator('.tabs-container .tab', { hasText: 'shop/proxy@sha256:' }).count();
        const [firstCheck, tabsBefore] = [await checkedAt(), await reportTabs()];
        await failed.locator('vscode-button[data-action=verifyAgain]').click();
        for (let i = 0; i < 300 && (await checkedAt()) === firstCheck; i++) await page.waitForTimeout(100);
        if ((await checkedAt()) === firstCheck) throw new Error('Verify Again did not show a new verification in this tab');
        await failed.locator('#verdict', { hasText: 'Not verified' }).waitFor();
        const tabsAfter = await reportTabs();
        if (tabsAfter !== tabsBefore) throw new Error(`Verify Again opened another tab (${tabsBefore} → ${tabsAfter} report tabs)`);
        await failed.locator('vscode-button[data-action=copyJson]').click();
        await page.locator('.statusbar-item', { hasText: 'Copied the verification report as JSON' }).first().waitFor({ timeout: 10_000 });

        await openViewContainer(page, 'Ops Config');
        // Two: the first check and Verify Again.
        await treeItem(page, /shop\/proxy@sha256:/)
          .first()
          .waitFor();
        await treeItem(page, /shop\/web@sha256:/).waitFor();
        await ctx.screenshot(page, 'signatures-recent-verifications');
      } finally {
        await registry.stop();
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  },
];
