import { bundleFromJSON, SerializedBundle } from '@sigstore/bundle';
import { toSignedEntity, Verifier } from '@sigstore/verify';
import * as assert from 'node:assert/strict';
import { createHash, X509Certificate } from 'node:crypto';
import { CosignAnnotations, CosignMediaTypes } from '../../../src/clients/cosign/formats/annotations';
import { SigningDefaults, SigningOptions } from '../../../src/clients/cosign/sign/types';
import { parseSigningConfig } from '../../../src/clients/sigstore/signingConfig';
import { trustMaterial } from '../../../src/clients/cosign/trust/trustRoot';
import { RegistryClient } from '../../../src/clients/registry/client';
import { attachmentTag } from '../../../src/clients/registry/digest';
import { ImageManifest, isIndex } from '../../../src/clients/registry/manifest';
import { MockSigstore, testIdentityToken } from '../../sigstore/mockSigstore';

/**
 * Shared by the signing tests: options pointing at the run's mock Sigstore, and checks that go
 * around the extension's own verifier — the registry's raw layout, and @sigstore/verify run
 * directly on what was written.
 */
export const SUBJECT = 'https://github.com/acme/app/.github/workflows/release.yml@refs/heads/main';
export const ISSUER = 'https://token.actions.example';

export function defaults(overrides: Partial<SigningDefaults> = {}): SigningDefaults {
  return { defaultSignatureFormat: 'legacy', defaultAttestationEntryType: 'intoto', timeout: '1m', timeoutMs: 60_000, useTransparencyLogV2: false, ...overrides };
}

export function keylessOptions(sigstore: MockSigstore, overrides: Partial<SigningOptions> = {}): SigningOptions {
  return {
    credentials: { kind: 'keyless', identityToken: testIdentityToken() },
    defaults: defaults(),
    bundleServices: parseSigningConfig(sigstore.signingConfigJson(), 'mock signing config'),
    ...overrides,
  };
}

export function urls(sigstore: MockSigstore): { certificateAuthorityUrl: string; transparencyLogUrl: string } {
  return { certificateAuthorityUrl: sigstore.url, transparencyLogUrl: sigstore.url };
}

export async function signatureManifest(client: RegistryClient, repository: string, digest: string, kind: 'sig' | 'att'): Promise<ImageManifest | undefined> {
  const found = await client.findManifest(repository, attachmentTag(digest, kind));
  if (!found) return undefined;
  assert.ok(!isIndex(found.manifest));
  return found.manifest;
}

/** @sigstore/verify on a legacy layer, turned into a bundle v0.1 here (independently of the engine). */
export async function verifyLegacyLayerDirectly(
  client: RegistryClient,
  repository: string,
  layer: ImageManifest['layers'][number],
  sigstore: MockSigstore,
  identity = { san: SUBJECT, issuer: ISSUER },
): Promise<void> {
  const blob = await client.getBlob(repository, layer.digest);
  const annotations = layer.annotations ?? {};
  const set = JSON.parse(annotations[CosignAnnotations.bundle]);
  const body = JSON.parse(Buffer.from(set.Payload.body, 'base64').toString('utf8'));
  const material = {
    x509CertificateChain: { certificates: [{ rawBytes: new X509Certificate(annotations[CosignAnnotations.certificate]).raw.toString('base64') }] },
    tlogEntries: [
      {
        logIndex: String(set.Payload.logIndex),
        logId: { keyId: Buffer.from(set.Payload.logID, 'hex').toString('base64') },
        kindVersion: { kind: body.kind, version: body.apiVersion },
        integratedTime: String(set.Payload.integratedTime),
        inclusionPromise: { signedEntryTimestamp: set.SignedEntryTimestamp },
        canonicalizedBody: set.Payload.body,
      },
    ],
    timestampVerificationData: { rfc3161Timestamps: [] },
  };
  const content =
    layer.mediaType === CosignMediaTypes.simpleSigning
      ? { messageSignature: { messageDigest: { algorithm: 'SHA2_256', digest: createHash('sha256').update(blob).digest('base64') }, signature: annotations[CosignAnnotations.signature] } }
      : { dsseEnvelope: JSON.parse(blob.toString('utf8')) };
  const bundle = bundleFromJSON({ mediaType: 'application/vnd.dev.sigstore.bundle+json;version=0.1', verificationMaterial: material, ...content });
  const entity = toSignedEntity(bundle, layer.mediaType === CosignMediaTypes.simpleSigning ? blob : undefined);
  new Verifier(trustMaterial(sigstore.trustRoot), { tlogThreshold: 1, ctlogThreshold: 1 }).verify(entity, { subjectAlternativeName: identity.san, extensions: { issuer: identity.issuer } });
}

/** @sigstore/verify on every bundle referrer of an image; returns their predicate types. */
export async function verifyBundlesDirectly(client: RegistryClient, repository: string, digest: string, sigstore: MockSigstore): Promise<string[]> {
  const referrers = await client.getReferrers(repository, digest);
  const types: string[] = [];
  for (const descriptor of referrers.descriptors) {
    const manifest = (await client.getManifest(repository, descriptor.digest)).manifest as ImageManifest;
    const json = JSON.parse((await client.getBlob(repository, manifest.layers[0].digest)).toString('utf8')) as SerializedBundle;
    const bundle = bundleFromJSON(json);
    new Verifier(trustMaterial(sigstore.trustRoot), { tlogThreshold: 1, ctlogThreshold: 1 }).verify(toSignedEntity(bundle), { subjectAlternativeName: SUBJECT, extensions: { issuer: ISSUER } });
    const statement = JSON.parse(Buffer.from((json as { dsseEnvelope: { payload: string } }).dsseEnvelope.payload, 'base64').toString('utf8'));
    assert.equal(statement.subject[0].digest.sha256, digest.slice(7), 'the statement is about the image');
    types.push(statement.predicateType);
  }
  return types;
}

/** The Sigstore bundles attached to an image as referrers, as stored (JSON). */
export async function readBundles(client: RegistryClient, repository: string, digest: string): Promise<SerializedBundle[]> {
  const referrers = await client.getReferrers(repository, digest);
  const bundles: SerializedBundle[] = [];
  for (const descriptor of referrers.descriptors) {
    const manifest = (await client.getManifest(repository, descriptor.digest)).manifest as ImageManifest;
    bundles.push(JSON.parse((await client.getBlob(repository, manifest.layers[0].digest)).toString('utf8')) as SerializedBundle);
  }
  return bundles;
}
