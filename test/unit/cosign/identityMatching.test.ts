import * as assert from 'node:assert/strict';
import { Re2Pattern, compileRe2 } from '../../../src/clients/cosign/policy/regexp';
import { matchIdentities } from '../../../src/clients/cosign/verify/identity';

/** Policy identities: `subject`/`issuer` exact, `subjectRegExp`/`issuerRegExp` whole-value matches. */
describe('identity matching is exact or whole-value', () => {
  const subject = 'https://github.com/acme/app/.github/workflows/release.yml@refs/tags/v1.2.3';
  const issuer = 'https://token.actions.githubusercontent.com';
  const signer = { subjects: ['someone@example.com', subject], issuer };
  // Compiled as a policy's expressions are (RE2, through re2js).
  const re = (source: string) => ({ source, regexp: compileRe2(source) as Re2Pattern });

  it('a regular expression must cover the whole value, whatever its flags', () => {
    const matches = (source: string, value: string) => re(source).regexp.matches(value);
    assert.equal(matches('acme', subject), false);
    assert.equal(matches('.*acme.*', subject), true);
    assert.equal(matches('a|ab', 'ab'), true, 'alternatives are tried against the whole value');
    assert.equal(matches('(?m)^foo$', 'foo\nbar'), false, 'under the m flag ^ and $ still may not stop at a line break');
    assert.equal(matches('(?i)FOO', 'foo'), true);
    assert.equal(matches('(?s).*', 'a\nb'), true);
    assert.equal(matches('.*', 'a\nb'), false, 'without s, . does not cross a line break (RE2, as in Go)');
    const once = re('foo');
    assert.equal(once.regexp.matches('foo'), true);
    assert.equal(once.regexp.matches('foo'), true, 'no state carried between calls');
  });

  it('fragments of the subject or issuer match nothing; the whole value does', () => {
    const fragments = ['.', subject.slice(0, 20), subject.slice(8), 'acme/app'];
    for (const fragment of fragments) {
      assert.ok('problem' in matchIdentities([{ subject: fragment, issuer }], signer), `subject ${fragment}`);
      assert.ok('problem' in matchIdentities([{ subjectRegExp: re(fragment.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')), issuer }], signer), `subjectRegExp ${fragment}`);
    }
    for (const fragment of ['.', 'https://token', 'githubusercontent.com', 'actions']) {
      assert.ok('problem' in matchIdentities([{ subject, issuer: fragment }], signer), `issuer ${fragment}`);
      assert.ok('problem' in matchIdentities([{ subject, issuerRegExp: re(fragment === '.' ? '.' : fragment.replace(/\./g, '\\.')) }], signer), `issuerRegExp ${fragment}`);
    }
    assert.deepEqual(matchIdentities([{ subject, issuer }], signer), { matched: `subject ${subject} with issuer ${issuer}` });
    assert.ok('matched' in matchIdentities([{ subjectRegExp: re('https://github\\.com/acme/.+@refs/tags/v.*'), issuerRegExp: re('https://token\\.actions\\.githubusercontent\\.com') }], signer));
    assert.ok('matched' in matchIdentities([{ subjectRegExp: re('.*@example\\.com'), issuer }], signer), 'any of the SANs');
  });
});
