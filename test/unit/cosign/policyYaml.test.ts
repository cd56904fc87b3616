import * as assert from 'node:assert/strict';
import { parsePolicies } from '../../../src/clients/cosign/policy/parse';
import { Authority, KeylessAuthority, StaticAuthority } from '../../../src/clients/cosign/policy/types';
import { yamlScalar } from '../../../src/clients/cosign/policy/yamlScalars';
import { ServiceError } from '../../../src/core/errors';

const header = (name: string) => `apiVersion: policy.sigstore.dev/v1beta1\nkind: ClusterImagePolicy\nmetadata:\n  name: ${name}\n`;

/** The problems of a file that does not parse, as the user reads them. */
function refusal(text: string): ServiceError {
  try {
    parsePolicies(text, 'policy.yaml');
  } catch (error) {
    assert.ok(error instanceof ServiceError && error.kind === 'badInput', `a policy problem, not ${String(error)}`);
    return error;
  }
  assert.fail('the file was accepted');
}

const problemsOf = (error: ServiceError) => error.fieldErrors.map((f) => `${f.field}: ${f.messages.join(' ')}`).join('\n');

describe('policy files are read as kubectl reads them (YAML 1.1, go-yaml v2)', () => {
  it('one anchor used fifty times is read, as kubectl reads it', () => {
    const teams = Array.from({ length: 50 }, (_, i) => `    - name: team-${i + 1}\n      keyless: *release\n      source:\n        - oci: registry.example.com/team-${i + 1}/signatures\n`).join('');
    const text =
      `${header('release-signed')}spec:\n  images:\n    - glob: registry.example.com/**\n  authorities:\n` +
      '    - name: team-0\n' +
      '      keyless: &release\n' +
      '        url: https://fulcio.sigstore.dev\n' +
      '        identities:\n' +
      '          - issuer: https://token.actions.githubusercontent.com\n' +
      '            subject: https://github.com/acme/release/.github/workflows/release.yml@refs/heads/main\n' +
      teams;
    const [policy] = parsePolicies(text).policies;
    assert.equal(policy.authorities.length, 51);
    const last = policy.authorities[50] as KeylessAuthority;
    assert.equal(last.name, 'team-50');
    assert.deepEqual(
      last.identities.map((i) => i.subject),
      ['https://github.com/acme/release/.github/workflows/release.yml@refs/heads/main'],
    );
    assert.equal(last.source?.repository?.repository, 'team-50/signatures');
  });

  it('a billion-laughs bomb is refused as a problem of its document, at once', () => {
    const lol = ['      a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
    for (let i = 1; i < 10; i++) {
      const name = String.fromCharCode(97 + i);
      lol.push(
        `      ${name}: &${name} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(', ')}]`,
      );
    }
    const good = `${header('good')}spec:\n  images:\n    - glob: "**"\n  authorities:\n    - static:\n        action: pass\n`;
    const bomb = `${header('lol')}spec:\n  images:\n    - glob: "**"\n  authorities:\n    - static:\n        action: pass\n  match:\n    - selector:\n        matchLabels:\n${lol.join('\n')}\n`;
    const started = performance.now();
    const error = refusal(`${good}---\n${bomb}`);
    assert.ok(performance.now() - started < 1000, 'refused without expanding it');
    assert.match(problemsOf(error), /^document 2: is refused \(line \d+\): its aliases \(\*name\) expand it out of all proportion .*document contains excessive aliasing/m);
  });

  it('a merge key applies where it stands: written after a field it overrides it, written before it is overridden', () => {
    const text =
      `${header('merged')}spec:\n  images:\n    - glob: "**"\n  authorities:\n` +
      '    - name: denied\n' +
      '      static: &deny\n' +
      '        action: fail\n' +
      '        message: this registry is not approved\n' +
      '    - name: looks-allowed\n' +
      '      static: {action: pass, <<: *deny}\n' +
      '    - name: allowed\n' +
      '      static: {<<: *deny, action: pass}\n';
    const actions = parsePolicies(text).policies[0].authorities.map((a: Authority) => [a.name, (a as StaticAuthority).action]);
    assert.deepEqual(actions, [
      ['denied', 'fail'],
      ['looks-allowed', 'fail'],
      ['allowed', 'pass'],
    ]);
  });

  it('YAML 1.1 booleans are booleans (insecureIgnoreSCT: yes), and a quoted "yes" is a string', () => {
    const keyless = (value: string) =>
      `${header('sct')}spec:\n  images:\n    - glob: "**"\n  authorities:\n    - keyless:\n        insecureIgnoreSCT: ${value}\n` +
      '        identities:\n          - issuer: https://accounts.google.com\n            subject: ci@acme.iam.gserviceaccount.com\n';
    for (const [written, meant] of [
      ['yes', true],
      ['On', true],
      ['y', true],
      ['off', false],
      ['NO', false],
    ] as const) {
      const authority = parsePolicies(keyless(written)).policies[0].authorities[0] as KeylessAuthority;
      assert.equal(authority.insecureIgnoreSCT, meant, written);
    }
    assert.match(problemsOf(refusal(keyless('"yes"'))), /keyless\.insecureIgnoreSCT: must be true or false/);
  });

  it('scalars resolve as go-yaml v2 resolves them', () => {
    const plain = (text: string) => yamlScalar(text, true, undefined);
    assert.deepEqual(['0777', '0x1F', '0o17', '0b101', '-0b101', '1_000', '08', '.5', '1e3', '+12', '~', '', 'Null', '2001-12-14', '190:20:30', '1e400', '0x', 'yes', 'n'].map(plain), [
      511,
      31,
      15,
      5,
      -5,
      1000,
      8,
      0.5,
      1000,
      12,
      null,
      null,
      null,
      '2001-12-14',
      '190:20:30',
      '1e400',
      '0x',
      true,
      false,
    ]);
    assert.equal(yamlScalar('yes', false, undefined), 'yes', 'quoted');
    assert.equal(yamlScalar('12', true, 'tag:yaml.org,2002:str'), '12');
    assert.equal(yamlScalar('12', false, 'tag:yaml.org,2002:int'), 12);
    assert.equal(yamlScalar('aGVsbG8=', true, 'tag:yaml.org,2002:binary'), 'hello');
    assert.equal(yamlScalar('bar', true, '!foo'), 'bar');
    assert.deepEqual(yamlScalar('abc', true, 'tag:yaml.org,2002:int'), { problem: 'cannot decode !!str `abc` as a !!int' });
  });

  it('the work of reading a file is bounded: size, tokens, documents, nesting, expanded values', () => {
    const policy = `${header('p')}spec:\n  images:\n    - glob: "**"\n  authorities:\n    - static:\n        action: pass\n`;
    const cases: Array<[string, string, RegExp]> = [
      ['a file over 256 KiB', `${policy}  # ${'x'.repeat(300 * 1024)}\n`, /policy\.yaml is 30\d KiB; a policy file may hold at most 256 KiB/],
      ['a flow list of 30,000 items', `${policy.replace('"**"', `[${'a,'.repeat(15_000)}a]`)}`, /policy\.yaml holds more than 20,000 YAML tokens/],
      ['300 documents', `${policy}${'---\na: 1\n'.repeat(300)}`, /policy\.yaml holds more than 200 YAML documents/],
    ];
    for (const [what, text, expected] of cases) {
      const started = performance.now();
      assert.match(refusal(text).message, expected, what);
      assert.ok(performance.now() - started < 1000, what);
    }
    const deep = policy.replace('action: pass', `action: pass\n      x: ${'['.repeat(100)}${']'.repeat(100)}`);
    assert.match(problemsOf(refusal(deep)), /^document 1: is refused \(line 11\): values are nested more than 64 levels deep/m);
    // Expansion that kubectl would still allow (2% of the values written out) past 200,000 values.
    const uses = Array.from({ length: 50 }, (_, i) => `          u${i}: *many`).join('\n');
    const wide = `${policy}  match:\n    - resource: pods\n      selector:\n        matchLabels:\n          k: &many [${Array(4000).fill('v').join(', ')}]\n${uses}\n`;
    assert.match(problemsOf(refusal(wide)), /holds more than 200,000 values once its aliases \(\*name\) are expanded/);
    // Compiling regular expressions costs time in proportion to their length.
    const identities = Array.from({ length: 10 }, (_, i) => `          - issuer: https://issuer.example\n            subjectRegExp: "^team-${i}-(${'a|'.repeat(2000)}b)$"\n`).join('');
    const regexps = `${header('regexps')}spec:\n  images:\n    - glob: "**"\n  authorities:\n    - keyless:\n        identities:\n${identities}`;
    assert.match(problemsOf(refusal(regexps)), /identities\[8\]\.subjectRegExp: takes the file\u2019s regular expressions past 32 KiB in all/);
  });
});
