/**
 * The workspace's Terraform beside the live objects, as a user sees it (issue 32): a `.tf` file
 * of the workspace managing a seeded Honeycomb trigger, Compare with Live run from its CodeLens,
 * and the drift on the file's lines and in the Problems panel. The screenshot is the README's
 * (docs/images/terraform-drift.png, copied from test-output/screenshots/).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { copyWorkspace } from '../host/codeServer';
import { withHoneycomb } from './explorerWindows';
import { UiCase } from './harness';

/** A trigger of the seed as it was written long ago: its description and frequency have drifted; `disabled` is an expression. */
const mainTf = (id: string) => `variable "paused" {
  type    = bool
  default = false
}

resource "honeycombio_trigger" "high_5xx" {
  name        = "High 5xx rate"
  dataset     = "api-gateway"
  description = "Written long ago"
  frequency   = 600
  disabled    = var.paused
}

import {
  to = honeycombio_trigger.high_5xx
  id = "api-gateway/${id}"
}
`;

export const cases: UiCase[] = [
  {
    name: 'Compare with Live puts the drift of a trigger on the lines of main.tf',
    timeoutMs: 180_000,
    async run(ctx) {
      const folder = copyWorkspace(undefined, fs.mkdtempSync(path.join(os.tmpdir(), 'ops-terraform-')));
      fs.mkdirSync(path.join(folder, 'terraform'), { recursive: true });
      try {
        await withHoneycomb(ctx, { folder }, async (page, standIn) => {
          const live = standIn.seed.content.production?.triggers.find((t) => t.name === 'High 5xx rate');
          if (!live) throw new Error('the seed has no trigger “High 5xx rate”');
          fs.writeFileSync(path.join(folder, 'terraform', 'main.tf'), mainTf(String(live.id)));
          await page.keyboard.press('Control+P');
          const input = page.locator('.quick-input-widget input');
          await input.waitFor();
          await input.fill('main.tf');
          await page.locator('.quick-input-list .monaco-list-row', { hasText: 'main.tf' }).first().waitFor();
          await page.keyboard.press('Enter');
          const compare = page.locator('.contentWidgets .codelens-decoration a', { hasText: 'Compare with Live' }).first();
          await compare.waitFor({ timeout: 60_000 });
          await compare.click();
          await page.locator('.monaco-editor .squiggly-info').first().waitFor({ timeout: 60_000 });
          await page.keyboard.press('Control+Shift+M');
          await page
            .locator('.markers-panel .monaco-list-row', { hasText: /description/ })
            .first()
            .waitFor();
          await page
            .locator('.markers-panel .monaco-list-row', { hasText: /frequency/ })
            .first()
            .waitFor();
          await page
            .locator('.markers-panel .monaco-list-row', { hasText: /not compared: an expression/ })
            .first()
            .waitFor();
          await ctx.screenshot(page, 'terraform-drift');
        });
      } finally {
        fs.rmSync(path.dirname(folder), { recursive: true, force: true });
      }
    },
  },
];
