/**
 * Listing 5,000 authentik groups: this extension's client (`getGroups`, the provider's plural lookup)
 * against the official `@goauthentik/api` client (`CoreApi.coreGroupsList`, paged the same way),
 * side by side in one run against the same scale-mode stand-in. Both ask for 100 groups a page
 * with member objects (the lookup's default); the stand-in's request log counts the requests.
 * The stand-in runs in its own process (as a server would), so each client's own CPU time is
 * measured apart from the server's. Then how much of dist/extension.js the authentik explorer
 * accounts for (from the source map).
 *
 *   node out/test/bench/authentik-groups.bench.js [runs]     (after `npm run build` for the bundle part)
 *
 * Prints figures only; targets are read by a person: time ratio ≤ 1.0, equal requests.
 */
import * as fs from 'fs';
import * as path from 'path';
import { SourceMapConsumer } from 'source-map';
import { AuthentikClient } from '../../src/clients/authentik';
import { authentikApiBase } from '../../src/core/config';
import { spawn } from 'child_process';

// The official client is CommonJS; loaded here only, never by the extension.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const official = require('@goauthentik/api') as {
  Configuration: new (options: { basePath: string; accessToken: string }) => unknown;
  CoreApi: new (configuration: unknown) => {
    coreGroupsList(params: { page: number; pageSize: number; includeUsers: boolean }): Promise<{ pagination: { next: number }; results: Array<{ pk: string }> }>;
  };
};

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface RemoteStandIn {
  url: string;
  token: string;
  /** Requests to `path` logged since the last call. */
  countSince(path: string): Promise<number>;
  stop(): void;
}

/** The scale-mode stand-in in a child process (out/test/servers/main.js), its log read over HTTP. */
async function startRemoteStandIn(): Promise<RemoteStandIn> {
  const child = spawn(process.execPath, [path.join(__dirname, '../servers/main.js'), '--scale'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const line = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) resolve(text.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`the stand-in exited with ${code}`)));
  });
  const { authentik } = JSON.parse(line) as { authentik: { url: string; token: string } };
  let since = 0;
  return {
    url: authentik.url,
    token: authentik.token,
    async countSince(p: string) {
      const body = (await (await fetch(`${authentik.url}/__standin/requests?since=${since}`)).json()) as { requests: Array<{ seq: number; path: string }> };
      since = body.requests.reduce((max, r) => Math.max(max, r.seq), since);
      return body.requests.filter((r) => r.path === p).length;
    },
    stop: () => child.kill('SIGTERM'),
  };
}

async function listing(runs: number): Promise<void> {
  const standIn = await startRemoteStandIn();
  try {
    const apiBase = authentikApiBase(standIn.url);
    const ours = new AuthentikClient({ apiBase, token: standIn.token });
    const theirs = new official.CoreApi(new official.Configuration({ basePath: apiBase, accessToken: standIn.token }));

    const contenders: Record<string, () => Promise<number>> = {
      'this client (getGroups)': async () => (await ours.getGroups({ includeUsers: true })).groups.length,
      '@goauthentik/api (coreGroupsList)': async () => {
        // Kept, like getGroups keeps them: the caller wants the list, not just to walk it.
        const groups: Array<{ pk: string }> = [];
        for (let page = 1; page !== 0;) {
          const result = await theirs.coreGroupsList({ page, pageSize: 100, includeUsers: true });
          groups.push(...result.results);
          page = result.pagination.next;
        }
        return groups.length;
      },
    };
    const times: Record<string, number[]> = {};
    const cpu: Record<string, number[]> = {};
    const requests: Record<string, number[]> = {};
    const counts: Record<string, number> = {};
    // One warm-up each (JIT, keep-alive sockets), then alternate which goes first so drift hits
    // both alike.
    for (let run = -1; run < runs; run++) {
      const order = Object.entries(contenders);
      if (run % 2 === 1) order.reverse();
      for (const [name, list] of order) {
        await standIn.countSince('');
        const started = performance.now();
        const cpuStart = process.cpuUsage();
        counts[name] = await list();
        const used = process.cpuUsage(cpuStart);
        const ms = performance.now() - started;
        const sent = await standIn.countSince('/api/v3/core/groups/');
        if (run < 0) continue;
        (times[name] ??= []).push(ms);
        (cpu[name] ??= []).push((used.user + used.system) / 1000);
        (requests[name] ??= []).push(sent);
      }
    }
    const violations = (await (await fetch(`${standIn.url}/__standin/violations`)).json()) as { violations: unknown[] };
    if (violations.violations.length > 0) throw new Error(`stand-in violations: ${JSON.stringify(violations.violations).slice(0, 2000)}`);

    console.log(`authentik: list ${counts[Object.keys(contenders)[0]].toLocaleString('en-US')} groups (100 a page, with member objects), median of ${runs} runs each, same stand-in (own process)`);
    for (const name of Object.keys(contenders)) {
      console.log(
        `  ${name.padEnd(36)} ${median(times[name]).toFixed(0).padStart(6)} ms wall  ${median(cpu[name]).toFixed(0).padStart(5)} ms client CPU  ` +
          `${median(requests[name])} requests  ${counts[name]} groups  (runs: ${times[name].map((t) => t.toFixed(0)).join(', ')} ms)`,
      );
    }
    const [a, b] = Object.keys(contenders);
    const ratio = median(times[a]) / median(times[b]);
    console.log(`  time ratio (this / official): ${ratio.toFixed(2)} — target ≤ 1.00: ${ratio <= 1 ? 'met' : 'NOT met'}; client CPU ratio ${(median(cpu[a]) / median(cpu[b])).toFixed(2)}`);
    console.log(`  requests: ${median(requests[a])} vs ${median(requests[b])} — equal: ${median(requests[a]) === median(requests[b]) ? 'yes' : 'NO'}`);
  } finally {
    standIn.stop();
  }
}

/** Bytes of dist/extension.js whose source-map origin is one of the authentik explorer's files. */
async function bundleShare(): Promise<void> {
  const dist = path.resolve(__dirname, '../../../dist');
  const bundleFile = path.join(dist, 'extension.js');
  if (!fs.existsSync(`${bundleFile}.map`)) {
    console.log('bundle: dist/extension.js.map is missing — run "npm run build" for the bundle figures');
    return;
  }
  const code = fs.readFileSync(bundleFile, 'utf8').split('\n');
  const mine = /(^|\/)src\/(clients\/authentik\/|views\/authentik\/|commands\/authentikExplorer\.ts)/;
  const perFile = new Map<string, number>();
  await SourceMapConsumer.with(JSON.parse(fs.readFileSync(`${bundleFile}.map`, 'utf8')), null, (consumer) => {
    // Each mapping owns the generated text up to the next mapping on its line.
    let previous: { line: number; column: number; source: string | null } | undefined;
    const flush = (upTo: { line: number; column: number } | undefined) => {
      if (!previous?.source) return;
      const line = code[previous.line - 1] ?? '';
      const end = upTo && upTo.line === previous.line ? upTo.column : line.length;
      perFile.set(previous.source, (perFile.get(previous.source) ?? 0) + Math.max(0, end - previous.column));
    };
    consumer.eachMapping((m) => {
      flush({ line: m.generatedLine, column: m.generatedColumn });
      previous = { line: m.generatedLine, column: m.generatedColumn, source: m.source };
    });
    flush(undefined);
  });
  const total = fs.statSync(bundleFile).size;
  let share = 0;
  for (const [source, bytes] of perFile) if (mine.test(source)) share += bytes;
  console.log(
    `bundle: dist/extension.js ${(total / 1024).toFixed(1)} KB; ` +
      `the authentik explorer's sources (src/clients/authentik, src/views/authentik, src/commands/authentikExplorer.ts) account for ${(share / 1024).toFixed(1)} KB of it`,
  );
}

async function main(): Promise<void> {
  const runs = Math.max(1, Number(process.argv[2] ?? 7) || 7);
  await listing(runs);
  await bundleShare();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
