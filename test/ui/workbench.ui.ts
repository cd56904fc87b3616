/** Smoke check of the UI tier itself: the workbench loads with the extension installed. */
import { UiCase } from './harness';

export const cases: UiCase[] = [
  {
    name: 'opens the workbench',
    async run(ctx) {
      const { page } = await ctx.open();
      await page.getByRole('treeitem', { name: 'README.md' }).waitFor(); // the explorer shows test/workspace
      await ctx.screenshot(page, 'workbench');
    },
  },
];
