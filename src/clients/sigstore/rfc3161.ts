import { ASN1Obj, RFC3161Timestamp } from '@sigstore/core';
import { derBoolean, derOctetString, derOid, derSequence, derSmallInteger, derUnsignedInteger } from './der';

/**
 * RFC 3161 on the wire: the TimeStampReq a client sends (version 1, a SHA-256 message imprint,
 * a nonce, and a request for the TSA's certificate) and the checks a client owes the
 * TimeStampResp it gets back (RFC 3161 §2.4.2): the status, and that the token is about this
 * imprint and answers this nonce. Whether the TSA is trusted is the verifier's question.
 */
const SHA256_OID = '2.16.840.1.101.3.4.2.1';
const SIGNED_DATA_OID = '1.2.840.113549.1.7.2';
const TSTINFO_OID = '1.2.840.113549.1.9.16.1.4';

export function timeStampRequest(sha256Digest: Buffer, nonce: Buffer): Buffer {
  // RFC 5754: SHA-2 algorithm identifiers are written without parameters.
  const messageImprint = derSequence(derSequence(derOid(SHA256_OID)), derOctetString(sha256Digest));
  return derSequence(derSmallInteger(1), messageImprint, derUnsignedInteger(nonce), derBoolean(true));
}

export type TimestampReading = { ok: true; time: Date } | { ok: false; refused: boolean; problem: string };

const STATUS = ['granted', 'granted with modifications', 'rejection', 'waiting', 'revocation warning', 'revocation notification'];
// PKIFailureInfo bit numbers (RFC 3161 §2.4.2).
const FAILURES: Record<number, string> = {
  0: 'unrecognized or unsupported algorithm (badAlg)',
  2: 'transaction not permitted or supported (badRequest)',
  5: 'the data submitted has the wrong format (badDataFormat)',
  14: 'the TSA\u2019s time source is not available (timeNotAvailable)',
  15: 'the requested TSA policy is not supported (unacceptedPolicy)',
  16: 'the requested extension is not supported (unacceptedExtension)',
  17: 'the additional information requested is not available (addInfoNotAvailable)',
  25: 'the request cannot be handled due to system failure (systemFailure)',
};

/** Reads a TimeStampResp and checks it answers the request made with this digest and nonce. */
export function readTimestampReply(der: Buffer, sha256Digest: Buffer, nonce: Buffer): TimestampReading {
  let reply: RFC3161Timestamp;
  let status: bigint;
  try {
    reply = RFC3161Timestamp.parse(der as Buffer<ArrayBuffer>);
    status = reply.status;
  } catch (error) {
    return { ok: false, refused: false, problem: `the answer is not an RFC 3161 TimeStampResp (${(error as Error).message})` };
  }
  if (status !== 0n && status !== 1n) {
    const statusInfo = reply.root.subs[0];
    const text = statusInfo.subs
      .find((s) => s.tag.constructed && !s.tag.isBitString())
      ?.subs.map((s) => s.value.toString('utf8'))
      .join('; ');
    const bits = statusInfo.subs.find((s) => s.tag.isBitString());
    const failures = bits ? safe(() => bits.toBitString(), [] as number[]).flatMap((bit, i) => (bit ? [FAILURES[i] ?? `failure bit ${i}`] : [])) : [];
    const detail = [text, ...failures].filter(Boolean).join('; ');
    return { ok: false, refused: true, problem: `the timestamp authority answered "${STATUS[Number(status)] ?? `status ${status}`}"${detail ? `: ${detail}` : ''}` };
  }
  try {
    if (reply.contentType !== SIGNED_DATA_OID || reply.eContentType !== TSTINFO_OID) {
      return { ok: false, refused: false, problem: 'the timestamp token is not a signed TSTInfo (RFC 3161 §2.4.2)' };
    }
    const info = reply.tstInfo;
    if (info.messageImprintHashAlgorithm !== 'sha256' || !info.messageImprintHashedMessage.equals(sha256Digest)) {
      return { ok: false, refused: false, problem: 'the timestamp is about other bytes than the signature sent (its message imprint differs)' };
    }
    // TSTInfo: version, policy, messageImprint, serialNumber, genTime, then optional accuracy,
    // ordering and nonce; the nonce is the only INTEGER among the optional fields.
    const answered = info.root.subs.slice(5).find((s: ASN1Obj) => s.tag.isUniversal() && s.tag.isInteger());
    if (!answered || answered.toInteger() !== BigInt(`0x${nonce.toString('hex') || '0'}`)) {
      return { ok: false, refused: false, problem: 'the timestamp does not answer this request (its nonce differs or is missing), so it may be replayed' };
    }
    return { ok: true, time: info.genTime };
  } catch (error) {
    return { ok: false, refused: false, problem: `the timestamp token cannot be read (${(error as Error).message})` };
  }
}

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
