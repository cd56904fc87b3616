import * as fs from 'node:fs';
import * as path from 'node:path';
import { RegistryClient } from '../../src/clients/registry/client';
import { Descriptor, ImageManifest, MediaTypes } from '../../src/clients/registry/manifest';
import { attachBundle, writeLegacyLayers } from './write';

/**
 * The real signed artifacts of test/fixtures/cosign (public images signed on the public-good
 * Sigstore), put into a test registry the way cosign's specifications describe: the signed
 * payload as a blob and the signature manifest at `sha256-<hex>.sig`, or the bundle as a referrer
 * plus the fallback index. The signed images themselves are not needed: verification is by
 * digest.
 */
export const FIXTURES_DIR = path.resolve(__dirname, '../../../test/fixtures/cosign');
export const LEGACY_FIXTURES = ['legacy-keyless-google-2022', 'legacy-keyless-google-2023', 'legacy-keyless-github-2026'] as const;
export const BUNDLE_FIXTURE = 'bundle-attestation-github-oauth-2025';

export interface LegacyFixture {
  name: string;
  imageDigest: string;
  manifest: ImageManifest;
  payload: Buffer;
  expected: {
    imageDigest: string;
    layers: Array<{ index: number; kind: 'key' | 'keyless'; subjectAlternativeName?: string; oidcIssuer?: string; rekor?: { logIndex: number; logID: string } }>;
  };
}

export function readLegacyFixture(name: string): LegacyFixture {
  const dir = path.join(FIXTURES_DIR, name);
  const expected = JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8'));
  return {
    name,
    imageDigest: expected.imageDigest,
    manifest: JSON.parse(fs.readFileSync(path.join(dir, 'sig-manifest.json'), 'utf8')),
    payload: fs.readFileSync(path.join(dir, 'payload.json')),
    expected,
  };
}

export function readFixtureFile(name: string, file: string): Buffer {
  return fs.readFileSync(path.join(FIXTURES_DIR, name, file));
}

/** Loads a legacy fixture's signature layers (optionally changed by `edit`) for its digest. */
export async function loadLegacyFixture(
  client: RegistryClient,
  repository: string,
  fixture: LegacyFixture,
  options: { forDigest?: string; edit?: (layer: { payload: Buffer; annotations: Record<string, string> }, index: number) => void } = {},
): Promise<void> {
  const layers = fixture.manifest.layers.map((descriptor, index) => {
    const layer = { payload: fixture.payload, mediaType: descriptor.mediaType, annotations: { ...(descriptor.annotations ?? {}) } };
    options.edit?.(layer, index);
    return layer;
  });
  await writeLegacyLayers(client, repository, options.forDigest ?? fixture.imageDigest, 'sig', layers, { conflict: 'replace' });
}

export interface BundleFixture {
  bundle: Buffer;
  imageDigest: string;
  predicateType: string;
  subjectAlternativeName: string;
  oidcIssuer: string;
}

export function readBundleFixture(): BundleFixture {
  const expected = JSON.parse(readFixtureFile(BUNDLE_FIXTURE, 'expected.json').toString('utf8'));
  return {
    bundle: readFixtureFile(BUNDLE_FIXTURE, 'bundle.sigstore.json'),
    imageDigest: expected.imageDigest,
    predicateType: expected.predicateType,
    subjectAlternativeName: expected.subjectAlternativeName,
    oidcIssuer: expected.oidcIssuer,
  };
}

export async function loadBundleFixture(client: RegistryClient, repository: string, fixture: BundleFixture, bundle = fixture.bundle): Promise<void> {
  // The image manifest is not available; its size is not covered by any signature.
  const subject: Descriptor = { mediaType: MediaTypes.ociManifest, digest: fixture.imageDigest, size: 1 };
  await attachBundle(client, repository, subject, bundle, { predicateType: fixture.predicateType, created: '2025-02-28T19:18:11Z' });
}
