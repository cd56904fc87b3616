import { bundleFromJSON } from '@sigstore/bundle';
import { Verifier, toSignedEntity } from '@sigstore/verify';
import { createHash } from 'node:crypto';
import { badInput } from '../../../core/errors';
import { readStatement, statementCoversDigest } from '../formats/intoto';
import { TrustRoot, trustMaterial } from '../trust/trustRoot';
import { describeSigstoreError } from './reasons';

/**
 * Verifies a Sigstore bundle for a file (or a sha256 digest) against an exact identity and
 * issuer: the `verify-bundle` command of the sigstore-conformance client protocol. Message
 * signatures need the file itself; DSSE bundles need a statement subject with its digest.
 */
export interface ArtifactBundleInput {
  bundleJson: unknown;
  /** The file's bytes, or `sha256:<hex>`. */
  artifact: Buffer | string;
  identity: string;
  issuer: string;
  trustRoot: TrustRoot;
}

export function verifyArtifactBundle(input: ArtifactBundleInput): { ok: true } | { ok: false; reason: string } {
  let bundle;
  try {
    bundle = bundleFromJSON(input.bundleJson);
  } catch (error) {
    throw badInput('Bundle', 'read', `the bundle is not a valid Sigstore bundle: ${(error as Error).message}`);
  }
  const digestHex = typeof input.artifact === 'string' ? input.artifact.replace(/^sha256:/, '') : createHash('sha256').update(input.artifact).digest('hex');
  if (bundle.content.$case === 'messageSignature') {
    if (typeof input.artifact === 'string') return { ok: false, reason: 'a message-signature bundle can only be verified against the file itself, not its digest' };
    const signed = Buffer.from(bundle.content.messageSignature.messageDigest.digest).toString('hex');
    if (signed !== digestHex) return { ok: false, reason: `the bundle signs sha256:${signed}, not this artifact (sha256:${digestHex})` };
  }
  try {
    const entity = toSignedEntity(bundle, typeof input.artifact === 'string' ? undefined : input.artifact);
    new Verifier(trustMaterial(input.trustRoot), { tlogThreshold: 1, ctlogThreshold: 1, timestampThreshold: 1 }).verify(entity, {
      subjectAlternativeName: input.identity,
      extensions: { issuer: input.issuer },
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { ok: false, reason: code === 'UNTRUSTED_SIGNER_ERROR' ? `identity does not match: ${(error as Error).message}` : describeSigstoreError(error, { tlogTrusted: undefined, trustSource: input.trustRoot.source }) };
  }
  if (bundle.content.$case === 'dsseEnvelope') {
    const statement = readStatement(Buffer.from(bundle.content.dsseEnvelope.payload), bundle.content.dsseEnvelope.payloadType);
    if ('problem' in statement) return { ok: false, reason: statement.problem };
    const problem = statementCoversDigest(statement, `sha256:${digestHex}`);
    if (problem) return { ok: false, reason: problem };
  }
  return { ok: true };
}
