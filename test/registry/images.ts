import { KeyObject, generateKeyPairSync, sign } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { RegistryClient } from '../../src/clients/registry/client';
import { ImageIndex, ImageManifest, MediaTypes } from '../../src/clients/registry/manifest';
import { CosignAnnotations, CosignMediaTypes, simpleSigningPayload } from '../../src/clients/cosign/formats/annotations';
import { writeLegacyLayers } from './write';

/**
 * Small real images for tests (one gzip layer, an OCI config, a manifest) and signatures made
 * with a local ECDSA key: what `cosign sign --key` writes, built from the documented format.
 */
export async function pushTinyImage(client: RegistryClient, repository: string, tag: string, seed: string): Promise<{ digest: string; size: number; mediaType: string }> {
  const layer = gzipSync(Buffer.from(`layer of ${seed}\n`));
  const layerBlob = await client.putBlob(repository, layer);
  const config = Buffer.from(
    JSON.stringify({ architecture: 'amd64', os: 'linux', config: { Cmd: ['/hello'] }, rootfs: { type: 'layers', diff_ids: [layerBlob.digest] }, history: [{ created_by: seed }] }),
  );
  const configBlob = await client.putBlob(repository, config);
  const manifest: ImageManifest = {
    schemaVersion: 2,
    mediaType: MediaTypes.ociManifest,
    config: { mediaType: MediaTypes.ociConfig, digest: configBlob.digest, size: configBlob.size },
    layers: [{ mediaType: MediaTypes.ociLayerGzip, digest: layerBlob.digest, size: layerBlob.size }],
  };
  const bytes = Buffer.from(JSON.stringify(manifest));
  const put = await client.putManifest(repository, tag, bytes, MediaTypes.ociManifest);
  return { digest: put.digest, size: bytes.length, mediaType: MediaTypes.ociManifest };
}

/** A Docker manifest list over two images (the multi-arch case: the index digest is signed). */
export async function pushIndex(client: RegistryClient, repository: string, tag: string, children: Array<{ digest: string; size: number }>): Promise<string> {
  const index: ImageIndex = {
    schemaVersion: 2,
    mediaType: MediaTypes.dockerManifestList,
    manifests: children.map((c, i) => ({ mediaType: MediaTypes.ociManifest, digest: c.digest, size: c.size, platform: { architecture: i === 0 ? 'amd64' : 'arm64', os: 'linux' } })),
  };
  return (await client.putManifest(repository, tag, Buffer.from(JSON.stringify(index)), MediaTypes.dockerManifestList)).digest;
}

export interface TestKey {
  privateKey: KeyObject;
  publicPem: string;
}

export function makeKey(): TestKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { privateKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

/** Signs `repository@digest` with a key, as `cosign sign --key --tlog-upload=false` does. */
export async function signWithKey(client: RegistryClient, repository: string, digest: string, key: TestKey, options: { payload?: Buffer } = {}): Promise<void> {
  const payload = options.payload ?? simpleSigningPayload(`${client.registry}/${repository}`, digest);
  const signature = sign('sha256', payload, key.privateKey).toString('base64');
  await writeLegacyLayers(client, repository, digest, 'sig', [{ payload, mediaType: CosignMediaTypes.simpleSigning, annotations: { [CosignAnnotations.signature]: signature } }]);
}

/** An in-toto statement about `digest`, signed with a key in a DSSE envelope, at `.att`. */
export async function attestWithKey(client: RegistryClient, repository: string, digest: string, key: TestKey, predicateType: string, predicate: unknown): Promise<void> {
  const statement = { _type: 'https://in-toto.io/Statement/v1', subject: [{ name: `${client.registry}/${repository}`, digest: { sha256: digest.slice(7) } }], predicateType, predicate };
  const payload = Buffer.from(JSON.stringify(statement));
  const payloadType = CosignMediaTypes.inTotoPayload;
  const pae = Buffer.concat([Buffer.from(`DSSEv1 ${payloadType.length} ${payloadType} ${payload.length} `), payload]);
  const sig = sign('sha256', pae, key.privateKey).toString('base64');
  const envelope = Buffer.from(JSON.stringify({ payloadType, payload: payload.toString('base64'), signatures: [{ keyid: '', sig }] }));
  await writeLegacyLayers(client, repository, digest, 'att', [
    { payload: envelope, mediaType: CosignMediaTypes.dsseEnvelope, annotations: { [CosignAnnotations.signature]: '', [CosignAnnotations.predicateType]: predicateType } },
  ]);
}

export function keyPolicy(name: string, glob: string, publicPem: string, extra = ''): string {
  return [
    'apiVersion: policy.sigstore.dev/v1beta1',
    'kind: ClusterImagePolicy',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    '  images:',
    `    - glob: "${glob}"`,
    '  authorities:',
    '    - name: release-key',
    '      key:',
    '        data: |',
    ...publicPem
      .trim()
      .split('\n')
      .map((l) => `          ${l}`),
    extra,
  ].join('\n');
}

export function keylessPolicy(name: string, glob: string, identity: Record<string, string>, extra: Record<string, string> = {}): string {
  return [
    'apiVersion: policy.sigstore.dev/v1beta1',
    'kind: ClusterImagePolicy',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    ...(extra.mode ? [`  mode: ${extra.mode}`] : []),
    '  images:',
    `    - glob: "${glob}"`,
    '  authorities:',
    '    - name: ci-identity',
    ...(extra.signatureFormat ? [`      signatureFormat: ${extra.signatureFormat}`] : []),
    '      keyless:',
    '        identities:',
    `          - ${Object.entries(identity)
      .map(([k, v]) => `${k}: '${v.replace(/'/g, "''")}'`)
      .join('\n            ')}`,
    ...(extra.attestations ? ['      attestations:', ...extra.attestations.split('\n').map((l) => `        ${l}`)] : []),
  ].join('\n');
}
