/**
 * The Image Signatures part of the demo: a real OCI registry (Debian's docker-registry) on
 * 127.0.0.1 holding real cosign signatures of public images (test/fixtures/cosign), an unsigned
 * image, and workspace files that reference them — a Kubernetes manifest, a Dockerfile and an
 * admission policy — so "Verify" on each line gives a real verdict.
 */
import * as fs from 'fs';
import * as path from 'path';
import { RegistryClient } from '../src/clients/registry/client';
import { readLegacyFixture, loadLegacyFixture, readBundleFixture, loadBundleFixture } from '../test/registry/fixtures';
import { pushTinyImage } from '../test/registry/images';
import { TestRegistry, startRegistry } from '../test/registry/registryServer';

export async function prepareSignatureDemo(workspace: string): Promise<TestRegistry> {
  const registry = await startRegistry();
  const client = new RegistryClient(registry.host);
  const github = readLegacyFixture('legacy-keyless-github-2026');
  const google = readLegacyFixture('legacy-keyless-google-2023');
  await loadLegacyFixture(client, 'demo/go-server', github);
  await loadLegacyFixture(client, 'demo/securebuild', google);
  const bundle = readBundleFixture();
  await loadBundleFixture(client, 'demo/attested-app', bundle);
  await pushTinyImage(client, 'demo/unsigned-app', '1.0', 'ops-config-demo');

  const host = registry.host;
  const githubLayer = github.expected.layers.find((l) => l.kind === 'keyless')!;
  const googleLayer = google.expected.layers.find((l) => l.kind === 'keyless')!;
  write(workspace, 'k8s/deployment.yaml', [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: storefront',
    'spec:',
    '  template:',
    '    spec:',
    '      containers:',
    '        - name: api',
    `          image: ${host}/demo/go-server@${github.imageDigest}`,
    '        - name: build-agent',
    `          image: ${host}/demo/securebuild@${google.imageDigest}`,
    '        - name: sidecar',
    `          image: ${host}/demo/unsigned-app:1.0`,
    '',
  ]);
  write(workspace, 'Dockerfile', [`FROM ${host}/demo/go-server@${github.imageDigest}`, 'COPY app /app', 'ENTRYPOINT ["/app"]', '']);
  write(workspace, 'policies/release-policy.yaml', [
    'apiVersion: policy.sigstore.dev/v1beta1',
    'kind: ClusterImagePolicy',
    'metadata:',
    '  name: release-signers',
    'spec:',
    '  images:',
    `    - glob: "${host}/demo/**"`,
    '  authorities:',
    '    - name: github-release-workflow',
    '      keyless:',
    '        identities:',
    `          - issuer: ${githubLayer.oidcIssuer}`,
    `            subject: ${githubLayer.subjectAlternativeName}`,
    '    - name: google-build-service-account',
    '      keyless:',
    '        identities:',
    `          - issuer: ${googleLayer.oidcIssuer}`,
    `            subjectRegExp: '^cosign-svc-account@.*\\.iam\\.gserviceaccount\\.com$'`,
    '',
  ]);
  return registry;
}

function write(workspace: string, relative: string, lines: string[]): void {
  const file = path.join(workspace, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, lines.join('\n'));
}
