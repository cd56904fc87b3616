/**
 * Starts both stand-ins with their seed data for the demo and for UI tests driven from another
 * process:
 *
 *   node out/test/servers/main.js [--port-honeycomb N] [--port-authentik N] [--scale] [--authentik-https]
 *
 * Prints one JSON line with the URLs and the credentials to use, then keeps running until
 * SIGTERM/SIGINT. Faults and the request log are reachable under <url>/__standin/.
 */
import { startAuthentikStandIn, AUTHENTIK_TOKENS } from './authentik';
import { startHoneycombStandIn, HONEYCOMB_KEYS } from './honeycomb';
import { openApiValidator } from './openapi/validator';

interface CliOptions {
  portHoneycomb?: number;
  portAuthentik?: number;
  scale: boolean;
  authentikHttps: boolean;
}

export function parseArgs(argv: string[]): CliOptions {
  const options: CliOptions = { scale: false, authentikHttps: false };
  const port = (flag: string, value: string | undefined): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${flag} needs a port number (0-65535), got ${value ?? 'nothing'}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--port-honeycomb') options.portHoneycomb = port(arg, argv[++i]);
    else if (arg === '--port-authentik') options.portAuthentik = port(arg, argv[++i]);
    else if (arg === '--scale') options.scale = true;
    else if (arg === '--authentik-https') options.authentikHttps = true;
    else throw new Error(`unknown argument ${arg}`);
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const [honeycomb, authentik] = await Promise.all([
    startHoneycombStandIn({ port: options.portHoneycomb, scale: options.scale }),
    startAuthentikStandIn({ port: options.portAuthentik, scale: options.scale, https: options.authentikHttps }),
  ]);
  // Load timings go to stderr so stdout stays one machine-readable line.
  for (const name of ['honeycomb', 'authentik'] as const) {
    const t = openApiValidator(name).timings;
    process.stderr.write(`stand-in: ${name} document loaded in ${t.totalMs.toFixed(0)} ms (${t.cacheHit ? 'cached JSON' : 'YAML parse'})\n`);
  }
  process.stdout.write(
    JSON.stringify({
      honeycomb: {
        url: honeycomb.url,
        apiKey: HONEYCOMB_KEYS.production,
        managementKeyId: HONEYCOMB_KEYS.management.id,
        managementKeySecret: HONEYCOMB_KEYS.management.secret,
      },
      authentik: { url: authentik.url, token: AUTHENTIK_TOKENS.admin },
    }) + '\n',
  );

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    Promise.all([honeycomb.stop(), authentik.stop()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (require.main === module) {
  main().catch((e: Error) => {
    process.stderr.write(`stand-in: ${e.message}\n`);
    process.exit(2);
  });
}
