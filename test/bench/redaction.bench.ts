/**
 * Masking log lines when many secrets are known: a paged list of notification transports,
 * Chrome connectors or licenses registers every item's secret, so a long session can know
 * 20,000 of them. Each line the logger writes passes through all of them.
 *
 * Prints, with 20,000 known secrets (webhook URLs, API tokens, hex keys, license JWTs): the time
 * to register them, the memory they take, and the time per log line (median and slowest of the
 * rounds; the median CPU time too, steadier on a busy machine) for three kinds of line — a request line, a 2,000-character trace body, an error that
 * echoes the first 60 characters of a known secret. Target: ≤ 0.1 ms per line. No pass or fail.
 */
import { RedactingLogger } from '../../src/core/logger';
import { KnownSecrets } from '../../src/core/redact';

const SECRETS = 20_000;
const ROUNDS = 15;
const LINES_PER_ROUND = 50;

/** A fixed sequence, so every run masks the same secrets in the same lines. */
function randomText(seed: number): (length: number, alphabet?: string) => string {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state;
  };
  const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  // The high bits: an LCG's low bits repeat with a short period.
  return (length, alphabet = BASE62) => Array.from({ length }, () => alphabet[Math.floor((next() / 2 ** 32) * alphabet.length)]).join('');
}

/** What a long session registers: mostly the secrets of paged lists, a few credentials. */
function knownSecrets(): string[] {
  const random = randomText(28);
  const out: string[] = [];
  for (let i = 0; i < SECRETS; i++) {
    switch (i % 4) {
      case 0:
        out.push(`https://hooks.slack.com/services/T${random(8)}/B${random(10)}/${random(24)}`);
        break;
      case 1:
        out.push(random(60));
        break;
      case 2:
        out.push(random(32, '0123456789abcdef'));
        break;
      default:
        out.push(`eyJhbGciOiJFUzUxMiJ9.${random(300)}.${random(176)}`);
    }
  }
  return out;
}

function lines(secrets: string[]): Record<string, string[]> {
  const random = randomText(6);
  const request = Array.from({ length: LINES_PER_ROUND }, (_, i) => `← 200 GET https://auth.example.com/api/v3/events/transports/?ordering=name&page=${i + 1}&page_size=100 (${40 + (i % 9)} ms)`);
  const body = Array.from({ length: LINES_PER_ROUND }, (_, i) => {
    const items = Array.from({ length: 20 }, (_, j) => ({ pk: `${random(8)}-${random(4)}-${random(4)}`, name: `Transport ${i}-${j}`, mode: 'webhook_slack', send_once: false }));
    return `body of https://auth.example.com/api/v3/events/transports/?page=${i + 1}: ${JSON.stringify({ pagination: { count: SECRETS }, results: items })}`.slice(0, 2000);
  });
  const echo = Array.from(
    { length: LINES_PER_ROUND },
    (_, i) => `authentik updateNotificationTransport: the request was refused (HTTP 400). The server said: "invalid value ${secrets[(i * 7919) % secrets.length].slice(0, 60)}".`,
  );
  return { 'request line (~110 chars)': request, 'trace body (2,000 chars)': body, 'error echoing 60 chars of a secret': echo };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function main(): void {
  const values = knownSecrets();
  const secrets = new KnownSecrets();
  (globalThis as { gc?: () => void }).gc?.();
  // Typed arrays live outside the JavaScript heap: both count.
  const memory = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const heapBefore = memory();
  const registerStarted = performance.now();
  values.forEach((value) => secrets.add(value));
  const registerMs = performance.now() - registerStarted;
  (globalThis as { gc?: () => void }).gc?.();
  const heapMiB = (memory() - heapBefore) / (1024 * 1024);
  const characters = values.reduce((sum, value) => sum + value.length, 0);
  console.log(`${SECRETS.toLocaleString('en-US')} known secrets (${characters.toLocaleString('en-US')} characters): registered in ${registerMs.toFixed(0)} ms, ${heapMiB.toFixed(1)} MiB of memory`);

  let written = '';
  const logger = new RedactingLogger((_level, message) => (written = message), secrets, 'authentik');
  for (const [kind, batch] of Object.entries(lines(values))) {
    const perLine: number[] = [];
    const cpuPerLine: number[] = [];
    for (const line of batch) logger.debug(line); // a round to warm up, not counted
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      for (const line of batch) logger.debug(line);
      const used = process.cpuUsage(cpu);
      perLine.push((performance.now() - started) / batch.length);
      cpuPerLine.push((used.user + used.system) / 1000 / batch.length);
    }
    const leaked = kind.startsWith('error') && !written.includes('‹redacted›') ? ' (the echo was NOT masked)' : '';
    console.log(
      `  ${kind.padEnd(36)} median ${median(perLine).toFixed(4)} ms per line (CPU ${median(cpuPerLine).toFixed(4)} ms), slowest round ${Math.max(...perLine).toFixed(4)} ms (target ≤ 0.1 ms)${leaked}`,
    );
  }
}

main();
