/**
 * `npm run demo`: a real VS Code (code-server) with the extension installed, connected to the
 * local stand-ins seeded with realistic data, on http://127.0.0.1:<port>. Runs until Ctrl+C.
 *
 * Credentials reach the extension the way a CI user would give them: through the environment
 * variables the extension reads as fallbacks (HONEYCOMB_API_KEY, AUTHENTIK_TOKEN, …), so the
 * demo needs no clicks to connect. Nothing is written to the user's own settings.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { repoRoot, startCodeServer } from '../test/host/codeServer';
import { AUTHENTIK_TOKENS, startAuthentikStandIn } from '../test/servers/authentik';
import { HONEYCOMB_KEYS, startHoneycombStandIn } from '../test/servers/honeycomb';
import { prepareSignatureDemo } from './demoSignatures';

async function main(): Promise<void> {
  const port = Number(process.env.DEMO_PORT ?? 8080);
  const honeycomb = await startHoneycombStandIn();
  const authentik = await startAuthentikStandIn();
  const folder = copyDemoWorkspace();
  const registry = await prepareSignatureDemo(folder);
  const server = await startCodeServer({
    port,
    folder,
    linkExtension: repoRoot,
    env: {
      HONEYCOMB_API_ENDPOINT: honeycomb.url,
      HONEYCOMB_API_KEY: HONEYCOMB_KEYS.production,
      HONEYCOMB_KEY_ID: HONEYCOMB_KEYS.management.id,
      HONEYCOMB_KEY_SECRET: HONEYCOMB_KEYS.management.secret,
      AUTHENTIK_URL: authentik.url,
      AUTHENTIK_TOKEN: AUTHENTIK_TOKENS.admin,
    },
  });

  console.log('');
  console.log('Ops Config Explorer demo is running.');
  console.log(`  Open ${server.url}`);
  console.log(`  Honeycomb stand-in: ${honeycomb.url}   authentik stand-in: ${authentik.url}   registry: ${registry.url}`);
  console.log('  Press Ctrl+C to stop.');

  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the demo…');
    await server.stop();
    await honeycomb.stop();
    await authentik.stop();
    await registry.stop();
    fs.rmSync(path.dirname(folder), { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  const code = await server.exited;
  if (!stopping) {
    console.error(`code-server exited unexpectedly (${code}); its log: ${server.logFile}`);
    process.exit(1);
  }
}

/** A fresh copy of demo/workspace, so whatever the demo user edits never touches the repo. */
function copyDemoWorkspace(): string {
  const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ops-demo-')), 'workspace');
  fs.cpSync(path.join(repoRoot, 'demo', 'workspace'), target, { recursive: true });
  return target;
}

main().catch((error: unknown) => {
  console.error(`The demo could not start: ${(error as Error).message}`);
  process.exit(1);
});
