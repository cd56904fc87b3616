/**
 * The demo's stand-in services alone, on fixed ports, for the Extension Development Host that
 * F5 opens (.vscode/launch.json gives it the matching environment variables). Runs until stopped.
 *
 *   node out/scripts/standIns.js        Honeycomb on 127.0.0.1:4510, authentik on 127.0.0.1:4511
 */
import { startAuthentikStandIn } from '../test/servers/authentik';
import { startHoneycombStandIn } from '../test/servers/honeycomb';
import { STAND_IN_PORTS } from './standInPorts';

async function main(): Promise<void> {
  const honeycomb = await startHoneycombStandIn({ port: STAND_IN_PORTS.honeycomb });
  const authentik = await startAuthentikStandIn({ port: STAND_IN_PORTS.authentik });
  // The task in .vscode/tasks.json waits for this line before launching the editor.
  console.log(`Stand-ins ready: Honeycomb ${honeycomb.url}, authentik ${authentik.url}`);
  const stop = async (): Promise<void> => {
    await Promise.allSettled([honeycomb.stop(), authentik.stop()]);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(`The stand-ins could not start: ${(error as Error).message} (is another copy running on ports ${STAND_IN_PORTS.honeycomb}/${STAND_IN_PORTS.authentik}?)`);
  process.exit(1);
});
