import { bundleTlogEntry, dsseEntry } from '../../sigstore/rekor';
import { bundleTlogEntryV2 } from '../../sigstore/rekorV2';
import { dsseRequestV002 } from '../../sigstore/rekorV2Entries';
import { SignedEnvelope } from './payloads';
import { SigningSession } from './session';
import { Signer } from './signer';
import { BundleLogTarget } from './types';

/**
 * What vouches for a bundle's signature besides the certificate: its transparency-log entry and,
 * with Rekor v2, an RFC 3161 timestamp. A Rekor v1 entry carries its own signed time (the
 * inclusion promise); a Rekor v2 entry carries only an inclusion proof, so the time a verifier
 * checks the short-lived certificate against comes from the timestamp authority.
 */
export interface Witnessed {
  tlogEntries: Array<Record<string, unknown>>;
  /** base64 DER TimeStampResp, as `timestampVerificationData.rfc3161Timestamps[].signedTimestamp`. */
  rfc3161Timestamps: string[];
}

export async function witness(session: SigningSession, signer: Signer, envelope: SignedEnvelope, target: BundleLogTarget): Promise<Witnessed> {
  if (!session.logs(signer)) return { tlogEntries: [], rfc3161Timestamps: [] };
  if (target.version === 1) {
    return { tlogEntries: [bundleTlogEntry(await session.log(target.url, dsseEntry(envelope.bytes, signer.verifierPem)))], rfc3161Timestamps: [] };
  }
  // The timestamp first: when the TSA fails, nothing permanent has been put in the log yet.
  const stamped = await session.timestamp(target.timestampAuthorityUrl as string, envelope.signature);
  const logged = await session.logV2(target.url, dsseRequestV002(envelope, signer.verifierPem));
  return { tlogEntries: [bundleTlogEntryV2(logged)], rfc3161Timestamps: [stamped.der.toString('base64')] };
}
