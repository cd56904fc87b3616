import * as assert from 'node:assert/strict';
import { RE2JS } from 're2js';
import { GlobMatcher, compileGlob } from '../../../src/clients/cosign/policy/glob';
import { admissionNames, coveringGlob } from '../../../src/clients/cosign/policy/imageNames';
import { parseReference } from '../../../src/clients/registry/reference';

const DIGEST = `sha256:${'c'.repeat(64)}`;

function covers(glob: string, image: string): { glob: string; throughFallback: boolean } | undefined {
  const matcher = compileGlob(glob);
  if (typeof matcher === 'string') assert.fail(`${glob}: ${matcher}`);
  return coveringGlob([{ glob, matcher }], admissionNames(parseReference(image), DIGEST));
}

/** Image globs meet an image the way the policy controller's admission webhook sees it. */
describe('policy image globs match the normalized reference', () => {
  const spellings = ['nginx', 'docker.io/library/nginx', 'index.docker.io/library/nginx:latest', 'library/nginx:latest'];

  it('every spelling of the same tag reference is the same image to every glob', () => {
    const globs = {
      'index.docker.io/library/nginx@**': true,
      'index.docker.io/library/nginx:*': true, // the webhook keeps the tag when it pins the digest
      'index.docker.io/library/nginx:latest@*': true,
      'index.docker.io/library/nginx:1.2*': false,
      '*': true, // the controller's shorthand for index.docker.io/library/*
      '*/*': true,
      '**': true,
      'nginx*': false, // a short name is no name the webhook compares
      'nginx@**': false,
      'docker.io/library/nginx**': false,
      'ghcr.io/**': false,
    };
    for (const image of spellings) {
      const found = Object.fromEntries(Object.keys(globs).map((glob) => [glob, covers(glob, image) !== undefined]));
      assert.deepEqual(found, globs, image);
    }
    assert.deepEqual(
      spellings.map((image) => admissionNames(parseReference(image), DIGEST)),
      spellings.map(() => ({ normalized: `index.docker.io/library/nginx@${DIGEST}`, admitted: `index.docker.io/library/nginx:latest@${DIGEST}`, admittedAsWritten: false })),
    );
  });

  it('a digest reference is matched by its normalized name, and as written through the deprecated fallback', () => {
    assert.deepEqual(covers('index.docker.io/library/nginx@**', `nginx@${DIGEST}`), { glob: 'index.docker.io/library/nginx@**', throughFallback: false });
    assert.deepEqual(covers('nginx@**', `nginx@${DIGEST}`), { glob: 'nginx@**', throughFallback: true });
    assert.deepEqual(
      covers('ghcr.io/acme/app:v1@**', `ghcr.io/acme/app:v1@${DIGEST}`),
      { glob: 'ghcr.io/acme/app:v1@**', throughFallback: true },
      'the tag written beside a digest is only in the written form',
    );
    assert.equal(covers('index.docker.io/library/nginx:*', `nginx@${DIGEST}`), undefined, 'a reference by digest alone has no tag to match');
    assert.equal(covers(`ghcr.io/foo@${DIGEST}`, `ghcr.io/foo@${DIGEST}`)?.throughFallback, false, 'an exact digest glob, as in the controller\u2019s tests');
  });

  it('a glob covering the normalized name wins over one that only covers the written form', () => {
    const globs = ['nginx@**', 'index.docker.io/**'].map((glob) => ({ glob, matcher: compileGlob(glob) as GlobMatcher }));
    assert.deepEqual(coveringGlob(globs, admissionNames(parseReference(`nginx@${DIGEST}`), DIGEST)), { glob: 'index.docker.io/**', throughFallback: false });
  });

  it('globs are anchored, * stops at a slash and dots are literal (the controller\u2019s glob tests)', () => {
    assert.ok(covers('ghcr.io/*/*', 'ghcr.io/foo/bar:1'));
    assert.equal(covers('ghcr.io/*/*', 'ghcr.io/foo:1'), undefined);
    assert.ok(covers('ghcr.io/**', 'ghcr.io/foo:1'));
    assert.equal(covers('ghcr.io/foo', 'ghcr.io/foo-suffix:1'), undefined);
    assert.equal(covers('ghcr.io/**', 'ghcrxio/foo:1'), undefined);
    assert.equal(typeof compileGlob('[a-z]*'), 'string');
    assert.equal(typeof compileGlob('$FOO*'), 'string');
  });
});

describe('policy image globs are matched in linear time, with the webhook\u2019s meaning', () => {
  /** The policy controller's own translation, run by an RE2 engine as Go's regexp would run it. */
  function webhookMatches(glob: string, name: string): boolean {
    let pattern = glob === '*/*' ? 'index.docker.io/*/*' : glob === '*' ? 'index.docker.io/library/*' : glob;
    pattern = pattern.replaceAll('.', '\\.').replaceAll('**', '#').replaceAll('*', '[^/]*').replaceAll('#', '.*');
    return RE2JS.compile(`^${pattern}$`).matches(name);
  }

  it('means what the controller\u2019s Go regular expression means, for every glob and name tried', () => {
    const names = [`index.docker.io/library/nginx@${DIGEST}`, `index.docker.io/acme/app@${DIGEST}`, `ghcr.io/acme/team/app@${DIGEST}`, `127.0.0.1:5000/a/b@${DIGEST}`, 'ghcr.io/a', 'ghcr.io/', ''];
    const globs = [
      '*',
      '*/*',
      '**',
      '***',
      '****',
      '*****',
      'ghcr.io/*',
      'ghcr.io/**',
      'ghcr.io/*/*',
      'ghcr.io/***/app@**',
      'ghcr.io/*a*',
      '**/app@*',
      '*.*:*/**',
      'index.docker.io/*',
      '*@sha256:*',
      'ghcr.io/a*',
      'ghcr.io/*/',
      'ghcr.io/**/',
      '127.0.0.1:5000/*/b@**',
    ];
    for (const glob of globs) {
      const matcher = compileGlob(glob) as GlobMatcher;
      for (const name of names) assert.equal(matcher.matches(name), webhookMatches(glob, name), `${glob} against ${name}`);
    }
  });

  it('a glob made to backtrack finishes at once (a backtracking RegExp took seconds to hours on it)', () => {
    const name = `index.docker.io/library/nginx@sha256:${'a'.repeat(64)}`;
    const within = (glob: string) => {
      const started = performance.now();
      assert.equal((compileGlob(glob) as GlobMatcher).matches(name), false, glob);
      return performance.now() - started;
    };
    // Seven `**a` over a digest of a's: a JavaScript RegExp needs several seconds, and each
    // further `**a` multiplies that. It comes first, so a backtracking matcher fails here rather
    // than hanging on the next ones.
    const seven = within(`index.docker.io/library/nginx@sha256:${'**a'.repeat(7)}b`);
    assert.ok(seven < 1000, `took ${seven.toFixed(0)} ms`);
    // The report's globs: twenty stars before a character that does not match, nineteen `**a`.
    for (const glob of [`${'*'.repeat(20)}x`, `${'**a'.repeat(19)}b`, `${'*a'.repeat(40)}b`]) {
      const elapsed = within(glob);
      assert.ok(elapsed < 1000, `${glob} took ${elapsed.toFixed(0)} ms`);
    }
  });
});
