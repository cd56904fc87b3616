#!/usr/bin/env node
'use strict';
/**
 * A stand-in "code" executable for @vscode/test-electron's runTests({ vscodeExecutablePath }).
 * There is no desktop VS Code to download here, so this starts code-server (a real VS Code
 * server) and headless Chromium instead, hands the extension host the test payload through the
 * workbench URL, and exits with the extension host's test result.
 *
 * Output: the mocha report, which the extension host writes to $MOCHA_OUTPUT_FILE because its
 * console does not reach any stdout; this script streams that file to its own stdout.
 * Env: CODE_SHIM_TIMEOUT_MS (default 600000) bounds the whole run.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');

const compiled = path.join(__dirname, '../../out/test/host');
if (!fs.existsSync(path.join(compiled, 'codeServer.js'))) {
  console.error('code-shim: out/test/host is missing; run "npx tsc -p ." first');
  process.exit(2);
}
const { startCodeServer } = require(path.join(compiled, 'codeServer.js'));
const { launchChromium } = require(path.join(compiled, 'browser.js'));

/** Keeps the flags the runner gives a real `code`; ignores the Electron-only ones (--no-sandbox…). */
function parseArgs(argv) {
  const value = (name) => {
    const arg = argv.find((a) => a.startsWith(`--${name}=`));
    return arg && arg.slice(name.length + 3);
  };
  return {
    extensionDevelopmentPath: value('extensionDevelopmentPath'),
    extensionTestsPath: value('extensionTestsPath'),
    userDataDir: value('user-data-dir'),
    extensionsDir: value('extensions-dir'),
    folder: argv.find((a) => !a.startsWith('-')),
  };
}

/** Copies what the extension host appends to `file` to our stdout as it arrives. */
function follow(file) {
  let offset = 0;
  const pump = () => {
    let data;
    try {
      data = fs.readFileSync(file);
    } catch {
      return;
    }
    if (data.length > offset) process.stdout.write(data.subarray(offset));
    offset = data.length;
  };
  const timer = setInterval(pump, 500);
  return () => {
    clearInterval(timer);
    pump();
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-code-shim-'));
  const outputFile = process.env.MOCHA_OUTPUT_FILE || path.join(logDir, 'test-output.txt');
  fs.writeFileSync(outputFile, '');
  const browserLog = path.join(logDir, 'browser.log');
  const log = (line) => fs.appendFileSync(browserLog, line + '\n');
  const timeoutMs = Number(process.env.CODE_SHIM_TIMEOUT_MS || 600000);

  const server = await startCodeServer({ ...args, env: { MOCHA_OUTPUT_FILE: outputFile } });
  const browser = await launchChromium();
  const stopFollowing = follow(outputFile);
  let code = 1;
  try {
    const page = await (await browser.newContext()).newPage();
    page.on('console', (m) => log(`[console.${m.type()}] ${m.text()}`));
    page.on('pageerror', (e) => log(`[pageerror] ${e.message}`));
    code = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no result from the extension host after ${timeoutMs / 1000}s`)), timeoutMs);
      const done = (c) => {
        clearTimeout(timer);
        resolve(c);
      };
      page.on('crash', () => reject(new Error('the browser page crashed')));
      void server.exited.then((c) => reject(new Error(`code-server exited early (${c})`)));
      // The workbench calls these once the payload's test runner finishes; they must exist before
      // the page loads.
      Promise.all([page.exposeFunction('codeAutomationLog', (level, msg) => log(`[automation ${level}] ${msg}`)), page.exposeFunction('codeAutomationExit', (c) => done(Number(c)))])
        .then(() => page.goto(server.url))
        .then((res) => {
          if (res && res.status() >= 400) reject(new Error(`workbench answered HTTP ${res.status()}`));
        })
        .catch(reject);
    });
  } catch (e) {
    console.error(`code-shim: ${e.message}`);
  } finally {
    await browser.close().catch(() => {});
    stopFollowing();
    await server.stop({ keepLogs: code !== 0 });
  }
  if (code === 0) fs.rmSync(logDir, { recursive: true, force: true });
  else console.error(`code-shim: logs kept: ${server.logFile}, ${browserLog}`);
  process.exit(code);
}

main().catch((e) => {
  console.error(`code-shim: ${e.stack || e}`);
  process.exit(1);
});
