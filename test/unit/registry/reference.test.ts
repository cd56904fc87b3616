import * as assert from 'node:assert/strict';
import { parseReference, referenceName } from '../../../src/clients/registry/reference';
import { GlobMatcher, compileGlob } from '../../../src/clients/cosign/policy/glob';
import { realmProblem } from '../../../src/clients/registry/realm';
import { ServiceError } from '../../../src/core/errors';

const HEX = 'a'.repeat(64);

describe('image references', () => {
  it('fills in Docker Hub, library/ and latest as the container tools do', () => {
    assert.equal(referenceName(parseReference('ubuntu')), 'index.docker.io/library/ubuntu:latest');
    assert.equal(referenceName(parseReference('me/app:1')), 'index.docker.io/me/app:1');
    assert.equal(referenceName(parseReference('docker.io/library/nginx:1.25')), 'index.docker.io/library/nginx:1.25');
  });

  it('treats the first part as a registry only when it looks like a host', () => {
    const withPort = parseReference(`localhost:5000/team/app@sha256:${HEX}`);
    assert.deepEqual([withPort.registry, withPort.repository, withPort.digest, withPort.tag], ['localhost:5000', 'team/app', `sha256:${HEX}`, undefined]);
    assert.equal(parseReference('ghcr.io/org/app:v1').registry, 'ghcr.io');
    assert.equal(parseReference('org/app:v1').registry, 'index.docker.io');
    assert.equal(parseReference('127.0.0.1:5000/x').repository, 'x');
  });

  it('keeps the digest and drops the tag of name:tag@digest', () => {
    const ref = parseReference(`ghcr.io/org/app:1.2@sha256:${HEX}`);
    assert.equal(referenceName(ref), `ghcr.io/org/app@sha256:${HEX}`);
  });

  it('names what is wrong with a bad reference', () => {
    const cases: Array<[string, RegExp]> = [
      ['', /empty/],
      ['ghcr.io/Org/app', /"Org" must be lower-case/],
      [`app@sha256:${'z'.repeat(64)}`, /digest .* is not sha256/],
      ['app:-bad', /tag "-bad"/],
      ['https://ghcr.io/org/app', /leave out the URL scheme/],
      ['ghcr.io//app', /empty part/],
    ];
    for (const [input, pattern] of cases) {
      assert.throws(
        () => parseReference(input),
        (e: ServiceError) => e.kind === 'badInput' && pattern.test(e.message),
        input,
      );
    }
  });
});

describe('policy image globs', () => {
  const matches = (glob: string, name: string) => (compileGlob(glob) as GlobMatcher).matches(name);
  const ref = `cgr.dev/chainguard/static@sha256:${HEX}`;

  it('matches the digest form: * stops at /, ** does not', () => {
    assert.ok(matches('cgr.dev/chainguard/**', ref));
    assert.ok(matches('cgr.dev/chainguard/static*', ref));
    assert.ok(matches('cgr.dev/chainguard/static@**', ref));
    assert.ok(!matches('cgr.dev/*', ref));
    // The pitfall users hit: the digest form has no ":" tag separator.
    assert.ok(!matches('cgr.dev/chainguard/static:*', ref));
  });

  it('expands * and */* to Docker Hub', () => {
    assert.ok(matches('*', `index.docker.io/library/nginx@sha256:${HEX}`));
    assert.ok(!matches('*', `ghcr.io/nginx@sha256:${HEX}`));
    assert.ok(matches('*/*', `index.docker.io/me/app@sha256:${HEX}`));
  });

  it('rejects characters a glob cannot hold', () => {
    assert.match(compileGlob('ghcr.io/(a|b)/**') as string, /not a valid glob/);
  });
});

describe('token realm guard', () => {
  it('accepts the registry itself and public https realms', () => {
    assert.equal(realmProblem('https://auth.docker.io/token', 'https://index.docker.io'), undefined);
    assert.equal(realmProblem('http://127.0.0.1:5000/token', 'http://127.0.0.1:5000'), undefined);
    assert.equal(realmProblem('http://localhost:6000/token', 'http://127.0.0.1:5000'), undefined);
  });

  it('refuses http realms for https registries and other internal addresses', () => {
    assert.match(realmProblem('http://auth.example.com/token', 'https://registry.example.com') ?? '', /not https/);
    assert.match(realmProblem('https://169.254.169.254/latest', 'https://registry.example.com') ?? '', /internal address/);
    assert.match(realmProblem('https://10.0.0.8/token', 'https://registry.example.com') ?? '', /internal address/);
  });
});
