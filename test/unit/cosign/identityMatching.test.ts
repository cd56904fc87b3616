import * as assert from 'node:assert/strict';
import { Re2Pattern, compileRe2 } from '../../../src/clients/cosign/policy/regexp';
import { matchIdentities, matchesWhole } from '../../../src/clients/cosign/verify/identity';

/** Policy identities: `subject`/`issuer` exact, `subjectRegExp`/`issuerRegExp` whole-value matches. */
describe('identity matching is exact or whole-value', () => {
  const subject = 'https://github.com/acme/app/.github/workflows/release.yml@refs/tags/v1.2.3';
  const issuer = 'https://token.actions.githubusercontent.com';
  const signer = { subjects: ['someone@example.com', subject], issuer };
  // Compiled as a policy's expressions are (RE2, through re2js).
  const re = (source: string) => ({ source, regexp: compileRe2(source) as Re2Pattern });

  it('a regular expression must cover the whole value, whatever its flags', () => {
    assert.equal(matchesWhole(/acme/, subject), false);
    assert.equal(matchesWhole(/.*acme.*/, subject), true);
    assert.equal(matchesWhole(/a|ab/, 'ab'), true, 'alternatives are tried against the whole value');
    assert.equal(matchesWhole(/^foo$/m, 'foo\nbar'), false, 'under the m flag ^ and $ still may not stop at a line break');
    assert.equal(matchesWhole(/FOO/i, 'foo'), true);
    const sticky = /foo/gy;
    assert.equal(matchesWhole(sticky, 'foo'), true);
    assert.equal(matchesWhole(sticky, 'foo'), true, 'no state carried between calls');
    // An RE2 matcher (re2js) answers for the whole input itself.
    assert.equal(matchesWhole({ matches: (input) => input === 'exact' }, 'exact'), true);
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
