import * as assert from 'node:assert/strict';
import { findImageReferences, looksLikePolicy, referenceAt } from '../../../src/views/signatures/imageRefs';
import { shortName } from '../../../src/views/signatures/reportModel';

const DIGEST = `sha256:${'b'.repeat(64)}`;

describe('image references in files', () => {
  it('finds image: keys in Kubernetes manifests and compose files, quoted or not, with their columns', () => {
    const text = [
      'spec:',
      '  containers:',
      '    - name: web',
      '      image: ghcr.io/acme/web:1.4.2',
      `    - image: "docker.io/library/nginx@${DIGEST}"  # pinned`,
      'services:',
      '  db:',
      "    image: 'postgres:16'",
      '    image: ${DB_IMAGE}',
    ].join('\n');
    const found = findImageReferences(text, 'k8s/app.yaml');
    assert.deepEqual(
      found.map((f) => [f.line, f.reference]),
      [
        [3, 'ghcr.io/acme/web:1.4.2'],
        [4, `docker.io/library/nginx@${DIGEST}`],
        [7, 'postgres:16'],
      ],
    );
    assert.equal(text.split('\n')[3].slice(found[0].start, found[0].end), 'ghcr.io/acme/web:1.4.2');
  });

  it('reads Dockerfile FROM lines, skipping build stages, scratch and build arguments', () => {
    const text = ['FROM --platform=$BUILDPLATFORM golang:1.22 AS build', 'RUN go build', 'FROM build AS test', 'FROM ${BASE}', 'FROM scratch', `from gcr.io/distroless/static@${DIGEST}`].join('\n');
    assert.deepEqual(
      findImageReferences(text, 'Dockerfile').map((f) => f.reference),
      ['golang:1.22', `gcr.io/distroless/static@${DIGEST}`],
    );
    assert.equal(findImageReferences('FROM alpine:3', 'build/app.dockerfile').length, 1);
  });

  it('takes the reference under the cursor on any line', () => {
    assert.equal(referenceAt('      image: ghcr.io/acme/web:1.4.2', 3, 'x.yaml'), 'ghcr.io/acme/web:1.4.2');
    assert.equal(referenceAt('docker run --rm ghcr.io/acme/tool:2 --help', 20, 'README.md'), 'ghcr.io/acme/tool:2');
    assert.equal(referenceAt('just some words here', 6, 'README.md'), undefined);
  });

  it('recognises policy documents and shortens names for titles', () => {
    assert.ok(looksLikePolicy('apiVersion: policy.sigstore.dev/v1beta1\nkind: ClusterImagePolicy\n'));
    assert.ok(!looksLikePolicy('kind: Deployment\n'));
    assert.equal(shortName(`127.0.0.1:5000/shop/web@${DIGEST}`), 'shop/web@sha256:bbbbbbbb…');
  });
});
