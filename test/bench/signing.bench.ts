/**
 * Signing cost against a real registry (Debian's docker-registry on 127.0.0.1) and the mock
 * Fulcio and Rekor: requests and time per sign, per format, for a fresh image each round
 * (keyless; one certificate per sign). Prints figures; it does not pass or fail on timing.
 */
import { sign } from '../../src/clients/cosign/sign';
import { Registries, RegistryClient } from '../../src/clients/registry/client';
import { parseSigningConfig } from '../../src/clients/sigstore/signingConfig';
import { pushTinyImage } from '../registry/images';
import { startRegistry } from '../registry/registryServer';
import { startMockSigstore, testIdentityToken } from '../sigstore/mockSigstore';

const ROUNDS = 15;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main(): Promise<void> {
  const [registry, sigstore] = await Promise.all([startRegistry(), startMockSigstore()]);
  try {
    const client = new RegistryClient(registry.host);
    for (const format of ['legacy', 'bundle', 'both'] as const) {
      const times: number[] = [];
      const registryRequests: number[] = [];
      const sigstoreRequests: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const digest = (await pushTinyImage(client, `bench/${format}`, `r${i}`, `${format}-${i}`)).digest;
        const registries = new Registries({});
        const started = performance.now();
        const result = await sign(
          { image: `${registry.host}/bench/${format}@${digest}`, signatureFormat: format, certificateAuthorityUrl: sigstore.url, transparencyLogUrl: sigstore.url },
          {
            credentials: { kind: 'keyless', identityToken: testIdentityToken() },
            defaults: { defaultSignatureFormat: 'legacy', defaultAttestationEntryType: 'intoto', timeout: '1m', timeoutMs: 60_000, useTransparencyLogV2: false },
            bundleServices: parseSigningConfig(sigstore.signingConfigJson(), 'mock'),
            registries,
          },
        );
        times.push(performance.now() - started);
        registryRequests.push(result.requests.registry);
        sigstoreRequests.push(result.requests.sigstore);
      }
      console.log(`sign ${format.padEnd(6)}: median ${median(times).toFixed(1)} ms, registry requests ${median(registryRequests)}, Sigstore requests ${median(sigstoreRequests)} (${ROUNDS} rounds)`);
    }
  } finally {
    await Promise.all([registry.stop(), sigstore.stop()]);
  }
}

void main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
