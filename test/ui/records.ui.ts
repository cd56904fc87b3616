/**
 * One record rule, as a user sees it: the record of every kind the Honeycomb and authentik trees
 * show (the managed kinds among them), opened from the tree, has the same header — kind, name,
 * where it lives — and the same actions in the same order; its fields read as words. Along the
 * way: a Copy button says what it copied, a reference is a name that opens its record, and a
 * revealed secret can be hidden again.
 */
import { Locator, Page } from 'playwright-core';
import { frameOf } from './accessibility';
import { withAuthentik, withHoneycomb } from './explorerWindows';
import { UiCase, chooseFromContextMenu, expandTreeItem, foldTreeItem, treeItem, waitForNotification, webviewFrame } from './harness';

interface Expected {
  kind: string;
  title: string;
  where: string | RegExp;
  editable?: boolean;
  /** Connections have no ID. */
  hasId?: boolean;
}

/** The actions every record shows first, in this order. */
function sharedActions(service: 'Honeycomb' | 'authentik', expected: Expected): string[] {
  return [...(expected.editable ? ['Edit…'] : []), `Open in ${service}`, ...(expected.hasId === false ? [] : ['Copy ID']), 'Copy JSON', 'Copy as Terraform', 'Copy as Pulumi'];
}

/** Waits for the record of `expected.title` and says what breaks the rule (empty when nothing). */
async function checkRecord(page: Page, service: 'Honeycomb' | 'authentik', expected: Expected): Promise<string[]> {
  const frame = webviewFrame(page);
  const header = frame.locator('header.record-header');
  await header.locator('h1#record-title', { hasText: expected.title }).waitFor();
  const problems: string[] = [];
  const what = `${expected.kind} "${expected.title}"`;
  const text = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();
  if ((await text(header.locator('h1'))) !== expected.title) problems.push(`${what}: the title reads "${await text(header.locator('h1'))}"`);
  const kind = await text(header.locator('.kind'));
  if (kind !== expected.kind) problems.push(`${what}: the kind reads "${kind}"`);
  const where = (await header.locator('.where').count()) > 0 ? await text(header.locator('.where')) : '';
  if (typeof expected.where === 'string' ? where !== expected.where : !expected.where.test(where)) problems.push(`${what}: where it lives reads "${where}"`);
  const actions = (await frame.locator('nav.actions vscode-button').allTextContents()).map((t) => t.trim());
  const shared = sharedActions(service, expected);
  if (JSON.stringify(actions.slice(0, shared.length)) !== JSON.stringify(shared)) problems.push(`${what}: the actions begin ${JSON.stringify(actions)}, not ${JSON.stringify(shared)}`);
  if (JSON.stringify(actions.slice(-2)) !== JSON.stringify(['View as JSON', 'Refresh'])) problems.push(`${what}: the actions end ${JSON.stringify(actions.slice(-2))}`);
  // Labels of the record's own fields (not the keys of data a person wrote, nested below them).
  for (const label of await frame.locator('section > table.fields > tbody > tr > th').allTextContents()) {
    if (/_|^[a-z]/.test(label.trim())) problems.push(`${what}: the field "${label.trim()}" reads as a field name`);
  }
  return problems;
}

function assertNone(problems: string[]): void {
  if (problems.length > 0) throw new Error(`${problems.length} record(s) break the rule:\n${problems.join('\n')}`);
}

/** Every folder open at once is taller than the usual window. */
const TALL_WINDOW = { viewport: { width: 1400, height: 1900 } };

/**
 * The authentik folders, top to bottom, with the kind of their objects and whether it is editable
 * (every kind the API lets a client change: the hand-tuned ones and those derived from the API).
 */
const AUTHENTIK_FOLDERS: Array<[RegExp, string, boolean]> = [
  [/^Brands/, 'authentik brand', true],
  [/^Flows/, 'authentik flow', true],
  [/^Groups/, 'authentik group', true],
  [/^Users/, 'authentik user', true],
  [/^Applications/, 'authentik application', true],
  [/^Providers/, 'authentik provider', true],
  [/^Sources/, 'authentik source', true],
  [/^Stages/, 'authentik stage', true],
  [/^Property mappings/, 'authentik property mapping', true],
  [/^Certificates/, 'authentik certificate-key pair', true],
  [/^Blueprints/, 'authentik blueprint', true],
  [/^Event rules/, 'authentik notification rule', true],
  [/^Event transports/, 'authentik notification transport', true],
  [/^Endpoint agent connectors/, 'authentik agent connector', true],
  [/^Endpoint browser connectors/, 'authentik Google Chrome connector', true],
  [/^Enterprise licenses/, 'authentik enterprise license', false],
  [/^Outposts/, 'authentik outpost', true],
  [/^Service connections/, 'authentik service connection', true],
  [/^Permissions/, 'authentik permission', false],
];

/** The kinds that live under another object: the parent to expand, the child, its kind, editable. */
const AUTHENTIK_CHILDREN: Array<[RegExp, RegExp, RegExp, string]> = [
  [/^Flows/, /^default-authentication-flow/, /^10 · default-authentication-identification/, 'authentik flow stage binding'],
  [/^Applications/, /^Grafana/, /^grafana-admins/, 'authentik application entitlement'],
  [/^Endpoint agent connectors/, /^Acme laptops/, /^Engineering MacBooks/, 'authentik enrollment token'],
];

export const cases: UiCase[] = [
  {
    name: 'every Honeycomb kind’s record has the same header and actions in the same order, and its Copy buttons say what they copied',
    timeoutMs: 300_000,
    async run(ctx) {
      await withHoneycomb(ctx, TALL_WINDOW, async (page, standIn) => {
        const problems: string[] = [];
        const team = 'Acme Observability';
        const production = `${team} · Production`;
        await chooseFromContextMenu(page, treeItem(page, /^Acme Observability/).first(), 'Open Record');
        problems.push(...(await checkRecord(page, 'Honeycomb', { kind: 'Honeycomb connection', title: team, where: standIn.url, hasId: false })));
        await chooseFromContextMenu(page, treeItem(page, /^Production, production/).first(), 'Open Record');
        problems.push(...(await checkRecord(page, 'Honeycomb', { kind: 'Honeycomb environment', title: 'Production', where: team })));
        await expandTreeItem(page, /^Production, production/);
        await expandTreeItem(page, /^Datasets/);
        await chooseFromContextMenu(page, treeItem(page, /^api-gateway, api-gateway/).first(), 'Open Record');
        problems.push(...(await checkRecord(page, 'Honeycomb', { kind: 'Honeycomb dataset', title: 'api-gateway', where: production })));

        // Copy ID and Copy as Terraform say what they copied, as the tree's commands do.
        const dataset = webviewFrame(page);
        await dataset.locator('nav.actions vscode-button', { hasText: 'Copy ID' }).click();
        await page.locator('.part.statusbar', { hasText: 'Copied the ID of api-gateway' }).waitFor();
        await dataset.locator('nav.actions vscode-button', { hasText: 'Copy as Terraform' }).click();
        await page.locator('.part.statusbar', { hasText: 'Copied the Terraform lookup of api-gateway' }).waitFor();

        await expandTreeItem(page, /^api-gateway, api-gateway/);
        const inDataset = `${production} · dataset api-gateway`;
        await expandTreeItem(page, /^Columns/);
        await treeItem(page, /^duration_ms, float/)
          .first()
          .click();
        problems.push(...(await checkRecord(page, 'Honeycomb', { kind: 'Honeycomb column', title: 'duration_ms', where: inDataset })));
        await foldTreeItem(page, /^Columns/);
        await expandTreeItem(page, /^Derived columns(,|$)/);
        await treeItem(page, /^sli\.availability/)
          .first()
          .click();
        problems.push(...(await checkRecord(page, 'Honeycomb', { kind: 'Honeycomb derived column', title: 'sli.availability', where: inDataset })));
        await expandTreeItem(page, /^SLOs(,|$)/);
        await treeItem(page, /^Gateway availability/)
          .first()
          .click();
        problems.push(...(await checkRecord(page, 'Honeycomb', { kind: 'Honeycomb SLO', title: 'Gateway availability', where: production })));
        await expandTreeItem(page, /^Triggers(,|$)/);
        await treeItem(page, /^High 5xx rate/)
          .first()
          .click();
        problems.push(...(await checkRecord(page, 'Honeycomb', { kind: 'Honeycomb trigger', title: 'High 5xx rate', where: inDataset, editable: true })));
        // A trigger has no data source: Copy as Terraform gives its resource with the import block.
        await webviewFrame(page).locator('nav.actions vscode-button', { hasText: 'Copy as Terraform' }).click();
        await waitForNotification(page, /Copied the Terraform resource and import block of trigger “High 5xx rate”/);
        await foldTreeItem(page, /^api-gateway, api-gateway/);
        await expandTreeItem(page, /^Recipients/);
        await expandTreeItem(page, /^Slack, 2/);
        await chooseFromContextMenu(page, treeItem(page, /^#alerts-prod/).first(), 'Open Record');
        problems.push(...(await checkRecord(page, 'Honeycomb', { kind: 'Honeycomb recipient', title: '#alerts-prod', where: `${team} · team-wide` })));
        await ctx.screenshot(page, 'record-honeycomb-recipient');
        assertNone(problems);
      });
    },
  },
  {
    name: 'every authentik kind’s record, the managed kinds among them, has the same header and actions in the same order; references open by name; Reveal has Hide',
    timeoutMs: 480_000,
    async run(ctx) {
      await withAuthentik(ctx, TALL_WINDOW, async (page, standIn) => {
        const problems: string[] = [];
        const where = `authentik at 127.0.0.1:${standIn.port}`;
        const root = new RegExp(`^127\\.0\\.0\\.1:${standIn.port}`);
        await chooseFromContextMenu(page, treeItem(page, root).first(), 'Open Record');
        problems.push(...(await checkRecord(page, 'authentik', { kind: 'authentik connection', title: standIn.url, where, hasId: false })));

        for (const [folder, kind, editable] of AUTHENTIK_FOLDERS) {
          await expandTreeItem(page, folder);
          // The folder's first object (only one folder is open at a time).
          const first = page.locator('.monaco-list-row[aria-level="3"][aria-posinset="1"]').first();
          await first.waitFor();
          const title = ((await first.locator('.label-name').first().textContent()) ?? '').trim();
          await first.click();
          problems.push(...(await checkRecord(page, 'authentik', { kind, title, where, editable })));
          await foldTreeItem(page, folder);
        }
        for (const [folder, parent, child, kind] of AUTHENTIK_CHILDREN) {
          await expandTreeItem(page, folder);
          await expandTreeItem(page, parent);
          const item = treeItem(page, child).first();
          const title = ((await item.locator('.label-name').first().textContent()) ?? '').trim();
          await item.click();
          problems.push(...(await checkRecord(page, 'authentik', { kind, title, where, editable: true })));
          await foldTreeItem(page, parent);
          await foldTreeItem(page, folder);
        }

        // A brand names its flows: the link opens the flow's record.
        await expandTreeItem(page, /^Brands/);
        await treeItem(page, /^id\.acme\.example/)
          .first()
          .click();
        const brand = webviewFrame(page);
        await brand.locator('h1', { hasText: 'id.acme.example' }).waitFor();
        await ctx.screenshot(page, 'record-authentik-brand');
        await brand.locator('a.link', { hasText: 'default-authentication-flow' }).first().click();
        await webviewFrame(page).locator('h1', { hasText: 'default-authentication-flow' }).waitFor();
        await foldTreeItem(page, /^Brands/);

        // A client secret revealed can be hidden again; the focus goes back to Reveal.
        await expandTreeItem(page, /^Providers/);
        await treeItem(page, /^GitLab/)
          .first()
          .click();
        const gitlab = webviewFrame(page);
        await gitlab.locator('h1', { hasText: 'GitLab' }).waitFor();
        await gitlab.locator('vscode-button[aria-label="Reveal Client secret"]').click();
        await gitlab.locator('code.revealed').waitFor();
        await gitlab.locator('vscode-button[aria-label="Hide Client secret"]').click();
        await gitlab.locator('code.revealed').waitFor({ state: 'detached' });
        const reveal = gitlab.locator('vscode-button[aria-label="Reveal Client secret"]');
        await reveal.waitFor();
        const focused = await (await frameOf(gitlab)).evaluate<string | null>('document.activeElement && document.activeElement.getAttribute("aria-label")');
        if (focused !== 'Reveal Client secret') throw new Error(`after Hide, the focus is on "${focused}", not on Reveal`);
        assertNone(problems);
      });
    },
  },
];
