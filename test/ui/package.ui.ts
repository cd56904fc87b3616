/**
 * The packaged extension, installed as the README tells users to: `npm run package` writes a
 * .vsix, code-server installs it with --install-extension (no link to the source tree), and it
 * works — its views, a record panel (the webview assets are in the package) and the JSON schema
 * of query files (also in the package). Before any of that, the package is weighed against its
 * budget and searched for what must never ship (tests, fixtures, sources, maps, credentials).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { repoRoot } from '../host/codeServer';
import { AUTHENTIK_TOKENS } from '../servers/authentik/seed';
import { HONEYCOMB_KEYS, startHoneycombStandIn } from '../servers/honeycomb';
import { UiCase, chooseFromContextMenu, openViewContainer, treeItem, webviewFrame } from './harness';
import { vsixEntries } from './vsixContents';

/**
 * What the package may weigh: the .vsix file and its file count (today about 600 KB, 87 files:
 * the 13 authentik kinds and 13 Honeycomb kinds editable, each Honeycomb kind with its schemas for
 * completion and hover, and the blueprint schema whose field descriptions hover shows — 20 KB
 * compressed, loaded only when a blueprint opens).
 */
const VSIX_BUDGET = { bytes: 640 * 1024, files: 95 };

/**
 * The Terraform parser, allowed beside that budget: its chunk (the features reading `.tf`
 * files), tree-sitter's runtime chunk and the two WebAssembly files (the runtime, about 205 KB,
 * and the Terraform grammar, about 92 KB) — about 400 KB unpacked, loaded only when a `.tf` file
 * or a save's plan needs them. Counted unpacked, file by file, so a grown grammar is seen.
 */
const TERRAFORM_PARSER_FILES = [
  'extension/dist/extension.terraform.js',
  'extension/dist/extension.terraform-parser.js',
  'extension/dist/tree-sitter.wasm',
  'extension/dist/tree-sitter-terraform.wasm',
];
const TERRAFORM_PARSER_BUDGET = { unpackedBytes: 460 * 1024, packedBytes: 200 * 1024 };

/** Whatever comes, the .vsix stays under 10 MB. */
const VSIX_CEILING = 10 * 1024 * 1024;

/** Every string inside a value (credential tables nest key IDs and secrets). */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return value && typeof value === 'object' ? Object.values(value).flatMap(stringsIn) : [];
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** The .vsix holds what runs and nothing a developer has lying around: no tests, fixtures, sources, maps or secrets. */
function checkPackageContents(vsix: string): void {
  const size = fs.statSync(vsix).size;
  check(size < VSIX_CEILING, `the .vsix weighs ${(size / 1024).toFixed(0)} KB, over 10 MB`);
  check(
    size <= VSIX_BUDGET.bytes + TERRAFORM_PARSER_BUDGET.packedBytes,
    `the .vsix weighs ${(size / 1024).toFixed(0)} KB, over its budget of ${VSIX_BUDGET.bytes / 1024} KB and the parser's ${TERRAFORM_PARSER_BUDGET.packedBytes / 1024} KB`,
  );
  const entries = vsixEntries(vsix);
  const parser = TERRAFORM_PARSER_FILES.map((name) => entries.find((e) => e.name === name));
  check(parser.every(Boolean), `the .vsix lacks a file of the Terraform parser: ${TERRAFORM_PARSER_FILES.filter((_n, i) => !parser[i]).join(', ')}`);
  const parserBytes = parser.reduce((sum, e) => sum + (e?.size ?? 0), 0);
  check(
    parserBytes <= TERRAFORM_PARSER_BUDGET.unpackedBytes,
    `the Terraform parser's files weigh ${(parserBytes / 1024).toFixed(0)} KB unpacked, over their budget of ${TERRAFORM_PARSER_BUDGET.unpackedBytes / 1024} KB`,
  );
  check(
    entries.length <= VSIX_BUDGET.files + TERRAFORM_PARSER_FILES.length,
    `the .vsix holds ${entries.length} files, over its budget of ${VSIX_BUDGET.files} and the parser's ${TERRAFORM_PARSER_FILES.length}`,
  );
  const unwanted = entries.filter((e) => /(^|\/)(test|tests|fixtures?|src|node_modules|out|test-output)\/|\.(map|ts|pem|key|vsix|log)$|(^|\/)\.env/i.test(e.name.replace(/^extension\//, '')));
  check(unwanted.length === 0, `the .vsix holds files it must not: ${unwanted.map((e) => e.name).join(', ')}`);
  const testSecrets = stringsIn([HONEYCOMB_KEYS, AUTHENTIK_TOKENS]);
  for (const entry of entries) {
    const text = entry.read().toString('latin1');
    const secret = testSecrets.find((value) => text.includes(value));
    check(secret === undefined, `${entry.name} holds a credential of the test stand-ins`);
    check(!/-----BEGIN [A-Z ]*PRIVATE KEY-----\s+[A-Za-z0-9+/=]{40}/.test(text), `${entry.name} holds a private key`);
  }
}

export const cases: UiCase[] = [
  {
    name: 'the .vsix from npm run package installs and works',
    timeoutMs: 240_000,
    async run(ctx) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-vsix-'));
      const standIn = await startHoneycombStandIn();
      try {
        const vsix = path.join(dir, 'ops-config-explorer.vsix');
        execFileSync('npx', ['vsce', 'package', '--no-dependencies', '--out', vsix], { cwd: repoRoot, stdio: 'pipe', timeout: 120_000 });
        checkPackageContents(vsix);
        const folder = path.join(dir, 'workspace');
        fs.mkdirSync(folder);
        fs.writeFileSync(path.join(folder, 'errors.honeycomb-query.json'), '{\n  "dataset": "api-gateway",\n  "query": { "calculations": [{ "op": "COUNT" }], "limitt": 5 }\n}\n');
        const { page } = await ctx.open({
          extension: vsix as `${string}.vsix`,
          folder,
          env: { HONEYCOMB_API_ENDPOINT: standIn.url, HONEYCOMB_API_KEY: HONEYCOMB_KEYS.production },
        });
        // The schema shipped in the package marks the misspelled field while the file is open.
        await page.locator('.monaco-workbench .part.statusbar').click({ position: { x: 2, y: 2 } });
        await page.keyboard.press('Control+P');
        await page.locator('.quick-input-widget input').fill('errors.honeycomb-query.json');
        await page.locator('.quick-input-list .monaco-list-row').first().waitFor();
        await page.keyboard.press('Enter');
        await page.locator('.monaco-editor .squiggly-error, .monaco-editor .squiggly-warning').first().waitFor({ timeout: 60_000 });
        await ctx.screenshot(page, 'package-installed-query-file');

        await openViewContainer(page, 'Ops Config');
        const connection = treeItem(page, /^Acme Observability/);
        await connection.waitFor({ timeout: 60_000 });
        await chooseFromContextMenu(page, connection, 'Open Record');
        await webviewFrame(page).locator('h1', { hasText: 'Acme Observability' }).waitFor({ timeout: 60_000 });
        await ctx.screenshot(page, 'package-installed-record');
      } finally {
        await standIn.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
