import * as assert from 'node:assert/strict';
import { parsePolicies } from '../../../src/clients/cosign/policy/parse';
import { compileRe2 } from '../../../src/clients/cosign/policy/regexp';
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
      `${header('a')}spec:\n  mode: warn\n  images:\n    - glob: "ghcr.io/acme/**"\n  authorities:\n    - name: k\n      key:\n        data: |\n${key.trim().split('\n').map((l) => `          ${l}`).join('\n')}\n`,
      'apiVersion: policy.sigstore.dev/v1alpha1\nkind: TrustRoot\nmetadata:\n  name: tr\nspec: {}\n',
      JSON.stringify({ apiVersion: 'policy.sigstore.dev/v1alpha1', kind: 'ClusterImagePolicy', metadata: { name: 'b' }, spec: { images: [{ glob: '**' }], authorities: [{ static: { action: 'pass' } }] } }),
    ].join('---\n');
    const parsed = parsePolicies(text);
    assert.deepEqual(parsed.policies.map((p) => [p.name, p.mode, p.authorities[0].kind, p.authorities[0].name]), [
      ['a', 'warn', 'key', 'k'],
      ['b', 'enforce', 'static', 'authority-0'],
    ]);
    assert.match(parsed.warnings.join('\n'), /document 2 \(TrustRoot "tr".*ignored/);
  });

  it('lists every problem with its document and field path', () => {
    const text = `${header('broken')}spec:\n  mode: audit\n  images:\n    - glob: "ghcr.io/(x)"\n  authorities:\n    - keyless:\n        url: https://fulcio.sigstore.dev\n    - key:\n        data: not a key\n    - keyless:\n        identities:\n          - issuer: https://accounts.google.com\n            subjectRegExp: "(?<=x)y"\n`;
    const found = problems(text);
    assert.ok(found.some((p) => /document 1 \(broken\) spec\.mode: must be enforce or warn/.test(p)), found.join('\n'));
    assert.ok(found.some((p) => /spec\.images\[0\]\.glob: "ghcr\.io\/\(x\)" is not a valid glob/.test(p)));
    assert.ok(found.some((p) => /spec\.authorities\[0\]\.keyless\.identities: is required/.test(p)));
    assert.ok(found.some((p) => /spec\.authorities\[1\]\.key\.data: holds no PEM public key/.test(p)));
    assert.ok(found.some((p) => /spec\.authorities\[2\]\.keyless\.identities\[0\]\.subjectRegExp: is not a usable regular expression: look-around/.test(p)));
  });

  it('says what is wrong with YAML that does not parse, and with a file without policies', () => {
    assert.match(problems('apiVersion: [unclosed\n')[0], /document 1: is not valid YAML \(line \d+\)/);
    assert.match(problems('just: a map\n')[0], /document 1 apiVersion: is required/);
    assert.match(problems(`apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n`)[0], /holds no ClusterImagePolicy/);
    assert.match(problems('  ')[0], /policy\.yaml is empty/);
  });

  it('keeps cluster-only and CUE/Rego features by name instead of dropping them', () => {
    const text = `${header('cluster')}spec:\n  images:\n    - glob: "**"\n  policy:\n    type: rego\n    data: "package sigstore"\n  authorities:\n    - key:\n        kms: gcpkms://projects/p/keys/k\n    - keyless:\n        trustRootRef: private\n        identities:\n          - issuer: https://issuer\n            subject: me\n      attestations:\n        - name: slsa\n          predicateType: slsaprovenance1\n          policy:\n            type: cue\n            data: "predicateType: x"\n`;
    const parsed = parsePolicies(text);
    const [policy] = parsed.policies;
    assert.match(policy.unsupported.join('\n'), /spec\.policy \(a Rego policy/);
    assert.match(policy.authorities[0].unsupported.join('\n'), /key\.kms .* there are no public keys for authority authority-0/);
    assert.match(policy.authorities[1].unsupported.join('\n'), /keyless\.trustRootRef \(private\)/);
    assert.deepEqual(policy.authorities[1].attestations, [{ name: 'slsa', predicateType: 'https://slsa.dev/provenance/v1', policyType: 'cue' }]);
    assert.match(parsed.warnings.join('\n'), /"slsaprovenance1" is a deprecated short name/);
  });
});

describe('RE2 identity expressions', () => {
  it('are unanchored like Go, and translate leading flags', () => {
    const re = compileRe2('(?i)@EXAMPLE\\.com\\z') as RegExp;
    assert.ok(re.test('ci@example.com'));
    assert.ok(!re.test('ci@example.com.evil'));
    assert.ok((compileRe2('^https://github\\.com/acme/') as RegExp).test('https://github.com/acme/app/.github/workflows/r.yml@refs/tags/v1'));
  });

  it('refuse what RE2 does not accept', () => {
    assert.match(compileRe2('(a)\\1') as string, /back-references/);
    assert.match(compileRe2('x(?=y)') as string, /look-around/);
    assert.match(compileRe2('[') as string, /Unterminated|missing/i);
  });
});
