import { createHash } from 'node:crypto';
import { ServiceError } from '../../core/errors';
import { HttpClient } from '../../core/http';
import { SigstoreHttpOptions, sigstoreHttp } from './service';

/**
 * Rekor v1's `POST /api/v1/log/entries`: the transparency log records a signature and answers
 * with the entry, a signed entry timestamp (SET) and an inclusion proof. The proposed entries
 * are built the way cosign builds them, so the log holds what cosign users expect: the envelope
 * hash of an `intoto` entry is the hash of the exact envelope bytes stored in the registry.
 */
export const PUBLIC_REKOR_URL = 'https://rekor.sigstore.dev';

export interface RekorLogEntry {
  uuid: string;
  /** base64 of the canonicalized entry body, as the log stores it. */
  body: string;
  integratedTime: number;
  logIndex: number;
  /** hex SHA-256 of the log's public key. */
  logID: string;
  signedEntryTimestamp?: string;
  inclusionProof?: { logIndex: number; treeSize: number; rootHash: string; hashes: string[]; checkpoint: string };
}

export type ProposedEntry = Record<string, unknown>;

export class RekorClient {
  readonly http: HttpClient;

  constructor(
    readonly baseUrl: string,
    options: SigstoreHttpOptions = {},
  ) {
    this.http = sigstoreHttp('Rekor', baseUrl, options);
  }

  async createEntry(entry: ProposedEntry, signal?: AbortSignal): Promise<RekorLogEntry> {
    const response = await this.http.request<Record<string, Record<string, unknown>>>({
      operation: 'add log entry',
      method: 'POST',
      path: '/api/v1/log/entries',
      body: entry,
      headers: { Accept: 'application/json' },
      signal,
    });
    const [uuid, raw] = Object.entries(response.data ?? {})[0] ?? [];
    const verification = (raw?.verification ?? {}) as { signedEntryTimestamp?: unknown; inclusionProof?: Record<string, unknown> };
    if (!uuid || !raw || typeof raw.body !== 'string' || typeof raw.integratedTime !== 'number' || typeof raw.logIndex !== 'number' || typeof raw.logID !== 'string') {
      throw new ServiceError({
        kind: 'invalidResponse',
        service: this.http.service,
        operation: 'add log entry',
        summary: 'the answer is not a Rekor log entry (body, integratedTime, logIndex and logID are required)',
      });
    }
    const proof = verification.inclusionProof;
    return {
      uuid,
      body: raw.body,
      integratedTime: raw.integratedTime,
      logIndex: raw.logIndex,
      logID: raw.logID,
      signedEntryTimestamp: typeof verification.signedEntryTimestamp === 'string' ? verification.signedEntryTimestamp : undefined,
      inclusionProof:
        proof && typeof proof.checkpoint === 'string'
          ? { logIndex: Number(proof.logIndex), treeSize: Number(proof.treeSize), rootHash: String(proof.rootHash), hashes: (proof.hashes as string[]) ?? [], checkpoint: proof.checkpoint }
          : undefined,
    };
  }
}

const b64 = (value: Buffer | string): string => Buffer.from(value).toString('base64');
const sha256Hex = (value: Buffer | string): string => createHash('sha256').update(value).digest('hex');

/** `hashedrekord` 0.0.1: the hash of the signed bytes, the signature, the signer's key or certificate. */
export function hashedRekordEntry(payload: Buffer, signature: Buffer, signerPem: string): ProposedEntry {
  return {
    apiVersion: '0.0.1',
    kind: 'hashedrekord',
    spec: {
      data: { hash: { algorithm: 'sha256', value: sha256Hex(payload) } },
      signature: { content: b64(signature), publicKey: { content: b64(signerPem) } },
    },
  };
}

export interface EnvelopeParts {
  payloadType: string;
  /** The statement bytes. */
  payload: Buffer;
  signature: Buffer;
  keyid?: string;
}

/**
 * `intoto` 0.0.2, as cosign's attest uploads it: payload and signature base64-encoded twice (the
 * Go client sends the envelope's base64 strings as bytes), the envelope hash over the exact
 * envelope bytes that go into the registry, and the payload hash over the statement.
 */
export function intotoEntry(envelopeBytes: Buffer, parts: EnvelopeParts, signerPem: string): ProposedEntry {
  const signature: Record<string, string> = { sig: b64(b64(parts.signature)), publicKey: b64(signerPem) };
  if (parts.keyid) signature.keyid = parts.keyid;
  return {
    apiVersion: '0.0.2',
    kind: 'intoto',
    spec: {
      content: {
        envelope: { payloadType: parts.payloadType, payload: b64(b64(parts.payload)), signatures: [signature] },
        hash: { algorithm: 'sha256', value: sha256Hex(envelopeBytes) },
        payloadHash: { algorithm: 'sha256', value: sha256Hex(parts.payload) },
      },
    },
  };
}

/** `dsse` 0.0.1: the envelope as a string (the log hashes exactly these bytes) and its verifier. */
export function dsseEntry(envelopeBytes: Buffer, signerPem: string): ProposedEntry {
  return {
    apiVersion: '0.0.1',
    kind: 'dsse',
    spec: { proposedContent: { envelope: envelopeBytes.toString('utf8'), verifiers: [b64(signerPem)] } },
  };
}

/** cosign's `dev.sigstore.cosign/bundle` annotation: the SET and what it signs. */
export function cosignBundleAnnotation(entry: RekorLogEntry): string {
  return JSON.stringify({
    SignedEntryTimestamp: entry.signedEntryTimestamp ?? '',
    Payload: { body: entry.body, integratedTime: entry.integratedTime, logIndex: entry.logIndex, logID: entry.logID },
  });
}

/** The entry as a Sigstore bundle's `tlogEntries[]` item (serialized JSON form). */
export function bundleTlogEntry(entry: RekorLogEntry): Record<string, unknown> {
  const body = JSON.parse(Buffer.from(entry.body, 'base64').toString('utf8')) as { kind?: string; apiVersion?: string };
  const proof = entry.inclusionProof;
  return {
    logIndex: String(entry.logIndex),
    logId: { keyId: Buffer.from(entry.logID, 'hex').toString('base64') },
    kindVersion: { kind: body.kind ?? '', version: body.apiVersion ?? '' },
    integratedTime: String(entry.integratedTime),
    ...(entry.signedEntryTimestamp ? { inclusionPromise: { signedEntryTimestamp: entry.signedEntryTimestamp } } : {}),
    ...(proof
      ? {
          inclusionProof: {
            logIndex: String(proof.logIndex),
            rootHash: Buffer.from(proof.rootHash, 'hex').toString('base64'),
            treeSize: String(proof.treeSize),
            hashes: proof.hashes.map((h) => Buffer.from(h, 'hex').toString('base64')),
            checkpoint: { envelope: proof.checkpoint },
          },
        }
      : {}),
    canonicalizedBody: entry.body,
  };
}
