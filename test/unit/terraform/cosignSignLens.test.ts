import * as assert from 'node:assert/strict';
import { attest, sign } from '../../../src/clients/cosign/sign';
import { attachmentStatus } from '../../../src/clients/cosign/verify/attachments';
import { RegistryClient, Registries } from '../../../src/clients/registry/client';
import { attachmentLensTitle, attachmentQueryOf } from '../../../src/terraform/cosignSignBlock';
import { managedBlocksOf } from '../../../src/terraform/managedBlocks';
import { pushTinyImage } from '../../registry/images';
import { TEST_USER, TestRegistry, startRegistry } from '../../registry/registryServer';
import { MockSigstore, startMockSigstore } from '../../sigstore/mockSigstore';
import { keylessOptions, urls } from '../signing/harness';
import { testHclParser } from './hclWasm';

const SLSA = 'https://slsa.dev/provenance/v1';
const VULN = 'https://cosign.sigstore.dev/attestation/vuln/v1';

/**
 * The lens of a `resource "cosign_sign"` / `"cosign_attest"` block says whether the registry
 * already holds what the block would write: the same discovery the verifier uses, against a
 * real registry (Debian's docker-registry on 127.0.0.1) with images signed by our signer.
 */
describe('cosign_sign / cosign_attest blocks: already signed or attested?', function () {
  this.timeout(120_000);
  let registry: TestRegistry;
  let sigstore: MockSigstore;
  let client: RegistryClient;

  before(async () => {
    [registry, sigstore] = await Promise.all([startRegistry(), startMockSigstore()]);
    client = new RegistryClient(registry.host);
  });
  after(async () => {
    await Promise.all([registry?.stop(), sigstore?.stop()]);
  });

  const image = async (repo: string) => `${registry.host}/${repo}@${(await pushTinyImage(client, repo, 'v1', repo)).digest}`;

  async function lensOf(body: string, type = 'cosign_sign', registries = new Registries()): Promise<string> {
    const [block] = managedBlocksOf('main.tf', (await testHclParser()).parse(`resource "${type}" "it" {\n${body}\n}\n`));
    assert.equal(block?.type, type);
    const query = attachmentQueryOf(type, block.block);
    if ('notChecked' in query) return query.notChecked;
    return attachmentLensTitle(query, await attachmentStatus(query, registries));
  }

  it('an unsigned image is "Not signed"; after signing in both formats, each signature is counted', async () => {
    const ref = await image('lens/signed');
    assert.equal(await lensOf(`  image = "${ref}"`), 'Not signed');
    await sign({ image: ref, signatureFormat: 'legacy', ...urls(sigstore) }, keylessOptions(sigstore));
    assert.equal(await lensOf(`  image = "${ref}"`), 'Signed (1 signature)');
    await sign({ image: ref, signatureFormat: 'bundle', ...urls(sigstore) }, keylessOptions(sigstore));
    assert.equal(await lensOf(`  image = "${ref}"`), 'Signed (2 signatures)', 'the .sig layer and the bundle referrer');
  });

  it('an attestation counts only for the predicate type the block attests; a signature is no attestation', async () => {
    const ref = await image('lens/attested');
    await sign({ image: ref, signatureFormat: 'bundle', ...urls(sigstore) }, keylessOptions(sigstore));
    assert.equal(await lensOf(`  image          = "${ref}"\n  predicate_type = "${SLSA}"\n  predicate      = "{}"`, 'cosign_attest'), `Not attested: ${SLSA}`);
    await attest({ image: ref, signatureFormat: 'both', predicates: [{ type: SLSA, json: '{"builder":{"id":"ci"}}' }], ...urls(sigstore) }, keylessOptions(sigstore));
    assert.equal(await lensOf(`  image          = "${ref}"\n  predicate_type = "${SLSA}"\n  predicate      = "{}"`, 'cosign_attest'), `Attested ${SLSA} (2 attestations)`);
    assert.equal(await lensOf(`  image = "${ref}"`), 'Signed (1 signature)', 'the attestations are not counted as signatures');
    // The `predicates` blocks: every type must be there; the missing one is named.
    const both = `  image = "${ref}"\n  predicates {\n    type = "${SLSA}"\n    json = "{}"\n  }\n  predicates {\n    type = "${VULN}"\n    json = "{}"\n  }`;
    assert.equal(await lensOf(both, 'cosign_attest'), `Not attested: ${VULN}`);
  });

  it('what Terraform would evaluate is not checked, and no request is made for it', async () => {
    const registries = new Registries();
    assert.equal(await lensOf('  image = var.digest', 'cosign_sign', registries), 'Image is an expression: not checked');
    assert.equal(await lensOf('  image = "${var.repo}@sha256:abc"', 'cosign_sign', registries), 'Image is an expression: not checked');
    assert.equal(await lensOf(`  image          = "${await image('lens/expr')}"\n  predicate_type = local.slsa`, 'cosign_attest', registries), 'Predicate type is an expression: not checked');
    assert.deepEqual(registries.stats(), { registry: 0, auth: 0, bytes: 0 });
  });

  it('a tag is refused as the provider refuses it: it signs a digest only', async () => {
    assert.equal(
      await lensOf(`  image = "${registry.host}/lens/signed:v1"`),
      `Could not check the signatures: ${registry.host}/lens/signed:v1 is not a digest reference; the provider signs an image@sha256:… only.`,
    );
  });

  it('a registry failure is a clear error without the password it was given', async () => {
    const guarded = await startRegistry({ tokenAuth: true });
    try {
      const ref = `${guarded.host}/lens/private@sha256:${'a'.repeat(64)}`;
      const wrong = { username: TEST_USER.username, password: 'not-the-password-123' };
      const title = await lensOf(`  image = "${ref}"`, 'cosign_sign', new Registries({ credentials: async () => wrong }));
      assert.match(title, /^Could not check the signatures: /);
      assert.match(title, new RegExp(`${guarded.host.replace(/\./g, '\\.')}/lens/private`), 'says where it looked');
      assert.ok(!title.includes(wrong.password), title);
    } finally {
      await guarded.stop();
    }
  });
});
