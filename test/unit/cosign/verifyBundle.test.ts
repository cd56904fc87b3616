import * as assert from 'node:assert/strict';
import { createHash, generateKeyPairSync } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../src/cli/main';
import { checkCandidate } from '../../../src/clients/cosign/verify/checkCandidate';
import { KeylessAuthority } from '../../../src/clients/cosign/policy/types';
import { BUNDLE_FIXTURE, FIXTURES_DIR, readBundleFixture } from '../../registry/fixtures';
import { MadeBundle, makeArtifactBundle } from '../../sigstore/artifactBundles';
import { SigstoreV2, startSigstoreV2 } from '../../sigstore/sigstoreV2';

/**
 * `verify-bundle` as the sigstore-conformance suite drives it: keyless with an exact identity and
 * issuer, or `--key`; the artifact as a file or as `sha256:<hex>`; Rekor v1 and v2 bundles made
 * for real against the loopback Sigstore; trust roots and bundles that must be refused.
 */
describe('verify-bundle: the conformance client protocol', function () {
  this.timeout(60_000);
  let sigstore: SigstoreV2;
  let dir: string;
  let rootFile: string;
  let artifactFile: string;
  const artifact = Buffer.from('the artifact that was signed\n');
  const artifactDigest = `sha256:${createHash('sha256').update(artifact).digest('hex')}`;
  const otherDigest = `sha256:${'0'.repeat(64)}`;

  before(async () => {
    sigstore = await startSigstoreV2();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-verify-bundle-'));
    rootFile = write('trusted_root.json', sigstore.trustedRootJson);
    artifactFile = path.join(dir, 'artifact.txt');
    fs.writeFileSync(artifactFile, artifact);
  });
  after(async () => {
    await sigstore?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  let files = 0;
  function write(name: string, json: unknown): string {
    const file = path.join(dir, `${files++}-${name}`);
    fs.writeFileSync(file, typeof json === 'string' ? json : JSON.stringify(json));
    return file;
  }

  async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const code = await main(args, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), env: {} });
    return { code, out, err };
  }

  /** verify-bundle for a made bundle, keyless (its own identity unless given) or with its key. */
  function verifyMade(made: MadeBundle, target: string, options: { identity?: string; issuer?: string; root?: string; key?: string } = {}) {
    const signer = made.keyPem
      ? ['--key', options.key ?? write('key.pub', made.keyPem)]
      : // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs them (string | undefined)
        ['--certificate-identity', options.identity ?? (made.subject as string), '--certificate-oidc-issuer', options.issuer ?? (made.issuer as string)];
    return run(['verify-bundle', '--bundle', write('bundle.json', made.bundle), ...signer, '--trusted-root', options.root ?? rootFile, target]);
  }

  async function assertVerifies(made: MadeBundle, label: string) {
    for (const target of [artifactFile, artifactDigest]) {
      const result = await verifyMade(made, target);
      assert.equal(result.code, 0, `${label}, ${target === artifactFile ? 'the file' : 'its digest'}: ${result.err}`);
      assert.match(result.out, /^OK: the bundle verifies, signed by /);
    }
  }

  describe('the identity and the issuer are exact', () => {
    const fragments = (text: string) => ({ '.': '.', prefix: text.slice(0, -3), suffix: text.slice(4), fragment: text.slice(4, -3) });

    async function assertOnlyExact(verify: (identity: string, issuer: string) => Promise<{ code: number; err: string }>, subject: string, issuer: string) {
      const exact = await verify(subject, issuer);
      assert.equal(exact.code, 0, exact.err);
      const passed: string[] = [];
      for (const [name, value] of Object.entries(fragments(subject))) {
        const result = await verify(value, issuer);
        if (result.code !== 1 || !/identity does not match: .*got subjects \[/.test(result.err)) passed.push(`identity ${name} (${value}): exit ${result.code} ${result.err}`);
      }
      for (const [name, value] of Object.entries(fragments(issuer))) {
        const result = await verify(subject, value);
        if (result.code !== 1 || !/identity does not match: .*with issuer /.test(result.err)) passed.push(`issuer ${name} (${value}): exit ${result.code} ${result.err}`);
      }
      assert.deepEqual(passed, [], 'every fragment is "not verified" because of the identity');
    }

    it('a real public-good bundle: ".", a prefix, a suffix or a fragment of the identity or issuer fails', async () => {
      const fixture = readBundleFixture();
      const bundleFile = path.join(FIXTURES_DIR, BUNDLE_FIXTURE, 'bundle.sigstore.json');
      const trustedRoot = path.join(FIXTURES_DIR, 'trusted_root.public-good.json');
      await assertOnlyExact(
        (identity, issuer) =>
          run(['verify-bundle', '--bundle', bundleFile, '--certificate-identity', identity, '--certificate-oidc-issuer', issuer, '--trusted-root', trustedRoot, fixture.imageDigest]),
        fixture.subjectAlternativeName,
        fixture.oidcIssuer,
      );
    });

    it('a keyless message signature made here: the same, for the file and for its digest', async () => {
      const made = await makeArtifactBundle(sigstore, { artifact, content: 'message', signer: { claims: {} }, log: 'v1' });
      assert.ok(made.subject && made.issuer);
      for (const target of [artifactFile, artifactDigest]) {
        await assertOnlyExact((identity, issuer) => verifyMade(made, target, { identity, issuer }), made.subject, made.issuer);
      }
    });
  });

  describe('--key: bundles signed with a managed key', () => {
    it('verifies the file and its digest; another key is "not verified"', async () => {
      const made = await makeArtifactBundle(sigstore, { artifact, content: 'message', signer: {}, log: 'v1' });
      assert.ok(made.bundle.verificationMaterial.publicKey, 'the bundle names a key, not a certificate');
      await assertVerifies(made, 'message signature, key, Rekor v1');
      const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
      const wrong = await verifyMade(made, artifactFile, { key: write('other.pub', other) });
      assert.equal(wrong.code, 1);
      assert.match(wrong.err, /not verified: invalid signature: the signature does not verify with the given key/);
    });

    it('a log entry that names another key than the one that signed is "not verified"', async () => {
      const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
      const made = await makeArtifactBundle(sigstore, { artifact, content: 'message', signer: {}, log: 'v1', loggedKeyPem: other });
      const result = await verifyMade(made, artifactFile);
      assert.equal(result.code, 1);
      assert.match(result.err, /not verified: comparing public key PEMs: the transparency-log entry was made for a different key or certificate than the one that signed/);
    });

    it('works with a trust root that has no certificate authorities (none are needed for a key)', async () => {
      const made = await makeArtifactBundle(sigstore, { artifact, content: 'dsse', signer: {}, log: 'v1' });
      const { certificateAuthorities, ctlogs, ...rest } = sigstore.trustedRootJson as Record<string, unknown>;
      assert.ok(certificateAuthorities && ctlogs);
      const result = await verifyMade(made, artifactDigest, { root: write('no-fulcio.json', rest) });
      assert.equal(result.code, 0, result.err);
      assert.match(result.out, /signed by key sha256:[0-9a-f]{64}/);
    });

    it('a key for a keyless bundle, or an identity for a key-signed one, says which to use', async () => {
      const keyless = await makeArtifactBundle(sigstore, { artifact, content: 'message', signer: { claims: {} }, log: 'v1' });
      const keyFile = write('some.pub', generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString());
      const withKey = await run(['verify-bundle', '--bundle', write('bundle.json', keyless.bundle), '--key', keyFile, '--trusted-root', rootFile, artifactFile]);
      assert.equal(withKey.code, 1);
      assert.match(withKey.err, /signed with a certificate \(keyless\), not a key: verify it with --certificate-identity and --certificate-oidc-issuer/);
      const keyed = await makeArtifactBundle(sigstore, { artifact, content: 'message', signer: {}, log: 'v1' });
      const withIdentity = await verifyMade(keyed, artifactFile, {});
      assert.equal(withIdentity.code, 0, 'its own key verifies it');
      const asKeyless = await run([
        'verify-bundle',
        '--bundle',
        write('bundle.json', keyed.bundle),
        '--certificate-identity',
        'a',
        '--certificate-oidc-issuer',
        'b',
        '--trusted-root',
        rootFile,
        artifactFile,
      ]);
      assert.equal(asKeyless.code, 1);
      assert.match(asKeyless.err, /signed with a key, not a certificate: verify it with --key/);
    });

    it('bad usage and a key file that is no key are exit 2 with the reason', async () => {
      const made = await makeArtifactBundle(sigstore, { artifact, content: 'message', signer: {}, log: 'v1' });
      const bundleFile = write('bundle.json', made.bundle);
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it (string | undefined)
      const both = await run(['verify-bundle', '--bundle', bundleFile, '--key', write('k.pub', made.keyPem as string), '--certificate-identity', 'x', '--trusted-root', rootFile, artifactFile]);
      assert.equal(both.code, 2);
      assert.match(both.err, /--key cannot be combined with --certificate-identity or --certificate-oidc-issuer/);
      const neither = await run(['verify-bundle', '--bundle', bundleFile, '--trusted-root', rootFile, artifactFile]);
      assert.equal(neither.code, 2);
      assert.match(neither.err, /give --certificate-identity and --certificate-oidc-issuer \(keyless\), or --key \(a public key\)/);
      const notAKey = await run([
        'verify-bundle',
        '--bundle',
        bundleFile,
        '--key',
        write('broken.pub', '-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----\n'),
        '--trusted-root',
        rootFile,
        artifactFile,
      ]);
      assert.equal(notAKey.code, 2);
      assert.match(notAKey.err, /the --key file is not a PEM public key/);
    });
  });

  describe('the artifact as sha256:<hex>', () => {
    it('a message signature is checked against the digest: the right one verifies, another is refused', async () => {
      const made = await makeArtifactBundle(sigstore, { artifact, content: 'message', signer: { claims: {} }, log: 'v1' });
      await assertVerifies(made, 'message signature, keyless, Rekor v1');
      const other = await verifyMade(made, otherDigest);
      assert.equal(other.code, 1);
      assert.match(other.err, new RegExp(`the bundle signs ${artifactDigest}, not ${otherDigest}`));
    });

    it('a DSSE statement must name the digest as a subject', async () => {
      const made = await makeArtifactBundle(sigstore, { artifact, content: 'dsse', signer: { claims: {} }, log: 'v1' });
      await assertVerifies(made, 'DSSE, keyless, Rekor v1');
      const other = await verifyMade(made, otherDigest);
      assert.equal(other.code, 1);
      assert.match(other.err, /no matching subject digest found: the statement is about sha256:/);
    });

    it('a file whose name looks like a digest is read as a file', async () => {
      const made = await makeArtifactBundle(sigstore, { artifact, content: 'message', signer: {}, log: 'v1' });
      const cwd = process.cwd();
      process.chdir(dir);
      try {
        fs.writeFileSync(otherDigest, artifact);
        const result = await verifyMade(made, otherDigest);
        assert.equal(result.code, 0, `the file's bytes were verified, not the digest its name spells: ${result.err}`);
      } finally {
        process.chdir(cwd);
      }
    });
  });

  describe('Rekor v2 bundles (inclusion proof and checkpoint, RFC 3161 timestamp)', () => {
    for (const v2Entry of ['dsse', 'hashedrekord'] as const) {
      it(`a keyless DSSE bundle logged as ${v2Entry} 0.0.2 verifies`, async () => {
        const made = await makeArtifactBundle(sigstore, { artifact, content: 'dsse', signer: { claims: {} }, log: 'v2', v2Entry });
        const entry = made.bundle.verificationMaterial.tlogEntries[0];
        assert.deepEqual(entry.kindVersion, { kind: v2Entry, version: '0.0.2' });
        assert.equal(typeof entry.inclusionProof.checkpoint.envelope, 'string');
        assert.equal(entry.integratedTime, '0', 'no integrated time: the timestamp says when');
        assert.equal(made.bundle.verificationMaterial.timestampVerificationData.rfc3161Timestamps.length, 1);
        await assertVerifies(made, `DSSE, keyless, Rekor v2 ${v2Entry}`);
      });
    }

    it('message signatures, keyless and with a key, logged as hashedrekord 0.0.2 verify', async () => {
      await assertVerifies(await makeArtifactBundle(sigstore, { artifact, content: 'message', signer: { claims: {} }, log: 'v2' }), 'message signature, keyless, Rekor v2');
      await assertVerifies(await makeArtifactBundle(sigstore, { artifact, content: 'message', signer: {}, log: 'v2' }), 'message signature, key, Rekor v2');
    });

    it('without its timestamp a Rekor v2 bundle proves no signing time and is refused', async () => {
      const made = await makeArtifactBundle(sigstore, { artifact, content: 'dsse', signer: { claims: {} }, log: 'v2' });
      made.bundle.verificationMaterial.timestampVerificationData.rfc3161Timestamps = [];
      const result = await verifyMade(made, artifactFile);
      assert.equal(result.code, 1);
      assert.match(result.err, /not verified: expected a signed timestamp/);
    });

    it('an inclusion proof without its checkpoint is "not verified" with the reason, not a crash', async () => {
      // Bundle v0.1 lets an inclusion proof go without a checkpoint (later versions refuse it as
      // malformed); the Sigstore verifier then fails with a TypeError.
      const made = await makeArtifactBundle(sigstore, { artifact, content: 'message', signer: { claims: {} }, log: 'v1' });
      const material = made.bundle.verificationMaterial;
      made.bundle.mediaType = 'application/vnd.dev.sigstore.bundle+json;version=0.1';
      made.bundle.verificationMaterial = { x509CertificateChain: { certificates: [material.certificate] }, tlogEntries: material.tlogEntries };
      assert.equal((await verifyMade(made, artifactFile)).code, 0, 'the v0.1 bundle verifies as it is');
      delete material.tlogEntries[0].inclusionProof.checkpoint;
      const result = await verifyMade(made, artifactFile);
      assert.equal(result.code, 1);
      assert.match(result.err, /not verified: transparency-log proof invalid: the inclusion proof has no checkpoint/);
    });
  });

  describe('what must be refused', () => {
    it('a trust root whose log key or certificate authority has no validity start', async () => {
      const made = await makeArtifactBundle(sigstore, { artifact, content: 'message', signer: { claims: {} }, log: 'v2' });
      const root = sigstore.trustedRootJson as { tlogs: Array<{ publicKey: { validFor: Record<string, string> } }>; certificateAuthorities: Array<{ validFor: Record<string, string> }> };
      const withoutStart = (edit: (copy: typeof root) => void) => {
        const copy = JSON.parse(JSON.stringify(root)) as typeof root;
        edit(copy);
        return write('undated-root.json', copy);
      };
      const tlog = await verifyMade(made, artifactFile, { root: withoutStart((copy) => delete copy.tlogs[1].publicKey.validFor.start) });
      assert.equal(tlog.code, 2, 'refused as input, not verified nor trusted');
      assert.match(tlog.err, /is refused: tlogs\[1\]\.publicKey\.validFor\.start \(http:\/\/127\.0\.0\.1:\d+\) is missing: a log key must say from when it is trusted/);
      const ca = await verifyMade(made, artifactFile, { root: withoutStart((copy) => delete copy.certificateAuthorities[0].validFor.start) });
      assert.equal(ca.code, 2);
      assert.match(ca.err, /is refused: certificateAuthorities\[0\]\.validFor\.start \(http:\/\/127\.0\.0\.1:\d+\) is missing: a certificate authority must say from when it is trusted/);
      const noValidFor = await verifyMade(made, artifactFile, { root: withoutStart((copy) => delete (copy.certificateAuthorities[0] as { validFor?: unknown }).validFor) });
      assert.equal(noValidFor.code, 2);
      assert.match(noValidFor.err, /certificateAuthorities\[0\]\.validFor\.start .* is missing/);
    });

    it('a bundle that carries the root certificate in its chain is "not verified" with the reason', async () => {
      const made = await makeArtifactBundle(sigstore, { artifact, content: 'dsse', signer: { claims: {} }, log: 'v2', chainWithRoot: true });
      assert.equal(made.bundle.verificationMaterial.x509CertificateChain.certificates.length, 2, 'leaf and root');
      const result = await verifyMade(made, artifactFile);
      assert.equal(result.code, 1);
      assert.match(result.err, /not verified: the bundle's certificate chain includes a root certificate \(.*\): a bundle must not carry a trust anchor/);
    });

    it('the image verifier refuses such a bundle the same way', async () => {
      const made = await makeArtifactBundle(sigstore, { artifact, content: 'dsse', signer: { claims: {} }, log: 'v2', chainWithRoot: true });
      const envelope = made.bundle.dsseEnvelope;
      const authority: KeylessAuthority = {
        kind: 'keyless',
        name: 'ci',
        signatureFormat: 'bundle',
        url: sigstore.url,
        identities: [{ subject: made.subject, issuer: made.issuer }],
        insecureIgnoreSCT: false,
        attestations: [],
        unsupported: [],
      };
      const candidate = {
        label: 'bundle',
        format: 'bundle' as const,
        kind: 'attestation' as const,
        bundle: made.bundle as never,
        payload: Buffer.from(envelope.payload, 'base64'),
        payloadType: envelope.payloadType,
        certificateDer: Buffer.from(made.bundle.verificationMaterial.x509CertificateChain.certificates[0].rawBytes, 'base64'),
      };
      const check = checkCandidate(candidate, authority, artifactDigest, sigstore.trustRoot);
      assert.equal(check.passed, false);
      assert.match(check.reasons.join('\n'), /the bundle's certificate chain includes a root certificate/);
      // The same bundle with the leaf alone passes: the root was the only problem.
      const leafOnly = {
        ...made.bundle,
        mediaType: 'application/vnd.dev.sigstore.bundle.v0.3+json',
        verificationMaterial: { ...made.bundle.verificationMaterial, x509CertificateChain: undefined, certificate: made.bundle.verificationMaterial.x509CertificateChain.certificates[0] },
      };
      const passing = checkCandidate({ ...candidate, bundle: leafOnly as never }, authority, artifactDigest, sigstore.trustRoot);
      assert.deepEqual(passing.reasons, []);
      assert.equal(passing.passed, true);
    });
  });
});
