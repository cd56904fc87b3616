/**
 * Signing an image as a user sees it: the cursor on an image line of a manifest, "Sign Image…"
 * from the command palette, the questions (format, conflict, how to sign), the confirmation
 * dialog, then the report panel with what was written and its verification (Verify Again in
 * the same tab, Copy JSON confirmed), and the entry in "Recent signing". Real registry and mock Fulcio/Rekor on 127.0.0.1; the identity token comes
 * from SIGSTORE_ID_TOKEN as in CI.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Page } from 'playwright-core';
import { RegistryClient } from '../../src/clients/registry/client';
import { pushTinyImage } from '../registry/images';
import { startRegistry } from '../registry/registryServer';
import { startMockSigstore, testIdentityToken } from '../sigstore/mockSigstore';
import { UiCase, openViewContainer, runCommand, treeItem, webviewFrame } from './harness';

async function pick(page: Page, label: string | RegExp): Promise<void> {
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ hasText: label }).first();
  await row.waitFor();
  await row.click();
}

export const cases: UiCase[] = [
  {
    name: 'Sign Image from a manifest line: questions, confirmation, report and Recent signing',
    timeoutMs: 240_000,
    async run(ctx) {
      const [registry, sigstore] = await Promise.all([startRegistry(), startMockSigstore()]);
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-ui-signing-'));
      try {
        const client = new RegistryClient(registry.host);
        const digest = (await pushTinyImage(client, 'shop/api', '1.0', 'api')).digest;
        fs.mkdirSync(path.join(folder, 'k8s'));
        fs.writeFileSync(path.join(folder, 'k8s/api.yaml'), ['containers:', '  - name: api', `    image: ${registry.host}/shop/api@${digest}`, ''].join('\n'));
        fs.writeFileSync(path.join(folder, 'trusted_root.json'), JSON.stringify(sigstore.trustedRootJson));
        const { page } = await ctx.open({
          folder,
          env: { SIGSTORE_ID_TOKEN: testIdentityToken() },
          settings: {
            'opsConfig.signing.certificateAuthorityUrl': sigstore.url,
            'opsConfig.signing.transparencyLogUrl': sigstore.url,
            'opsConfig.signing.trustedRootFile': path.join(folder, 'trusted_root.json'),
          },
        });
        await page.locator('.monaco-workbench .part.statusbar').click({ position: { x: 2, y: 2 } });
        await page.keyboard.press('Control+P');
        await page.locator('.quick-input-widget input').fill('k8s/api.yaml');
        await page.locator('.quick-input-list .monaco-list-row').first().waitFor();
        await page.keyboard.press('Enter');
        await page.locator('.view-line', { hasText: 'image:' }).click();

        await runCommand(page, 'Image Signatures: Sign Image…');
        await pick(page, /^legacy/);
        await pick(page, /^APPEND/);
        await pick(page, /Use SIGSTORE_ID_TOKEN from the environment/);
        const dialog = page.locator('.monaco-dialog-box');
        await dialog.waitFor();
        await ctx.screenshot(page, 'signing-confirmation');
        await dialog.getByRole('button', { name: 'Sign', exact: true }).click();

        const report = webviewFrame(page);
        await report.locator('#operation-title', { hasText: 'Signed' }).waitFor({ timeout: 60_000 });
        await report.locator('#verdict', { hasText: 'Verified' }).waitFor();
        await report
          .locator('#written')
          .getByText(`sha256-${digest.slice(7)}.sig`)
          .waitFor();
        await ctx.screenshot(page, 'signing-report');

        // Verify Again shows the new verification in this tab; Copy JSON says what it copied.
        const reportTabs = () => page.locator('.tabs-container .tab', { hasText: 'shop/api@sha256:' }).count();
        const tabsBefore = await reportTabs();
        await report.locator('vscode-button[data-action=verifyAgain]').click();
        await report.locator('#verification-note', { hasText: /^Verified again on .*, against a policy naming the signer/ }).waitFor({ timeout: 60_000 });
        const tabsAfter = await reportTabs();
        if (tabsAfter !== tabsBefore) throw new Error(`Verify Again opened another tab (${tabsBefore} → ${tabsAfter} report tabs)`);
        await report.locator('vscode-button[data-action=copyJson]').click();
        await page.locator('.statusbar-item', { hasText: 'Copied the result as JSON' }).first().waitFor({ timeout: 10_000 });

        await openViewContainer(page, 'Ops Config');
        await treeItem(page, /shop\/api@sha256:.*signed · verified/).waitFor();
        await ctx.screenshot(page, 'signing-recent');
      } finally {
        await Promise.all([registry.stop(), sigstore.stop()]);
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  },
];
