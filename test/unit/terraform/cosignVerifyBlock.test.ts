import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cosignVerifyInputs } from '../../../src/terraform/cosignVerifyBlock';
import { managedBlocksOf } from '../../../src/terraform/managedBlocks';
import { testHclParser } from './hclWasm';

/**
 * Verify Now on a `data "cosign_verify"` block: the image and policy it hands to our verifier
 * are the ones the block writes (inline, a heredoc, or `file(…)` beside the `.tf` file); what
 * Terraform would evaluate is refused with a message naming it, never guessed.
 */
describe('Verify Now: what a data "cosign_verify" block asks to verify', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'cosign-verify-'));
  const policyText = 'apiVersion: policy.sigstore.dev/v1beta1\nkind: ClusterImagePolicy\nmetadata:\n  name: from-file\n';
  writeFileSync(path.join(folder, 'policy.yaml'), policyText);
  const read = async (relative: string) => ({ text: readFileSync(path.join(folder, relative), 'utf8'), source: relative });

  async function inputsOf(body: string) {
    const [block] = managedBlocksOf('main.tf', (await testHclParser()).parse(`data "cosign_verify" "app" {\n${body}\n}\n`));
    assert.equal(block?.type, 'cosign_verify');
    return cosignVerifyInputs(block.block, block.name, read);
  }

  it('an inline heredoc policy and a literal image', async () => {
    const inputs = await inputsOf('  image  = "ghcr.io/acme/app:1.2"\n  policy = <<-EOT\n    apiVersion: policy.sigstore.dev/v1beta1\n    kind: ClusterImagePolicy\n  EOT');
    assert.deepEqual(inputs, {
      image: 'ghcr.io/acme/app:1.2',
      policy: { text: 'apiVersion: policy.sigstore.dev/v1beta1\nkind: ClusterImagePolicy\n', source: 'the policy of data.cosign_verify.app' },
    });
  });

  it('an inline quoted policy, escapes decoded', async () => {
    const inputs = await inputsOf('  image  = "ghcr.io/acme/app@sha256:abc"\n  policy = "kind: ClusterImagePolicy\\nmetadata: {}\\n"');
    assert.ok(!('refusal' in inputs));
    assert.equal(inputs.policy.text, 'kind: ClusterImagePolicy\nmetadata: {}\n');
  });

  it('file("policy.yaml") and file("${path.module}/policy.yaml") read the file beside the .tf file', async () => {
    for (const call of ['file("policy.yaml")', 'file("${path.module}/policy.yaml")']) {
      const inputs = await inputsOf(`  image  = "ghcr.io/acme/app:1.2"\n  policy = ${call}`);
      assert.deepEqual(inputs, { image: 'ghcr.io/acme/app:1.2', policy: { text: policyText, source: 'policy.yaml' } }, call);
    }
  });

  it('expressions are refused with what was written, never guessed', async () => {
    const cases: Array<[string, RegExp]> = [
      ['  image  = var.image\n  policy = "kind: ClusterImagePolicy"', /the image is an expression \(var\.image\); Verify Now needs it written as a string/],
      ['  image  = "ghcr.io/acme/app:${var.tag}"\n  policy = "kind: ClusterImagePolicy"', /the image is an expression/],
      ['  image  = "ghcr.io/acme/app:1.2"\n  policy = local.policy', /the policy is an expression \(local\.policy\); Verify Now reads only an inline policy or file\("path"\)/],
      ['  image  = "ghcr.io/acme/app:1.2"\n  policy = file(var.policy_path)', /the policy is an expression \(file\(var\.policy_path\)\)/],
      ['  image  = "ghcr.io/acme/app:1.2"\n  policy = templatefile("policy.yaml", {})', /the policy is an expression \(templatefile/],
      ['  image  = "ghcr.io/acme/app:1.2"\n  policy = file("missing.yaml")', /the policy file missing\.yaml could not be read/],
      ['  image  = "ghcr.io/acme/app:1.2"', /has no policy to verify against/],
      ['  policy = "kind: ClusterImagePolicy"', /has no image to verify/],
    ];
    for (const [body, message] of cases) {
      const inputs = await inputsOf(body);
      assert.ok('refusal' in inputs, `${body} → ${JSON.stringify(inputs)}`);
      assert.match(inputs.refusal, message);
      assert.match(inputs.refusal, /^data\.cosign_verify\.app/, 'names the block');
    }
  });
});
