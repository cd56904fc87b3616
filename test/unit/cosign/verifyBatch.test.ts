import * as assert from 'node:assert/strict';
import { VerificationBatch, getVerify } from '../../../src/clients/cosign';
import { VerifyReport } from '../../../src/clients/cosign/verify/result';
import { RegistryClient } from '../../../src/clients/registry/client';
import { mapBounded } from '../../../src/core/boundedMap';
import { ServiceError } from '../../../src/core/errors';
import { loadLegacyFixture, readLegacyFixture } from '../../registry/fixtures';
import { keylessPolicy } from '../../registry/images';
import { TEST_USER, TestRegistry, startRegistry } from '../../registry/registryServer';

const GITHUB = 'legacy-keyless-github-2026';
const fixture = readLegacyFixture(GITHUB);

/** "Verify all images in this file": one policy, several images, what they share made once. */
describe('verifying several images as one batch (token-auth registry)', function () {
  this.timeout(120_000);
  let registry: TestRegistry;
  const repositories = ['public/app-1', 'public/app-2', 'public/app-3', 'public/app-4'];
  const image = (repository: string) => `${registry.host}/${repository}@${fixture.imageDigest}`;
  const policy = () => {
    const layer = fixture.expected.layers[0];
    return keylessPolicy('batch', `${registry.host}/**`, { issuer: layer.oidcIssuer as string, subject: layer.subjectAlternativeName as string });
  };
  const reasons = (report: VerifyReport) => report.reasons.join('\n');

  before(async () => {
    registry = await startRegistry({ tokenAuth: true });
    const writer = new RegistryClient(registry.host, { credentials: async () => ({ ...TEST_USER }) });
    for (const repository of repositories) await loadLegacyFixture(writer, repository, fixture);
  });
  after(async () => registry?.stop());

  it('learns the registry’s challenge once: later images ask for their token before the request', async () => {
    const batch = new VerificationBatch(policy(), { policySource: 'batch.yaml' });
    const tokensBefore = registry.tokenRequests.length;
    const reports: VerifyReport[] = [];
    for (const repository of repositories.slice(0, 3)) reports.push(await batch.verify(image(repository)));
    for (const report of reports) assert.equal(report.verdict, 'verified', reasons(report));
    assert.equal(registry.tokenRequests.length - tokensBefore, 3, 'one token per repository');
    // The first pays the 401 that teaches the challenge, the others only their token request.
    assert.deepEqual(
      reports.map((r) => r.requests.auth),
      [2, 1, 1],
    );
    // Alone, each verification pays the 401 again.
    assert.equal((await getVerify({ image: image(repositories[0]), policy: policy() })).requests.auth, 2);
  });

  it('verifies four at once, each report counting only its own requests', async () => {
    const batch = new VerificationBatch(policy());
    const reports = await mapBounded(repositories, 4, (repository) => batch.verify(image(repository)));
    assert.deepEqual(
      reports.map((r) => [r.verdict, r.image, r.requests.registry]),
      repositories.map((repository) => ['verified', image(repository), 2]),
    );
  });

  it('two references to one digest share its signature lookups', async () => {
    const batch = new VerificationBatch(policy());
    const tokensBefore = registry.tokenRequests.length;
    const pinned = await batch.verify(image('public/app-1'));
    const tagged = await batch.verify(`${registry.host}/public/app-1:v1@${fixture.imageDigest}`);
    assert.equal(pinned.verdict, 'verified', reasons(pinned));
    assert.equal(tagged.verdict, 'verified', reasons(tagged));
    assert.equal(tagged.digest, pinned.digest);
    assert.deepEqual(tagged.requests, { registry: 0, auth: 0, bytes: 0 }, 'the signatures of that digest were already read');
    assert.deepEqual(tagged.found, pinned.found);
    assert.equal(registry.tokenRequests.length - tokensBefore, 1);
  });

  it('a policy that cannot be read fails each image with the same error, before any request', async () => {
    const batch = new VerificationBatch('kind: [', { policySource: 'broken.yaml' });
    const tokensBefore = registry.tokenRequests.length;
    const failures: unknown[] = [];
    for (const repository of repositories.slice(0, 2)) await batch.verify(image(repository)).catch((error: unknown) => failures.push(error));
    assert.equal(failures.length, 2);
    assert.ok(failures.every((e) => e instanceof ServiceError && e.kind === 'badInput' && /broken\.yaml.*not valid YAML/s.test(e.message)));
    assert.equal(failures[0], failures[1], 'parsed once');
    assert.equal(registry.tokenRequests.length, tokensBefore);
  });
});
