import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { getVerify } from '../../../src/clients/cosign';
import { VerifyReport } from '../../../src/clients/cosign/verify/result';
import { CosignAnnotations } from '../../../src/clients/cosign/formats/annotations';
import { parseTrustRootText } from '../../../src/clients/cosign/trust/trustRoot';
import { RegistryClient } from '../../../src/clients/registry/client';
import { sha256Digest } from '../../../src/clients/registry/digest';
import { ServiceError } from '../../../src/core/errors';
import { BUNDLE_FIXTURE, FIXTURES_DIR, LEGACY_FIXTURES, loadBundleFixture, loadLegacyFixture, readBundleFixture, readFixtureFile, readLegacyFixture } from '../../registry/fixtures';
import { attestWithKey, keyPolicy, keylessPolicy, makeKey, pushTinyImage, signWithKey } from '../../registry/images';
import { TEST_USER, TestRegistry, startRegistry } from '../../registry/registryServer';

const GITHUB = 'legacy-keyless-github-2026';

function keylessIdentity(name: string): { issuer: string; subject: string } {
  const layer = readLegacyFixture(name).expected.layers.find((l) => l.kind === 'keyless');
  return { issuer: layer?.oidcIssuer as string, subject: layer?.subjectAlternativeName as string };
}

function allReasons(report: VerifyReport): string {
  return report.reasons.join('\n');
}

describe('verify images against admission policies (real registry, real signatures)', function () {
  this.timeout(120_000);
  let registry: TestRegistry;
  let client: RegistryClient;
  const ref = (repo: string, digest: string) => `${registry.host}/${repo}@${digest}`;
  const glob = () => `${registry.host}/**`;

  before(async () => {
    registry = await startRegistry();
    client = new RegistryClient(registry.host);
    for (const name of LEGACY_FIXTURES) await loadLegacyFixture(client, `fixtures/${name}`, readLegacyFixture(name));
    await loadBundleFixture(client, 'fixtures/bundle', readBundleFixture());
  });
  after(async () => registry?.stop());

  describe('each real fixture gets its expected verdict', () => {
    for (const name of LEGACY_FIXTURES) {
      it(`${name}: the keyless layer verifies against the public-good root`, async () => {
        const fixture = readLegacyFixture(name);
        const expected = fixture.expected.layers.find((l) => l.kind === 'keyless');
        const report = await getVerify({ image: ref(`fixtures/${name}`, fixture.imageDigest), policy: keylessPolicy('fixtures', glob(), keylessIdentity(name)) });
        assert.equal(report.verdict, 'verified', allReasons(report));
        assert.equal(report.verifiedRef, `${registry.host}/fixtures/${name}@${fixture.imageDigest}`);
        assert.equal(report.id, report.verifiedRef);
        const check = report.matched?.check;
        assert.ok(check, 'the passing signature is named');
        assert.deepEqual(check.signer?.subjects, [expected?.subjectAlternativeName]);
        assert.equal(check.signer?.issuer, expected?.oidcIssuer);
        assert.equal(check.tlog?.logIndex, String(expected?.rekor?.logIndex));
        assert.equal(check.tlog?.logId, expected?.rekor?.logID);
        assert.equal(check.label, `legacy signature, layer ${expected?.index} of sha256-${fixture.imageDigest.slice(7)}.sig`);
      });
    }

    it('legacy-keyless-google-2022: its KMS layer is "no certificate", the keyless layer passes', async () => {
      const name = 'legacy-keyless-google-2022';
      const fixture = readLegacyFixture(name);
      const report = await getVerify({ image: ref(`fixtures/${name}`, fixture.imageDigest), policy: keylessPolicy('fixtures', glob(), keylessIdentity(name)) });
      const checks = report.policies[0].authorities[0].checks;
      assert.deepEqual(
        checks.map((c) => c.passed),
        [false, true],
      );
      assert.deepEqual(checks[0].reasons, ['no certificate found on signature']);
    });

    it('legacy-keyless-google-2023: the KMS layer verifies with kms_pub.pem, without a log', async () => {
      const name = 'legacy-keyless-google-2023';
      const fixture = readLegacyFixture(name);
      const pem = readFixtureFile(name, 'kms_pub.pem').toString('utf8');
      const report = await getVerify({ image: ref(`fixtures/${name}`, fixture.imageDigest), policy: keyPolicy('kms', glob(), pem) });
      assert.equal(report.verdict, 'verified', allReasons(report));
      assert.deepEqual(
        report.policies[0].authorities[0].checks.map((c) => c.passed),
        [true, false],
      );
    });

    it(`${BUNDLE_FIXTURE}: the bundle attestation is found through the fallback tag and verifies`, async () => {
      const bundle = readBundleFixture();
      const policy = keylessPolicy(
        'att',
        glob(),
        { issuer: bundle.oidcIssuer, subject: bundle.subjectAlternativeName },
        { signatureFormat: 'bundle', attestations: `- name: custom\n  predicateType: custom` },
      );
      const report = await getVerify({ image: ref('fixtures/bundle', bundle.imageDigest), policy });
      assert.equal(report.verdict, 'verified', allReasons(report));
      const check = report.matched?.check;
      assert.equal(check?.format, 'bundle');
      assert.equal(check?.predicateType, bundle.predicateType);
      assert.equal(check?.tlog?.kind, 'dsse/0.0.1');
      assert.equal(check?.tlog?.inclusionProof, true);
      assert.equal(report.found.bundles, 1);
    });

    it(`${BUNDLE_FIXTURE}: without signatureFormat the bundle is not read, as the webhook reads legacy signatures only`, async () => {
      const bundle = readBundleFixture();
      const policy = keylessPolicy('att', glob(), { issuer: bundle.oidcIssuer, subject: bundle.subjectAlternativeName }, { attestations: `- name: custom\n  predicateType: custom` });
      const report = await getVerify({ image: ref('fixtures/bundle', bundle.imageDigest), policy });
      assert.equal(report.verdict, 'not verified');
      assert.match(allReasons(report), /attestation custom: no matching attestations with type https:\/\/cosign\.sigstore\.dev\/attestation\/v1: no attestations found/);
      assert.equal(report.found.bundles, undefined, 'the referrers were not even asked for');
    });
  });

  describe('tamper matrix: each case is "not verified" with the right reason', () => {
    const fixture = () => readLegacyFixture(GITHUB);
    const policy = (identity = keylessIdentity(GITHUB)) => keylessPolicy('fixtures', glob(), identity);

    async function tampered(repo: string, edit: Parameters<typeof loadLegacyFixture>[3] extends infer O ? (O extends { edit?: infer E } ? E : never) : never): Promise<VerifyReport> {
      await loadLegacyFixture(client, repo, fixture(), { edit });
      return getVerify({ image: ref(repo, fixture().imageDigest), policy: policy() });
    }

    it('altered payload (keyless): the log entry no longer matches', async () => {
      const report = await tampered('tamper/payload', (layer) => {
        layer.payload = Buffer.from(layer.payload.toString('utf8').replace('"optional":null', '"optional":{"env":"prod"}'));
      });
      assert.equal(report.verdict, 'not verified');
      assert.match(allReasons(report), /transparency-log entry does not match this signature \(digest mismatch\)/);
    });

    it('altered payload (key): the signature does not verify', async () => {
      const key = makeKey();
      const image = await pushTinyImage(client, 'tamper/keypayload', 'v1', 'key payload');
      await signWithKey(client, 'tamper/keypayload', image.digest, key, {});
      // Re-sign, then swap in a payload the key never signed, keeping the old signature.
      const manifest = await client.getManifest('tamper/keypayload', `sha256-${image.digest.slice(7)}.sig`);
      const layer = (manifest.manifest as { layers: Array<{ annotations: Record<string, string> }> }).layers[0];
      const { writeLegacyLayers } = await import('../../registry/write');
      const forged = Buffer.from(
        JSON.stringify({
          critical: { identity: { 'docker-reference': 'x' }, image: { 'docker-manifest-digest': image.digest }, type: 'cosign container image signature' },
          optional: { forged: 'yes' },
        }),
      );
      await writeLegacyLayers(client, 'tamper/keypayload', image.digest, 'sig', [{ payload: forged, mediaType: 'application/vnd.dev.cosign.simplesigning.v1+json', annotations: layer.annotations }], {
        conflict: 'replace',
      });
      const report = await getVerify({ image: ref('tamper/keypayload', image.digest), policy: keyPolicy('key', glob(), key.publicPem) });
      assert.equal(report.verdict, 'not verified');
      assert.match(allReasons(report), /invalid signature: the signature does not verify over the signed payload/);
    });

    it('signature from another image: the claim names another digest', async () => {
      const other = await pushTinyImage(client, 'tamper/other', 'v1', 'another image');
      await loadLegacyFixture(client, 'tamper/other', fixture(), { forDigest: other.digest });
      const report = await getVerify({ image: ref('tamper/other', other.digest), policy: policy() });
      assert.equal(report.verdict, 'not verified');
      assert.match(allReasons(report), new RegExp(`invalid or missing digest in claim: ${fixture().imageDigest} \\(the image is ${other.digest}\\)`));
    });

    it('wrong key', async () => {
      const image = await pushTinyImage(client, 'tamper/wrongkey', 'v1', 'wrong key');
      await signWithKey(client, 'tamper/wrongkey', image.digest, makeKey());
      const report = await getVerify({ image: ref('tamper/wrongkey', image.digest), policy: keyPolicy('key', glob(), makeKey().publicPem) });
      assert.equal(report.verdict, 'not verified');
      assert.match(allReasons(report), /signature key validation failed for authority release-key for .*: no matching signatures: .*invalid signature/);
    });

    it('wrong identity: names the subject found and the one expected', async () => {
      const report = await getVerify({
        image: ref(`fixtures/${GITHUB}`, fixture().imageDigest),
        policy: policy({ ...keylessIdentity(GITHUB), subject: 'https://github.com/acme/app/.github/workflows/release.yaml@refs/tags/v1' }),
      });
      assert.equal(report.verdict, 'not verified');
      assert.match(
        allReasons(report),
        new RegExp(
          /none of the expected identities matched what was in the certificate, got subjects /.source +
            /\[https:\/\/github\.com\/salrashid123\/go-bazel-github-workflow\/\.github\/workflows\/release\.yaml@refs\/tags\/v0\.0\.30\] /.source +
            /with issuer https:\/\/token\.actions\.githubusercontent\.com; expected subject https:\/\/github\.com\/acme\/app/.source,
        ),
      );
    });

    it('wrong issuer', async () => {
      const report = await getVerify({ image: ref(`fixtures/${GITHUB}`, fixture().imageDigest), policy: policy({ ...keylessIdentity(GITHUB), issuer: 'https://accounts.google.com' }) });
      assert.equal(report.verdict, 'not verified');
      assert.match(
        allReasons(report),
        /none of the expected identities matched .* with issuer https:\/\/token\.actions\.githubusercontent\.com; expected .* with issuer https:\/\/accounts\.google\.com/,
      );
    });

    it('regexp that does not match', async () => {
      const report = await getVerify({
        image: ref(`fixtures/${GITHUB}`, fixture().imageDigest),
        policy: policy({ issuerRegExp: '^https://token\\.actions\\.githubusercontent\\.com$', subjectRegExp: '^https://github\\.com/acme/' } as never),
      });
      assert.equal(report.verdict, 'not verified');
      assert.match(allReasons(report), /expected subject matching \/\^https:\/\/github\\\.com\/acme\/\/ with issuer matching/);
    });

    it('a regexp that matches the whole subject and issuer passes, anchored or not', async () => {
      for (const identity of [
        {
          issuerRegExp: '^https://token\\.actions\\.githubusercontent\\.com$',
          subjectRegExp: '^https://github\\.com/salrashid123/go-bazel-github-workflow/\\.github/workflows/release\\.yaml@refs/tags/v.*',
        },
        { issuerRegExp: 'https://token\\.actions\\.githubusercontent\\.com', subjectRegExp: 'https://github\\.com/salrashid123/.+@refs/tags/v\\d+\\.\\d+\\.\\d+' },
      ]) {
        const report = await getVerify({ image: ref(`fixtures/${GITHUB}`, fixture().imageDigest), policy: policy(identity as never) });
        assert.equal(report.verdict, 'verified', `${JSON.stringify(identity)}: ${allReasons(report)}`);
      }
    });

    it('identities are exact and regexps match whole values: ".", a prefix, a suffix or a fragment of the real subject or issuer fails', async () => {
      const real = keylessIdentity(GITHUB);
      const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      const fragments = (text: string) => ({ dot: '.', prefix: text.slice(0, -3), suffix: text.slice(5), fragment: text.slice(5, -3) });
      const cases: Array<[string, Record<string, string>]> = [];
      for (const [name, value] of Object.entries(fragments(real.subject))) {
        cases.push([`subject ${name}`, { issuer: real.issuer, subject: value }]);
        cases.push([`subjectRegExp ${name}`, { issuer: real.issuer, subjectRegExp: name === 'dot' ? value : escape(value) }]);
      }
      for (const [name, value] of Object.entries(fragments(real.issuer))) {
        cases.push([`issuer ${name}`, { issuer: value, subject: real.subject }]);
        cases.push([`issuerRegExp ${name}`, { issuerRegExp: name === 'dot' ? value : escape(value), subject: real.subject }]);
      }
      const passed: string[] = [];
      for (const [label, identity] of cases) {
        const report = await getVerify({ image: ref(`fixtures/${GITHUB}`, fixture().imageDigest), policy: policy(identity as never) });
        if (report.verdict !== 'not verified') passed.push(label);
        else assert.match(allReasons(report), /none of the expected identities matched what was in the certificate/, label);
      }
      assert.deepEqual(passed, [], 'none of the fragments verifies');
      const exact = await getVerify({ image: ref(`fixtures/${GITHUB}`, fixture().imageDigest), policy: policy(real) });
      assert.equal(exact.verdict, 'verified', allReasons(exact));
    });

    it('expired certificate without a valid log entry', async () => {
      const report = await tampered('tamper/nolog', (layer) => delete layer.annotations[CosignAnnotations.bundle]);
      assert.equal(report.verdict, 'not verified');
      assert.match(allReasons(report), /expected a signed timestamp to verify an expired certificate/);
    });

    it('invalid transparency-log proof (legacy SET)', async () => {
      const report = await tampered('tamper/set', (layer) => {
        const bundle = JSON.parse(layer.annotations[CosignAnnotations.bundle]);
        bundle.Payload.integratedTime += 1;
        layer.annotations[CosignAnnotations.bundle] = JSON.stringify(bundle);
      });
      assert.equal(report.verdict, 'not verified');
      assert.match(allReasons(report), /transparency-log proof invalid: unable to verify SET/);
    });

    it('invalid transparency-log proof (bundle inclusion proof)', async () => {
      const fixtureBundle = readBundleFixture();
      const json = JSON.parse(fixtureBundle.bundle.toString('utf8'));
      const hashes: string[] = json.verificationMaterial.tlogEntries[0].inclusionProof.hashes;
      hashes[0] = Buffer.alloc(32, 7).toString('base64');
      await loadBundleFixture(client, 'tamper/proof', fixtureBundle, Buffer.from(JSON.stringify(json)));
      const policyText = keylessPolicy(
        'att',
        glob(),
        { issuer: fixtureBundle.oidcIssuer, subject: fixtureBundle.subjectAlternativeName },
        { signatureFormat: 'bundle', attestations: `- name: custom\n  predicateType: custom` },
      );
      const report = await getVerify({ image: ref('tamper/proof', fixtureBundle.imageDigest), policy: policyText });
      assert.equal(report.verdict, 'not verified');
      assert.match(allReasons(report), /transparency-log proof invalid: the inclusion proof does not verify/);
    });

    it('policy glob that does not cover the image explains the digest form', async () => {
      const report = await getVerify({ image: ref(`fixtures/${GITHUB}`, fixture().imageDigest), policy: keylessPolicy('tags', `${registry.host}/fixtures/${GITHUB}:*`, keylessIdentity(GITHUB)) });
      assert.equal(report.verdict, 'not verified');
      assert.equal(report.admission, 'deny');
      assert.match(
        allReasons(report),
        /fixtures\/legacy-keyless-github-2026@sha256:c05263.* is uncovered by policy: no glob matches it .*which carries no tag .*so a glob ending in ":\*" or ":1\.\*" matches nothing/,
      );
    });

    it('missing signature', async () => {
      const image = await pushTinyImage(client, 'tamper/unsigned', 'v1', 'unsigned');
      const report = await getVerify({ image: ref('tamper/unsigned', image.digest), policy: policy() });
      assert.equal(report.verdict, 'not verified');
      assert.match(allReasons(report), /signature keyless validation failed for authority ci-identity for .*: no signatures found/);
      assert.deepEqual(report.found, { legacySignatures: 0, bundles: 0 });
    });

    it('registry returning a blob whose digest does not match', async () => {
      await loadLegacyFixture(client, 'tamper/blob', fixture());
      // Blobs are stored once per content: put the true bytes back so later tests see them.
      const stored = registry.blobPath(sha256Digest(fixture().payload));
      fs.writeFileSync(stored, Buffer.from(fixture().payload.toString('utf8').replace('salrashid123', 'someone-else')));
      let report: VerifyReport;
      try {
        report = await getVerify({ image: ref('tamper/blob', fixture().imageDigest), policy: policy() });
      } finally {
        fs.writeFileSync(stored, fixture().payload);
      }
      assert.equal(report.verdict, 'not verified');
      assert.match(allReasons(report), /does not match its digest: the registry sent content whose digest is sha256:/);
    });

    it('signed by another Sigstore instance: a custom trust root without these CAs refuses the certificate', async () => {
      const root = JSON.parse(fs.readFileSync(`${FIXTURES_DIR}/trusted_root.public-good.json`, 'utf8'));
      root.certificateAuthorities = root.certificateAuthorities.slice(0, 1); // only the 2021 CA, which expired before these signatures
      const trustRoot = parseTrustRootText(JSON.stringify(root), 'private-root.json');
      const report = await getVerify({ image: ref(`fixtures/${GITHUB}`, fixture().imageDigest), policy: policy() }, { trustRoot });
      assert.equal(report.verdict, 'not verified');
      assert.equal(report.trustRoot, 'private-root.json');
      assert.match(allReasons(report), /cert verification failed: certificate signed by unknown authority.*private-root\.json/);
    });
  });

  describe('policy semantics', () => {
    it('resolves a tag to the digest it verifies, and warns that tags move', async () => {
      const key = makeKey();
      const image = await pushTinyImage(client, 'team/web', '1.4.2', 'web');
      await signWithKey(client, 'team/web', image.digest, key);
      const report = await getVerify({ image: `${registry.host}/team/web:1.4.2`, policy: keyPolicy('key', `${registry.host}/team/web@**`, key.publicPem) });
      assert.equal(report.verdict, 'verified', allReasons(report));
      assert.equal(report.verifiedRef, `${registry.host}/team/web@${image.digest}`);
      assert.ok(report.reference.resolvedFromTag);
      assert.match(report.warnings.join('\n'), /is a tag; tags can move\. The verified digest is sha256:[0-9a-f]{64}; pin it in manifests\./);
    });

    it('a tag that does not verify: the warning names what it pointed to and never calls that digest verified', async () => {
      const key = makeKey();
      const image = await pushTinyImage(client, 'team/unsigned', '0.9.0', 'unsigned');
      const report = await getVerify({ image: `${registry.host}/team/unsigned:0.9.0`, policy: keyPolicy('key', `${registry.host}/team/unsigned@**`, key.publicPem) });
      assert.equal(report.verdict, 'not verified');
      const warning = report.warnings.find((w) => w.includes('is a tag'));
      assert.equal(warning, `${registry.host}/team/unsigned:0.9.0 is a tag; tags can move. It pointed to ${image.digest} when checked, and that digest is not verified, so it is not one to pin.`);
      assert.doesNotMatch([...report.warnings, ...report.reasons].join('\n'), /verified digest|pin it/);
    });

    it('a tag glob covers no image, as the webhook matches the name without its tag; a repository glob covers every spelling', async () => {
      const key = makeKey();
      const image = await pushTinyImage(client, 'team/pinned', '2.0.1', 'pinned');
      await signWithKey(client, 'team/pinned', image.digest, key);
      const spellings = [`${registry.host}/team/pinned:2.0.1`, `${registry.host}/team/pinned:2.0.1@${image.digest}`, `${registry.host}/team/pinned@${image.digest}`];
      for (const spelling of spellings) {
        const byTag = await getVerify({ image: spelling, policy: keyPolicy('tags', `${registry.host}/team/pinned:2.*`, key.publicPem) });
        assert.equal(byTag.verdict, 'not verified', spelling);
        assert.match(allReasons(byTag), /is uncovered by policy: .*carries no tag/, spelling);
        const byRepository = await getVerify({ image: spelling, policy: keyPolicy('repo', `${registry.host}/team/pinned@**`, key.publicPem) });
        assert.equal(byRepository.verdict, 'verified', `${spelling}: ${allReasons(byRepository)}`);
      }
    });

    it('warn mode: failures are warnings and admission warns, but nothing is called verified', async () => {
      const image = await pushTinyImage(client, 'team/warn', 'v1', 'warn');
      const report = await getVerify({ image: ref('team/warn', image.digest), policy: keylessPolicy('audit', glob(), keylessIdentity(GITHUB), { mode: 'warn' }) });
      assert.equal(report.verdict, 'not verified');
      assert.equal(report.admission, 'warn');
      assert.match(allReasons(report), /policy audit \(mode: warn.*no signatures found/);
    });

    it('every covering enforce policy must pass; static pass alone verifies, static fail names its message', async () => {
      const image = await pushTinyImage(client, 'team/static', 'v1', 'static');
      const pass =
        'apiVersion: policy.sigstore.dev/v1beta1\n' +
        'kind: ClusterImagePolicy\n' +
        'metadata:\n' +
        '  name: vendor\n' +
        'spec:\n' +
        '  images:\n' +
        `    - glob: "${glob()}"\n` +
        '  authorities:\n' +
        '    - static:\n' +
        '        action: pass\n';
      assert.equal((await getVerify({ image: ref('team/static', image.digest), policy: pass })).verdict, 'verified');
      const fail = pass.replace('name: vendor', 'name: frozen').replace('action: pass', 'action: fail\n        message: deployments are frozen');
      const both = await getVerify({ image: ref('team/static', image.digest), policy: `${pass}---\n${fail}` });
      assert.equal(both.verdict, 'not verified');
      assert.match(allReasons(both), /policy frozen, authority authority-0: disallowed by static policy: deployments are frozen/);
    });

    it('attestations: a key-signed .att statement satisfies its predicate type; a CUE policy on it is refused by name', async () => {
      const key = makeKey();
      const image = await pushTinyImage(client, 'team/att', 'v1', 'attested');
      await attestWithKey(client, 'team/att', image.digest, key, 'https://slsa.dev/provenance/v1', { buildDefinition: { buildType: 'test' } });
      const base = keyPolicy('att', glob(), key.publicPem, '      attestations:\n        - name: provenance\n          predicateType: https://slsa.dev/provenance/v1');
      const ok = await getVerify({ image: ref('team/att', image.digest), policy: base });
      assert.equal(ok.verdict, 'verified', allReasons(ok));
      assert.equal(ok.matched?.check?.format, 'legacy');
      const other = await getVerify({ image: ref('team/att', image.digest), policy: base.replace('https://slsa.dev/provenance/v1', 'https://spdx.dev/Document') });
      assert.match(allReasons(other), /no matching attestations with type https:\/\/spdx\.dev\/Document, checked the following predicateTypes: "https:\/\/slsa\.dev\/provenance\/v1"/);
      const cue = await getVerify({ image: ref('team/att', image.digest), policy: `${base}\n          policy:\n            type: cue\n            data: 'predicateType: "x"'` });
      assert.equal(cue.verdict, 'not verified');
      assert.match(allReasons(cue), /failed evaluating cue policy for provenance: CUE policies are not supported/);
    });

    it('an unsupported authority feature fails closed with its name', async () => {
      const text =
        'apiVersion: policy.sigstore.dev/v1beta1\n' +
        'kind: ClusterImagePolicy\n' +
        'metadata:\n' +
        '  name: kms\n' +
        'spec:\n' +
        '  images:\n' +
        `    - glob: "${glob()}"\n` +
        '  authorities:\n' +
        '    - key:\n' +
        // An alias ARN: the webhook refuses the bare alias name (awskms:///alias/release).
        '        kms: awskms:///arn:aws:kms:us-east-1:111122223333:alias/release\n';
      const report = await getVerify({ image: ref(`fixtures/${GITHUB}`, readLegacyFixture(GITHUB).imageDigest), policy: text });
      assert.equal(report.verdict, 'not verified');
      assert.match(allReasons(report), /unsupported: key\.kms \(awskms:\/\/\/arn:aws:kms:us-east-1:111122223333:alias\/release\)/);
    });

    it('a Fulcio or Rekor address the trust root does not hold is unsupported by name, never swapped for the root\u2019s own', async () => {
      const image = ref(`fixtures/${GITHUB}`, readLegacyFixture(GITHUB).imageDigest);
      const withUrl = (url: string) => keylessPolicy('fulcio', glob(), keylessIdentity(GITHUB)).replace('      keyless:\n', `      keyless:\n        url: ${url}\n`);
      const privateFulcio = await getVerify({ image, policy: withUrl('https://fulcio.internal.example') });
      assert.equal(privateFulcio.verdict, 'not verified');
      assert.match(
        allReasons(privateFulcio),
        /authority ci-identity: unsupported: keyless\.url https:\/\/fulcio\.internal\.example is not a certificate authority of the trust root in use \(public-good/,
      );
      const publicFulcio = await getVerify({ image, policy: withUrl('https://fulcio.sigstore.dev/') });
      assert.equal(publicFulcio.verdict, 'verified', allReasons(publicFulcio));
      const privateRekor = await getVerify({ image, policy: `${keylessPolicy('rekor', glob(), keylessIdentity(GITHUB))}\n      ctlog:\n        url: https://rekor.internal.example` });
      assert.equal(privateRekor.verdict, 'not verified');
      assert.match(allReasons(privateRekor), /unsupported: ctlog\.url https:\/\/rekor\.internal\.example is not a transparency log of the trust root in use/);
      const publicRekor = await getVerify({ image, policy: `${keylessPolicy('rekor', glob(), keylessIdentity(GITHUB))}\n      ctlog:\n        url: https://rekor.sigstore.dev` });
      assert.equal(publicRekor.verdict, 'verified', allReasons(publicRekor));
    });

    it('bad input throws a clear error before any request', async () => {
      await assert.rejects(
        getVerify({ image: 'Not A Ref', policy: keyPolicy('k', '**', makeKey().publicPem) }),
        (e: ServiceError) => e.kind === 'badInput' && /not a valid image reference/.test(e.message),
      );
      await assert.rejects(getVerify({ image: 'ghcr.io/a/b:1', policy: 'kind: [' }), (e: ServiceError) => e.kind === 'badInput' && /not valid YAML/.test(e.message));
    });

    it('a digest reference costs at most 4 registry requests', async () => {
      const report = await getVerify({ image: ref(`fixtures/${GITHUB}`, readLegacyFixture(GITHUB).imageDigest), policy: keylessPolicy('fixtures', glob(), keylessIdentity(GITHUB)) });
      assert.ok(report.requests.registry <= 4, JSON.stringify(report.requests));
      assert.equal(report.requests.auth, 0);
    });
  });
});

describe('verify through a registry that requires token auth', function () {
  this.timeout(120_000);
  let registry: TestRegistry;
  const login = async () => ({ ...TEST_USER });

  before(async () => {
    registry = await startRegistry({ tokenAuth: true });
    const client = new RegistryClient(registry.host, { credentials: login });
    const fixture = readLegacyFixture(GITHUB);
    await loadLegacyFixture(client, `public/${GITHUB}`, fixture);
    await loadLegacyFixture(client, `private/${GITHUB}`, fixture);
  });
  after(async () => registry?.stop());

  const policy = () => keylessPolicy('fixtures', `${registry.host}/**`, keylessIdentity(GITHUB));

  it('verifies a public repository with an anonymous token', async () => {
    const report = await getVerify({ image: `${registry.host}/public/${GITHUB}@${readLegacyFixture(GITHUB).imageDigest}`, policy: policy() });
    assert.equal(report.verdict, 'verified', allReasons(report));
    assert.ok(report.requests.registry <= 4);
    assert.ok(report.requests.auth >= 2, 'one challenge and at least one token request');
  });

  it('verifies a private repository with the login the lookup gives', async () => {
    const report = await getVerify({ image: `${registry.host}/private/${GITHUB}@${readLegacyFixture(GITHUB).imageDigest}`, policy: policy() }, { registries: { credentials: login } });
    assert.equal(report.verdict, 'verified', allReasons(report));
  });

  it('without a login, a private repository is "not authorized", not "no signatures"', async () => {
    const report = await getVerify({ image: `${registry.host}/private/${GITHUB}@${readLegacyFixture(GITHUB).imageDigest}`, policy: policy() });
    assert.equal(report.verdict, 'not verified');
    assert.match(allReasons(report), /could not read .*not authorized to read private\/legacy-keyless-github-2026 \(insufficient_scope\)/);
    assert.doesNotMatch(allReasons(report), /no signatures found/);
  });
});
