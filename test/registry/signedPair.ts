import { RegistryClient } from '../../src/clients/registry/client';
import { loadLegacyFixture, readLegacyFixture } from './fixtures';
import { keylessPolicy, pushTinyImage } from './images';
import type { TestRegistry } from './registryServer';

/** The real keyless signature (GitHub Actions, public-good Sigstore) the editor tests verify. */
const FIXTURE = 'legacy-keyless-github-2026';

/**
 * Two images under `<prefix>/` of a test registry: `web`, carrying the fixture's real signature,
 * and `proxy`, unsigned; with a policy named `policyName` that trusts the fixture's signer for
 * every image under the prefix.
 */
export async function signedAndUnsignedImages(registry: TestRegistry, prefix: string, policyName: string): Promise<{ signedRef: string; unsignedRef: string; policy: string }> {
  const client = new RegistryClient(registry.host);
  const fixture = readLegacyFixture(FIXTURE);
  await loadLegacyFixture(client, `${prefix}/web`, fixture);
  const unsigned = await pushTinyImage(client, `${prefix}/proxy`, '1.0', `${prefix}-proxy`);
  const layer = fixture.expected.layers[0];
  return {
    signedRef: `${registry.host}/${prefix}/web@${fixture.imageDigest}`,
    unsignedRef: `${registry.host}/${prefix}/proxy@${unsigned.digest}`,
    policy: keylessPolicy(policyName, `${registry.host}/${prefix}/**`, { issuer: layer.oidcIssuer as string, subject: layer.subjectAlternativeName as string }),
  };
}
