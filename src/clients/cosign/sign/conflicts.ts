import { createPublicKey, verify } from 'node:crypto';
import { Candidate } from '../formats/candidate';
import { readStatement } from '../formats/intoto';
import { dsse } from '@sigstore/core';
import { Signer, sameSigner } from './signer';
import { Conflict } from './types';

/**
 * How `conflict` treats what is already there. APPEND keeps everything; REPLACE drops the
 * existing signatures of the same kind (all image signatures; attestations of the same predicate
 * type); SKIPSAME writes nothing when the same signer already signed the same content, and
 * otherwise acts as REPLACE.
 */
export function predicateTypeOf(candidate: Candidate): string | undefined {
  if (candidate.payload && candidate.payloadType) {
    const statement = readStatement(candidate.payload, candidate.payloadType);
    if (!('problem' in statement)) return statement.predicateType;
  }
  return candidate.predicateTypeHint;
}

/** Whether an existing signature is this signer's, over exactly these bytes. */
export function isSameSignature(candidate: Candidate, signer: Signer, payload: Buffer): boolean {
  if (!candidate.payload || !candidate.payload.equals(payload)) return false;
  return sameSigner(signer, candidate.certificatePem, () => verifiesWithKey(candidate, signer.publicKeyPem));
}

function verifiesWithKey(candidate: Candidate, publicKeyPem: string): boolean {
  const bundle = candidate.bundle as unknown as { messageSignature?: { signature?: string }; dsseEnvelope?: { payloadType?: string; signatures?: Array<{ sig?: string }> } } | undefined;
  if (!bundle || !candidate.payload) return false;
  try {
    const key = createPublicKey(publicKeyPem);
    const hash = key.asymmetricKeyType === 'ed25519' ? null : 'sha256';
    if (bundle.messageSignature?.signature) return verify(hash, candidate.payload, key, Buffer.from(bundle.messageSignature.signature, 'base64'));
    const sig = bundle.dsseEnvelope?.signatures?.[0]?.sig;
    if (sig && bundle.dsseEnvelope?.payloadType) return verify(hash, dsse.preAuthEncoding(bundle.dsseEnvelope.payloadType, candidate.payload), key, Buffer.from(sig, 'base64'));
  } catch {
    return false;
  }
  return false;
}

/** The existing entries that stay, given the conflict mode and what is being added. */
export function keptEntries<T extends { candidate: Candidate }>(existing: T[], conflict: Conflict, replaces: (candidate: Candidate) => boolean): T[] {
  return conflict === 'APPEND' ? existing : existing.filter((e) => !replaces(e.candidate));
}
