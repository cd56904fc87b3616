import * as assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { parsePolicies } from '../../../src/clients/cosign/policy/parse';
import { Re2Pattern, compileRe2 } from '../../../src/clients/cosign/policy/regexp';
import { ServiceError } from '../../../src/core/errors';
import { makeKey } from '../../registry/images';

const header = (name: string) => `apiVersion: policy.sigstore.dev/v1beta1\nkind: ClusterImagePolicy\nmetadata:\n  name: ${name}\n`;

function problems(text: string): string[] {
  try {
    parsePolicies(text, 'policy.yaml');
  } catch (error) {
    assert.ok(error instanceof ServiceError && error.kind === 'badInput', String(error));
    return error.fieldErrors.length ? error.fieldErrors.map((f) => `${f.field}: ${f.messages.join(' ')}`) : [error.message];
  }
  return [];
}

describe('admission policy documents', () => {
  it('reads multi-document YAML and JSON, ignoring other kinds with a warning', () => {
    const key = makeKey().publicPem;
    const text = [
      `${header('a')}spec:\n  mode: warn\n  images:\n    - glob: "ghcr.io/acme/**"\n  authorities:\n    - name: k\n      key:\n        data: |\n${key
        .trim()
        .split('\n')
        .map((l) => `          ${l}`)
        .join('\n')}\n`,
      'apiVersion: policy.sigstore.dev/v1alpha1\nkind: TrustRoot\nmetadata:\n  name: tr\nspec: {}\n',
      JSON.stringify({
        apiVersion: 'policy.sigstore.dev/v1alpha1',
        kind: 'ClusterImagePolicy',
        metadata: { name: 'b' },
        spec: { images: [{ glob: '**' }], authorities: [{ static: { action: 'pass' } }] },
      }),
    ].join('---\n');
    const parsed = parsePolicies(text);
    assert.deepEqual(
      parsed.policies.map((p) => [p.name, p.mode, p.authorities[0].kind, p.authorities[0].name]),
      [
        ['a', 'warn', 'key', 'k'],
        ['b', 'enforce', 'static', 'authority-0'],
      ],
    );
    assert.match(parsed.warnings.join('\n'), /document 2 \(TrustRoot "tr".*ignored/);
  });

  it('lists every problem with its document and field path', () => {
    const text =
      `${header('broken')}spec:\n` +
      '  mode: audit\n' +
      '  images:\n' +
      '    - glob: "ghcr.io/(x)"\n' +
      '  authorities:\n' +
      '    - keyless:\n' +
      '        url: https://fulcio.sigstore.dev\n' +
      '    - key:\n' +
      '        data: not a key\n' +
      '    - keyless:\n' +
      '        identities:\n' +
      '          - issuer: https://accounts.google.com\n' +
      '            subjectRegExp: "(?<=x)y"\n';
    const found = problems(text);
    assert.ok(
      found.some((p) => /document 1 \(broken\) spec\.mode: must be enforce or warn/.test(p)),
      found.join('\n'),
    );
    assert.ok(found.some((p) => /spec\.images\[0\]\.glob: "ghcr\.io\/\(x\)" is not a valid glob/.test(p)));
    assert.ok(found.some((p) => /spec\.authorities\[0\]\.keyless\.identities: is required/.test(p)));
    assert.ok(found.some((p) => /spec\.authorities\[1\]\.key\.data: holds no PEM public key/.test(p)));
    assert.ok(found.some((p) => /spec\.authorities\[2\]\.keyless\.identities\[0\]\.subjectRegExp: is not a usable regular expression: invalid named capture/.test(p)));
  });

  it('says what is wrong with YAML that does not parse, and with a file without policies', () => {
    assert.match(problems('apiVersion: [unclosed\n')[0], /document 1: is not valid YAML \(line \d+\)/);
    assert.match(problems('just: a map\n')[0], /document 1 apiVersion: is required/);
    assert.match(problems(`apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n`)[0], /holds no ClusterImagePolicy/);
    assert.match(problems('  ')[0], /policy\.yaml is empty/);
  });

  it('keeps cluster-only and CUE/Rego features by name instead of dropping them', () => {
    const text =
      `${header('cluster')}spec:\n` +
      '  images:\n' +
      '    - glob: "**"\n' +
      '  policy:\n' +
      '    type: rego\n' +
      '    data: "package sigstore"\n' +
      '  authorities:\n' +
      '    - key:\n' +
      '        kms: gcpkms://projects/p/keys/k\n' +
      '    - keyless:\n' +
      '        trustRootRef: private\n' +
      '        identities:\n' +
      '          - issuer: https://issuer\n' +
      '            subject: me\n' +
      '      attestations:\n' +
      '        - name: slsa\n' +
      '          predicateType: slsaprovenance1\n' +
      '          policy:\n' +
      '            type: cue\n' +
      '            data: "predicateType: x"\n';
    const parsed = parsePolicies(text);
    const [policy] = parsed.policies;
    assert.match(policy.unsupported.join('\n'), /spec\.policy \(a Rego policy/);
    assert.match(policy.authorities[0].unsupported.join('\n'), /key\.kms .* there are no public keys for authority authority-0/);
    assert.match(policy.authorities[1].unsupported.join('\n'), /keyless\.trustRootRef \(private\)/);
    assert.deepEqual(policy.authorities[1].attestations, [{ name: 'slsa', predicateType: 'https://slsa.dev/provenance/v1', policyType: 'cue' }]);
    assert.match(parsed.warnings.join('\n'), /"slsaprovenance1" is a deprecated short name/);
  });
});

describe('admission policies read as strictly as the policy controller reads them', () => {
  const keyBlock = (pem: string, indent = '          ') =>
    pem
      .trim()
      .split('\n')
      .map((l) => `${indent}${l}`)
      .join('\n');
  const keyless = (identity: string, extra = '') => `${header('p')}spec:\n  images:\n    - glob: "**"\n  authorities:\n    - keyless:\n        identities:\n          - ${identity}\n${extra}`;

  it('an identity with both a value and its regular expression is refused', () => {
    assert.match(
      problems(keyless('issuer: https://a\n            issuerRegExp: ".*"\n            subject: me')).join('\n'),
      /identities\[0\]: has issuer and issuerRegExp; use exactly one of issuer, issuerRegExp/,
    );
    assert.match(problems(keyless('issuer: https://a\n            subject: me\n            subjectRegExp: ".*"')).join('\n'), /has subject and subjectRegExp/);
  });

  it('exactly one of: static with signature settings, key data with kms, keyless url with ca-cert, one source', () => {
    const key = makeKey().publicPem;
    const text =
      `${header('p')}spec:\n` +
      '  images:\n' +
      '    - glob: "**"\n' +
      '  authorities:\n' +
      '    - static:\n' +
      '        action: pass\n' +
      '      ctlog:\n' +
      '        url: https://rekor.sigstore.dev\n' +
      '      attestations:\n' +
      '        - name: a\n' +
      '          predicateType: https://slsa.dev/provenance/v1\n' +
      '    - key:\n' +
      '        kms: gcpkms://x\n' +
      '        data: |\n' +
      `${keyBlock(key)}\n` +
      '    - keyless:\n' +
      '        url: https://fulcio.sigstore.dev\n' +
      '        ca-cert:\n' +
      '          data: x\n' +
      '        identities:\n' +
      '          - issuer: https://a\n' +
      '            subject: me\n' +
      '      source:\n' +
      '        - oci: registry.example/sigs\n' +
      '        - oci: registry.example/more\n';
    const found = problems(text).join('\n');
    assert.match(found, /authorities\[0\]\.ctlog: cannot be used with static/);
    assert.match(found, /authorities\[0\]\.attestations: cannot be used with static/);
    assert.match(found, /authorities\[1\]\.key: has data and kms; use exactly one of data, kms, secretRef/);
    assert.match(found, /authorities\[2\]\.keyless: has url and ca-cert/);
    assert.match(found, /authorities\[2\]\.source: has 2 entries; the policy controller supports a single source/);
  });

  it('an unknown or misspelled field is an error naming the nearest known one', () => {
    const found = problems(
      keyless('issuer: https://a\n            subject: me', '      attestation:\n        - name: a\n          predicateType: https://x\n      ctLog:\n        url: https://rekor.sigstore.dev\n'),
    ).join('\n');
    assert.match(found, /authorities\[0\]\.attestation: is not a field here; did you mean attestations\?/);
    assert.match(found, /authorities\[0\]\.ctLog: is not a field here; did you mean ctlog\?/);
    assert.match(
      problems(`${header('p')}spec:\n  imagez:\n    - glob: "**"\n  authorities:\n    - static:\n        action: pass\n`).join('\n'),
      /spec\.imagez: is not a field here; did you mean images\?/,
    );
  });

  it('YAML merge keys are applied, so merged requirements are kept', () => {
    const text =
      `${header('merged')}spec:\n` +
      '  images:\n' +
      '    - glob: "**"\n' +
      '  authorities:\n' +
      '    - keyless:\n' +
      '        identities:\n' +
      '          - &github\n' +
      '            issuer: https://token.actions.githubusercontent.com\n' +
      '            subject: https://github.com/acme/app/.github/workflows/release.yml@refs/heads/main\n' +
      '          - <<: *github\n' +
      '            subject: https://github.com/acme/app/.github/workflows/nightly.yml@refs/heads/main\n';
    const [policy] = parsePolicies(text).policies;
    const authority = policy.authorities[0];
    assert.equal(authority.kind, 'keyless');
    assert.deepEqual(authority.kind === 'keyless' ? authority.identities.map((i) => i.issuer) : [], ['https://token.actions.githubusercontent.com', 'https://token.actions.githubusercontent.com']);
  });

  it('key.data trusts its first PEM block only, and says the others are ignored', () => {
    const first = makeKey().publicPem;
    const second = makeKey().publicPem;
    const parsed = parsePolicies(`${header('two')}spec:\n  images:\n    - glob: "**"\n  authorities:\n    - key:\n        data: |\n${keyBlock(first)}\n${keyBlock(second)}\n`);
    const authority = parsed.policies[0].authorities[0];
    assert.deepEqual(authority.kind === 'key' ? authority.keys.map((k) => k.pem.trim()) : [], [first.trim()]);
    assert.match(parsed.warnings.join('\n'), /holds 2 PEM blocks; only the first is a trusted key/);
  });

  it('signatureFormat: bundle with a key authority is refused, as the webhook fails that authority', () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const keyed = (format: string) => `${header('p')}spec:\n  images:\n    - glob: "**"\n  authorities:\n    - key:\n        data: |\n${keyBlock(pem)}\n      signatureFormat: ${format}\n`;
    assert.match(problems(keyed('bundle')).join('\n'), /authorities\[0\]\.signatureFormat: bundle works only with a keyless authority/);
    assert.deepEqual(problems(keyed('legacy')), []);
  });

  it('an unset signatureFormat reads legacy signatures only', () => {
    const [policy] = parsePolicies(keyless('issuer: https://a\n            subject: me')).policies;
    assert.equal(policy.authorities[0].signatureFormat, 'legacy');
  });

  it('accepts what the webhook accepts: hashAlgorithm in any case, a PKCS#1 RSA key, an empty source.oci, (?i) inside an expression', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'pkcs1', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } }).publicKey;
    assert.match(rsa, /BEGIN RSA PUBLIC KEY/);
    const text =
      `${header('ok')}spec:\n` +
      '  images:\n' +
      '    - glob: "**"\n' +
      '  authorities:\n' +
      '    - key:\n' +
      '        hashAlgorithm: SHA384\n' +
      '        data: |\n' +
      `${keyBlock(rsa)}\n` +
      '      source:\n' +
      '        - oci: ""\n' +
      '    - keyless:\n' +
      '        identities:\n' +
      '          - issuer: https://token.actions.githubusercontent.com\n' +
      '            subjectRegExp: "https://github\\\\.com/(?i)ACME/.*"\n';
    const [policy] = parsePolicies(text).policies;
    const [key, keylessAuthority] = policy.authorities;
    assert.equal(key.kind === 'key' ? key.hashAlgorithm : '', 'sha384');
    assert.equal(key.kind === 'key' ? key.keys.length : 0, 1);
    assert.equal(key.source?.repository, undefined, 'an empty oci means beside the image');
    const regexp = keylessAuthority.kind === 'keyless' ? keylessAuthority.identities[0].subjectRegExp?.regexp : undefined;
    assert.ok(regexp?.matches('https://github.com/acme/app/.github/workflows/r.yml@refs/tags/v1'));
  });

  it('two policies with the same name are an error', () => {
    const one = `${header('same')}spec:\n  images:\n    - glob: "**"\n  authorities:\n    - static:\n        action: pass\n`;
    assert.match(problems(`${one}---\n${one}`).join('\n'), /document 2 metadata\.name: "same" is already the name of document 1/);
  });
});

describe('admission policies: the rest of the webhook\u2019s rules', () => {
  const keyBlock = (pem: string, indent = '          ') =>
    pem
      .trim()
      .split('\n')
      .map((l) => `${indent}${l}`)
      .join('\n');
  const policy = (authorities: string, specExtra = '') => `${header('p')}spec:\n  images:\n    - glob: "**"\n${specExtra}  authorities:\n${authorities}`;
  const identity = '        identities:\n          - issuer: https://issuer.example\n            subject: me\n';

  it('an unknown field at any depth names its full path and the nearest known field', () => {
    const text = policy(
      '    - key:\n' +
        '        secretRef:\n' +
        '          name: k\n' +
        '          namspace: cosign-system\n' +
        '      source:\n' +
        '        - signaturePullSecrets:\n' +
        '            - nmae: pull\n' +
        '    - keyless:\n' +
        '        identities:\n' +
        '          - issuer: https://issuer.example\n' +
        '            subjectRegex: ".*"\n' +
        '      attestations:\n' +
        '        - name: a\n' +
        '          predicateType: https://slsa.dev/provenance/v1\n' +
        '          policy:\n' +
        '            type: cue\n' +
        '            remote:\n' +
        '              url: https://policies.example/p.cue\n' +
        '              sha256: abc\n',
      '  match:\n    - resource: pods\n      selector:\n        matchLabel:\n          app: web\n',
    ).replace('  name: p\n', '  name: p\n  labels:\n    anything: goes\n');
    const found = problems(text).join('\n');
    assert.match(found, /document 1 \(p\) spec\.authorities\[0\]\.key\.secretRef\.namspace: is not a field here; did you mean namespace\?/);
    assert.match(found, /spec\.authorities\[0\]\.source\[0\]\.signaturePullSecrets\[0\]\.nmae: is not a field here; did you mean name\?/);
    assert.match(found, /spec\.authorities\[0\]\.source\[0\]\.signaturePullSecrets\[0\]\.name: is required/);
    assert.match(found, /spec\.authorities\[1\]\.keyless\.identities\[0\]\.subjectRegex: is not a field here; did you mean subjectRegExp\?/);
    assert.match(found, /spec\.authorities\[1\]\.keyless\.identities\[0\]: needs subject or subjectRegExp/);
    assert.match(found, /spec\.authorities\[1\]\.attestations\[0\]\.policy\.remote\.sha256: is not a field here; did you mean sha256sum\?/);
    assert.match(found, /spec\.match\[0\]\.selector\.matchLabel: is not a field here; did you mean matchLabels\?/);
    assert.doesNotMatch(found, /labels|anything/, 'metadata holds any labels');
    assert.match(
      problems(policy('    - static:\n        action: pass\n').replace('glob: "**"', 'regex: ".*"')).join('\n'),
      /spec\.images\[0\]\.regex: was removed from ClusterImagePolicy; write a glob/,
    );
    assert.match(problems(policy('    - static:\n        action: pass\n')).join('\n'), /^$/);
  });

  it('a static authority stands alone: no source, ctlog, attestations or rfc3161timestamp beside it', () => {
    const found = problems(policy('    - static:\n        action: fail\n      source:\n        - oci: registry.example/sigs\n      rfc3161timestamp:\n        trustRootRef: tsa\n')).join('\n');
    assert.match(found, /authorities\[0\]\.source: cannot be used with static/);
    assert.match(found, /authorities\[0\]\.rfc3161timestamp: cannot be used with static/);
  });

  it('a CUE or Rego policy block is checked as the webhook checks it', () => {
    const att = (block: string) => policy(`    - keyless:\n${identity}      attestations:\n        - name: a\n          predicateType: https://slsa.dev/provenance/v1\n          policy:\n${block}`);
    assert.match(problems(att('            type: not-cue\n            data: x\n')).join('\n'), /attestations\[0\]\.policy\.type: must be cue or rego, not "not-cue"/);
    assert.match(problems(att('            type: cue\n')).join('\n'), /attestations\[0\]\.policy: needs one of data, configMapRef or remote/);
    assert.match(
      problems(att('            type: cue\n            data: x\n            configMapRef:\n              name: n\n              key: k\n')).join('\n'),
      /policy: has data and configMapRef; use exactly one of data, configMapRef, remote/,
    );
    assert.match(
      problems(att('            type: cue\n            remote:\n              url: http://example.com\n              sha256sum: abc\n')).join('\n'),
      /policy\.remote\.url: must be an https:\/\/ address/,
    );
    assert.match(problems(att('            type: cue\n            configMapRef:\n              name: n\n')).join('\n'), /policy\.configMapRef\.key: is required/);
    assert.match(
      problems(att('            type: cue\n            data: x\n            fetchConfigFile: true\n')).join('\n'),
      /attestations\[0\]\.policy\.fetchConfigFile: may only be set in spec\.policy/,
    );
    const whole = parsePolicies(policy(`    - keyless:\n${identity}`, '  policy:\n    type: cue\n    data: x\n    fetchConfigFile: true\n'));
    assert.match(whole.policies[0].unsupported.join('\n'), /spec\.policy \(a CUE policy/, 'allowed in spec.policy, and refused by name when verifying');
  });

  it('a document meant as a policy but with a wrong apiVersion or kind is an error, not an ignored resource', () => {
    const good = policy('    - static:\n        action: pass\n');
    const other = good.replace('name: p', 'name: q');
    assert.match(
      problems(`${good}---\n${other.replace('policy.sigstore.dev/v1beta1', 'policy.sigstore.dev/v1')}`).join('\n'),
      /document 2 \(q\) apiVersion: must be policy\.sigstore\.dev\/v1beta1 or policy\.sigstore\.dev\/v1alpha1 for a ClusterImagePolicy, not "policy\.sigstore\.dev\/v1"/,
    );
    assert.match(
      problems(`${good}---\n${other.replace('kind: ClusterImagePolicy', 'kind: ClusterImagePolicies')}`).join('\n'),
      /document 2 \(q\) kind: "ClusterImagePolicies" is not a kind of policy\.sigstore\.dev; did you mean ClusterImagePolicy\?/,
    );
    const withTrustRoot = parsePolicies(`${good}---\napiVersion: policy.sigstore.dev/v1alpha1\nkind: TrustRoot\nmetadata:\n  name: private\nspec: {}\n`);
    assert.equal(withTrustRoot.policies.length, 1);
    assert.match(withTrustRoot.warnings.join('\n'), /TrustRoot "private".*ignored/);
  });

  it('empty values count as unset, as for the webhook: an empty issuer beside issuerRegExp is fine, two empty ones are missing', () => {
    const keyless = (fields: string) => policy(`    - keyless:\n        identities:\n          - ${fields}\n`);
    const [ok] = parsePolicies(keyless('issuer: ""\n            issuerRegExp: "https://.*"\n            subject: me')).policies;
    const authority = ok.authorities[0];
    assert.equal(authority.kind === 'keyless' ? authority.identities[0].issuerRegExp?.source : '', 'https://.*');
    assert.match(problems(keyless('issuer: ""\n            issuerRegExp: ""\n            subject: me')).join('\n'), /identities\[0\]: needs issuer or issuerRegExp/);
  });

  it('a ctlog without url, which makes the webhook skip the transparency log, is unsupported by name', () => {
    const [withoutUrl] = parsePolicies(policy(`    - keyless:\n${identity}      ctlog: {}\n`)).policies;
    assert.match(withoutUrl.authorities[0].unsupported.join('\n'), /ctlog without a url makes the policy controller check no transparency log/);
    const [withUrl] = parsePolicies(policy(`    - keyless:\n${identity}      ctlog:\n        url: https://rekor.sigstore.dev\n`)).policies;
    assert.deepEqual(withUrl.authorities[0].unsupported, []);
    assert.equal(withUrl.authorities[0].ctlog?.url, 'https://rekor.sigstore.dev');
  });

  it('a signatureFormat other than legacy or bundle is read as legacy, as the webhook reads it, with a warning', () => {
    const parsed = parsePolicies(policy(`    - keyless:\n${identity}      signatureFormat: Bundle\n`));
    assert.equal(parsed.policies[0].authorities[0].signatureFormat, 'legacy');
    assert.match(parsed.warnings.join('\n'), /authorities\[0\]\.signatureFormat "Bundle" is neither legacy nor bundle; the policy controller reads it as legacy/);
  });

  it('key.data must start with a public key, and a field written twice is an error', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    assert.match(
      problems(policy(`    - key:\n        data: |\n${keyBlock(pkcs8)}\n${keyBlock(makeKey().publicPem)}\n`)).join('\n'),
      /key\.data: starts with a PRIVATE KEY block; the policy controller reads only the first block/,
    );
    assert.match(problems(policy('    - static:\n        action: pass\n        action: fail\n')).join('\n'), /is not valid YAML .*unique/);
  });
});

describe('RE2 identity expressions', () => {
  const compiled = (source: string) => compileRe2(source) as Re2Pattern;

  it('match the whole value, with RE2 flag groups anywhere', () => {
    assert.ok(compiled('.*@EXAMPLE\\.com\\z').matches('ci@EXAMPLE.com'));
    assert.ok(compiled('(?i).*@EXAMPLE\\.com').matches('ci@example.com'));
    assert.ok(compiled('https://github\\.com/(?i)ACME/.*').matches('https://github.com/acme/app/.github/workflows/r.yml@refs/tags/v1'), 'a flag group inside the expression, as RE2 allows');
    assert.ok(!compiled('https://github\\.com/(?i)ACME/.*').matches('HTTPS://github.com/acme/x'), 'the flag applies from where it stands');
    assert.ok(!compiled('https://github\\.com/acme/').matches('https://github.com/acme/app'), 'a prefix is not the whole value');
  });

  it('refuse what RE2 does not accept, in RE2’s words', () => {
    assert.match(compileRe2('(a)\\1') as string, /invalid escape sequence: `\\1`/);
    assert.match(compileRe2('x(?=y)') as string, /invalid or unsupported Perl syntax: `\(\?=`/);
    assert.match(compileRe2('[') as string, /missing closing \]/);
  });
});
