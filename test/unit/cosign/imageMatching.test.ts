import * as assert from 'node:assert/strict';
import { RE2JS } from 're2js';
import { GlobMatcher, compileGlob } from '../../../src/clients/cosign/policy/glob';
import { admissionName, coveringGlob } from '../../../src/clients/cosign/policy/imageNames';
import { parseReference } from '../../../src/clients/registry/reference';

const DIGEST = `sha256:${'c'.repeat(64)}`;

function covers(glob: string, image: string): string | undefined {
  const matcher = compileGlob(glob);
  if (typeof matcher === 'string') assert.fail(`${glob}: ${matcher}`);
  return coveringGlob([{ glob, matcher }], admissionName(parseReference(image), DIGEST));
}

/** Image globs meet an image the way the policy controller's admission webhook sees it. */
describe('policy image globs match the normalized reference', () => {
  const spellings = ['nginx', 'docker.io/library/nginx', 'index.docker.io/library/nginx:latest', 'library/nginx:latest', `nginx@${DIGEST}`, `nginx:1.2@${DIGEST}`];

  it('every spelling of the same image is the same name to every glob, and that name has no tag', () => {
    const globs = {
      'index.docker.io/library/nginx@**': true,
      'index.docker.io/library/nginx*': true,
      // The webhook matches the reference's Name(), which drops the tag, even the one it pinned.
      'index.docker.io/library/nginx:*': false,
      'index.docker.io/library/nginx:latest@*': false,
      'index.docker.io/library/nginx:1.2*': false,
      '*': true, // the controller's shorthand for index.docker.io/library/*
      '*/*': true,
      '**': true,
      'nginx*': false, // a short name is no name the webhook compares
      'nginx@**': false, // nor is the reference as written
      'docker.io/library/nginx**': false,
      'ghcr.io/**': false,
    };
    for (const image of spellings) {
      const found = Object.fromEntries(Object.keys(globs).map((glob) => [glob, covers(glob, image) !== undefined]));
      assert.deepEqual(found, globs, image);
    }
    assert.deepEqual(
      spellings.map((image) => admissionName(parseReference(image), DIGEST)),
      spellings.map(() => `index.docker.io/library/nginx@${DIGEST}`),
    );
  });

  it('a tag glob covers nothing, however the image is written (myuser/myapp:*)', () => {
    for (const image of ['myuser/myapp', 'myuser/myapp:v1', `myuser/myapp:v1@${DIGEST}`, `index.docker.io/myuser/myapp@${DIGEST}`]) {
      assert.equal(covers('myuser/myapp:*', image), undefined, image);
      assert.equal(covers('index.docker.io/myuser/myapp:*', image), undefined, image);
      assert.equal(covers('index.docker.io/myuser/myapp@**', image), 'index.docker.io/myuser/myapp@**', image);
    }
    assert.equal(covers(`ghcr.io/foo@${DIGEST}`, `ghcr.io/foo@${DIGEST}`), `ghcr.io/foo@${DIGEST}`, 'an exact digest glob, as in the controller\u2019s tests');
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
