/**
 * Verification cost against a real registry (Debian's docker-registry on 127.0.0.1), with a real
 * keyless signature (fixture legacy-keyless-github-2026):
 * - registry requests per verification of a digest reference (target ≤ 4, plus token requests),
 *   on an open registry and on one with token auth;
 * - verification time against the time to fetch the same bytes with the same client
 *   (target ≤ 1.5×): what the cryptography and policy work add on top of the transfer.
 * Measured on loopback (where fetching takes a few milliseconds) and once more with 20 ms added
 * to each request, as from a registry in the same region.
 * And "Verify all" on 50 references: images per second one at a time and four at a time, on an
 * open registry and on one with token auth.
 * Prints figures; it does not pass or fail on timing.
 */
import { VerificationBatch, getVerify } from '../../src/clients/cosign';
import { mapBounded } from '../../src/core/boundedMap';
import { Registries, RegistryClient } from '../../src/clients/registry/client';
import { attachmentTag } from '../../src/clients/registry/digest';
import { loadLegacyFixture, readLegacyFixture } from '../registry/fixtures';
import { keylessPolicy } from '../registry/images';
import { startLatencyProxy } from '../registry/latencyProxy';
import { TEST_USER, startRegistry } from '../registry/registryServer';

const FIXTURE = 'legacy-keyless-github-2026';
const ROUNDS = 30;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function bench(tokenAuth: boolean, latencyMs = 0): Promise<void> {
  const started0 = await startRegistry({ tokenAuth });
  // With latency, every client talks to the registry through a proxy that holds each request.
  const proxy = latencyMs > 0 ? await startLatencyProxy(started0.host, latencyMs) : undefined;
  const registry = { ...started0, host: proxy?.host ?? started0.host };
  try {
    const fixture = readLegacyFixture(FIXTURE);
    const repo = tokenAuth ? `public/${FIXTURE}` : `fixtures/${FIXTURE}`;
    await loadLegacyFixture(new RegistryClient(registry.host, { credentials: async () => TEST_USER }), repo, fixture);
    const layer = fixture.expected.layers[0];
    const policy = keylessPolicy('bench', `${registry.host}/**`, { issuer: layer.oidcIssuer as string, subject: layer.subjectAlternativeName as string });
    const image = `${registry.host}/${repo}@${fixture.imageDigest}`;

    const verifyMs: number[] = [];
    const fetchMs: number[] = [];
    let requests = { registry: 0, auth: 0, bytes: 0 };
    for (let i = 0; i < ROUNDS + 3; i++) {
      // Fresh clients each round: no token or blob cache carries over, as for a user's first verify.
      let started = performance.now();
      const report = await getVerify({ image, policy }, { registries: new Registries() });
      const verifyTime = performance.now() - started;
      if (!report.verified) throw new Error(`benchmark fixture did not verify: ${report.reasons.join('; ')}`);
      requests = report.requests;

      const client = new RegistryClient(registry.host);
      started = performance.now();
      const manifest = await client.getManifest(repo, attachmentTag(fixture.imageDigest, 'sig'));
      const layers = (manifest.manifest as { layers: Array<{ digest: string }> }).layers;
      await Promise.all([...new Set(layers.map((l) => l.digest))].map((d) => client.getBlob(repo, d)));
      const fetchTime = performance.now() - started;
      if (i >= 3) {
        // The first rounds warm up the JIT and the registry's caches.
        verifyMs.push(verifyTime);
        fetchMs.push(fetchTime);
      }
    }
    const ratio = median(verifyMs) / median(fetchMs);
    const label = `${tokenAuth ? 'token-auth registry' : 'open registry'}${latencyMs > 0 ? ` with ${latencyMs} ms per request` : ' on loopback'}`;
    console.log(
      `${label}: registry requests per verification of a digest reference: ${requests.registry} (+ ${requests.auth} token/challenge) — target ≤ 4: ${requests.registry <= 4 ? 'met' : 'NOT met'}`,
    );
    console.log(`${label}: bytes fetched per verification: ${requests.bytes}`);
    console.log(
      `${label}: verify median ${median(verifyMs).toFixed(1)} ms vs fetching the same bytes ${median(fetchMs).toFixed(1)} ms over ${ROUNDS} rounds: ` +
        `${ratio.toFixed(2)}× — target ≤ 1.5×: ${ratio <= 1.5 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await proxy?.stop();
    await started0.stop();
  }
}

/**
 * "Verify all images in this file" on a manifest of 50 references (50 repositories holding the
 * signed fixture, 20 ms per request as from a registry in the same region): images per second
 * one at a time and four at a time, as the command runs them (one batch: the policy parsed once,
 * each registry's connection and tokens shared; every image's signatures still fetched and checked).
 * With token auth, each repository still needs its own token; the registry's challenge is learnt once.
 */
async function benchMany(count: number, latencyMs: number, tokenAuth = false): Promise<void> {
  const started0 = await startRegistry({ tokenAuth });
  const proxy = await startLatencyProxy(started0.host, latencyMs);
  try {
    const fixture = readLegacyFixture(FIXTURE);
    const writer = new RegistryClient(started0.host, { credentials: async () => TEST_USER });
    const images: string[] = [];
    for (let i = 0; i < count; i++) {
      // Anonymous callers may pull repositories under public/ from the token-auth registry.
      await loadLegacyFixture(writer, `public/app-${i}`, fixture);
      images.push(`${proxy.host}/public/app-${i}@${fixture.imageDigest}`);
    }
    const layer = fixture.expected.layers[0];
    const policy = keylessPolicy('bench', `${proxy.host}/**`, { issuer: layer.oidcIssuer as string, subject: layer.subjectAlternativeName as string });
    const label = `verify all, ${count} references, ${tokenAuth ? 'token-auth registry, ' : ''}${latencyMs} ms per request`;
    for (const concurrency of [1, 4]) {
      const started = performance.now();
      const batch = new VerificationBatch(policy, { registries: new Registries() });
      const reports = await mapBounded(images, concurrency, (image) => batch.verify(image));
      const seconds = (performance.now() - started) / 1000;
      const verified = reports.filter((r) => r.verified).length;
      if (verified !== count) throw new Error(`only ${verified} of ${count} verified: ${reports.find((r) => !r.verified)?.reasons.join('; ')}`);
      console.log(`${label}, ${concurrency} at a time: ${(count / seconds).toFixed(1)} images/s (${seconds.toFixed(2)} s)`);
    }
  } finally {
    await proxy.stop();
    await started0.stop();
  }
}

async function main(): Promise<void> {
  await bench(false);
  await bench(true);
  // A registry a network hop away, as users have: the same verification with 20 ms added to each
  // request (a round trip within a region).
  await bench(false, 20);
  await benchMany(50, 20);
  await benchMany(50, 20, true);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
